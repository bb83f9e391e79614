import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import type { PendingUpdateDto, PendingUpdateSource } from '@shared/schemas/yext';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/spinner';
import { profileKeys } from '@web/lib/query-keys';
import { ApiError, apiFetch } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';

/**
 * Directory updates waiting for the provider (profile spec: listing-service and registry imports never
 * replace a saved value on their own). The dialog shows each field's current and proposed value with
 * where it came from; the provider accepts or dismisses each one, or accepts them all.
 */

export const pendingUpdatesQueryKey = ['pending-updates'] as const;

const SOURCE_LABELS: Record<PendingUpdateSource, string> = { yext: 'YEXT', npi_registry: 'NPI Registry' };

/** `GET /api/pending-updates`: the signed-in provider's open updates, newest first. */
export function usePendingUpdates(enabled = true) {
  return useQuery({
    queryKey: pendingUpdatesQueryKey,
    queryFn: async ({ signal }) => (await apiFetch<{ items: PendingUpdateDto[] }>('/api/pending-updates', { signal })).items,
    enabled,
  });
}

/** Whether the provider has updates to review (false while loading or on failure). */
export function useHasPendingUpdates(enabled = true): boolean {
  const { data } = usePendingUpdates(enabled);
  return (data?.length ?? 0) > 0;
}

function useResolve() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: pendingUpdatesQueryKey }),
      queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      queryClient.invalidateQueries({ queryKey: profileKeys.dashboard }),
    ]);
  const one = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'accept' | 'dismiss' }) =>
      apiFetch<PendingUpdateDto>(`/api/pending-updates/${encodeURIComponent(id)}/${action}`, { method: 'POST' }),
    onSettled: refresh,
  });
  const all = useMutation({
    mutationFn: () =>
      apiFetch<{ accepted: number; failed: number; failures: Array<{ id: string; error: string }> }>('/api/pending-updates/accept-all', { method: 'POST' }),
    onSettled: refresh,
  });
  return { one, all };
}

const errorText = (error: unknown) => (error instanceof ApiError && error.message ? error.message : 'The update could not be saved. Please try again.');

function UpdateItem({
  update,
  busy,
  onAction,
}: {
  update: PendingUpdateDto;
  busy: 'accept' | 'dismiss' | null;
  onAction: (action: 'accept' | 'dismiss') => void;
}) {
  const title = update.field === 'items' ? update.sectionLabel : `${update.sectionLabel} · ${update.fieldLabel}`;
  return (
    <li aria-label={title} className="flex flex-col gap-3 rounded-xl p-4 ring-1 ring-gray-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-gray-900">{title}</p>
        <Badge variant={update.source === 'yext' ? 'brand' : 'gray'}>From {SOURCE_LABELS[update.source] ?? update.source}</Badge>
      </div>
      <dl className="grid items-start gap-2 text-sm sm:grid-cols-[1fr_auto_1fr]">
        <div className="min-w-0">
          <dt className="text-xs font-medium text-gray-500">Current value</dt>
          <dd className="whitespace-pre-line text-gray-700 [overflow-wrap:anywhere]">{update.currentDisplay}</dd>
        </div>
        <ArrowRight aria-hidden="true" className="mt-5 hidden size-4 text-gray-400 sm:block" />
        <div className="min-w-0">
          <dt className="text-xs font-medium text-gray-500">New value</dt>
          <dd className="whitespace-pre-line font-medium text-gray-900 [overflow-wrap:anywhere]">{update.newDisplay}</dd>
        </div>
      </dl>
      <div className="flex justify-end gap-2">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onAction('dismiss')}
          disabled={busy !== null}
          loading={busy === 'dismiss'}
          aria-label={`Dismiss ${title}`}
        >
          Dismiss
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onAction('accept')}
          disabled={busy !== null}
          loading={busy === 'accept'}
          aria-label={`Accept ${title}`}
        >
          Accept
        </Button>
      </div>
    </li>
  );
}

export interface PendingUpdatesModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The review dialog; mount it where the provider works on the profile and open it with `useHasPendingUpdates`. */
export function PendingUpdatesModal({ open, onOpenChange }: PendingUpdatesModalProps) {
  const updates = usePendingUpdates(open);
  const { one, all } = useResolve();
  const [error, setError] = useState<string | null>(null);
  const items = updates.data ?? [];
  const working = one.isPending || all.isPending;

  const act = (id: string, action: 'accept' | 'dismiss') => {
    setError(null);
    one.mutate({ id, action }, { onError: (cause) => setError(errorText(cause)) });
  };
  const acceptAll = () => {
    setError(null);
    all.mutate(undefined, {
      onSuccess: (result) => {
        if (result.failed > 0)
          setError(`${result.failed} ${result.failed === 1 ? 'update' : 'updates'} could not be applied: ${result.failures.map((f) => f.error).join('; ')}`);
      },
      onError: (cause) => setError(errorText(cause)),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[90vh] max-w-2xl flex-col">
        <DialogTitle>Updates to your profile</DialogTitle>
        <DialogDescription>Your directory has information that differs from what you saved. Nothing changes until you accept it.</DialogDescription>
        <div className="mt-4 min-h-0 flex-1 overflow-y-auto">
          {updates.isPending ? (
            <div className="flex justify-center py-10 text-brand-600">
              <Spinner label="Loading updates" />
            </div>
          ) : updates.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {errorText(updates.error)}
            </p>
          ) : items.length === 0 ? (
            <p className="py-6 text-center text-sm text-gray-600">You’re all caught up: there are no updates to review.</p>
          ) : (
            <ul aria-label="Pending updates" className="flex flex-col gap-3">
              {items.map((update) => (
                <UpdateItem
                  key={update.id}
                  update={update}
                  busy={one.isPending && one.variables?.id === update.id ? one.variables.action : all.isPending ? 'accept' : null}
                  onAction={(action) => act(update.id, action)}
                />
              ))}
            </ul>
          )}
        </div>
        {error ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="mt-4 flex justify-end gap-2 border-t border-gray-100 pt-4">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          {items.length > 0 ? (
            <Button onClick={acceptAll} disabled={working} loading={all.isPending}>
              Accept all
            </Button>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** A banner with the number of waiting updates and a button that opens the dialog; renders nothing when there are none. */
export function PendingUpdatesNotice({ className }: { className?: string }) {
  const updates = usePendingUpdates();
  const [open, setOpen] = useState(false);
  const count = updates.data?.length ?? 0;
  if (count === 0 && !open) return null;
  return (
    <>
      {count > 0 ? (
        <div
          role="status"
          className={cn(
            'flex flex-wrap items-center justify-between gap-3 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900 ring-1 ring-brand-200 ring-inset',
            className,
          )}
        >
          <span className="flex items-center gap-2">
            <RefreshCw aria-hidden="true" className="size-4 text-brand-600" />
            {count === 1 ? '1 update from your directory is waiting for your review.' : `${count} updates from your directory are waiting for your review.`}
          </span>
          <Button size="sm" onClick={() => setOpen(true)}>
            Review updates
          </Button>
        </div>
      ) : null}
      <PendingUpdatesModal open={open} onOpenChange={setOpen} />
    </>
  );
}

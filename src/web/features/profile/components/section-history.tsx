import { ChevronDown, History } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { ProfileChangeDto } from '@shared/history';
import type { ProfileSectionId } from '@shared/schemas/profile';
import { ChangeHistoryList } from '@web/components/change-history';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { useRestoreChange, useSectionHistories } from '../api/history';

/**
 * "History" on a section page: every change to the page's sections — when, who, through what, old →
 * new — newest first, each with Restore. Closed until asked for, so a page load reads nothing more.
 */
/** The server's message when it sent one (a restore the section's rules refuse says why), else the fallback. */
const messageOf = (error: unknown, fallback: string) => (isApiError(error) && error.message ? error.message : fallback);

export function SectionHistory({ sectionIds, onRestored }: { sectionIds: readonly ProfileSectionId[]; onRestored?: () => void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const histories = useSectionHistories(sectionIds, open);
  const restore = useRestoreChange();
  const loading = histories.some((query) => query.isPending);
  const failed = histories.find((query) => query.isError);
  const changes: ProfileChangeDto[] = histories.flatMap((query) => query.data?.items ?? []).sort((a, b) => Number(b.id) - Number(a.id));

  const onRestore = (change: ProfileChangeDto) =>
    restore.mutate(change.id, {
      onSuccess: () => {
        toast.success('Restored. The restore is in the history too, so you can undo it.');
        onRestored?.();
      },
      onError: (error) => toast.error(messageOf(error, 'The change could not be restored.')),
    });

  return (
    <Card>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center justify-between gap-3 rounded-2xl px-5 py-4 text-left hover:bg-gray-50"
      >
        <span className="flex items-center gap-2 text-sm font-semibold text-gray-900">
          <History aria-hidden="true" className="size-4 text-gray-500" />
          History
        </span>
        <span className="flex items-center gap-1 text-sm text-gray-600">
          {open ? 'Hide' : 'Show changes'}
          <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', open && 'rotate-180')} />
        </span>
      </button>
      {open ? (
        <div id={panelId} className="border-t border-gray-100 px-5 py-4">
          {loading ? (
            <Spinner size="sm" label="Loading the history" />
          ) : failed ? (
            <p className="text-sm text-red-700">{messageOf(failed.error, 'The history could not be loaded.')}</p>
          ) : (
            <ChangeHistoryList
              changes={changes}
              audience="provider"
              showSection={sectionIds.length > 1}
              onRestore={onRestore}
              restoring={restore.isPending ? (restore.variables ?? null) : null}
            />
          )}
        </div>
      ) : null}
    </Card>
  );
}

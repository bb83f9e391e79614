import { Check, CircleSlash, Inbox } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { DiscoveryItemType } from '@shared/enums';
import type { DiscoveryItem } from '@shared/schemas/discovery';
import { Button } from '@web/components/ui/button';
import { isApiError } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { useBulkDecide, useDecideItem, usePendingItems } from '../api/discovery';
import { DiscoveryItemCard } from './discovery-item-card';

type Filter = 'all' | DiscoveryItemType;

const FILTERS: Array<{ value: Filter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'publications', label: 'Publications' },
  { value: 'clinical_trials', label: 'Clinical trials' },
  { value: 'media_press', label: 'Media' },
];

const SECTION_PATHS: Record<DiscoveryItemType, { path: string; label: string }> = {
  publications: { path: '/publications', label: 'Publications' },
  clinical_trials: { path: '/clinical-trials', label: 'Clinical Trials' },
  media_press: { path: '/media-press', label: 'Media & Press' },
};

const keyOf = (item: Pick<DiscoveryItem, 'type' | 'id'>) => `${item.type}:${item.id}`;

/** The pending items, filterable by type, with per-item and bulk approve / reject. */
export function ReviewList() {
  const { data, isPending, isError, refetch } = usePendingItems();
  const decide = useDecideItem();
  const bulk = useBulkDecide();
  const [filter, setFilter] = useState<Filter>('all');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState<Set<string>>(new Set());
  const [bulkRejecting, setBulkRejecting] = useState(false);
  const [bulkReason, setBulkReason] = useState('');

  const items = useMemo(() => (data?.items ?? []).filter((item) => filter === 'all' || item.type === filter), [data, filter]);
  // Selection only ever covers what is on screen now (a filter change or a decision drops the rest).
  const visibleSelected = items.filter((item) => selected.has(keyOf(item)));
  const allSelected = items.length > 0 && visibleSelected.length === items.length;

  const setBusyFor = (key: string, on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const decideOne = (item: DiscoveryItem, status: 'approved' | 'rejected', reason: string | null = null) => {
    const key = keyOf(item);
    setBusyFor(key, true);
    decide.mutate(
      { item, status, reason },
      {
        onSuccess: () => {
          setSelected((current) => new Set([...current].filter((k) => k !== key)));
          if (status === 'approved') {
            const section = SECTION_PATHS[item.type];
            toast.success(`Added to ${section.label}`, { description: item.title });
          } else toast.success('Rejected. It will not be offered again.', { description: item.title });
        },
        onError: (error) => toast.error(isApiError(error) ? error.message : 'The item could not be updated'),
        onSettled: () => setBusyFor(key, false),
      },
    );
  };

  const runBulk = (status: 'approved' | 'rejected', reason: string | null = null) => {
    const chosen = visibleSelected.map(({ type, id }) => ({ type, id }));
    bulk.mutate(
      { items: chosen, status, reason },
      {
        onSuccess: (result) => {
          setSelected(new Set());
          setBulkRejecting(false);
          setBulkReason('');
          const verb = status === 'approved' ? 'Approved' : 'Rejected';
          if (result.updated > 0) toast.success(`${verb} ${result.updated} ${result.updated === 1 ? 'item' : 'items'}`);
          if (result.failed > 0) toast.error(result.error ?? `Failed to update ${result.failed} items`);
        },
        onError: (error) => toast.error(isApiError(error) ? error.message : 'The items could not be updated'),
      },
    );
  };

  const submitBulkReject = (event: FormEvent) => {
    event.preventDefault();
    runBulk('rejected', bulkReason.trim() || null);
  };

  const counts = data?.counts;
  const total = counts ? counts.publications + counts.clinical_trials + counts.media_press : 0;

  return (
    <section aria-labelledby="review-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="review-heading" className="text-xl font-semibold text-gray-900">
            Waiting for your review
          </h2>
          <p className="text-sm text-gray-600">Newest first; within a search, the strongest matches first.</p>
        </div>
        <div role="group" aria-label="Filter by type" className="inline-flex rounded-lg bg-gray-100 p-1">
          {FILTERS.map((option) => {
            const count = option.value === 'all' ? total : (counts?.[option.value] ?? 0);
            return (
              <button
                key={option.value}
                type="button"
                aria-pressed={filter === option.value}
                onClick={() => setFilter(option.value)}
                className={cn(
                  'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
                  filter === option.value ? 'bg-white text-gray-900 shadow-sm' : 'text-gray-600 hover:text-gray-900',
                )}
              >
                {option.label} <span className="tabular-nums">({count})</span>
              </button>
            );
          })}
        </div>
      </div>

      {isPending ? (
        <p className="text-sm text-gray-600">Loading found items…</p>
      ) : isError ? (
        <div role="alert" className="rounded-xl bg-red-50 p-4 text-sm text-red-800">
          The items could not be loaded.{' '}
          <button type="button" className="cursor-pointer font-semibold underline" onClick={() => void refetch()}>
            Try again
          </button>
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-10 text-center">
          <Inbox aria-hidden="true" className="size-8 text-gray-400" />
          <p className="mt-2 font-medium text-gray-900">Nothing to review{filter === 'all' ? '' : ' of this type'}</p>
          <p className="mt-1 text-sm text-gray-600">
            Run a search above. Approved items appear in{' '}
            <Link className="font-medium text-brand-700 hover:underline" to="/publications">
              Publications
            </Link>
            ,{' '}
            <Link className="font-medium text-brand-700 hover:underline" to="/clinical-trials">
              Clinical Trials
            </Link>{' '}
            and{' '}
            <Link className="font-medium text-brand-700 hover:underline" to="/media-press">
              Media &amp; Press
            </Link>
            .
          </p>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3 rounded-xl border border-gray-200 bg-white px-4 py-3">
            <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-gray-800">
              <input
                type="checkbox"
                checked={allSelected}
                ref={(input) => {
                  if (input) input.indeterminate = visibleSelected.length > 0 && !allSelected;
                }}
                onChange={(event) => setSelected(event.target.checked ? new Set(items.map(keyOf)) : new Set())}
                className="size-4 accent-brand-600"
              />
              Select all ({items.length})
            </label>
            <span className="text-sm text-gray-600" aria-live="polite">
              {visibleSelected.length > 0 ? `${visibleSelected.length} selected` : ''}
            </span>
            <div className="ml-auto flex flex-wrap gap-2">
              <Button size="sm" variant="outline" disabled={visibleSelected.length === 0 || bulk.isPending} onClick={() => setBulkRejecting((open) => !open)}>
                <CircleSlash aria-hidden="true" className="size-4" />
                Reject selected
              </Button>
              <Button size="sm" disabled={visibleSelected.length === 0} loading={bulk.isPending && !bulkRejecting} onClick={() => runBulk('approved')}>
                <Check aria-hidden="true" className="size-4" />
                Approve selected
              </Button>
            </div>
            {bulkRejecting && visibleSelected.length > 0 ? (
              <form onSubmit={submitBulkReject} className="flex w-full flex-col gap-2 border-t border-gray-100 pt-3 sm:flex-row sm:items-end">
                <label className="flex-1 text-sm font-medium text-gray-800">
                  Reason for all {visibleSelected.length} (optional)
                  <input
                    value={bulkReason}
                    maxLength={500}
                    onChange={(event) => setBulkReason(event.target.value)}
                    className="mt-1 block h-10 w-full rounded-lg border border-gray-300 px-3 text-sm font-normal focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/30"
                  />
                </label>
                <Button type="submit" size="md" variant="outline" loading={bulk.isPending}>
                  Reject {visibleSelected.length}
                </Button>
              </form>
            ) : null}
          </div>

          <ul className="space-y-4">
            {items.map((item) => {
              const key = keyOf(item);
              return (
                <li key={key}>
                  <DiscoveryItemCard
                    item={item}
                    selected={selected.has(key)}
                    onSelectedChange={(on) =>
                      setSelected((current) => {
                        const next = new Set(current);
                        if (on) next.add(key);
                        else next.delete(key);
                        return next;
                      })
                    }
                    busy={busy.has(key)}
                    onApprove={() => decideOne(item, 'approved')}
                    onReject={(reason) => decideOne(item, 'rejected', reason)}
                  />
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

import { Archive, ArrowDown, ArrowUp, ExternalLink, Inbox, Search, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { FEEDBACK_CATEGORIES, FEEDBACK_SEVERITIES, type FeedbackCategory } from '@shared/enums';
import { FEEDBACK_LIMITS } from '@shared/limits';
import { FEEDBACK_MESSAGES, FEEDBACK_STATUS_FILTERS } from '@shared/schemas/feedback';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { selectClasses } from '@web/features/admin-auth/components/form-field';
import { serverMessage } from '@web/features/admin-auth/lib/admin-error-message';
import { ConfirmDialog } from '@web/features/system-admin/components/confirm-dialog';
import { Pagination } from '@web/features/system-admin/components/pagination';
import { formatDate, formatTimeOfDay } from '@web/features/system-admin/lib/format';
import { useDebouncedValue } from '@web/features/system-admin/lib/use-debounced-value';
import { cn } from '@web/lib/cn';
import { useAdminFeedback, useBulkFeedbackAction, useFeedbackStats, type SortKey, type StatusFilter } from '../api/admin-feedback';
import type { FeedbackItem } from '../api/types';
import { FeedbackAggregates } from '../components/feedback-aggregates';
import { SeverityBadge, StatusBadge } from '../components/feedback-badges';
import { FeedbackDetailDialog } from '../components/feedback-detail-dialog';
import { categoryLabel, severityLabel, STATUS_FILTER_LABELS } from '../lib/labels';
import { DEFAULT_SORT, nextSort, type SortState } from '../lib/sort';

const SORT_LABELS: Record<SortKey, string> = { createdAt: 'Date', severity: 'Severity' };

function SortButton({ sortKey, sort, onSort }: { sortKey: SortKey; sort: SortState; onSort: (key: SortKey) => void }) {
  const active = sort.key === sortKey;
  const Arrow = sort.dir === 'asc' ? ArrowUp : ArrowDown;
  const direction = sort.dir === 'asc' ? 'ascending' : 'descending';
  return (
    <button
      type="button"
      onClick={() => onSort(sortKey)}
      aria-pressed={active}
      aria-label={active ? `Sort by ${SORT_LABELS[sortKey].toLowerCase()}, ${direction}` : `Sort by ${SORT_LABELS[sortKey].toLowerCase()}`}
      className={cn(
        'inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
        active ? 'bg-white text-gray-900 shadow-xs ring-1 ring-gray-200' : 'text-gray-600 hover:text-gray-900',
      )}
    >
      {SORT_LABELS[sortKey]}
      {active ? <Arrow aria-hidden="true" className="size-4 text-brand-600" /> : null}
    </button>
  );
}

function FilterSelect({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-gray-600">
        {label}
      </label>
      <select id={id} className={cn(selectClasses, 'h-9')} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </div>
  );
}

function Checkbox({ checked, indeterminate = false, onChange, label }: { checked: boolean; indeterminate?: boolean; onChange: (checked: boolean) => void; label: string }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
      aria-label={label}
      className="size-4 cursor-pointer rounded border-gray-300 accent-brand-600"
    />
  );
}

function FeedbackRow({ item, selected, onSelect, onOpen }: { item: FeedbackItem; selected: boolean; onSelect: (checked: boolean) => void; onOpen: () => void }) {
  return (
    <tr className={cn('align-top max-md:flex max-md:flex-wrap max-md:gap-x-3 max-md:gap-y-2 max-md:px-4 max-md:py-3', selected && 'bg-brand-50/60')}>
      <td className="w-10 py-3.5 pl-4 max-md:p-0 max-md:pt-0.5">
        <Checkbox checked={selected} onChange={onSelect} label={`Select “${item.title}”`} />
      </td>
      <td className="px-3 py-3 max-md:min-w-0 max-md:flex-1 max-md:p-0">
        <button type="button" onClick={onOpen} className="text-left font-semibold break-words text-gray-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
          {item.title}
        </button>
        <p className="mt-0.5 line-clamp-2 text-sm break-words text-gray-600">{item.description}</p>
        <p className="mt-1 truncate text-xs text-gray-500" title={item.user.email}>
          {item.user.email}
        </p>
      </td>
      <td className="px-3 py-3 text-sm text-gray-700 max-md:order-last max-md:basis-full max-md:p-0 max-md:pl-7 md:whitespace-nowrap">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 md:hidden">
          <StatusBadge status={item.status} />
          <SeverityBadge severity={item.severity} />
          <span className="text-xs text-gray-600">
            {categoryLabel(item.category)} · {formatDate(item.createdAt)}
          </span>
        </span>
        <span className="max-md:hidden">{categoryLabel(item.category)}</span>
      </td>
      <td className="px-3 py-3 max-md:hidden">
        <SeverityBadge severity={item.severity} />
      </td>
      <td className="px-3 py-3 max-md:hidden">
        <StatusBadge status={item.status} />
      </td>
      <td className="px-3 py-3 text-sm text-gray-700 max-md:hidden">
        <time dateTime={item.createdAt} className="flex flex-col whitespace-nowrap">
          <span>{formatDate(item.createdAt)}</span>
          <span className="text-xs text-gray-500">{formatTimeOfDay(item.createdAt)}</span>
        </time>
      </td>
      <td className="py-3 pr-4 pl-3 text-sm max-md:hidden">
        {item.linkedIssue?.url ? (
          <a href={item.linkedIssue.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-medium whitespace-nowrap text-brand-700 hover:underline">
            {item.linkedIssue.identifier ?? 'Tracker'}
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          <span className="text-gray-400">—</span>
        )}
      </td>
    </tr>
  );
}

/** The feedback review list (access spec §2): search, filters, sort, bulk actions and a detail dialog. */
export function AdminFeedbackPage() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [category, setCategory] = useState<FeedbackCategory | ''>('');
  const [severity, setSeverity] = useState<number | ''>('');
  const [includeArchived, setIncludeArchived] = useState(false);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<FeedbackItem | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const q = useDebouncedValue(search.trim());
  const pageSize = FEEDBACK_LIMITS.adminPageSize;

  const list = useAdminFeedback({ q, status, category, severity, includeArchived, sort: sort.key, dir: sort.dir, page, pageSize });
  const stats = useFeedbackStats();
  const bulk = useBulkFeedbackAction();
  const items = list.isError ? [] : (list.data?.items ?? []);
  const visibleIds = items.map((item) => item.id);
  const selectedVisible = visibleIds.filter((id) => selected.has(id));
  const allSelected = visibleIds.length > 0 && selectedVisible.length === visibleIds.length;
  const emptyPage = list.data !== undefined && list.data.items.length === 0 && page > 1;

  useEffect(() => {
    if (emptyPage) setPage((current) => Math.max(1, current - 1));
  }, [emptyPage]);

  // A new query shows other rows: the selection would act on items no longer in view.
  const filterKey = JSON.stringify([q, status, category, severity, includeArchived, sort, page]);
  const [selectionKey, setSelectionKey] = useState(filterKey);
  if (selectionKey !== filterKey) {
    setSelectionKey(filterKey);
    setSelected(new Set());
  }

  const filtered = (apply: () => void) => {
    apply();
    setPage(1);
  };

  const toggle = (id: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });

  const runBulk = (action: 'archive' | 'delete') => {
    const ids = [...selected];
    bulk.mutate(
      { ids, action },
      {
        onSuccess: (result) => {
          if (result.updated > 0) toast.success(`${action === 'archive' ? 'Archived' : 'Deleted'} ${result.updated} ${result.updated === 1 ? 'item' : 'items'}`);
          if (result.failed > 0) toast.error(result.message ?? `Failed to update ${result.failed} items`);
          setSelected(new Set());
          setConfirmDelete(false);
        },
        onError: (error) => toast.error(`Failed to update ${ids.length} items`, { description: serverMessage(error) }),
      },
    );
  };

  const onSort = (key: SortKey) => filtered(() => setSort((current) => nextSort(current, key)));

  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={Inbox} title="Feedback" description={<p>What beta users have sent in. Open a submission to read its details, see its screenshot and set its status.</p>} />

      <FeedbackAggregates stats={stats.data} loading={stats.isPending} />

      <Card className="overflow-hidden">
        <div className="flex flex-col gap-3 border-b border-gray-200 p-4">
          <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
            <div className="relative w-full lg:max-w-sm">
              <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500" />
              <Input
                type="search"
                value={search}
                onChange={(event) => filtered(() => setSearch(event.target.value))}
                placeholder="Search title, description or e-mail"
                aria-label="Search feedback"
                className="pl-9"
              />
            </div>
            <div role="group" aria-label="Sort" className="flex items-center gap-2">
              <span className="text-xs font-medium text-gray-600">Sort by</span>
              <div className="inline-flex rounded-lg bg-gray-100 p-0.5">
                <SortButton sortKey="createdAt" sort={sort} onSort={onSort} />
                <SortButton sortKey="severity" sort={sort} onSort={onSort} />
              </div>
            </div>
          </div>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:flex lg:items-end">
            <FilterSelect label="Status" value={status} onChange={(value) => filtered(() => setStatus(value as StatusFilter))}>
              {FEEDBACK_STATUS_FILTERS.map((value) => (
                <option key={value} value={value}>
                  {STATUS_FILTER_LABELS[value]}
                </option>
              ))}
            </FilterSelect>
            <FilterSelect label="Category" value={category} onChange={(value) => filtered(() => setCategory(value as FeedbackCategory | ''))}>
              <option value="">All categories</option>
              {FEEDBACK_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {categoryLabel(value)}
                </option>
              ))}
            </FilterSelect>
            <FilterSelect label="Severity" value={String(severity)} onChange={(value) => filtered(() => setSeverity(value ? Number(value) : ''))}>
              <option value="">All severities</option>
              {FEEDBACK_SEVERITIES.map((value) => (
                <option key={value} value={value}>
                  {value} – {severityLabel(value)}
                </option>
              ))}
            </FilterSelect>
            <label className="flex h-9 items-center gap-2 text-sm text-gray-700 max-lg:col-span-full lg:ml-2">
              <input
                type="checkbox"
                checked={includeArchived}
                onChange={(event) => filtered(() => setIncludeArchived(event.target.checked))}
                className="size-4 rounded border-gray-300 accent-brand-600"
              />
              Show archived
            </label>
            {list.isFetching && !list.isPending ? <Spinner size="sm" label="Updating" className="self-center text-brand-600 lg:ml-auto" /> : null}
          </div>
        </div>

        {selected.size > 0 ? (
          <div role="region" aria-label="Bulk actions" className="flex flex-wrap items-center gap-2 border-b border-brand-100 bg-brand-50 px-4 py-2.5">
            <p className="mr-auto text-sm font-medium text-brand-900" aria-live="polite">
              {selected.size} selected
            </p>
            <Button variant="outline" size="sm" onClick={() => runBulk('archive')} loading={bulk.isPending && bulk.variables?.action === 'archive'} disabled={bulk.isPending}>
              <Archive aria-hidden="true" className="size-4" />
              Archive
            </Button>
            <Button variant="outline" size="sm" className="text-red-700 hover:border-red-300 hover:bg-red-50" onClick={() => setConfirmDelete(true)} disabled={bulk.isPending}>
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())} disabled={bulk.isPending}>
              <X aria-hidden="true" className="size-4" />
              Clear selection
            </Button>
          </div>
        ) : null}

        {list.isPending ? (
          <div className="flex justify-center py-16 text-brand-600">
            <Spinner label="Loading feedback" />
          </div>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-4 py-16 text-center">
            <p className="text-sm font-medium text-gray-700">{FEEDBACK_MESSAGES.noneFound}</p>
            {list.isError ? (
              <>
                <p className="text-sm text-gray-600">{serverMessage(list.error, 'The list could not be loaded.')}</p>
                <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
                  Try again
                </Button>
              </>
            ) : null}
          </div>
        ) : (
          <div className="md:overflow-x-auto">
            <table className="w-full text-left text-sm max-md:block">
              <caption className="sr-only">Feedback submissions</caption>
              <thead className="border-b border-gray-200 bg-gray-50 text-xs font-semibold tracking-wide text-gray-600 uppercase max-md:block">
                <tr className="max-md:flex max-md:items-center max-md:gap-3 max-md:px-4 max-md:py-2">
                  <th scope="col" className="w-10 py-3 pl-4 max-md:p-0">
                    <Checkbox
                      checked={allSelected}
                      indeterminate={selectedVisible.length > 0 && !allSelected}
                      onChange={(checked) => setSelected(checked ? new Set(visibleIds) : new Set())}
                      label="Select all on this page"
                    />
                  </th>
                  <th scope="col" className="px-3 py-3 max-md:p-0 max-md:normal-case max-md:tracking-normal max-md:font-medium">
                    <span className="max-md:sr-only">Feedback</span>
                    <span className="md:hidden" aria-hidden="true">
                      Select all
                    </span>
                  </th>
                  <th scope="col" className="px-3 py-3 max-md:hidden">
                    Category
                  </th>
                  <th scope="col" className="px-3 py-3 max-md:hidden" aria-sort={sort.key === 'severity' ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                    Severity
                  </th>
                  <th scope="col" className="px-3 py-3 max-md:hidden">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-3 max-md:hidden" aria-sort={sort.key === 'createdAt' ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                    Sent
                  </th>
                  <th scope="col" className="py-3 pr-4 pl-3 max-md:hidden">
                    Tracker
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100 max-md:block">
                {items.map((item) => (
                  <FeedbackRow key={item.id} item={item} selected={selected.has(item.id)} onSelect={(checked) => toggle(item.id, checked)} onOpen={() => setOpen(item)} />
                ))}
              </tbody>
            </table>
          </div>
        )}

        {list.data && !list.isError && list.data.totalCount > 0 ? (
          <div className="border-t border-gray-200 px-4 py-3">
            <Pagination page={page} pageSize={pageSize} totalCount={list.data.totalCount} onPageChange={setPage} noun="submissions" />
          </div>
        ) : null}
      </Card>

      <FeedbackDetailDialog item={open} onOpenChange={(next) => (next ? undefined : setOpen(null))} />

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete ${selected.size} ${selected.size === 1 ? 'submission' : 'submissions'}?`}
        description={<p>The selected feedback is removed for good. To keep it on record but out of the list, archive it instead.</p>}
        confirmLabel="Delete"
        onConfirm={() => runBulk('delete')}
        pending={bulk.isPending}
        destructive
      />
    </div>
  );
}

export { AdminFeedbackPage as Component };

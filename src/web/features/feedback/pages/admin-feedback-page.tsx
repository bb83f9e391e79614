import type { ColumnSort } from '@tanstack/react-table';
import { Archive, ExternalLink, Inbox, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { FEEDBACK_CATEGORIES, FEEDBACK_SEVERITIES, type FeedbackCategory } from '@shared/enums';
import { FEEDBACK_LIMITS } from '@shared/limits';
import { FEEDBACK_MESSAGES, FEEDBACK_STATUS_FILTERS } from '@shared/schemas/feedback';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { serverMessage } from '@web/lib/admin-error-message';
import { ConfirmDialog } from '@web/features/console';
import { ConsoleTable, useConsoleList, type ConsoleColumn } from '@web/features/console';
import { ScopeSelect } from '@web/features/console';
import { formatDate, formatTimeOfDay } from '@web/lib/console-format';
import { useAdminFeedback, useBulkFeedbackAction, useFeedbackStats, type SortKey, type StatusFilter } from '../api/admin-feedback';
import type { FeedbackItem } from '../api/types';
import { FeedbackAggregates } from '../components/feedback-aggregates';
import { SeverityBadge, StatusBadge } from '../components/feedback-badges';
import { FeedbackDetailDialog } from '../components/feedback-detail-dialog';
import { categoryLabel, severityLabel, STATUS_FILTER_LABELS } from '../lib/labels';

/** Access spec §9: newest first until the admin chooses otherwise. */
const DEFAULT_SORT: ColumnSort = { id: 'createdAt', desc: true };

/** The feedback review list (access spec §2): search, filters, sort, bulk actions and a detail dialog. */
export function AdminFeedbackPage() {
  const list = useConsoleList();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [category, setCategory] = useState<FeedbackCategory | ''>('');
  const [severity, setSeverity] = useState<number | ''>('');
  const [includeArchived, setIncludeArchived] = useState(false);
  const [sort, setSort] = useState<ColumnSort>(DEFAULT_SORT);
  const [open, setOpen] = useState<FeedbackItem | null>(null);
  const [deleting, setDeleting] = useState<{ ids: string[]; clear: () => void } | null>(null);
  const pageSize = FEEDBACK_LIMITS.adminPageSize;

  const feedback = useAdminFeedback({
    q: list.q,
    status,
    category,
    severity,
    includeArchived,
    sort: sort.id as SortKey,
    dir: sort.desc ? 'desc' : 'asc',
    page: list.page,
    pageSize,
  });
  const stats = useFeedbackStats();
  const bulk = useBulkFeedbackAction();

  const filtered = (apply: () => void) => {
    apply();
    list.setPage(1);
  };

  const runBulk = (action: 'archive' | 'delete', { ids, clear }: { ids: string[]; clear: () => void }) => {
    bulk.mutate(
      { ids, action },
      {
        onSuccess: (result) => {
          if (result.updated > 0)
            toast.success(`${action === 'archive' ? 'Archived' : 'Deleted'} ${result.updated} ${result.updated === 1 ? 'item' : 'items'}`);
          if (result.failed > 0) toast.error(result.message ?? `Failed to update ${result.failed} items`);
          clear();
          setDeleting(null);
        },
        onError: (error) => toast.error(`Failed to update ${ids.length} items`, { description: serverMessage(error) }),
      },
    );
  };

  const columns = useMemo<Array<ConsoleColumn<FeedbackItem>>>(
    () => [
      {
        id: 'feedback',
        header: 'Feedback',
        kind: 'title',
        className: 'md:min-w-64',
        cell: (item) => (
          <>
            <button
              type="button"
              onClick={() => setOpen(item)}
              className="text-left font-semibold break-words text-gray-900 hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              {item.title}
            </button>
            <p className="mt-0.5 line-clamp-2 text-sm break-words text-gray-600">{item.description}</p>
            <p className="mt-1 truncate text-xs text-gray-500" title={item.user.email}>
              {item.user.email}
            </p>
          </>
        ),
      },
      { id: 'category', header: 'Category', className: 'text-gray-700 md:whitespace-nowrap', cell: (item) => categoryLabel(item.category) },
      { id: 'severity', header: 'Severity', sortLabel: 'Severity', cell: (item) => <SeverityBadge severity={item.severity} /> },
      { id: 'status', header: 'Status', cell: (item) => <StatusBadge status={item.status} /> },
      {
        id: 'createdAt',
        header: 'Sent',
        sortLabel: 'Date',
        className: 'text-gray-700',
        cell: (item) => (
          <time dateTime={item.createdAt} className="flex flex-col whitespace-nowrap max-md:flex-row max-md:gap-1.5">
            <span>{formatDate(item.createdAt)}</span>
            <span className="text-xs text-gray-500 max-md:text-sm">{formatTimeOfDay(item.createdAt)}</span>
          </time>
        ),
      },
      {
        id: 'tracker',
        header: 'Tracker',
        hideable: true,
        cell: (item) =>
          item.linkedIssue?.url ? (
            <a
              href={item.linkedIssue.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 font-medium whitespace-nowrap text-brand-700 hover:underline"
            >
              {item.linkedIssue.identifier ?? 'Tracker'}
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : (
            <span className="text-gray-400">—</span>
          ),
      },
    ],
    [],
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={Inbox}
        title="Feedback"
        description={<p>What beta users have sent in. Open a submission to read its details, see its screenshot and set its status.</p>}
      />

      <FeedbackAggregates stats={stats.data} loading={stats.isPending} />

      <ConsoleTable
        caption="Feedback submissions"
        noun="submissions"
        columns={columns}
        query={feedback}
        list={list}
        pageSize={pageSize}
        search={{ placeholder: 'Search title, description or e-mail', label: 'Search feedback' }}
        sorting={{ value: sort, onChange: setSort }}
        filtersAbove={
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:flex lg:items-end">
            <ScopeSelect
              className="min-w-0"
              label="Status"
              value={status}
              onChange={(value) => filtered(() => setStatus(value as StatusFilter))}
              options={FEEDBACK_STATUS_FILTERS.map((value) => ({ value, label: STATUS_FILTER_LABELS[value] }))}
            />
            <ScopeSelect
              className="min-w-0"
              label="Category"
              value={category}
              onChange={(value) => filtered(() => setCategory(value as FeedbackCategory | ''))}
              options={[{ value: '', label: 'All categories' }, ...FEEDBACK_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) }))]}
            />
            <ScopeSelect
              className="min-w-0"
              label="Severity"
              value={String(severity)}
              onChange={(value) => filtered(() => setSeverity(value ? Number(value) : ''))}
              options={[
                { value: '', label: 'All severities' },
                ...FEEDBACK_SEVERITIES.map((value) => ({ value: String(value), label: `${value} – ${severityLabel(value)}` })),
              ]}
            />
            <label className="flex h-10 items-center gap-2 text-sm text-gray-700 max-lg:col-span-full lg:ml-2">
              <input
                type="checkbox"
                checked={includeArchived}
                onChange={(event) => filtered(() => setIncludeArchived(event.target.checked))}
                className="size-4 rounded border-gray-300 accent-brand-600"
              />
              Show archived
            </label>
          </div>
        }
        selection={{
          rowLabel: (item) => `Select “${item.title}”`,
          busy: bulk.isPending,
          actions: (selected) => (
            <>
              <Button
                variant="outline"
                size="sm"
                onClick={() => runBulk('archive', selected)}
                loading={bulk.isPending && bulk.variables?.action === 'archive'}
                disabled={bulk.isPending}
              >
                <Archive aria-hidden="true" className="size-4" />
                Archive
              </Button>
              <Button
                variant="outline"
                size="sm"
                className="text-red-700 hover:border-red-300 hover:bg-red-50"
                onClick={() => setDeleting(selected)}
                disabled={bulk.isPending}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Delete
              </Button>
            </>
          ),
        }}
        empty={FEEDBACK_MESSAGES.noneFound}
        loadingLabel="Loading feedback"
        errorTitle={FEEDBACK_MESSAGES.noneFound}
      />

      <FeedbackDetailDialog item={open} onOpenChange={(next) => (next ? undefined : setOpen(null))} />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => (next ? undefined : setDeleting(null))}
        title={`Delete ${deleting?.ids.length ?? 0} ${deleting?.ids.length === 1 ? 'submission' : 'submissions'}?`}
        description={<p>The selected feedback is removed for good. To keep it on record but out of the list, archive it instead.</p>}
        confirmLabel="Delete"
        onConfirm={() => deleting && runBulk('delete', deleting)}
        pending={bulk.isPending}
        destructive
      />
    </div>
  );
}

export { AdminFeedbackPage as Component };

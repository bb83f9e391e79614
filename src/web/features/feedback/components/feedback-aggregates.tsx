import { FEEDBACK_CATEGORIES, FEEDBACK_SEVERITIES, FEEDBACK_STATUSES } from '@shared/enums';
import { Card } from '@web/components/ui/card';
import { formatNumber } from '@web/lib/console-format';
import { cn } from '@web/lib/cn';
import type { FeedbackStats } from '../api/admin-feedback';
import { categoryLabel, severityLabel, statusLabel } from '../lib/labels';

function Group({
  title,
  rows,
  loading,
  className,
}: {
  title: string;
  rows: Array<{ key: string; label: string; count: number }>;
  loading: boolean;
  className?: string;
}) {
  return (
    <div className={cn('min-w-0', className)}>
      <h3 className="text-xs font-semibold tracking-wider text-gray-500 uppercase">{title}</h3>
      <dl className="mt-2 flex flex-col gap-1">
        {rows.map((row) => (
          <div key={row.key} className="flex items-baseline justify-between gap-3 text-sm">
            <dt className="truncate text-gray-700">{row.label}</dt>
            <dd className="font-semibold text-gray-900 tabular-nums">
              {loading ? <span className="inline-block h-4 w-6 animate-pulse rounded bg-gray-100" /> : formatNumber(row.count)}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Counts by status, category and severity over the feedback this admin may see (archived left out). */
export function FeedbackAggregates({ stats, loading }: { stats: FeedbackStats | undefined; loading: boolean }) {
  const count = (group: Record<string, number> | undefined, key: string | number) => group?.[String(key)] ?? 0;
  return (
    <Card className="p-4 sm:p-5" aria-busy={loading || undefined}>
      <section aria-labelledby="feedback-aggregates-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h2 id="feedback-aggregates-heading" className="text-base font-semibold text-gray-900">
            Overview
          </h2>
          <p className="text-sm text-gray-600">
            <span className="font-semibold text-gray-900 tabular-nums">{stats ? formatNumber(stats.total) : '—'}</span> submissions, archived not counted
          </p>
        </div>
        <div className="mt-4 grid grid-cols-2 gap-x-6 gap-y-5 sm:grid-cols-3 sm:gap-x-8">
          <Group
            title="By status"
            loading={loading}
            rows={FEEDBACK_STATUSES.map((s) => ({ key: s, label: statusLabel(s), count: count(stats?.byStatus, s) }))}
          />
          <Group
            title="By category"
            loading={loading}
            rows={FEEDBACK_CATEGORIES.map((c) => ({ key: c, label: categoryLabel(c), count: count(stats?.byCategory, c) }))}
          />
          <Group
            className="max-sm:col-span-2"
            title="By severity"
            loading={loading}
            rows={FEEDBACK_SEVERITIES.map((s) => ({ key: String(s), label: `${s} – ${severityLabel(s)}`, count: count(stats?.bySeverity, s) }))}
          />
        </div>
      </section>
    </Card>
  );
}

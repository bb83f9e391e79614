import { cn } from '@web/lib/cn';

const number = new Intl.NumberFormat();

/** Counts in a row of labelled boxes; each label names its number for screen readers. */
export function StatList({ label, stats, className }: { label: string; stats: Array<{ label: string; value: number | string }>; className?: string }) {
  return (
    <dl aria-label={label} className={cn('grid grid-cols-2 gap-3 sm:grid-cols-4', className)}>
      {stats.map((stat) => (
        <div key={stat.label} className="rounded-xl bg-gray-50 px-4 py-3 ring-1 ring-gray-200 ring-inset">
          <dt className="text-xs font-medium text-gray-600">{stat.label}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums text-gray-900">{typeof stat.value === 'number' ? number.format(stat.value) : stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}

import { cn } from '@web/lib/cn';

/** Profile completion as a bar and a number. */
export function CompletionMeter({ value, className }: { value: number; className?: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <span
        role="progressbar"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label="Profile completion"
        className="relative h-2 w-14 overflow-hidden rounded-full bg-gray-100 ring-1 ring-gray-200 ring-inset"
      >
        <span
          className={cn('absolute inset-y-0 left-0 rounded-full', percent >= 80 ? 'bg-emerald-500' : percent >= 40 ? 'bg-brand-500' : 'bg-coral-500')}
          style={{ width: `${percent}%` }}
        />
      </span>
      <span className="w-9 text-right text-sm text-gray-700 tabular-nums">{percent}%</span>
    </span>
  );
}

import { confidenceLabel } from '@shared/confidence';
import { cn } from '@web/lib/cn';

const tones = {
  High: { bar: 'bg-emerald-500', text: 'text-emerald-800' },
  Medium: { bar: 'bg-amber-500', text: 'text-amber-800' },
  Low: { bar: 'bg-gray-400', text: 'text-gray-700' },
} as const;

/** How sure discovery is that the item is the provider's, as a bar with its percentage and word. */
export function ConfidenceMeter({ score, className }: { score: number; className?: string }) {
  const percent = Math.round(score * 100);
  const label = confidenceLabel(score);
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <div
        role="meter"
        aria-label="Match confidence"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%, ${label.toLowerCase()} confidence`}
        className="h-2 w-28 overflow-hidden rounded-full bg-gray-200"
      >
        <div className={cn('h-full rounded-full', tones[label].bar)} style={{ width: `${percent}%` }} />
      </div>
      <span className={cn('text-sm font-semibold tabular-nums', tones[label].text)}>
        {percent}% <span className="font-medium">{label}</span>
      </span>
    </div>
  );
}

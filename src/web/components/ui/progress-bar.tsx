/** A long-running job's progress (a roster's pre-filling, a terms import): a bar the screen reader reads as a percentage. */
export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent} %`}
      className="relative h-3 w-full overflow-hidden rounded-full bg-gray-100 ring-1 ring-gray-200 ring-inset"
    >
      <span className="absolute inset-y-0 left-0 rounded-full bg-brand-600 transition-[width] duration-500" style={{ width: `${percent}%` }} />
    </div>
  );
}

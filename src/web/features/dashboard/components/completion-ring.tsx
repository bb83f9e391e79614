import { cn } from '@web/lib/cn';

/** The completion percentage as a ring (decorative) with the number inside; the number is the accessible part. */
export function CompletionRing({ percentage, size = 132, className }: { percentage: number; size?: number; className?: string }) {
  const clamped = Math.max(0, Math.min(100, Math.round(percentage)));
  const stroke = 12;
  const radius = (size - stroke) / 2;
  const circumference = 2 * Math.PI * radius;
  const done = clamped === 100;
  return (
    <div className={cn('relative inline-flex shrink-0 items-center justify-center', className)} style={{ width: size, height: size }}>
      <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true" className="-rotate-90">
        <circle cx={size / 2} cy={size / 2} r={radius} fill="none" strokeWidth={stroke} className="stroke-gray-100" />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - clamped / 100)}
          className={cn('transition-[stroke-dashoffset] duration-700 ease-out motion-reduce:transition-none', done ? 'stroke-emerald-500' : 'stroke-brand-600')}
        />
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center">
        <span className="text-3xl font-bold tracking-tight text-gray-900 tabular-nums">{clamped}%</span>
        <span className="text-xs font-medium text-gray-600">of required</span>
      </div>
    </div>
  );
}

import { LoaderCircle } from 'lucide-react';
import { cn } from '@web/lib/cn';

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-8' } as const;

interface SpinnerProps {
  size?: keyof typeof sizes;
  /** Read out by screen readers; pass an empty string when the surrounding text already says it. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', label = 'Loading', className }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className={cn('inline-flex items-center', className)}>
      <LoaderCircle aria-hidden="true" className={cn('animate-spin motion-reduce:animate-[spin_2s_linear_infinite]', sizes[size])} />
      {label ? <span className="sr-only">{label}</span> : null}
    </span>
  );
}

/** A centred spinner for a whole page or panel that is still loading. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-brand-600">
      <Spinner size="lg" label={label} />
    </div>
  );
}

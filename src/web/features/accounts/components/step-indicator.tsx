import { Check } from 'lucide-react';
import { cn } from '@web/lib/cn';

interface StepIndicatorProps {
  steps: readonly string[];
  /** 1-based. */
  current: number;
  className?: string;
}

export function StepIndicator({ steps, current, className }: StepIndicatorProps) {
  return (
    <ol aria-label="Sign-up progress" className={cn('flex items-center gap-3', className)}>
      {steps.map((label, index) => {
        const number = index + 1;
        const done = number < current;
        const active = number === current;
        return (
          <li key={label} aria-current={active ? 'step' : undefined} className={cn('flex min-w-0 items-center gap-2', index < steps.length - 1 && 'flex-1')}>
            <span
              className={cn(
                'inline-flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold',
                done && 'bg-brand-600 text-white',
                active && 'bg-brand-600 text-white ring-4 ring-brand-100',
                !done && !active && 'bg-gray-100 text-gray-500 ring-1 ring-gray-200',
              )}
            >
              {done ? <Check aria-hidden="true" className="size-4" /> : number}
            </span>
            <span className={cn('truncate text-sm font-medium', active ? 'text-gray-900' : 'text-gray-500')}>
              <span className="sr-only">
                Step {number} of {steps.length}
                {done ? ', completed' : ''}:{' '}
              </span>
              {label}
            </span>
            {index < steps.length - 1 ? <span aria-hidden="true" className={cn('h-px min-w-4 flex-1', done ? 'bg-brand-600' : 'bg-gray-200')} /> : null}
          </li>
        );
      })}
    </ol>
  );
}

import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

/** A multi-line text box styled like `Input`. */
export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      rows={rows}
      className={cn(
        'block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm leading-6 text-gray-900 shadow-xs transition-colors',
        'placeholder:text-gray-500 hover:border-gray-400',
        'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30',
        'disabled:cursor-not-allowed disabled:bg-gray-50 disabled:text-gray-500 read-only:bg-gray-50',
        'aria-invalid:border-red-600 aria-invalid:focus-visible:outline-red-600/30',
        className,
      )}
      {...props}
    />
  );
}

/** "120 / 2,000" under a text box; turns red past the limit. */
export function CharacterCount({ value, max, id }: { value: string | null | undefined; max: number; id?: string }) {
  const length = value?.length ?? 0;
  return (
    <p
      id={id}
      className={cn('shrink-0 text-right text-xs whitespace-nowrap tabular-nums', length > max ? 'font-medium text-red-700' : 'text-gray-500')}
      aria-live={length > max ? 'polite' : undefined}
    >
      {length.toLocaleString()} / {max.toLocaleString()}
    </p>
  );
}

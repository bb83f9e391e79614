import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        'block h-10 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm text-gray-900 shadow-xs transition-colors',
        'placeholder:text-gray-500 hover:border-gray-400',
        'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30',
        'disabled:cursor-not-allowed disabled:bg-gray-50 disabled:text-gray-500',
        'aria-invalid:border-red-600 aria-invalid:focus-visible:outline-red-600/30',
        className,
      )}
      {...props}
    />
  );
}

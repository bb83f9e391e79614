import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

const variants = {
  brand: 'bg-brand-50 text-brand-800 ring-brand-200',
  coral: 'bg-coral-50 text-coral-800 ring-coral-200',
  gray: 'bg-gray-100 text-gray-700 ring-gray-200',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
} as const;

interface BadgeProps extends ComponentProps<'span'> {
  variant?: keyof typeof variants;
}

export function Badge({ variant = 'brand', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset', variants[variant], className)}
      {...props}
    />
  );
}

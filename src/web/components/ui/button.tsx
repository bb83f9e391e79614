import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'outline' | 'ghost' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800',
  accent: 'bg-coral-600 text-white shadow-sm hover:bg-coral-700 active:bg-coral-800 focus-visible:outline-coral-600',
  secondary: 'bg-gray-100 text-gray-900 hover:bg-gray-200 active:bg-gray-300',
  outline: 'border border-gray-300 bg-white text-gray-900 shadow-xs hover:border-gray-400 hover:bg-gray-50',
  ghost: 'text-gray-700 hover:bg-gray-100 hover:text-gray-900',
  link: 'text-brand-700 underline-offset-4 hover:text-brand-800 hover:underline',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-9 rounded-md px-3 text-sm',
  md: 'h-10 rounded-lg px-4 text-sm',
  lg: 'h-12 rounded-lg px-6 text-base',
  icon: 'size-10 rounded-lg',
};

const linkSizes: Record<ButtonSize, string> = { sm: 'text-sm', md: 'text-sm', lg: 'text-base', icon: '' };

/** Button look for elements that are not buttons, such as router links. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn(
    'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 font-semibold whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:shrink-0',
    variants[variant],
    variant === 'link' ? linkSizes[size] : sizes[size],
    className,
  );
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
}

export function Button({ variant, size, loading = false, className, type = 'button', disabled, children, ...props }: ButtonProps) {
  return (
    <button type={type} className={buttonClasses({ variant, size, className })} disabled={disabled || loading} aria-busy={loading || undefined} {...props}>
      {loading ? <Spinner size="sm" label="" /> : null}
      {children}
    </button>
  );
}

import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Tooltip } from '@web/components/ui/tooltip';
import { cn } from '@web/lib/cn';

interface IconButtonProps extends Omit<ComponentProps<'button'>, 'children'> {
  icon: LucideIcon;
  /** Shown as a tooltip; the accessible name is `label` unless `aria-label` says more. */
  label: string;
  tone?: 'default' | 'danger';
}

export const iconButtonClasses =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-40';

/** A square toolbar button with a tooltip, as in the administrators table. */
export function IconButton({ icon: Icon, label, tone = 'default', className, type = 'button', ...props }: IconButtonProps) {
  return (
    <Tooltip content={label}>
      <button
        type={type}
        aria-label={label}
        className={cn(iconButtonClasses, tone === 'danger' && 'hover:bg-red-50! hover:text-red-700!', className)}
        {...props}
      >
        <Icon aria-hidden="true" className="size-4" />
      </button>
    </Tooltip>
  );
}

import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

interface WidgetControlProps extends Omit<ComponentProps<'button'>, 'children'> {
  icon: LucideIcon;
  /** The accessible name ("Minimize feedback form"); the icon itself is hidden from assistive technology. */
  label: string;
  /** Round on the minimized bar, square in the panel's header. */
  shape: 'round' | 'square';
}

/** One of the widget's small icon buttons: restore, minimize, close. */
export function WidgetControl({ icon: Icon, label, shape, className, type = 'button', ...props }: WidgetControlProps) {
  return (
    <button
      type={type}
      aria-label={label}
      className={cn(
        'inline-flex size-9 items-center justify-center hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600',
        shape === 'round' ? 'rounded-full text-gray-600' : 'rounded-md text-gray-500',
        className,
      )}
      {...props}
    >
      <Icon aria-hidden="true" className={shape === 'round' ? 'size-4' : 'size-5'} />
    </button>
  );
}

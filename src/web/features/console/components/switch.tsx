import type { ReactNode } from 'react';
import { useId } from 'react';
import { cn } from '@web/lib/cn';

interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The visible label; pass `hideLabel` to keep it for screen readers only. */
  label: ReactNode;
  hideLabel?: boolean;
  description?: ReactNode;
  disabled?: boolean;
  id?: string;
  className?: string;
}

/** An on/off toggle (`role="switch"`): clearer than a checkbox for settings that apply at once. */
export function Switch({ checked, onCheckedChange, label, hideLabel = false, description, disabled = false, id, className }: SwitchProps) {
  const generated = useId();
  const switchId = id ?? generated;
  const descriptionId = description ? `${switchId}-description` : undefined;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <button
        id={switchId}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={descriptionId}
        disabled={disabled}
        onClick={() => onCheckedChange(!checked)}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
          'disabled:cursor-not-allowed disabled:opacity-40',
          checked ? 'bg-brand-600' : 'bg-gray-300',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow-sm ring-1 ring-black/5 transition-transform',
            checked ? 'translate-x-5.5' : 'translate-x-0.5',
          )}
        />
      </button>
      <div className={cn('min-w-0 text-sm leading-6', hideLabel && 'sr-only')}>
        <label htmlFor={switchId} className={cn('font-medium text-gray-800', disabled ? 'cursor-not-allowed text-gray-500' : 'cursor-pointer')}>
          {label}
        </label>
        {description ? (
          <p id={descriptionId} className="text-xs leading-5 text-gray-600">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}

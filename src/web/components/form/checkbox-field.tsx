import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '@web/lib/cn';
import { FieldError } from '@web/components/form/field';

interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'type' | 'id'> {
  id?: string;
  label: ReactNode;
  error?: string;
  description?: ReactNode;
  fieldClassName?: string;
}

export function CheckboxField({ id, label, error, description, fieldClassName, className, ...inputProps }: CheckboxFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const descriptionId = `${inputId}-description`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={fieldClassName}>
      <div className="flex items-start gap-3">
        <input
          id={inputId}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            'mt-0.5 size-4.5 shrink-0 cursor-pointer rounded border-gray-300 accent-brand-600',
            'aria-invalid:outline-2 aria-invalid:outline-offset-1 aria-invalid:outline-red-600',
            className,
          )}
          {...inputProps}
        />
        <div className="min-w-0 text-sm leading-6">
          <label htmlFor={inputId} className="cursor-pointer text-gray-800">
            {label}
          </label>
          {description ? (
            <p id={descriptionId} className="text-gray-600">
              {description}
            </p>
          ) : null}
        </div>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

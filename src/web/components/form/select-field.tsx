import { ChevronDown } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@web/lib/cn';
import { Field } from '@web/components/form/field';

interface SelectFieldProps extends Omit<ComponentProps<'select'>, 'id'> {
  id?: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  fieldClassName?: string;
}

export function SelectField({ id, label, error, hint, optional, fieldClassName, className, children, ...selectProps }: SelectFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} optional={optional} className={fieldClassName}>
      {({ inputId, describedBy, invalid }) => (
        <div className="relative">
          <select
            id={inputId}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            className={cn(
              'block h-10 w-full cursor-pointer appearance-none rounded-lg border border-gray-300 bg-white pr-10 pl-3 text-sm text-gray-900 shadow-xs transition-colors',
              'hover:border-gray-400 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30',
              'disabled:cursor-not-allowed disabled:bg-gray-50 disabled:text-gray-500 aria-invalid:border-red-600',
              className,
            )}
            {...selectProps}
          >
            {children}
          </select>
          <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-gray-500" />
        </div>
      )}
    </Field>
  );
}

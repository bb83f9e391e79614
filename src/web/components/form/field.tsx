import { CircleAlert } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';

export interface FieldIds {
  inputId: string;
  describedBy: string | undefined;
  invalid: true | undefined;
}

interface FieldProps {
  id?: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Shown to the right of the label, such as a "Forgot Password?" link. */
  labelAction?: ReactNode;
  optional?: boolean;
  className?: string;
  children: (ids: FieldIds) => ReactNode;
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}

/** Label, control, hint and error, wired together for assistive technology. The label's id is `${inputId}-label`. */
export function Field({ id, label, error, hint, labelAction, optional = false, className, children }: FieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-3">
        <Label id={`${inputId}-label`} htmlFor={inputId}>
          {label}
          {optional ? <span className="font-normal text-gray-500"> (optional)</span> : null}
        </Label>
        {labelAction}
      </div>
      <div className="mt-1.5">{children({ inputId, describedBy, invalid: error ? true : undefined })}</div>
      {hint ? (
        <div id={hintId} className={cn('mt-1.5 text-xs leading-5 text-gray-600')}>
          {hint}
        </div>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

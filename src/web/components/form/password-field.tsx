import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { Input } from '@web/components/ui/input';
import { Field } from '@web/components/form/field';

interface PasswordFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'type'> {
  id?: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  labelAction?: ReactNode;
  fieldClassName?: string;
}

/** A password input with a show/hide button. */
export function PasswordField({ id, label, error, hint, labelAction, fieldClassName, ...inputProps }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <Field id={id} label={label} error={error} hint={hint} labelAction={labelAction} className={fieldClassName}>
      {({ inputId, describedBy, invalid }) => (
        <div className="relative">
          <Input
            id={inputId}
            type={visible ? 'text' : 'password'}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            className="pr-11"
            {...inputProps}
          />
          <button
            type="button"
            onClick={() => setVisible((shown) => !shown)}
            aria-label={visible ? 'Hide password' : 'Show password'}
            aria-pressed={visible}
            aria-controls={inputId}
            className="absolute inset-y-0 right-0 inline-flex w-10 cursor-pointer items-center justify-center rounded-r-lg text-gray-500 hover:text-gray-800 focus-visible:outline-offset-[-2px]"
          >
            <Icon aria-hidden="true" className="size-4.5" />
          </button>
        </div>
      )}
    </Field>
  );
}

import type { ComponentProps, ReactNode } from 'react';
import { Input } from '@web/components/ui/input';
import { Field } from '@web/components/form/field';

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  id?: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  labelAction?: ReactNode;
  optional?: boolean;
  fieldClassName?: string;
}

export function TextField({ id, label, error, hint, labelAction, optional, fieldClassName, ...inputProps }: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} labelAction={labelAction} optional={optional} className={fieldClassName}>
      {({ inputId, describedBy, invalid }) => <Input id={inputId} aria-invalid={invalid} aria-describedby={describedBy} {...inputProps} />}
    </Field>
  );
}

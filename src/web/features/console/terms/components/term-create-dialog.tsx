import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { TERM_TYPES } from '@shared/enums';
import { TERM_MESSAGES, termTypeFromId } from '@shared/schemas/terms';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogActions } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { FormField, selectClasses } from '@web/components/form/form-field';
import { Notice } from '@web/components/ui/notice';
import { serverFieldErrors, serverMessage } from '@web/lib/admin-error-message';
import { Switch } from '../../components/switch';
import { useCreateTerm, type TermScope } from '../api/terms';

export const termFormSchema = z.object({
  termId: z.string().trim().min(1, 'Enter a code for the term').max(100, 'At most 100 characters'),
  term: z.string().trim().min(1, TERM_MESSAGES.termRequired).max(300, 'At most 300 characters'),
  termType: z.union([z.enum(TERM_TYPES), z.literal('')]),
  specialtyName: z.string().trim().max(200, 'At most 200 characters'),
  isActive: z.boolean(),
});
type FormValues = z.input<typeof termFormSchema>;
const EMPTY: FormValues = { termId: '', term: '', termType: '', specialtyName: '', isActive: true };

function TermForm({ scope, onDone, onPendingChange }: { scope: TermScope; onDone: () => void; onPendingChange: (pending: boolean) => void }) {
  const create = useCreateTerm(scope);
  const form = useForm<FormValues, unknown, z.output<typeof termFormSchema>>({ resolver: zodResolver(termFormSchema), defaultValues: EMPTY });
  const { register, control, formState, watch } = form;
  const { errors } = formState;
  useEffect(() => onPendingChange(create.isPending), [create.isPending, onPendingChange]);
  const termId = watch('termId');

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(
      {
        termId: values.termId,
        term: values.term,
        ...(values.termType ? { termType: values.termType } : {}),
        specialtyName: values.specialtyName || null,
        isActive: values.isActive,
      },
      {
        onSuccess: (saved) => {
          toast.success(`${saved.term} was added.`);
          onDone();
        },
        onError: (error) => {
          for (const { field, message } of serverFieldErrors(error)) {
            if (field in EMPTY) form.setError(field as keyof FormValues, { message }, { shouldFocus: true });
          }
        },
      },
    ),
  );
  const fieldShown = serverFieldErrors(create.error).some(({ field }) => field in EMPTY);

  return (
    <>
      <DialogTitle className="pr-8">Add term</DialogTitle>
      <DialogDescription>A condition, procedure or reason for visit that providers can list as expertise.</DialogDescription>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6 flex flex-col gap-5">
        {create.isError && !fieldShown ? <Notice tone="error">{serverMessage(create.error, 'Failed to create term')}</Notice> : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            label="Code"
            hint="A unique code for the term, e.g. CON-I10. It starts with CON- for a condition, PROC- for a procedure or REAS- for a reason for visit."
            error={errors.termId?.message}
          >
            {({ id, describedBy, invalid }) => (
              <Input
                id={id}
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                {...register('termId')}
              />
            )}
          </FormField>
          <FormField label="Type" error={errors.termType?.message}>
            {({ id, describedBy }) => (
              <select id={id} className={selectClasses} aria-describedby={describedBy} {...register('termType')}>
                <option value="">From the code ({termTypeFromId(termId.trim())})</option>
                {TERM_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <FormField label="Term" error={errors.term?.message}>
          {({ id, describedBy, invalid }) => (
            <Input id={id} autoComplete="off" aria-invalid={invalid || undefined} aria-describedby={describedBy} {...register('term')} />
          )}
        </FormField>
        <FormField label="Specialty" hint="Leave empty for all specialties." error={errors.specialtyName?.message}>
          {({ id, describedBy, invalid }) => (
            <Input id={id} autoComplete="off" aria-invalid={invalid || undefined} aria-describedby={describedBy} {...register('specialtyName')} />
          )}
        </FormField>
        <Controller
          control={control}
          name="isActive"
          render={({ field }) => (
            <Switch checked={field.value} onCheckedChange={field.onChange} label="Active" description="Inactive terms are not offered to providers." />
          )}
        />
        <DialogActions submitLabel="Add term" pending={create.isPending} />
      </form>
    </>
  );
}

export function TermCreateDialog({ scope, open, onOpenChange }: { scope: TermScope; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [pending, setPending] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl">
        <TermForm scope={scope} onDone={() => onOpenChange(false)} onPendingChange={setPending} />
      </DialogContent>
    </Dialog>
  );
}

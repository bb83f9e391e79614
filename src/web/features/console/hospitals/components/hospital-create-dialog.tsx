import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { DATA_SOURCES } from '@shared/enums';
import { hospitalCreateSchema } from '@shared/schemas/hospitals';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogActions } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { FormField, selectClasses } from '@web/components/form/form-field';
import { Notice } from '@web/components/ui/notice';
import { serverFieldErrors, serverMessage } from '@web/lib/admin-error-message';
import { useCreateHospital } from '../api/hospitals';
import { DATA_SOURCE_HINTS, DATA_SOURCE_LABELS } from '../lib/labels';

type FormInput = z.input<typeof hospitalCreateSchema>;
type FormOutput = z.output<typeof hospitalCreateSchema>;
const FIELDS = ['name', 'code', 'address', 'contactEmail', 'contactPhone', 'dataSource'] as const;
const EMPTY: FormInput = { name: '', code: '', address: '', contactEmail: '', contactPhone: '', dataSource: 'npi_registry' };

/** System administrators add a tenant; default permissions and reading levels come with it. */
export function HospitalCreateDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateHospital();
  const navigate = useNavigate();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(hospitalCreateSchema), defaultValues: EMPTY });
  const { reset } = form;
  const resetMutation = create.reset;
  useEffect(() => {
    if (!open) return;
    reset(EMPTY);
    resetMutation();
  }, [open, reset, resetMutation]);

  const dataSource = form.watch('dataSource') ?? 'npi_registry';
  const onSubmit = form.handleSubmit((values) => {
    create.mutate(values, {
      onSuccess: (hospital) => {
        toast.success(`${hospital.name} was created.`);
        onOpenChange(false);
        void navigate(`/system-admin/hospitals/${hospital.id}`);
      },
      onError: (error) => {
        for (const { field, message } of serverFieldErrors(error)) {
          if ((FIELDS as readonly string[]).includes(field)) form.setError(field as (typeof FIELDS)[number], { message }, { shouldFocus: true });
        }
      },
    });
  });

  const fieldError = serverFieldErrors(create.error).some(({ field }) => (FIELDS as readonly string[]).includes(field));
  const formError = create.isError && !fieldError ? serverMessage(create.error, 'The hospital could not be created.') : null;
  const { errors } = form.formState;

  return (
    <Dialog open={open} onOpenChange={(next) => (create.isPending ? undefined : onOpenChange(next))}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle className="pr-8">Add hospital</DialogTitle>
        <DialogDescription>All nine profile sections start visible, with the first three required, and the default reading levels apply.</DialogDescription>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6 flex flex-col gap-5">
          {formError ? <Notice tone="error">{formError}</Notice> : null}
          <FormField label="Hospital name" error={errors.name?.message}>
            {({ id, describedBy, invalid }) => (
              <Input id={id} autoComplete="off" aria-invalid={invalid || undefined} aria-describedby={describedBy} {...form.register('name')} />
            )}
          </FormField>
          <FormField label="Code" hint="A short unique code, used in sign-up links (e.g. NORTHFIELD). It cannot be changed later." error={errors.code?.message}>
            {({ id, describedBy, invalid }) => (
              <Input
                id={id}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                className="uppercase"
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                {...form.register('code')}
              />
            )}
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="Contact e-mail" error={errors.contactEmail?.message}>
              {({ id, describedBy, invalid }) => (
                <Input
                  id={id}
                  type="email"
                  autoComplete="off"
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy}
                  {...form.register('contactEmail')}
                />
              )}
            </FormField>
            <FormField label="Contact phone" error={errors.contactPhone?.message}>
              {({ id, describedBy, invalid }) => (
                <Input
                  id={id}
                  type="tel"
                  autoComplete="off"
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy}
                  {...form.register('contactPhone')}
                />
              )}
            </FormField>
          </div>
          <FormField label="Address" error={errors.address?.message}>
            {({ id, describedBy, invalid }) => (
              <Input id={id} autoComplete="off" aria-invalid={invalid || undefined} aria-describedby={describedBy} {...form.register('address')} />
            )}
          </FormField>
          <FormField label="Data source" hint={DATA_SOURCE_HINTS[dataSource]} error={errors.dataSource?.message}>
            {({ id, describedBy }) => (
              <select id={id} className={selectClasses} aria-describedby={describedBy} {...form.register('dataSource')}>
                {DATA_SOURCES.map((source) => (
                  <option key={source} value={source}>
                    {DATA_SOURCE_LABELS[source]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <DialogActions submitLabel="Add hospital" pending={create.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { locationCreateSchema } from '@shared/schemas/locations';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogActions } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { FormField } from '@web/components/form/form-field';
import { Notice } from '@web/components/ui/notice';
import { serverFieldErrors, serverMessage } from '@web/lib/admin-error-message';
import { Switch } from '../../components/switch';
import { useSaveLocation, type HospitalLocationDto } from '../api/locations';

type FormInput = z.input<typeof locationCreateSchema>;
type FormOutput = z.output<typeof locationCreateSchema>;

const TEXT_FIELDS = [
  'name',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'zipCode',
  'country',
  'phoneNumber',
  'email',
  'url',
  'cDepartmentSpecialty',
  'yextEntityId',
] as const;

function initialValues(location?: HospitalLocationDto | null): FormInput {
  return {
    name: location?.name ?? '',
    addressLine1: location?.addressLine1 ?? location?.address ?? '',
    addressLine2: location?.addressLine2 ?? '',
    city: location?.city ?? '',
    state: location?.state ?? '',
    zipCode: location?.zipCode ?? location?.postalCode ?? '',
    country: location?.country ?? 'US',
    phoneNumber: location?.phoneNumber ?? location?.mainPhone ?? '',
    email: location?.email ?? '',
    url: location?.url ?? '',
    cDepartmentSpecialty: location?.cDepartmentSpecialty ?? '',
    yextEntityId: location?.yextEntityId ?? '',
    isActive: location?.isActive ?? true,
  };
}

export function LocationDialog({
  hospitalId,
  open,
  onOpenChange,
  location,
}: {
  hospitalId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  location?: HospitalLocationDto | null;
}) {
  const save = useSaveLocation(hospitalId);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(locationCreateSchema), defaultValues: initialValues(location) });
  const { reset, register, control } = form;
  const resetSave = save.reset;
  useEffect(() => {
    if (!open) return;
    reset(initialValues(location));
    resetSave();
  }, [open, location, reset, resetSave]);

  const onSubmit = form.handleSubmit((values) => {
    save.mutate(
      { id: location?.id, body: values },
      {
        onSuccess: (saved) => {
          toast.success(location ? `Saved ${saved.name}.` : `${saved.name} was added.`);
          onOpenChange(false);
        },
        onError: (error) => {
          for (const { field, message } of serverFieldErrors(error)) {
            if ((TEXT_FIELDS as readonly string[]).includes(field)) form.setError(field as (typeof TEXT_FIELDS)[number], { message }, { shouldFocus: true });
          }
        },
      },
    );
  });

  const { errors } = form.formState;
  const fieldShown = serverFieldErrors(save.error).some(({ field }) => (TEXT_FIELDS as readonly string[]).includes(field));
  const text = (
    name: (typeof TEXT_FIELDS)[number],
    label: string,
    options: { hint?: string; type?: string; className?: string; autoComplete?: string } = {},
  ) => (
    <FormField label={label} hint={options.hint} error={errors[name]?.message} className={options.className}>
      {({ id, describedBy, invalid }) => (
        <Input
          id={id}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete ?? 'off'}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...register(name)}
        />
      )}
    </FormField>
  );

  return (
    <Dialog open={open} onOpenChange={(next) => (save.isPending ? undefined : onOpenChange(next))}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogTitle className="pr-8">{location ? 'Edit location' : 'Add location'}</DialogTitle>
        <DialogDescription>Providers of this hospital pick their practice locations from this list.</DialogDescription>
        {location?.isYextSourced ? (
          <Notice tone="info" className="mt-4">
            This location comes from Yext; the next sync may overwrite changes made here.
          </Notice>
        ) : null}
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6 flex flex-col gap-5">
          {save.isError && !fieldShown ? <Notice tone="error">{serverMessage(save.error, 'The location could not be saved.')}</Notice> : null}
          {text('name', 'Location name')}
          <div className="grid gap-5 sm:grid-cols-2">
            {text('addressLine1', 'Address line 1', { className: 'sm:col-span-2' })}
            {text('addressLine2', 'Address line 2', { hint: 'Suite, floor or building.', className: 'sm:col-span-2' })}
            {text('city', 'City')}
            <div className="grid grid-cols-2 gap-5">
              {text('state', 'State', { hint: '2 letters' })}
              {text('zipCode', 'ZIP code')}
            </div>
            {text('country', 'Country', { hint: '2 letters, e.g. US' })}
            {text('phoneNumber', 'Phone', { type: 'tel' })}
            {text('email', 'E-mail for appointment requests', {
              type: 'email',
              hint: 'Optional. Patients’ requests for providers at this office go here; without it, to the hospital’s intake address.',
              className: 'sm:col-span-2',
            })}
            {text('url', 'Website', { type: 'url', className: 'sm:col-span-2' })}
            {text('cDepartmentSpecialty', 'Department or specialty', { className: 'sm:col-span-2' })}
            {text('yextEntityId', 'Listing-service entity ID', {
              hint: 'Optional. Providers imported from the listing service with this office are linked to this location; without it, a location of the same name is used.',
              className: 'sm:col-span-2',
            })}
          </div>
          <Controller
            control={control}
            name="isActive"
            render={({ field }) => (
              <Switch
                checked={field.value ?? true}
                onCheckedChange={field.onChange}
                label="Active"
                description="Inactive locations are not offered to providers."
              />
            )}
          />
          <DialogActions submitLabel={location ? 'Save changes' : 'Add location'} pending={save.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

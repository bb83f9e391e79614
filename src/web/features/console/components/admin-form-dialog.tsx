import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import type { AdminRole } from '@shared/enums';
import { ADMIN_MESSAGES, createAdminSchema } from '@shared/schemas/admin';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogActions } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import type { AdminUser } from '@web/lib/admin-session';
import { FormField, selectClasses } from '@web/components/form/form-field';
import { Notice } from '@web/components/ui/notice';
import { serverFieldErrors, serverMessage } from '@web/lib/admin-error-message';
import { ADMIN_ROLE_LABELS } from '@web/lib/admin-roles';
import { useCreateAdmin, type CreateAdminBody } from '../api/create-admin';
import { useHospitalName, useHospitalOptions } from '../api/get-hospital-options';
import type { AdminDto } from '../api/list-admins';
import { useUpdateAdmin, type UpdateAdminBody } from '../api/update-admin';

/** A hospital administrator needs a hospital; the shared schema leaves that to the server. */
function requireHospital(value: { role: AdminRole; hospitalId: string }, ctx: z.RefinementCtx) {
  if (value.role === 'hospital_admin' && !value.hospitalId) {
    ctx.addIssue({ code: 'custom', path: ['hospitalId'], message: ADMIN_MESSAGES.hospitalRequired });
  }
}

// The hospital <select> yields '' for "none"; the shared schema wants a UUID or nothing.
export const createAdminFormSchema = createAdminSchema.extend({ hospitalId: z.string() }).superRefine(requireHospital);
const editAdminFormSchema = createAdminSchema
  .pick({ fullName: true, role: true })
  .extend({ email: z.string(), hospitalId: z.string() })
  .superRefine(requireHospital);

type FormValues = z.input<typeof createAdminFormSchema>;
type FieldName = keyof FormValues;
const FIELD_NAMES: readonly FieldName[] = ['email', 'fullName', 'role', 'hospitalId'];

interface AdminFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Who is doing this: a hospital admin may only add hospital admins of their own hospital. */
  actor: AdminUser;
  /** Edit this administrator; absent to add one. */
  admin?: AdminDto | null;
}

function initialValues(actor: AdminUser, admin?: AdminDto | null): FormValues {
  if (admin) return { email: admin.email, fullName: admin.full_name ?? '', role: admin.role, hospitalId: admin.hospital_id ?? '' };
  return { email: '', fullName: '', role: 'hospital_admin', hospitalId: actor.role === 'hospital_admin' ? (actor.hospital_id ?? '') : '' };
}

/** Only what changed goes to the server, so an unchanged role or hospital is never re-checked. */
function changesOf(admin: AdminDto, values: FormValues, canChangeRole: boolean): UpdateAdminBody {
  const body: UpdateAdminBody = {};
  const fullName = values.fullName.trim();
  if (fullName !== (admin.full_name ?? '')) body.fullName = fullName;
  if (canChangeRole) {
    if (values.role !== admin.role) body.role = values.role;
    const hospitalId = values.role === 'system_admin' ? null : values.hospitalId || null;
    if (hospitalId !== admin.hospital_id) body.hospitalId = hospitalId;
  }
  return body;
}

export function AdminFormDialog({ open, onOpenChange, actor, admin }: AdminFormDialogProps) {
  const editing = Boolean(admin);
  const actorIsSystem = actor.role === 'system_admin';
  const create = useCreateAdmin();
  const update = useUpdateAdmin();
  const mutation = editing ? update : create;
  const hospitals = useHospitalOptions(open && actorIsSystem);
  const ownHospitalName = useHospitalName(actorIsSystem ? null : actor.hospital_id);

  const form = useForm<FormValues>({
    resolver: zodResolver(editing ? editAdminFormSchema : createAdminFormSchema),
    defaultValues: initialValues(actor, admin),
  });
  const role = form.watch('role');

  // A dialog reused for another row, or opened again, starts from that row's values.
  const { reset } = form;
  const resetCreate = create.reset;
  const resetUpdate = update.reset;
  useEffect(() => {
    if (!open) return;
    reset(initialValues(actor, admin));
    resetCreate();
    resetUpdate();
  }, [open, admin, actor, reset, resetCreate, resetUpdate]);

  const applyServerErrors = (error: unknown) => {
    for (const { field, message } of serverFieldErrors(error)) {
      if ((FIELD_NAMES as readonly string[]).includes(field)) form.setError(field as FieldName, { message }, { shouldFocus: true });
    }
  };

  const onSubmit = form.handleSubmit((values) => {
    if (admin) {
      const body = changesOf(admin, values, actorIsSystem);
      if (Object.keys(body).length === 0) return onOpenChange(false);
      update.mutate(
        { id: admin.id, body },
        {
          onSuccess: (saved) => {
            toast.success(`Saved changes to ${saved.email}.`);
            onOpenChange(false);
          },
          onError: applyServerErrors,
        },
      );
      return undefined;
    }
    const body: CreateAdminBody = {
      email: values.email,
      fullName: values.fullName,
      role: actorIsSystem ? values.role : 'hospital_admin',
      hospitalId: values.role === 'hospital_admin' ? values.hospitalId || null : null,
    };
    create.mutate(body, {
      onSuccess: (created) => {
        toast.success(`${created.email} was added and invited by e-mail to set a password.`);
        onOpenChange(false);
      },
      onError: applyServerErrors,
    });
    return undefined;
  });

  const fieldErrorShown = serverFieldErrors(mutation.error).some(({ field }) => (FIELD_NAMES as readonly string[]).includes(field));
  const formError =
    mutation.isError && !fieldErrorShown ? serverMessage(mutation.error, editing ? ADMIN_MESSAGES.updateFailed : ADMIN_MESSAGES.createFailed) : null;
  const { errors } = form.formState;

  return (
    <Dialog open={open} onOpenChange={(next) => (mutation.isPending ? undefined : onOpenChange(next))}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle className="pr-8">{editing ? 'Edit administrator' : 'Add administrator'}</DialogTitle>
        <DialogDescription>
          {editing
            ? 'Change the name, role or hospital. The e-mail address stays the same.'
            : 'The new administrator gets an e-mail with a link to set a password, then signs in with a magic link.'}
        </DialogDescription>

        <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-6 flex flex-col gap-5">
          {formError ? <Notice tone="error">{formError}</Notice> : null}

          {editing ? (
            <div className="flex flex-col gap-1.5">
              <p className="text-sm font-medium text-gray-800">Email address</p>
              <p className="truncate text-sm text-gray-700">{admin?.email}</p>
            </div>
          ) : (
            <FormField label="Email address" error={errors.email?.message}>
              {({ id, describedBy, invalid }) => (
                <Input
                  id={id}
                  type="email"
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy}
                  {...form.register('email')}
                />
              )}
            </FormField>
          )}

          <FormField label="Full name" error={errors.fullName?.message}>
            {({ id, describedBy, invalid }) => (
              <Input id={id} autoComplete="off" aria-invalid={invalid || undefined} aria-describedby={describedBy} {...form.register('fullName')} />
            )}
          </FormField>

          {actorIsSystem ? (
            <FormField
              label="Role"
              hint={role === 'system_admin' ? 'Manages every hospital, help content and system settings, and sees the audit log.' : 'Manages one hospital.'}
              error={errors.role?.message}
            >
              {({ id, describedBy, invalid }) => (
                <select id={id} className={selectClasses} aria-invalid={invalid || undefined} aria-describedby={describedBy} {...form.register('role')}>
                  <option value="hospital_admin">{ADMIN_ROLE_LABELS.hospital_admin}</option>
                  <option value="system_admin">{ADMIN_ROLE_LABELS.system_admin}</option>
                </select>
              )}
            </FormField>
          ) : (
            <div className="rounded-lg bg-gray-50 px-3 py-2.5 text-sm text-gray-700 ring-1 ring-gray-200 ring-inset">
              {ADMIN_ROLE_LABELS.hospital_admin} of <span className="font-medium text-gray-900">{ownHospitalName ?? 'your hospital'}</span>
            </div>
          )}

          {actorIsSystem && role === 'hospital_admin' ? (
            <FormField label="Hospital" error={errors.hospitalId?.message} hint={hospitals.isError ? 'The hospital list could not be loaded.' : undefined}>
              {({ id, describedBy, invalid }) => (
                <select id={id} className={selectClasses} aria-invalid={invalid || undefined} aria-describedby={describedBy} {...form.register('hospitalId')}>
                  <option value="">{hospitals.isPending ? 'Loading hospitals…' : 'Choose a hospital'}</option>
                  {(hospitals.data ?? []).map((hospital) => (
                    <option key={hospital.id} value={hospital.id}>
                      {hospital.name}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          ) : null}

          <DialogActions submitLabel={editing ? 'Save changes' : 'Add administrator'} pending={mutation.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { updateAccountSchema } from '@shared/schemas/auth';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import type { SessionUser } from '@web/lib/session';
import { useUpdateProfile } from '@web/features/accounts';
import { FormAlert } from '@web/components/form/form-alert';
import { TextField } from '@web/components/form/text-field';
import { applyFieldErrors, errorMessage } from '@web/lib/server-errors';

type ProfileValues = z.input<typeof updateAccountSchema>;

function ReadOnlyItem({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <dl>
      <dt className="text-sm font-medium text-gray-800">{label}</dt>
      <dd className="mt-1.5 flex min-h-10 items-center rounded-lg bg-gray-50 px-3 py-2 text-sm [overflow-wrap:anywhere] text-gray-900 ring-1 ring-gray-200 ring-inset">
        {value}
      </dd>
      {note ? <dd className="mt-1.5 text-xs leading-5 text-gray-600">{note}</dd> : null}
    </dl>
  );
}

export function ProfileCard({ user }: { user: SessionUser }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileValues, unknown, z.output<typeof updateAccountSchema>>({
    defaultValues: { fullName: user.fullName ?? '' },
    resolver: zodResolver(updateAccountSchema),
    reValidateMode: 'onSubmit',
  });

  // Another tab or a refetch may bring a newer name; only replace it when nothing is being edited.
  useEffect(() => {
    if (!isDirty) reset({ fullName: user.fullName ?? '' });
  }, [user.fullName, isDirty, reset]);

  const onSubmit = handleSubmit(async ({ fullName }) => {
    try {
      const { user: saved } = await update.mutateAsync({ fullName });
      reset({ fullName: saved.fullName ?? fullName });
      toast.success('Profile saved', { description: 'Your name has been updated.' });
    } catch (error) {
      applyFieldErrors(error, setError, ['fullName']);
    }
  });

  const failure = update.isError && !errors.fullName ? errorMessage(update.error) : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>The name shown on your account and to your hospital’s administrators.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-6">
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <div className="grid gap-6 sm:grid-cols-2">
            <TextField
              label="Full name"
              autoComplete="name"
              error={errors.fullName?.message}
              {...register('fullName', { onChange: () => clearErrors('fullName') })}
            />
            <ReadOnlyItem label="Email" value={user.email} note="The address you sign in with. Contact support to change it." />
            <ReadOnlyItem label="Hospital" value={user.hospitalName ?? 'Not linked to a hospital'} />
            {user.npiNumber ? <ReadOnlyItem label="NPI number" value={user.npiNumber} /> : null}
          </div>
          <div className="flex justify-end border-t border-gray-100 pt-5">
            <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
              Save changes
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

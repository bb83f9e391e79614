import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { KeyRound, LinkIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { AUTH_MESSAGES, newPasswordSchema } from '@shared/schemas/auth';
import { AuthCard } from '@web/components/layout/auth-card';
import { Button, buttonClasses } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-client';
import { resetPassword } from '../api/reset-password';
import { FormField, PasswordInput } from '@web/components/form/form-field';
import { Notice } from '@web/components/ui/notice';
import { serverFieldErrors, serverMessage } from '@web/lib/admin-error-message';
import { PASSWORD_RULES_HINT } from '../lib/messages';
import { withNetworkRetry } from '@web/lib/with-network-retry';

const setPasswordSchema = z
  .object({ newPassword: newPasswordSchema, confirmPassword: z.string() })
  .refine((value) => value.newPassword === value.confirmPassword, { path: ['confirmPassword'], error: AUTH_MESSAGES.passwordsDiffer });
type SetPasswordValues = z.input<typeof setPasswordSchema>;

function InvalidLink() {
  return (
    <AuthCard
      icon={LinkIcon}
      title="This link can’t be used"
      description={
        <>
          <p>{AUTH_MESSAGES.resetLinkInvalid}</p>
          <p className="mt-3 text-sm">
            Links to set a password work once and expire after a while. Ask the administrator who invited you to send a new invitation, or contact support.
          </p>
        </>
      }
    >
      <Link to="/admin/login" className={buttonClasses({ variant: 'outline', className: 'w-full' })}>
        Go to administrator sign-in
      </Link>
    </AuthCard>
  );
}

export function AdminResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';

  const form = useForm<SetPasswordValues>({
    resolver: zodResolver(setPasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const save = useMutation({
    mutationFn: (newPassword: string) => withNetworkRetry(() => resetPassword({ token, newPassword })),
    retry: false,
    onSuccess: () => void navigate('/admin/login?reason=password_set', { replace: true }),
    onError: (error) => {
      for (const { field, message } of serverFieldErrors(error)) {
        if (field === 'newPassword') form.setError('newPassword', { message });
      }
    },
  });

  if (!token || (save.error instanceof ApiError && save.error.code === 'RESET_LINK_INVALID')) return <InvalidLink />;

  const fieldError = serverFieldErrors(save.error).some(({ field }) => field === 'newPassword');
  const formError = save.isError && !fieldError ? serverMessage(save.error) : null;
  const onSubmit = form.handleSubmit(({ newPassword }) => save.mutate(newPassword));
  const { errors } = form.formState;

  return (
    <AuthCard
      icon={KeyRound}
      title="Set your administrator password"
      description="Choose the password for your administrator account. You sign in with a magic link; the password protects changes to your account."
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
        {formError ? <Notice tone="error">{formError}</Notice> : null}
        <FormField label="New password" hint={PASSWORD_RULES_HINT} error={errors.newPassword?.message}>
          {({ id, describedBy, invalid }) => (
            <PasswordInput
              id={id}
              autoComplete="new-password"
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              {...form.register('newPassword')}
            />
          )}
        </FormField>
        <FormField label="Confirm new password" error={errors.confirmPassword?.message}>
          {({ id, describedBy, invalid }) => (
            <PasswordInput
              id={id}
              autoComplete="new-password"
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              {...form.register('confirmPassword')}
            />
          )}
        </FormField>
        <Button type="submit" size="lg" loading={save.isPending}>
          Set password
        </Button>
      </form>
    </AuthCard>
  );
}

export { AdminResetPasswordPage as Component };

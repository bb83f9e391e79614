import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { ADMIN_MESSAGES } from '@shared/schemas/admin';
import { AUTH_MESSAGES, changePasswordSchema } from '@shared/schemas/auth';
import { AuthCard } from '@web/components/layout/auth-card';
import { Button, buttonClasses } from '@web/components/ui/button';
import { changePassword } from '../api/change-password';
import { setAdminPassword } from '../api/set-password';
import { adminMeQueryKey, useAdminMe } from '@web/lib/admin-session';
import { FormField, PasswordInput } from '@web/components/form/form-field';
import { Notice } from '@web/components/ui/notice';
import { serverFieldErrors, serverMessage } from '@web/lib/admin-error-message';
import { FIRST_PASSWORD_SET_MESSAGE, PASSWORD_CHANGED_MESSAGE, PASSWORD_RULES_HINT } from '../lib/messages';
import { useAdminSignOut } from '../lib/use-admin-sign-out';
import { withNetworkRetry } from '@web/lib/with-network-retry';

const formFields = changePasswordSchema.extend({ confirmPassword: z.string(), revokeOtherSessions: z.boolean() });
const confirmed = (value: { newPassword: string; confirmPassword: string }) => value.newPassword === value.confirmPassword;
const formSchema = formFields.refine(confirmed, { path: ['confirmPassword'], error: AUTH_MESSAGES.passwordsDiffer });
/** An administrator without a password (magic links only) sets a first one: there is no current one to ask for. */
const firstPasswordSchema = formFields
  .extend({ currentPassword: z.string() })
  .refine(confirmed, { path: ['confirmPassword'], error: AUTH_MESSAGES.passwordsDiffer });
type FormValues = z.input<typeof formSchema>;
type FieldName = keyof FormValues;

const FIELDS: readonly FieldName[] = ['currentPassword', 'newPassword', 'confirmPassword'];

export function AdminChangePasswordPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: admin } = useAdminMe();
  const { signOut, pending: signingOut } = useAdminSignOut();
  const forced = Boolean(admin?.must_change_password);
  const firstPassword = admin?.has_password === false;

  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(firstPassword ? firstPasswordSchema : formSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '', revokeOtherSessions: true },
  });

  const save = useMutation({
    mutationFn: ({ currentPassword, newPassword, revokeOtherSessions }: z.output<typeof formSchema>) =>
      withNetworkRetry(() => (firstPassword ? setAdminPassword({ newPassword }) : changePassword({ currentPassword, newPassword, revokeOtherSessions }))),
    retry: false,
    onSuccess: async () => {
      // The guard must see the cleared flag before the console opens, or it sends the admin back here.
      await queryClient.refetchQueries({ queryKey: adminMeQueryKey, exact: true });
      toast.success(firstPassword ? FIRST_PASSWORD_SET_MESSAGE : PASSWORD_CHANGED_MESSAGE);
      await navigate('/system-admin', { replace: true });
    },
    onError: (error) => {
      for (const { field, message } of serverFieldErrors(error)) {
        if ((FIELDS as readonly string[]).includes(field)) form.setError(field as FieldName, { message }, { shouldFocus: true });
      }
    },
  });

  const onSubmit = form.handleSubmit((values) => save.mutate(values));
  const { errors } = form.formState;
  const fieldError = serverFieldErrors(save.error).some(({ field }) => (FIELDS as readonly string[]).includes(field));
  const formError = save.isError && !fieldError ? serverMessage(save.error) : null;

  return (
    <AuthCard
      icon={LockKeyhole}
      title={forced ? 'Choose a new password' : firstPassword ? 'Set a password' : 'Change your password'}
      description={
        forced
          ? 'Your account was set up with a password that you need to replace before you continue.'
          : firstPassword
            ? 'You have signed in with magic links so far. Choose a password for your administrator account.'
            : 'Set a new password for your administrator account.'
      }
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
        {forced ? (
          <Notice tone="warning" live={false}>
            {ADMIN_MESSAGES.passwordChangeRequired}
          </Notice>
        ) : null}
        {formError ? <Notice tone="error">{formError}</Notice> : null}

        {firstPassword ? null : (
          <FormField
            label="Current password"
            hint={forced ? 'The password you set from your invitation e-mail.' : undefined}
            error={errors.currentPassword?.message}
          >
            {({ id, describedBy, invalid }) => (
              <PasswordInput
                id={id}
                autoComplete="current-password"
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                {...form.register('currentPassword')}
              />
            )}
          </FormField>
        )}
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

        <label className="flex items-start gap-3 text-sm text-gray-800">
          <input type="checkbox" className="mt-0.5 size-4 rounded border-gray-300 accent-brand-600" {...form.register('revokeOtherSessions')} />
          <span>
            Sign out my other sessions
            <span className="block text-xs leading-5 text-gray-600">Recommended. Every other browser signed in to this account is signed out.</span>
          </span>
        </label>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {forced ? (
            <Button variant="ghost" onClick={() => void signOut()} loading={signingOut}>
              Sign out
            </Button>
          ) : (
            <Link to="/system-admin" className={buttonClasses({ variant: 'ghost' })}>
              Cancel
            </Link>
          )}
          <Button type="submit" loading={save.isPending}>
            {firstPassword ? 'Set password' : 'Change password'}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}

export { AdminChangePasswordPage as Component };

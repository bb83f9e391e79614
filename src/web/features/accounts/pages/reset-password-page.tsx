import { zodResolver } from '@hookform/resolvers/zod';
import { LockKeyhole, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { AUTH_MESSAGES, resetPasswordSchema } from '@shared/schemas/auth';
import { AuthCard } from '@web/components/layout/auth-card';
import { Button, buttonClasses } from '@web/components/ui/button';
import { isApiError } from '@web/lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { FormAlert } from '@web/components/form/form-alert';
import { PasswordField } from '@web/components/form/password-field';
import { PasswordStrengthHint } from '@web/components/form/password-strength-hint';
import { applyFieldErrors, errorMessage } from '@web/lib/server-errors';

/** The server's rules for the new password, plus the confirmation that only the browser checks. */
const resetPasswordFormSchema = z
  .object({ newPassword: resetPasswordSchema.shape.newPassword, confirmPassword: z.string() })
  .refine((value) => value.newPassword === value.confirmPassword, { path: ['confirmPassword'], error: AUTH_MESSAGES.passwordsDiffer });

type ResetPasswordValues = z.input<typeof resetPasswordFormSchema>;

function InvalidLink({ message = AUTH_MESSAGES.resetLinkInvalid }: { message?: string }) {
  return (
    <AuthCard icon={TriangleAlert} title="This link can't be used" description={<p>{message}</p>}>
      <Link to="/forgot-password" className={buttonClasses({ size: 'lg', className: 'w-full' })}>
        Request a new link
      </Link>
      <div className="mt-6 text-center">
        <Link to="/login" className="text-sm font-semibold text-brand-700 hover:underline">
          Back to sign in
        </Link>
      </div>
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token')?.trim() ?? '';
  const reset = useResetPassword();
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({
    defaultValues: { newPassword: '', confirmPassword: '' },
    resolver: zodResolver(resetPasswordFormSchema),
    reValidateMode: 'onSubmit',
  });

  if (!token) return <InvalidLink />;
  if (linkProblem) return <InvalidLink message={linkProblem} />;

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setFormError(null);
    try {
      await reset.mutateAsync({ token, newPassword });
    } catch (error) {
      if (isApiError(error) && error.code === 'RESET_LINK_INVALID') setLinkProblem(errorMessage(error));
      else if (applyFieldErrors(error, setError, ['newPassword']).length === 0) setFormError(errorMessage(error));
      return;
    }
    toast.success('Password updated', { description: 'Sign in with your new password.' });
    await navigate('/login', { replace: true });
  });

  return (
    <AuthCard icon={LockKeyhole} title="Choose a new password" description="Pick a password you don't use anywhere else. You will sign in with it from now on.">
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <PasswordField
          label="New password"
          autoComplete="new-password"
          error={errors.newPassword?.message}
          hint={<PasswordStrengthHint password={watch('newPassword')} />}
          {...register('newPassword', { onChange: () => clearErrors('newPassword') })}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword', { onChange: () => clearErrors('confirmPassword') })}
        />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          Save new password
        </Button>
      </form>
    </AuthCard>
  );
}

export { ResetPasswordPage as Component };

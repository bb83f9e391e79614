import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { forgotPasswordSchema } from '@shared/schemas/auth';
import { AuthCard } from '@web/components/layout/auth-card';
import { Button, buttonClasses } from '@web/components/ui/button';
import { useForgotPassword } from '../api/forgot-password';
import { FormAlert } from '@web/components/form/form-alert';
import { TextField } from '@web/components/form/text-field';
import { applyFieldErrors, errorMessage } from '@web/lib/server-errors';

type ForgotPasswordValues = z.input<typeof forgotPasswordSchema>;

const BACK_TO_SIGN_IN = (
  <Link to="/login" className={buttonClasses({ variant: 'link', className: 'px-0' })}>
    Back to sign in
  </Link>
);

export function ForgotPasswordPage() {
  const request = useForgotPassword();
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues, unknown, z.output<typeof forgotPasswordSchema>>({
    defaultValues: { email: '' },
    resolver: zodResolver(forgotPasswordSchema),
    reValidateMode: 'onSubmit',
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await request.mutateAsync(email);
    } catch (error) {
      applyFieldErrors(error, setError, ['email']);
    }
  });

  if (request.isSuccess) {
    return (
      <AuthCard
        icon={MailCheck}
        title="Check your email"
        description={
          <>
            <p>{request.data.message}</p>
            <p className="mt-3 text-sm text-gray-600">
              Sent to <strong className="font-semibold [overflow-wrap:anywhere] text-gray-900">{getValues('email').trim()}</strong>. The link lets you choose a
              new password; if it does not arrive within a few minutes, check your spam folder.
            </p>
          </>
        }
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          {BACK_TO_SIGN_IN}
          <Button variant="ghost" size="sm" onClick={() => request.reset()}>
            Use a different email
          </Button>
        </div>
      </AuthCard>
    );
  }

  const failure = request.error && !errors.email ? errorMessage(request.error) : null;

  return (
    <AuthCard
      icon={KeyRound}
      title="Forgot your password?"
      description="Enter the email address you use for Vitae and we will send you a link to choose a new password."
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@hospital.org"
          error={errors.email?.message}
          {...register('email', { onChange: () => clearErrors('email') })}
        />
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          Send reset link
        </Button>
      </form>
      <div className="mt-8 border-t border-gray-200 pt-6">{BACK_TO_SIGN_IN}</div>
    </AuthCard>
  );
}

export { ForgotPasswordPage as Component };

import { zodResolver } from '@hookform/resolvers/zod';
import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES, loginSchema } from '@shared/schemas/auth';
import { AuthCard } from '@web/components/layout/auth-card';
import { Button, buttonClasses } from '@web/components/ui/button';
import { isApiError } from '@web/lib/api-client';
import { useRequestMagicLink } from '../api/request-magic-link';
import { useSignIn } from '../api/sign-in';
import { CheckboxField } from '@web/components/form/checkbox-field';
import { FormAlert } from '@web/components/form/form-alert';
import { PasswordField } from '@web/components/form/password-field';
import { SegmentedControl } from '../components/segmented-control';
import { TextField } from '@web/components/form/text-field';
import { safeNextPath } from '../lib/safe-next';
import { applyFieldErrors, errorMessage } from '@web/lib/server-errors';

type LoginMode = 'password' | 'magic-link';

interface LoginFormValues {
  email: string;
  password: string;
  rememberMe: boolean;
}

const MODES = [
  { value: 'password', label: 'Password' },
  { value: 'magic-link', label: 'Magic Link' },
] as const;

// One form, two rule sets: the password is only required in password mode.
const passwordResolver = zodResolver(loginSchema) as unknown as Resolver<LoginFormValues>;
const magicLinkResolver = zodResolver(loginSchema.pick({ email: true })) as unknown as Resolver<LoginFormValues>;

/** Failures that are about the request rather than what was typed: shown above the form. */
function isFormLevel(error: unknown) {
  return isApiError(error, 429) || (isApiError(error) && (error.status === 0 || error.status >= 500)) || !isApiError(error);
}

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [mode, setMode] = useState<LoginMode>('password');
  const [formError, setFormError] = useState<string | null>(null);
  const signIn = useSignIn();
  const magicLink = useRequestMagicLink();

  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues>({
    defaultValues: { email: '', password: '', rememberMe: true },
    resolver: mode === 'password' ? passwordResolver : magicLinkResolver,
    // Errors stay until the field is edited (then they clear) or the form is sent again.
    reValidateMode: 'onSubmit',
  });

  const changeMode = (next: LoginMode) => {
    setMode(next);
    setFormError(null);
    clearErrors();
  };

  const onSubmit = handleSubmit(async ({ email, password, rememberMe }) => {
    setFormError(null);
    if (mode === 'password') {
      try {
        await signIn.mutateAsync({ email, password, rememberMe });
      } catch (error) {
        if (isFormLevel(error)) setFormError(errorMessage(error));
        else if (applyFieldErrors(error, setError, ['email', 'password']).length === 0) {
          setError('password', { type: 'server', message: errorMessage(error, AUTH_MESSAGES.invalidCredentials) }, { shouldFocus: true });
        }
        return;
      }
      await navigate(safeNextPath(params.get('next')), { replace: true });
      return;
    }

    try {
      const result = await magicLink.mutateAsync(email);
      await navigate(`/magic-link-sent?email=${encodeURIComponent(result.email || email)}`);
    } catch (error) {
      if (isApiError(error, 429)) setFormError(errorMessage(error));
      else setError('email', { type: 'server', message: errorMessage(error, AUTH_MESSAGES.magicLinkFailed) }, { shouldFocus: true });
    }
  });

  const passwordMode = mode === 'password';

  return (
    <AuthCard icon={LogIn} title="Sign in to Vitae" description="Welcome back. Sign in to keep your professional profile up to date.">
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        <SegmentedControl legend="How do you want to sign in?" value={mode} options={MODES} onChange={changeMode} />

        {formError ? <FormAlert>{formError}</FormAlert> : null}

        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@hospital.org"
          error={errors.email?.message}
          {...register('email', { onChange: () => clearErrors('email') })}
        />

        {passwordMode ? (
          <>
            <PasswordField
              label="Password"
              autoComplete="current-password"
              error={errors.password?.message}
              labelAction={
                <Link to="/forgot-password" className="text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline">
                  Forgot Password?
                </Link>
              }
              {...register('password', { onChange: () => clearErrors('password') })}
            />
            <CheckboxField label="Remember me" {...register('rememberMe')} />
          </>
        ) : (
          <p className="text-sm leading-6 text-gray-600">
            We will email you a one-time link that signs you in, no password needed. It expires after 15 minutes.
          </p>
        )}

        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          {passwordMode ? 'Sign In' : 'Send Magic Link'}
        </Button>
      </form>

      <div className="mt-8 border-t border-gray-200 pt-6 text-center">
        <p className="text-sm text-gray-600">New to Vitae?</p>
        <Link to="/unified-signup" className={buttonClasses({ variant: 'outline', size: 'lg', className: 'mt-3 w-full' })}>
          Create Account
        </Link>
      </div>
    </AuthCard>
  );
}

export { LoginPage as Component };

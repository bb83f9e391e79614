import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Building2, MailCheck, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { AUTH_MESSAGES, newPasswordSchema } from '@shared/schemas/auth';
import { CLAIM_MESSAGES, type RosterClaimDto } from '@shared/schemas/roster-claims';
import { AuthCard } from '@web/components/layout/auth-card';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { signOut } from '@web/features/accounts';
import { CheckboxField } from '@web/components/form/checkbox-field';
import { FormAlert } from '@web/components/form/form-alert';
import { PasswordField } from '@web/components/form/password-field';
import { PasswordStrengthHint } from '@web/components/form/password-strength-hint';
import { applyFieldErrors, errorMessage } from '@web/lib/server-errors';
import { isApiError } from '@web/lib/api-client';
import { useClaimWithMagicLink, useClaimWithPassword, useRosterClaim } from '../api/claims';

/** The password rules of sign-up, the confirmation, and the terms (the claim makes the account). */
const claimFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string(), agreedToTerms: z.boolean().refine((v) => v, CLAIM_MESSAGES.termsRequired) })
  .refine((value) => value.password === value.confirmPassword, { path: ['confirmPassword'], error: AUTH_MESSAGES.passwordsDiffer });
type ClaimValues = z.input<typeof claimFormSchema>;

function NewTabLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </Link>
  );
}

const REFUSAL_TITLES: Record<Extract<RosterClaimDto, { state: 'refused' }>['reason'], string> = {
  unknown: 'This link does not work',
  expired: 'This link has expired',
  claimed: 'This profile is already claimed',
  replaced: 'This link was replaced',
  other_user: 'You are signed in as someone else',
  bounced: 'This invitation could not be delivered',
};

function Refused({ claim, onSignedOut }: { claim: Extract<RosterClaimDto, { state: 'refused' }>; onSignedOut: () => void }) {
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <AuthCard icon={TriangleAlert} title={REFUSAL_TITLES[claim.reason]} description={<p>{claim.message}</p>}>
      {claim.reason === 'other_user' ? (
        <Button
          size="lg"
          className="w-full"
          loading={signingOut}
          onClick={() => {
            setSigningOut(true);
            // This browser only: the other person may be signed in elsewhere too.
            void signOut('local')
              .catch(() => undefined)
              .then(() => {
                queryClient.clear();
                setSigningOut(false);
                onSignedOut();
              });
          }}
        >
          Sign out
        </Button>
      ) : claim.reason === 'claimed' ? (
        <Link to="/login" className={buttonClasses({ size: 'lg', className: 'w-full' })}>
          Sign in
        </Link>
      ) : null}
    </AuthCard>
  );
}

function MagicLinkSent({ emailHint }: { emailHint: string }) {
  return (
    <AuthCard
      icon={MailCheck}
      title="Check your e-mail"
      description={
        <p>
          Your profile is yours now. We sent a sign-in link to <strong className="font-semibold text-gray-900">{emailHint}</strong>: open it to review your
          profile. It works once and expires in 15 minutes.
        </p>
      }
    />
  );
}

/** `/claim/:token`: the roster invitation's link (issue 37 item 4). */
export function ClaimPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const claim = useRosterClaim(token);
  const withPassword = useClaimWithPassword(token);
  const withLink = useClaimWithMagicLink(token);
  const [formError, setFormError] = useState<string | null>(null);
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    watch,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<ClaimValues>({
    defaultValues: { password: '', confirmPassword: '', agreedToTerms: false },
    resolver: zodResolver(claimFormSchema),
    reValidateMode: 'onSubmit',
  });

  if (claim.isPending) {
    return (
      <div className="flex justify-center py-24" role="status" aria-label="Loading your invitation">
        <Spinner />
      </div>
    );
  }
  if (claim.isError) {
    const message = isApiError(claim.error, 400) ? CLAIM_MESSAGES.unknown : errorMessage(claim.error);
    return <Refused claim={{ state: 'refused', reason: 'unknown', message, hospitalName: null }} onSignedOut={() => void claim.refetch()} />;
  }
  const data = claim.data;
  if (data.state === 'refused') return <Refused claim={data} onSignedOut={() => void claim.refetch()} />;
  if (linkSentTo) return <MagicLinkSent emailHint={linkSentTo} />;

  const refusedNow = (error: unknown) => {
    // The link stopped working meanwhile (expired, claimed elsewhere): show why, as on opening it.
    if (isApiError(error) && error.code.startsWith('CLAIM_')) {
      void claim.refetch();
      return true;
    }
    return false;
  };

  const onSubmit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      const result = await withPassword.mutateAsync(password);
      await navigate(result.redirectTo, { replace: true });
    } catch (error) {
      if (refusedNow(error)) return;
      if (applyFieldErrors(error, setError, ['password']).length === 0) setFormError(errorMessage(error));
    }
  });

  const sendLink = async () => {
    setFormError(null);
    if (!(await trigger('agreedToTerms'))) return;
    try {
      const result = await withLink.mutateAsync();
      setLinkSentTo(result.emailHint);
    } catch (error) {
      if (!refusedNow(error)) setFormError(errorMessage(error));
    }
  };

  return (
    <AuthCard
      icon={Building2}
      title={`Claim your profile, ${data.providerName}`}
      description={
        <>
          <p>
            <strong className="font-semibold text-gray-900">{data.hospitalName}</strong> has prepared your profile for its provider directory
            {data.specialty ? ` (${data.specialty})` : ''}. Choose a password to make it yours, then check what is there and publish it.
          </p>
          <p className="mt-2 text-sm text-gray-500">
            This link is for {data.emailHint} only and works until{' '}
            {new Date(data.expiresAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })}.
          </p>
        </>
      }
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <PasswordField
          label="Password"
          autoComplete="new-password"
          error={errors.password?.message}
          hint={<PasswordStrengthHint password={watch('password')} />}
          {...register('password', { onChange: () => clearErrors('password') })}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword', { onChange: () => clearErrors('confirmPassword') })}
        />
        <div className="rounded-xl bg-gray-50 p-4">
          <CheckboxField
            label={
              <>
                I agree to the <NewTabLink to="/terms">Terms of Service</NewTabLink> and the <NewTabLink to="/privacy">Privacy Policy</NewTabLink>
              </>
            }
            error={errors.agreedToTerms?.message}
            {...register('agreedToTerms', { onChange: () => clearErrors('agreedToTerms') })}
          />
        </div>
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          Claim my profile
        </Button>
      </form>
      <div className="mt-6 border-t border-gray-100 pt-6 text-center">
        <p className="text-sm text-gray-600">Rather not set a password?</p>
        <Button variant="outline" className="mt-3 w-full" loading={withLink.isPending} onClick={() => void sendLink()}>
          E-mail me a sign-in link instead
        </Button>
      </div>
    </AuthCard>
  );
}

export { ClaimPage as Component };

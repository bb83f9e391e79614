import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, Send, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ADMIN_ERROR_MESSAGES } from '@shared/errors';
import { ADMIN_MAGIC_LINK, ADMIN_NETWORK_RETRY_DELAYS_MS } from '@shared/limits';
import { adminEmailSchema } from '@shared/schemas/admin';
import { AuthCard } from '@web/components/layout/auth-card';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { ApiError } from '@web/lib/api-client';
import { requestAdminMagicLink } from '../api/request-admin-magic-link';
import { FormField } from '@web/components/form/form-field';
import { Notice } from '@web/components/ui/notice';
import { adminErrorMessage, retryAfterSeconds } from '@web/lib/admin-error-message';
import { rememberCooldown } from '../lib/magic-link-cooldown';
import { PASSWORD_SET_MESSAGE, SIGNED_OUT_MESSAGE } from '../lib/messages';
import { formatCountdown, useCountdown } from '../lib/use-countdown';
import { withNetworkRetry, type RetryNotice } from '@web/lib/with-network-retry';

const loginSchema = z.object({ email: adminEmailSchema });
type LoginValues = z.input<typeof loginSchema>;

/** Why the visitor was sent here, from `?reason=`. */
function reasonNotice(reason: string | null) {
  if (reason === 'expired' || reason === 'session_expired') return { tone: 'info' as const, text: ADMIN_ERROR_MESSAGES.SESSION_EXPIRED };
  if (reason === 'signed_out') return { tone: 'info' as const, text: SIGNED_OUT_MESSAGE };
  if (reason === 'password_set') return { tone: 'success' as const, text: PASSWORD_SET_MESSAGE };
  return null;
}

export function AdminLoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const notice = reasonNotice(params.get('reason'));
  const [retrying, setRetrying] = useState<RetryNotice | null>(null);
  const [blockedUntil, setBlockedUntil] = useState<number | null>(null);
  const blockedFor = useCountdown(blockedUntil);

  const form = useForm<LoginValues, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: params.get('email') ?? '' },
    reValidateMode: 'onSubmit',
  });

  const send = useMutation({
    mutationFn: (email: string) => withNetworkRetry(() => requestAdminMagicLink(email), { onRetry: setRetrying }),
    // withNetworkRetry already spends the retry budget; the client's default would add another try.
    retry: false,
    onSettled: () => setRetrying(null),
    onSuccess: (result) => rememberCooldown(result.email, result.cooldownSeconds),
    onError: (error) => {
      const wait = retryAfterSeconds(error);
      setBlockedUntil(wait ? Date.now() + wait * 1000 : null);
      if (error instanceof ApiError && error.code === 'INVALID_EMAIL_FORMAT') {
        form.setError('email', { message: ADMIN_ERROR_MESSAGES.INVALID_EMAIL_FORMAT }, { shouldFocus: true });
      }
    },
  });

  const sentTo = send.data?.email ?? null;
  const redirectDelayMs = send.data?.redirectDelayMs ?? ADMIN_MAGIC_LINK.redirectDelayMs;
  useEffect(() => {
    if (!sentTo) return undefined;
    const timer = setTimeout(() => void navigate(`/admin/magic-link-sent?email=${encodeURIComponent(sentTo)}`), redirectDelayMs);
    return () => clearTimeout(timer);
  }, [sentTo, redirectDelayMs, navigate]);

  const onSubmit = form.handleSubmit(({ email }) => send.mutate(email));
  const emailField = form.register('email', {
    onChange: () => {
      form.clearErrors('email');
      if (send.isError) send.reset();
      setBlockedUntil(null);
    },
  });

  const serverError = send.isError && !(send.error instanceof ApiError && send.error.code === 'INVALID_EMAIL_FORMAT') ? adminErrorMessage(send.error) : null;
  const blocked = blockedFor > 0;

  return (
    <AuthCard
      icon={ShieldCheck}
      title="Sign in as an administrator"
      description="Hospital and system administrators sign in with a magic link. Enter the email address of your administrator account and we will send you a one-time link."
    >
      <div className="flex flex-col gap-6">
        {notice && !sentTo ? (
          <Notice tone={notice.tone} live={false}>
            {notice.text}
          </Notice>
        ) : null}

        {sentTo ? (
          <Notice tone="success" title="Magic link sent">
            <p>
              We sent a sign-in link to <strong className="font-semibold [overflow-wrap:anywhere]">{sentTo}</strong>.
            </p>
            <p className="mt-1 inline-flex items-center gap-2">
              <Spinner size="sm" label="" />
              Taking you to the next step…
            </p>
          </Notice>
        ) : (
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-5">
            {serverError ? (
              <Notice tone="error">
                <p>{serverError}</p>
                {blocked ? <p className="mt-1 text-red-800">You can try again in {formatCountdown(blockedFor)}.</p> : null}
              </Notice>
            ) : null}

            <FormField label="Email address" error={form.formState.errors.email?.message}>
              {({ id, describedBy, invalid }) => (
                <Input
                  id={id}
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  autoCapitalize="none"
                  spellCheck={false}
                  placeholder="you@hospital.org"
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy}
                  {...emailField}
                />
              )}
            </FormField>

            {retrying ? (
              <p role="status" className="text-sm text-gray-600">
                Connection problem. Trying again in {retrying.delayMs / 1000} s (attempt {retrying.attempt + 1} of {ADMIN_NETWORK_RETRY_DELAYS_MS.length + 1})…
              </p>
            ) : null}

            <Button type="submit" size="lg" loading={send.isPending} disabled={blocked}>
              {send.isPending ? null : <Send aria-hidden="true" className="size-4" />}
              {send.isPending ? 'Sending…' : 'Send magic link'}
            </Button>
          </form>
        )}

        <div className="flex flex-col items-center gap-3 border-t border-gray-200 pt-5 text-center text-sm text-gray-600">
          <p>
            Not an administrator?{' '}
            <Link to="/login" className="font-semibold whitespace-nowrap text-brand-700 hover:underline">
              Provider sign-in
            </Link>
          </p>
          <Link to="/" className="inline-flex items-center gap-1 font-medium text-gray-700 hover:text-brand-700 hover:underline">
            <ArrowLeft aria-hidden="true" className="size-4" />
            Home page
          </Link>
        </div>
      </div>
    </AuthCard>
  );
}

export { AdminLoginPage as Component };

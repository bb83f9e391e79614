import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_MAGIC_LINK } from '@shared/limits';
import { EMAIL_PATTERN } from '@shared/schemas/auth';
import { AuthCard } from '@web/components/layout/auth-card';
import { Button, buttonClasses } from '@web/components/ui/button';
import { useRequestMagicLink } from '../api/request-magic-link';
import { FormAlert } from '@web/components/form/form-alert';
import { useCooldown } from '../hooks/use-cooldown';
import { errorMessage } from '@web/lib/server-errors';

// Providers get the same resend cooldown as administrators (access spec §9).
const RESEND_COOLDOWN_MS = ADMIN_MAGIC_LINK.resendCooldownMs;

const minutesAndSeconds = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export function MagicLinkSentPage() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const hasEmail = EMAIL_PATTERN.test(email);
  const resend = useRequestMagicLink();
  const cooldown = useCooldown(RESEND_COOLDOWN_MS, { startImmediately: true });
  const [resent, setResent] = useState(false);

  const onResend = async () => {
    setResent(false);
    try {
      await resend.mutateAsync(email);
      setResent(true);
      cooldown.start();
    } catch {
      // The error is shown from the mutation state.
    }
  };

  return (
    <AuthCard
      icon={MailCheck}
      title="Check your email"
      description={
        <p>
          We sent a sign-in link to{' '}
          {hasEmail ? <strong className="font-semibold [overflow-wrap:anywhere] text-gray-900">{email}</strong> : 'your email address'}. Open it on this device
          and confirm on the page it opens to sign in here. The link expires in 15 minutes and works once.
        </p>
      }
    >
      <div className="space-y-4">
        {resend.isError ? <FormAlert>{errorMessage(resend.error)}</FormAlert> : null}
        {resent && !resend.isError ? <FormAlert tone="success">We sent a new link. Check your inbox.</FormAlert> : null}

        {hasEmail ? (
          <Button variant="outline" size="lg" className="w-full" onClick={() => void onResend()} loading={resend.isPending} disabled={cooldown.active}>
            {cooldown.active ? `Resend in ${minutesAndSeconds(cooldown.secondsLeft)}` : 'Resend link'}
          </Button>
        ) : null}

        <p className="text-sm leading-6 text-gray-600">
          No email after a few minutes? Check your spam or junk folder, or make sure you typed the address you use for Vitae.
        </p>
      </div>

      <div className="mt-8 border-t border-gray-200 pt-6">
        <Link to="/login" className={buttonClasses({ variant: 'link', className: 'px-0' })}>
          Back to sign in
        </Link>
      </div>
    </AuthCard>
  );
}

export { MagicLinkSentPage as Component };

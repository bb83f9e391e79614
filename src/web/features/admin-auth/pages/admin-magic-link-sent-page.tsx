import { useMutation } from '@tanstack/react-query';
import { MailCheck, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ADMIN_MAGIC_LINK } from '@shared/limits';
import { AuthCard } from '@web/components/layout/auth-card';
import { Button, buttonClasses } from '@web/components/ui/button';
import { requestAdminMagicLink } from '../api/request-admin-magic-link';
import { Notice } from '@web/components/ui/notice';
import { adminErrorMessage, retryAfterSeconds } from '@web/lib/admin-error-message';
import { cooldownUntil, rememberCooldown } from '../lib/magic-link-cooldown';
import { formatCountdown, useCountdown } from '../lib/use-countdown';
import { withNetworkRetry } from '@web/lib/with-network-retry';

const LINK_LIFETIME_HINT = 'The link works once and only for a short time.';

function MagicLinkSent({ email }: { email: string }) {
  const [resendAt, setResendAt] = useState(() => cooldownUntil(email));
  const secondsLeft = useCountdown(resendAt);

  const resend = useMutation({
    mutationFn: () => withNetworkRetry(() => requestAdminMagicLink(email)),
    retry: false,
    onSuccess: (result) => {
      setResendAt(rememberCooldown(email, result.cooldownSeconds));
      toast.success('A new sign-in link is on its way.');
    },
    onError: (error) => {
      // The server knows best how long to wait (cooldown or the 5-minute limit).
      const wait = retryAfterSeconds(error);
      if (wait) setResendAt(rememberCooldown(email, wait));
    },
  });

  const waiting = secondsLeft > 0;

  return (
    <AuthCard
      icon={MailCheck}
      title="Check your email"
      description={
        <p>
          We sent a sign-in link to <strong className="font-semibold [overflow-wrap:anywhere] text-gray-900">{email}</strong>. Open it on this device to enter
          the administration area. {LINK_LIFETIME_HINT}
        </p>
      }
    >
      <div className="flex flex-col gap-5">
        {resend.isError ? <Notice tone="error">{adminErrorMessage(resend.error)}</Notice> : null}

        <ul className="list-disc space-y-1 pl-5 text-sm leading-6 text-gray-600">
          <li>Nothing there? Check your spam or junk folder.</li>
          <li>You can ask for a new link once every {ADMIN_MAGIC_LINK.resendCooldownMs / 1000} seconds.</li>
        </ul>

        <div className="flex flex-col gap-3 sm:flex-row">
          <Button
            variant="outline"
            className="sm:flex-1"
            onClick={() => resend.mutate()}
            loading={resend.isPending}
            disabled={waiting}
            aria-describedby="resend-status"
          >
            {resend.isPending ? null : <RotateCw aria-hidden="true" className="size-4" />}
            {waiting ? `Resend in ${formatCountdown(secondsLeft)}` : 'Resend link'}
          </Button>
          <Link to="/admin/login" className={buttonClasses({ variant: 'ghost', className: 'sm:flex-1' })}>
            Use a different e-mail
          </Link>
        </div>
        <p id="resend-status" className="sr-only" aria-live="polite">
          {waiting ? '' : 'You can now ask for a new link.'}
        </p>
      </div>
    </AuthCard>
  );
}

export function AdminMagicLinkSentPage() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim().toLowerCase();
  if (!email) return <Navigate to="/admin/login" replace />;
  return <MagicLinkSent key={email} email={email} />;
}

export { AdminMagicLinkSentPage as Component };

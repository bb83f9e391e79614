import { LogIn, MailCheck, MailQuestion } from 'lucide-react';
import { Link } from 'react-router';
import { AuthCard } from '@web/components/layout/auth-card';
import { Button, buttonClasses } from '@web/components/ui/button';
import { PageSpinner } from '@web/components/ui/spinner';
import { useSession } from '@web/lib/session';
import { useSendVerificationEmail } from '../api/send-verification-email';
import { FormAlert } from '@web/components/form/form-alert';
import { errorMessage } from '@web/lib/server-errors';

function WaitingForConfirmation({ email }: { email: string }) {
  const resend = useSendVerificationEmail();
  return (
    <AuthCard
      icon={MailQuestion}
      title="Check your inbox"
      description={
        <p>
          We sent a confirmation link to <strong className="font-semibold [overflow-wrap:anywhere] text-gray-900">{email}</strong>. Open it and click Continue
          to confirm your email address.
        </p>
      }
    >
      <div className="space-y-4">
        {resend.isError ? <FormAlert>{errorMessage(resend.error)}</FormAlert> : null}
        {resend.isSuccess ? <FormAlert tone="success">We sent a new confirmation link to {resend.data.email}.</FormAlert> : null}
        <Button variant="outline" size="lg" className="w-full" onClick={() => resend.mutate()} loading={resend.isPending}>
          Resend confirmation email
        </Button>
        <Link to="/dashboard" className={buttonClasses({ variant: 'link', className: 'px-0' })}>
          Continue to your dashboard
        </Link>
      </div>
    </AuthCard>
  );
}

export function EmailVerificationPage() {
  const session = useSession();

  if (session.isPending) return <PageSpinner label="Checking your account" />;

  const user = session.data?.user;
  if (!user) {
    return (
      <AuthCard
        icon={LogIn}
        title="Sign in to confirm your email"
        description="Email confirmation links work on their own, but to see whether your address is confirmed or to get a new link, please sign in first."
      >
        <Link to={`/login?next=${encodeURIComponent('/email-verification')}`} className={buttonClasses({ size: 'lg', className: 'w-full' })}>
          Sign in
        </Link>
      </AuthCard>
    );
  }

  if (user.emailVerified === false) return <WaitingForConfirmation email={user.email} />;

  return (
    <AuthCard
      icon={MailCheck}
      title="Your e-mail address is confirmed"
      description={
        <p>
          Your account uses <strong className="font-semibold [overflow-wrap:anywhere] text-gray-900">{user.email}</strong>. There is nothing more to do.
        </p>
      }
    >
      <Link to="/dashboard" className={buttonClasses({ size: 'lg', className: 'w-full' })}>
        Go to your dashboard
      </Link>
    </AuthCard>
  );
}

export { EmailVerificationPage as Component };

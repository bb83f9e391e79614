import { MailCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '@web/components/layout/auth-card';

export function MagicLinkSentPage() {
  const [params] = useSearchParams();
  const email = params.get('email');
  return (
    <AuthCard
      icon={MailCheck}
      title="Check your email"
      description={
        <p>
          We have sent a one-time sign-in link to {email ? <strong className="font-semibold text-gray-900">{email}</strong> : 'your email address'}.
          Open it on this device to sign in. The link can be used once and expires after a short time.
        </p>
      }
    >
      <p className="text-sm text-gray-600">
        Wrong address?{' '}
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          Back to sign-in
        </Link>
      </p>
    </AuthCard>
  );
}

export { MagicLinkSentPage as Component };

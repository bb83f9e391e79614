import { MailCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '@web/components/layout/auth-card';

export function AdminMagicLinkSentPage() {
  const [params] = useSearchParams();
  const email = params.get('email');
  return (
    <AuthCard
      icon={MailCheck}
      title="Check your email"
      description={
        <p>
          If an active administrator account exists for {email ? <strong className="font-semibold text-gray-900">{email}</strong> : 'that address'},
          a sign-in link is on its way. Open it on this device to enter the administration area; you can ask for a new link after 60 seconds.
        </p>
      }
    >
      <p className="text-sm text-gray-600">
        <Link to="/admin/login" className="font-semibold text-brand-700 hover:underline">
          Back to administrator sign-in
        </Link>
      </p>
    </AuthCard>
  );
}

export { AdminMagicLinkSentPage as Component };

import { KeyRound } from 'lucide-react';
import { AuthCard } from '@web/components/layout/auth-card';

export function AuthCallbackPage() {
  return (
    <AuthCard
      icon={KeyRound}
      title="Completing sign-in"
      description="This page finishes signing you in after you open a link from one of our emails, then takes you on to your dashboard, or to the administration area if you signed in as an administrator."
    />
  );
}

export { AuthCallbackPage as Component };

import { LogIn } from 'lucide-react';
import { AuthCard } from '@web/components/layout/auth-card';

export function LoginPage() {
  return (
    <AuthCard
      icon={LogIn}
      title="Sign in to Vitae"
      description="Sign in with your email and password, or ask for a one-time magic link sent to your inbox. Once you are signed in you go straight to your dashboard."
    />
  );
}

export { LoginPage as Component };

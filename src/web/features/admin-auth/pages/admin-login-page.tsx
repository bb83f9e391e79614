import { ShieldCheck } from 'lucide-react';
import { AuthCard } from '@web/components/layout/auth-card';

export function AdminLoginPage() {
  return (
    <AuthCard
      icon={ShieldCheck}
      title="Sign in as an administrator"
      description="Hospital and system administrators sign in with a magic link. Enter the email address of your administrator account and we will send you a one-time link to sign in."
    />
  );
}

export { AdminLoginPage as Component };

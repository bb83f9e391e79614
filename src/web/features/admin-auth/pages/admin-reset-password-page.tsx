import { KeyRound } from 'lucide-react';
import { AuthCard } from '@web/components/layout/auth-card';

export function AdminResetPasswordPage() {
  return (
    <AuthCard
      icon={KeyRound}
      title="Set your administrator password"
      description="Choose the password for your new administrator account from the link in your invitation email. You will use it together with your email address to reach the administration area."
    />
  );
}

export { AdminResetPasswordPage as Component };

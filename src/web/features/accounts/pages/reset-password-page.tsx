import { LockKeyhole } from 'lucide-react';
import { AuthCard } from '@web/components/layout/auth-card';

export function ResetPasswordPage() {
  return (
    <AuthCard
      icon={LockKeyhole}
      title="Choose a new password"
      description="Set a new password for your account from the secure link in your email. Once it is saved you can sign in with it straight away."
    />
  );
}

export { ResetPasswordPage as Component };

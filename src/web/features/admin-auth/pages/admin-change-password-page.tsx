import { LockKeyhole } from 'lucide-react';
import { AuthCard } from '@web/components/layout/auth-card';

export function AdminChangePasswordPage() {
  return (
    <AuthCard
      icon={LockKeyhole}
      title="Change your password"
      description="Set a new password for your administrator account. New administrators are asked to do this the first time they sign in, and you can change it here at any time."
    />
  );
}

export { AdminChangePasswordPage as Component };

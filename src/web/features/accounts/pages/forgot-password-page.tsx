import { KeyRound } from 'lucide-react';
import { AuthCard } from '@web/components/layout/auth-card';

export function ForgotPasswordPage() {
  return (
    <AuthCard
      icon={KeyRound}
      title="Forgot your password?"
      description="Enter the email address you use for Vitae and we will send you a secure link to choose a new password."
    />
  );
}

export { ForgotPasswordPage as Component };

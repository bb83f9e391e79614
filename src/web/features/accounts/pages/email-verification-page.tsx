import { MailCheck } from 'lucide-react';
import { AuthCard } from '@web/components/layout/auth-card';

export function EmailVerificationPage() {
  return (
    <AuthCard
      icon={MailCheck}
      title="Verify your email address"
      description="Confirm your email address by opening the verification link we sent you. As soon as it is confirmed your account becomes active and you can sign in."
    />
  );
}

export { EmailVerificationPage as Component };

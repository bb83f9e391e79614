import { UserRoundPlus } from 'lucide-react';
import { AuthCard } from '@web/components/layout/auth-card';

export function UnifiedSignupPage() {
  return (
    <AuthCard
      icon={UserRoundPlus}
      title="Create your Vitae account"
      description="Set up your provider account in two steps: your name, email, password and NPI number first, then your hospital or health system. Details found in the national provider registry or your hospital directory are added to your profile for you."
    />
  );
}

export { UnifiedSignupPage as Component };

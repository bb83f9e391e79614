import { Settings } from 'lucide-react';
import { PageHeader } from '@web/components/layout/page-header';

export function SettingsPage() {
  return (
    <PageHeader
      icon={Settings}
      title="Settings"
      description={<p>Manage your account: the email address you sign in with, your password and how Vitae keeps you informed about changes to your profile.</p>}
    />
  );
}

export { SettingsPage as Component };

import { LayoutDashboard } from 'lucide-react';
import { PageHeader } from '@web/components/layout/page-header';

export function DashboardPage() {
  return (
    <PageHeader
      icon={LayoutDashboard}
      title="Dashboard"
      description={<p>An overview of your profile: how complete each of the nine sections is, what still needs your attention, and updates from your hospital directory waiting for your review.</p>}
    />
  );
}

export { DashboardPage as Component };

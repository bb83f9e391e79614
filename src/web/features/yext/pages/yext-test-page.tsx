import { Workflow } from 'lucide-react';
import { PageHeader } from '@web/components/layout/page-header';

export function YextTestPage() {
  return (
    <PageHeader
      icon={Workflow}
      title="Listing Service Test"
      description={<p>Check a hospital’s listing-service connection: look up a provider entity by its ID and preview the profile data Vitae would import from it.</p>}
    />
  );
}

export { YextTestPage as Component };

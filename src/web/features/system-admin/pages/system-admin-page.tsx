import { Hospital } from 'lucide-react';
import { PageHeader } from '@web/components/layout/page-header';

export function SystemAdminPage() {
  return (
    <PageHeader
      icon={Hospital}
      title="System Administration"
      description={<p>Manage hospitals and their administrators, provider accounts, specialty taxonomies, expertise terms, reading levels, brand guidelines, prompt templates and help content.</p>}
    />
  );
}

export { SystemAdminPage as Component };

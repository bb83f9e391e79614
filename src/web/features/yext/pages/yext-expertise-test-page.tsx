import { Brain } from 'lucide-react';
import { PageHeader } from '@web/components/layout/page-header';

export function YextExpertiseTestPage() {
  return (
    <PageHeader
      icon={Brain}
      title="Expertise Sync Test"
      description={<p>Preview how the conditions, procedures and reasons for visit held in the listing service map onto a hospital’s expertise terms before a sync is run.</p>}
    />
  );
}

export { YextExpertiseTestPage as Component };

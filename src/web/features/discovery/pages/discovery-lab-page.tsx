import { Compass } from 'lucide-react';
import { PageHeader } from '@web/components/layout/page-header';

export function DiscoveryLabPage() {
  return (
    <PageHeader
      icon={Compass}
      title="Discovery Lab"
      description={<p>Find your publications in PubMed, your studies on ClinicalTrials.gov and your media mentions, review what was found and add the right matches to your profile in one step.</p>}
    />
  );
}

export { DiscoveryLabPage as Component };

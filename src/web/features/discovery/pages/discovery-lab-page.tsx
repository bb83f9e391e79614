import { Compass } from 'lucide-react';
import { PageHeader } from '@web/components/layout/page-header';
import { NotificationSettingsCard } from '@web/features/notifications';
import { ReviewList } from '../components/review-list';
import { RunDiscoveryForm } from '../components/run-discovery-form';
import { SessionHistory } from '../components/session-history';

export function DiscoveryLabPage() {
  return (
    <div className="space-y-8">
      <PageHeader
        icon={Compass}
        title="Discovery Lab"
        description={
          <p>
            Find your publications in PubMed, your studies on ClinicalTrials.gov and your media mentions, review what was found and add the right matches to
            your profile in one step.
          </p>
        }
      />
      <RunDiscoveryForm />
      <ReviewList />
      <div className="grid gap-6 xl:grid-cols-2">
        <NotificationSettingsCard />
        <SessionHistory />
      </div>
    </div>
  );
}

export { DiscoveryLabPage as Component };

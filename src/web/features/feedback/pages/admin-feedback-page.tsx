import { Inbox } from 'lucide-react';
import { PageHeader } from '@web/components/layout/page-header';

export function AdminFeedbackPage() {
  return (
    <PageHeader
      icon={Inbox}
      title="Feedback"
      description={<p>Review what beta users have sent in: search and filter submissions by status, category and severity, sort by date or severity, open a submission to read its details, and archive or delete several at once.</p>}
    />
  );
}

export { AdminFeedbackPage as Component };

import { MessageSquare } from 'lucide-react';
import { PageHeader } from '@web/components/layout/page-header';

export function FeedbackPage() {
  return (
    <PageHeader
      icon={MessageSquare}
      title="Feedback"
      description={<p>Report a problem or suggest an improvement. Tell us what happened, how serious it is and, if you can, how to reproduce it; a screenshot helps us see exactly what you saw.</p>}
    />
  );
}

export { FeedbackPage as Component };

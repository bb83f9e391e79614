import { Camera, ExternalLink, MessageSquare, MessageSquarePlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FEEDBACK_LIMITS } from '@shared/limits';
import { PageHeader } from '@web/components/layout/page-header';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { FormAlert } from '@web/components/form/form-alert';
import { serverMessage } from '@web/lib/admin-error-message';
import { Pagination } from '@web/features/console';
import { formatDateTime } from '@web/lib/console-format';
import { useMyFeedback } from '../api/list-my-feedback';
import type { FeedbackItem } from '../api/types';
import { SeverityBadge, StatusBadge } from '../components/feedback-badges';
import { categoryLabel } from '../lib/labels';
import { useFeedbackAvailability } from '../lib/use-feedback-availability';
import { openFeedbackWidget } from '../lib/widget-state';

function FeedbackCard({ item }: { item: FeedbackItem }) {
  const issue = item.linkedIssue;
  return (
    <li>
      <Card className="flex flex-col gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <h2 className="min-w-0 text-base font-semibold break-words text-gray-900">{item.title}</h2>
          <StatusBadge status={item.status} />
        </div>
        <p className="line-clamp-3 text-sm leading-6 break-words whitespace-pre-line text-gray-700">{item.description}</p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-gray-600">
          <span className="font-medium text-gray-700">{categoryLabel(item.category)}</span>
          <SeverityBadge severity={item.severity} />
          <span>
            Sent <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
          </span>
          {item.screenshotUrl ? (
            <a href={item.screenshotUrl} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-brand-700 hover:underline">
              <Camera aria-hidden="true" className="size-4" />
              Screenshot<span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
          {issue?.url ? (
            <a href={issue.url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline">
              {issue.identifier ? `Tracked as ${issue.identifier}` : 'View in the tracker'}
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      </Card>
    </li>
  );
}

/** The provider's own submissions, newest first, 50 a page; the button opens the widget. */
export function FeedbackPage() {
  const [page, setPage] = useState(1);
  const feedback = useMyFeedback(page);
  const { available, pending } = useFeedbackAvailability();
  const emptyPage = feedback.data !== undefined && feedback.data.items.length === 0 && page > 1;

  useEffect(() => {
    if (emptyPage) setPage((current) => Math.max(1, current - 1));
  }, [emptyPage]);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={MessageSquare}
        title="Feedback"
        description={
          <p>
            Report a problem or suggest an improvement. Tell us what happened, how serious it is and, if you can, how to reproduce it; a screenshot helps us see
            exactly what you saw.
          </p>
        }
        actions={
          available ? (
            <Button onClick={openFeedbackWidget}>
              <MessageSquarePlus aria-hidden="true" className="size-4" />
              Send Feedback
            </Button>
          ) : null
        }
      />

      {!available && !pending ? (
        <FormAlert tone="info" title="Feedback is open to beta testers">
          During the beta, only beta and alpha users can send feedback from Vitae. Your earlier submissions stay listed here.
        </FormAlert>
      ) : null}

      <section aria-labelledby="my-feedback-heading" className="flex flex-col gap-4">
        <div className="flex items-center justify-between gap-3">
          <h2 id="my-feedback-heading" className="text-lg font-semibold text-gray-900">
            Your submissions
          </h2>
          {feedback.isFetching && !feedback.isPending ? <Spinner size="sm" label="Updating" className="text-brand-600" /> : null}
        </div>

        {feedback.isPending ? (
          <div className="flex justify-center py-16 text-brand-600">
            <Spinner label="Loading your feedback" />
          </div>
        ) : feedback.isError ? (
          <FormAlert title="Your feedback could not be loaded.">
            <p>{serverMessage(feedback.error)}</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void feedback.refetch()}>
              Try again
            </Button>
          </FormAlert>
        ) : feedback.data.items.length === 0 ? (
          <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
            <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
              <MessageSquare aria-hidden="true" className="size-6" />
            </span>
            <p className="text-base font-medium text-gray-900">You have not sent any feedback yet.</p>
            <p className="max-w-md text-sm text-gray-600">
              {available
                ? 'Use the Send Feedback button here, or the one on every page: at the right edge of the window, or in the header on a phone.'
                : 'What you send will be listed here.'}
            </p>
          </Card>
        ) : (
          <>
            <ul className="flex flex-col gap-3">
              {feedback.data.items.map((item) => (
                <FeedbackCard key={item.id} item={item} />
              ))}
            </ul>
            <Pagination page={page} pageSize={FEEDBACK_LIMITS.userPageSize} totalCount={feedback.data.totalCount} onPageChange={setPage} noun="submissions" />
          </>
        )}
      </section>
    </div>
  );
}

export { FeedbackPage as Component };

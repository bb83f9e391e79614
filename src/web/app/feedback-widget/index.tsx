import { lazy, Suspense } from 'react';
import { useFeedbackAvailability } from '@web/features/feedback/lib/use-feedback-availability';

// The panel (form, validation, screenshot capture) loads only for a provider who may use it. The
// context a submission carries is recorded from the start of the app: main.tsx installs it.
const FeedbackWidgetPanel = lazy(() => import('./feedback-widget').then(({ FeedbackWidgetPanel }) => ({ default: FeedbackWidgetPanel })));

export function FeedbackWidget() {
  const { available } = useFeedbackAvailability();
  if (!available) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackWidgetPanel />
    </Suspense>
  );
}

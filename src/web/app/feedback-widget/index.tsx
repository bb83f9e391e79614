import { lazy, Suspense } from 'react';
import { useFeedbackAvailability } from '@web/features/feedback/lib/use-feedback-availability';
import { useHydrated } from '@web/lib/use-hydrated';

// The panel (form, validation, screenshot capture) loads only for a provider who may use it. The
// context a submission carries is recorded from the start of the app: main.tsx installs it.
const FeedbackWidgetPanel = lazy(() => import('./feedback-widget').then(({ FeedbackWidgetPanel }) => ({ default: FeedbackWidgetPanel })));

export function FeedbackWidget() {
  const { available } = useFeedbackAvailability();
  // It sits where the provider last left it (local storage), inside the window: a browser-only place.
  const hydrated = useHydrated();
  if (!available || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackWidgetPanel />
    </Suspense>
  );
}

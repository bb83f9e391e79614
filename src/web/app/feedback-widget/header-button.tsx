import { MessageSquarePlus } from 'lucide-react';
import { setWidgetState, useWidgetState } from '@web/features/feedback/lib/widget-state';
import { useFeedbackAvailability } from '@web/features/feedback/lib/use-feedback-availability';
import { useHydrated } from '@web/lib/use-hydrated';
import { cn } from '@web/lib/cn';

export const FEEDBACK_HEADER_BUTTON_ID = 'feedback-header-button';

/**
 * The feedback widget's place on a phone: a button in the header beside the notifications, where it
 * covers nothing (a floating button there hid form fields and links; issue T3 4/7 item 2). It opens
 * the same panel as the docked tab of wide windows, and brings back a minimized draft.
 */
export function FeedbackHeaderButton({ className }: { className?: string }) {
  const { available } = useFeedbackAvailability();
  const hydrated = useHydrated();
  const state = useWidgetState();
  if (!available || !hydrated) return null;
  const draft = state === 'minimized';
  return (
    <button
      id={FEEDBACK_HEADER_BUTTON_ID}
      type="button"
      aria-label={draft ? 'Restore feedback draft' : 'Send Feedback'}
      onClick={() => setWidgetState('open')}
      className={cn('relative inline-flex size-10 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100', className)}
    >
      <MessageSquarePlus aria-hidden="true" className="size-5" />
      {draft ? <span aria-hidden="true" className="absolute top-2 right-2 size-2 rounded-full bg-brand-600 ring-2 ring-white" /> : null}
    </button>
  );
}

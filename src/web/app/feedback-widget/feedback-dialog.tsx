import { zodResolver } from '@hookform/resolvers/zod';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { Minus, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FEEDBACK_MESSAGES, feedbackFormSchema } from '@shared/schemas/feedback';
import { serverFieldErrors } from '@web/lib/admin-error-message';
import { myFeedbackQueryKey } from '@web/features/feedback/api/submit-feedback';
import { setWidgetState } from '@web/features/feedback/lib/widget-state';
import { ApiError } from '@web/lib/api-client';
import { errorMonitor } from '@web/lib/error-monitor';
import { EMPTY_DRAFT, FeedbackForm, type AttachedScreenshot, type FeedbackFormInput, type FeedbackFormOutput } from './feedback-form';
import { captureScreenshot, WIDGET_ATTRIBUTE } from './screenshot';
import { sendFeedback } from './send-feedback';
import { WidgetControl } from './widget-control';

const DEFAULT_FAILURE = 'An unexpected error occurred. Please try again.';
const widgetMark = { [WIDGET_ATTRIBUTE]: '' };

/** The server's words when it sent some (rate limits, refusals, the store failure); else the default. */
function messageOf(error: unknown): string {
  if (error instanceof ApiError && !error.code.startsWith('HTTP_') && error.message) return error.message;
  return DEFAULT_FAILURE;
}

function previewOf(blob: Blob): string {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : '';
}

function releasePreview(screenshot: AttachedScreenshot | null) {
  if (screenshot?.previewUrl && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(screenshot.previewUrl);
}

interface FeedbackDialogProps {
  open: boolean;
  /** Where focus goes when the panel closes: the draft bar, or the button. */
  returnFocus: () => void;
}

/**
 * The feedback panel: the form, its validation, screenshot capture and sending. It loads the first
 * time the widget opens and stays mounted after that, so a minimized or closed panel keeps its draft.
 */
export function FeedbackDialog({ open, returnFocus }: FeedbackDialogProps) {
  const queryClient = useQueryClient();
  const form = useForm<FeedbackFormInput, unknown, FeedbackFormOutput>({
    resolver: zodResolver(feedbackFormSchema),
    defaultValues: EMPTY_DRAFT,
    mode: 'onTouched',
  });
  const [screenshot, setScreenshot] = useState<AttachedScreenshot | null>(null);
  const [capturing, setCapturing] = useState(false);
  const [sending, setSending] = useState(false);

  const screenshotRef = useRef(screenshot);
  useEffect(() => {
    screenshotRef.current = screenshot;
  }, [screenshot]);
  useEffect(() => () => releasePreview(screenshotRef.current), []);

  const attach = useCallback((next: AttachedScreenshot | null) => {
    setScreenshot((current) => {
      if (current !== next) releasePreview(current);
      return next;
    });
  }, []);

  const reportCaptureFailure = (error: unknown) => {
    errorMonitor.report(error, { source: 'feedback.screenshot' });
    toast.error(FEEDBACK_MESSAGES.screenshotFailedTitle, { description: FEEDBACK_MESSAGES.screenshotFailedBody });
  };

  const onCapture = async () => {
    setCapturing(true);
    try {
      const blob = await captureScreenshot();
      attach({ blob, previewUrl: previewOf(blob) });
    } catch (error) {
      reportCaptureFailure(error);
    } finally {
      setCapturing(false);
    }
  };

  const onSubmit = async (values: FeedbackFormOutput) => {
    form.clearErrors('root');
    setSending(true);
    try {
      await sendFeedback(values, screenshot?.blob ?? null, {
        capture: () => captureScreenshot(),
        onCaptureFailed: () => toast.error(FEEDBACK_MESSAGES.screenshotFailedTitle, { description: FEEDBACK_MESSAGES.screenshotFailedBody }),
      });
      toast.success(FEEDBACK_MESSAGES.successTitle, { description: FEEDBACK_MESSAGES.successBody });
      form.reset(EMPTY_DRAFT);
      attach(null);
      setWidgetState('closed');
      void queryClient.invalidateQueries({ queryKey: myFeedbackQueryKey });
    } catch (error) {
      const message = messageOf(error);
      for (const { field, message: fieldMessage } of serverFieldErrors(error)) {
        if (field in EMPTY_DRAFT) form.setError(field as keyof FeedbackFormInput, { type: 'server', message: fieldMessage });
      }
      form.setError('root.server', { type: 'server', message });
      toast.error(FEEDBACK_MESSAGES.failureTitle, { description: message });
    } finally {
      setSending(false);
    }
  };

  return (
    <DialogPrimitive.Root open={open} onOpenChange={(next) => setWidgetState(next ? 'open' : 'closed')}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay {...widgetMark} className="fixed inset-0 z-50 bg-gray-950/30" />
        <DialogPrimitive.Content
          {...widgetMark}
          // Focus goes back to whatever now stands for the widget: the bar, or the button.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
          className={[
            'fixed inset-x-2 bottom-2 z-50 flex max-h-[calc(100dvh-1rem)] flex-col rounded-2xl bg-white shadow-2xl ring-1 ring-gray-900/10 focus:outline-none',
            'sm:inset-x-auto sm:right-6 sm:bottom-6 sm:max-h-[calc(100dvh-3rem)] sm:w-[28rem]',
          ].join(' ')}
        >
          <div className="flex items-start gap-3 px-5 pt-4 pb-3">
            <div className="min-w-0 flex-1">
              <DialogPrimitive.Title className="text-lg font-semibold text-gray-900">Send Feedback</DialogPrimitive.Title>
              <DialogPrimitive.Description className="mt-0.5 text-sm leading-6 text-gray-600">
                Report a problem or suggest an improvement.
              </DialogPrimitive.Description>
            </div>
            <div className="-mr-2 flex shrink-0 items-center">
              <WidgetControl shape="square" icon={Minus} label="Minimize feedback form" onClick={() => setWidgetState('minimized')} />
              <DialogPrimitive.Close asChild>
                <WidgetControl shape="square" icon={X} label="Close feedback form" />
              </DialogPrimitive.Close>
            </div>
          </div>
          <FeedbackForm
            form={form}
            sending={sending}
            capturing={capturing}
            screenshot={screenshot}
            onCapture={() => void onCapture()}
            onRemoveScreenshot={() => attach(null)}
            onSubmit={(values) => void onSubmit(values)}
          />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export default FeedbackDialog;

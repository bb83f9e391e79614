import { zodResolver } from '@hookform/resolvers/zod';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { Maximize2, MessageSquare, Minus, X } from 'lucide-react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FEEDBACK_MESSAGES, feedbackFormSchema } from '@shared/schemas/feedback';
import { serverFieldErrors } from '@web/features/admin-auth/lib/admin-error-message';
import { myFeedbackQueryKey } from '@web/features/feedback/api/submit-feedback';
import { setWidgetState, useWidgetState } from '@web/features/feedback/lib/widget-state';
import { ApiError } from '@web/lib/api-client';
import { errorMonitor } from '@web/lib/error-monitor';
import { FeedbackButton } from './feedback-button';
import { EMPTY_DRAFT, FeedbackForm, type AttachedScreenshot, type FeedbackFormInput, type FeedbackFormOutput } from './feedback-form';
import { clampPosition, loadPosition, savePosition, type Size, type WidgetPosition } from './position';
import { captureScreenshot, WIDGET_ATTRIBUTE } from './screenshot';
import { sendFeedback } from './send-feedback';

const DEFAULT_FAILURE = 'An unexpected error occurred. Please try again.';
const widgetMark = { [WIDGET_ATTRIBUTE]: '' };

function readViewport(): Size {
  return { width: window.innerWidth, height: window.innerHeight };
}

function useViewport(): Size {
  const [viewport, setViewport] = useState(readViewport);
  useEffect(() => {
    const onResize = () => setViewport(readViewport());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return viewport;
}

/** The element's size, kept up to date; zero until it has been laid out. */
function useElementSize<T extends HTMLElement>(): [(node: T | null) => void, Size] {
  const [node, setNode] = useState<T | null>(null);
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    if (!node) return;
    const measure = () => {
      const rect = node.getBoundingClientRect();
      setSize((current) => (current.width === rect.width && current.height === rect.height ? current : { width: rect.width, height: rect.height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [node]);
  return [setNode, size];
}

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

/**
 * The floating feedback widget for signed-in beta and alpha providers (access spec §2, §4, §6, §7):
 * a draggable button, a panel with the form that can be minimized to a bar (the draft is kept) or
 * closed. Renders nothing for anybody else.
 */
export function FeedbackWidgetPanel() {
  const state = useWidgetState();
  const queryClient = useQueryClient();
  const viewport = useViewport();
  const [stored, setStored] = useState<WidgetPosition>(() => loadPosition());
  const [buttonNode, buttonSize] = useElementSize<HTMLButtonElement>();
  const [barNode, barSize] = useElementSize<HTMLDivElement>();
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const restoreRef = useRef<HTMLButtonElement | null>(null);

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

  // On the way out of the page (sign-out), the panel should not come back open on the next sign-in.
  useEffect(() => () => setWidgetState('closed'), []);

  const onMove = (position: WidgetPosition, done: boolean) => {
    setStored(position);
    if (done) savePosition(position);
  };

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

  const buttonPosition = clampPosition(stored, viewport, buttonSize);
  const barPosition = clampPosition(stored, viewport, barSize);

  return (
    <>
      {state === 'closed' ? (
        <FeedbackButton
          buttonRef={(node) => {
            buttonRef.current = node;
            buttonNode(node);
          }}
          position={buttonPosition}
          viewport={readViewport}
          onMove={onMove}
          onOpen={() => setWidgetState('open')}
        />
      ) : null}

      {state === 'minimized' ? (
        <div
          ref={barNode}
          {...widgetMark}
          role="region"
          aria-label="Feedback draft"
          style={{ right: barPosition.right, bottom: barPosition.bottom }}
          className="fixed z-40 flex h-11 items-center gap-1 rounded-full bg-white py-1 pr-1 pl-4 text-sm font-medium text-gray-900 shadow-lg ring-1 ring-gray-900/10"
        >
          <MessageSquare aria-hidden="true" className="size-4 text-brand-600" />
          <span className="mr-1 ml-1 whitespace-nowrap">Feedback draft</span>
          <button
            ref={restoreRef}
            type="button"
            onClick={() => setWidgetState('open')}
            aria-label="Restore feedback form"
            className="inline-flex size-9 items-center justify-center rounded-full text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <Maximize2 aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            onClick={() => setWidgetState('closed')}
            aria-label="Close feedback form"
            className="inline-flex size-9 items-center justify-center rounded-full text-gray-600 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}

      <DialogPrimitive.Root open={state === 'open'} onOpenChange={(open) => setWidgetState(open ? 'open' : 'closed')}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay {...widgetMark} className="fixed inset-0 z-50 bg-gray-950/30" />
          <DialogPrimitive.Content
            {...widgetMark}
            // Focus goes back to whatever now stands for the widget: the bar, or the button.
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              (restoreRef.current ?? buttonRef.current)?.focus();
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
                <button
                  type="button"
                  onClick={() => setWidgetState('minimized')}
                  aria-label="Minimize feedback form"
                  className="inline-flex size-9 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <Minus aria-hidden="true" className="size-5" />
                </button>
                <DialogPrimitive.Close
                  aria-label="Close feedback form"
                  className="inline-flex size-9 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <X aria-hidden="true" className="size-5" />
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
    </>
  );
}

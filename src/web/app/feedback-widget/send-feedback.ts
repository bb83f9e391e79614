import type { z } from 'zod';
import type { feedbackFormSchema } from '@shared/schemas/feedback';
import { submitFeedback, uploadScreenshot } from '@web/features/feedback/api/submit-feedback';
import type { FeedbackItem } from '@web/features/feedback/api/types';
import { errorMonitor } from '@web/lib/error-monitor';
import { collectFeedbackContext, type FeedbackContext } from './context';
import { captureScreenshot } from './screenshot';

export type FeedbackFormValues = z.output<typeof feedbackFormSchema>;

export interface SendFeedbackDeps {
  capture: () => Promise<Blob>;
  upload: (image: Blob) => Promise<string>;
  submit: typeof submitFeedback;
  context: () => FeedbackContext;
  /** Told when the automatic capture failed, after the failure has been logged. */
  onCaptureFailed: (error: unknown) => void;
}

const defaultDeps: Omit<SendFeedbackDeps, 'onCaptureFailed'> = {
  capture: () => captureScreenshot(),
  upload: (image) => uploadScreenshot(image),
  submit: submitFeedback,
  context: () => collectFeedbackContext(),
};

/**
 * The submission flow of access spec §7: without an attached screenshot one is captured
 * automatically (a failure is logged and reported, then the submission goes on); the image is
 * uploaded first (a failed upload is logged and the submission goes on without it); then the form
 * is sent with the scrubbed context.
 */
export async function sendFeedback(values: FeedbackFormValues, attached: Blob | null, deps: Partial<SendFeedbackDeps> = {}): Promise<FeedbackItem> {
  const { capture, upload, submit, context, onCaptureFailed } = { ...defaultDeps, onCaptureFailed: () => undefined, ...deps };

  let image = attached;
  if (!image) {
    try {
      image = await capture();
    } catch (error) {
      errorMonitor.report(error, { source: 'feedback.screenshot', automatic: true });
      onCaptureFailed(error);
    }
  }

  let screenshotUrl: string | null = null;
  if (image) {
    try {
      screenshotUrl = await upload(image);
    } catch (error) {
      errorMonitor.report(error, { source: 'feedback.screenshot-upload' });
    }
  }

  return submit({
    category: values.category,
    severity: values.severity,
    title: values.title,
    description: values.description,
    reproductionSteps: values.reproductionSteps,
    screenshotUrl,
    ...context(),
  });
}

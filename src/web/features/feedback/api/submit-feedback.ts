import type { z } from 'zod';
import type { feedbackSubmissionSchema } from '@shared/schemas/feedback';
import { apiFetch } from '@web/lib/api-client';
import type { FeedbackItem } from './types';

export type FeedbackSubmission = z.input<typeof feedbackSubmissionSchema>;

export const myFeedbackQueryKey = ['feedback', 'mine'] as const;

/** `POST /api/feedback/screenshot`: stores the image and answers with the link to put in the submission. */
export async function uploadScreenshot(image: Blob, signal?: AbortSignal): Promise<string> {
  const form = new FormData();
  const extension = image.type === 'image/png' ? 'png' : image.type === 'image/webp' ? 'webp' : 'jpg';
  form.append('file', image, `screenshot.${extension}`);
  const { url } = await apiFetch<{ url: string }>('/api/feedback/screenshot', { method: 'POST', body: form, signal });
  return url;
}

/** `POST /api/feedback`. */
export function submitFeedback(body: FeedbackSubmission, signal?: AbortSignal): Promise<FeedbackItem> {
  return apiFetch<FeedbackItem>('/api/feedback', { method: 'POST', body, signal });
}

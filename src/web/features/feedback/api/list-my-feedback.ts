import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FEEDBACK_LIMITS } from '@shared/limits';
import { apiFetch } from '@web/lib/api-client';
import { myFeedbackQueryKey } from './submit-feedback';
import type { FeedbackPage } from './types';

/** `GET /api/feedback/mine`: the provider's own submissions, newest first. */
export function listMyFeedback(page: number, signal?: AbortSignal): Promise<FeedbackPage> {
  const params = new URLSearchParams({ page: String(page), pageSize: String(FEEDBACK_LIMITS.userPageSize) });
  return apiFetch<FeedbackPage>(`/api/feedback/mine?${params}`, { signal });
}

export function useMyFeedback(page: number) {
  return useQuery({
    queryKey: [...myFeedbackQueryKey, page],
    queryFn: ({ signal }) => listMyFeedback(page, signal),
    placeholderData: keepPreviousData,
  });
}

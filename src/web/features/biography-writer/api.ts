import { useMutation } from '@tanstack/react-query';
import type { BiographyDraftResponse } from '@shared/schemas/biography';
import { apiFetch } from '@web/lib/api-client';

export type { BiographyDraftResponse };

/**
 * Two versions are written in parallel, each allowed 30 s by the server; the browser waits a little
 * longer so the server's own clear timeout message arrives rather than a bare network timeout.
 */
export const DRAFT_TIMEOUT_MS = 45_000;

/** `POST /api/biography/draft`: nothing is saved by asking. */
export function useBiographyDraft() {
  return useMutation({
    mutationFn: () => apiFetch<BiographyDraftResponse>('/api/biography/draft', { method: 'POST', timeoutMs: DRAFT_TIMEOUT_MS }),
  });
}

import { useMutation, useQuery } from '@tanstack/react-query';
import { READING_LEVEL_DEFAULTS } from '@shared/limits';
import type { BiographyDraftResponse, BiographyTargetsResponse } from '@shared/schemas/biography';
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

/** Until the hospital's targets arrive (or if they cannot be read) the product defaults apply. */
const DEFAULT_TARGETS: BiographyTargetsResponse = {
  professional: {
    readingLevel: READING_LEVEL_DEFAULTS.professionalReadingLevel,
    wordCountMin: READING_LEVEL_DEFAULTS.professionalWordCountMin,
    wordCountMax: READING_LEVEL_DEFAULTS.professionalWordCountMax,
    tone: READING_LEVEL_DEFAULTS.professionalTone,
  },
  public: {
    readingLevel: READING_LEVEL_DEFAULTS.publicReadingLevel,
    wordCountMin: READING_LEVEL_DEFAULTS.publicWordCountMin,
    wordCountMax: READING_LEVEL_DEFAULTS.publicWordCountMax,
    tone: READING_LEVEL_DEFAULTS.publicTone,
  },
};

/** `GET /api/biography/targets`: the reading level and length the provider's hospital asks for. */
export function useBiographyTargets(): BiographyTargetsResponse {
  const query = useQuery({
    queryKey: ['biography', 'targets'],
    queryFn: ({ signal }) => apiFetch<BiographyTargetsResponse>('/api/biography/targets', { signal }),
  });
  return query.data ?? DEFAULT_TARGETS;
}

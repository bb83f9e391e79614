import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NpiRecord } from '@shared/npi';
import { apiFetch } from '@web/lib/api-client';

/** A lookup's answer: the national registry's record, or the hospital's listing service in its shape. */
export type LookupRecord = NpiRecord & { source?: 'yext' };

/**
 * `GET /api/npi/:number`: the record for one NPI. With the hospital chosen at sign-up, a hospital
 * whose provider data comes from the listing service answers from there.
 */
export function getNpiRecord(npi: string, hospitalId?: string, signal?: AbortSignal): Promise<LookupRecord> {
  const query = hospitalId ? `?hospitalId=${encodeURIComponent(hospitalId)}` : '';
  return apiFetch<LookupRecord>(`/api/npi/${encodeURIComponent(npi)}${query}`, { signal });
}

export function npiRecordQueryOptions(npi: string, hospitalId?: string) {
  return queryOptions({
    queryKey: ['npi', npi, hospitalId ?? null],
    queryFn: ({ signal }) => getNpiRecord(npi, hospitalId, signal),
    // The person clicked "Look up" and is waiting: show a failure now; they can click again.
    retry: false,
  });
}

/**
 * A lookup started by a button: the result is cached as a query (looking the same number up again
 * costs nothing), and the mutation gives the button its pending and error states.
 */
export function useNpiLookup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ npi, hospitalId }: { npi: string; hospitalId?: string }) => queryClient.fetchQuery(npiRecordQueryOptions(npi, hospitalId)),
    retry: false,
  });
}

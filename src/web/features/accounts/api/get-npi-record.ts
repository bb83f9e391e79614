import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NpiRecord } from '@shared/npi';
import { apiFetch } from '@web/lib/api-client';

/** `GET /api/npi/:number`: the national registry's record for one NPI. */
export function getNpiRecord(npi: string, signal?: AbortSignal): Promise<NpiRecord> {
  return apiFetch<NpiRecord>(`/api/npi/${encodeURIComponent(npi)}`, { signal });
}

export function npiRecordQueryOptions(npi: string) {
  return queryOptions({
    queryKey: ['npi', npi],
    queryFn: ({ signal }) => getNpiRecord(npi, signal),
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
  return useMutation({ mutationFn: (npi: string) => queryClient.fetchQuery(npiRecordQueryOptions(npi)), retry: false });
}

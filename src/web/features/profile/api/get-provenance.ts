import { useQuery } from '@tanstack/react-query';
import type { ProvenanceEntry } from '@shared/provenance';
import { apiFetch } from '@web/lib/api-client';
import { profileKeys } from '@web/lib/query-keys';

export interface MyProvenance {
  items: ProvenanceEntry[];
  /** Identity fields typed over an import, which later imports leave alone. */
  overrides: string[];
}

/** `GET /api/profile/provenance`: where each field of the provider's profile came from, and when. */
export function useMyProvenance() {
  return useQuery({ queryKey: profileKeys.provenance, queryFn: ({ signal }) => apiFetch<MyProvenance>('/api/profile/provenance', { signal }) });
}

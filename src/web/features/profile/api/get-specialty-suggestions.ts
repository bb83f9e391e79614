import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { profileKeys } from '@web/lib/query-keys';

export interface SpecialtySuggestion {
  npiSpecialty: string;
  specialty: string;
  confidence: number;
  /** `code`: the registry taxonomy's own code names the specialty; `name`: the closest name to a specialty stored without a code. */
  matchedBy: 'code' | 'name';
}

/** `GET /api/terms/specialty-suggestions`: the taxonomy specialties of the provider's own registry taxonomies. */
export async function getSpecialtySuggestions(signal?: AbortSignal): Promise<SpecialtySuggestion[]> {
  const payload = await apiFetch<{ items: SpecialtySuggestion[] }>('/api/terms/specialty-suggestions', { signal });
  return payload.items;
}

export function useSpecialtySuggestions() {
  return useQuery(queryOptions({ queryKey: profileKeys.specialtySuggestions, queryFn: ({ signal }) => getSpecialtySuggestions(signal) }));
}

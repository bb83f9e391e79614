import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { profileKeys } from './keys';

export interface SpecialtySuggestion {
  npiSpecialty: string;
  specialty: string;
  confidence: number;
}

/** `GET /api/terms/specialty-suggestions`: taxonomy specialties matching the provider's NPI specialties (confidence > 0.3). */
export async function getSpecialtySuggestions(signal?: AbortSignal): Promise<SpecialtySuggestion[]> {
  const payload = await apiFetch<{ items: SpecialtySuggestion[] }>('/api/terms/specialty-suggestions', { signal });
  return payload.items;
}

export function useSpecialtySuggestions() {
  return useQuery(queryOptions({ queryKey: profileKeys.specialtySuggestions, queryFn: ({ signal }) => getSpecialtySuggestions(signal) }));
}

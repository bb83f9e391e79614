import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export interface HospitalOption {
  id: string;
  name: string;
  dataSource: string;
}

/** `GET /api/hospitals/options`: the active hospitals a new provider can join. */
export async function getHospitalOptions(signal?: AbortSignal): Promise<HospitalOption[]> {
  const payload = await apiFetch<{ items?: HospitalOption[] } | undefined>('/api/hospitals/options', { signal });
  return payload?.items ?? [];
}

export function hospitalOptionsQueryOptions() {
  return queryOptions({ queryKey: ['hospitals', 'options'], queryFn: ({ signal }) => getHospitalOptions(signal) });
}

export function useHospitalOptions() {
  return useQuery(hospitalOptionsQueryOptions());
}

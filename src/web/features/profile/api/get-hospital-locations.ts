import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HospitalLocationDto } from '@shared/schemas/locations';
import { apiFetch } from '@web/lib/api-client';
import { profileKeys } from '@web/lib/query-keys';

/** `GET /api/hospital-locations`: the active locations of the provider's hospital, to pick from. */
export async function getHospitalLocations(signal?: AbortSignal): Promise<HospitalLocationDto[]> {
  const payload = await apiFetch<{ items?: HospitalLocationDto[] }>('/api/hospital-locations', { signal });
  return payload.items ?? [];
}

export function useHospitalLocations() {
  return useQuery(queryOptions({ queryKey: profileKeys.hospitalLocations, queryFn: ({ signal }) => getHospitalLocations(signal) }));
}

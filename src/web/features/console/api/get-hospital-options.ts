import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DataSource } from '@shared/enums';
import { apiFetch } from '@web/lib/api-client';

export interface HospitalOption {
  id: string;
  name: string;
  dataSource: DataSource;
}

/** `GET /api/hospitals/options`: active hospitals by name, for choosers. */
export async function getHospitalOptions(signal?: AbortSignal): Promise<HospitalOption[]> {
  const payload = await apiFetch<{ items?: HospitalOption[] }>('/api/hospitals/options', { signal });
  return payload?.items ?? [];
}

export function hospitalOptionsQueryOptions() {
  return queryOptions({ queryKey: ['hospitals', 'options'], queryFn: ({ signal }) => getHospitalOptions(signal) });
}

export function useHospitalOptions(enabled = true) {
  return useQuery({ ...hospitalOptionsQueryOptions(), enabled });
}

/** A hospital administrator's hospital, by name (undefined while loading or for system admins). */
export function useHospitalName(hospitalId: string | null | undefined): string | undefined {
  const { data } = useHospitalOptions(Boolean(hospitalId));
  return hospitalId ? data?.find((hospital) => hospital.id === hospitalId)?.name : undefined;
}

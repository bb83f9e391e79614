import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkLocationReport, HospitalLocationDto, HospitalLocationListItem } from '@shared/schemas/locations';
import { adminRetryPolicy } from '@web/lib/with-network-retry';
import { apiFetch } from '@web/lib/api-client';
import { csvBody } from '@web/lib/csv/csv-body';
import type { Page } from '../../api/list-admins';
import { hospitalQueryKey } from './hospitals';

export type { BulkLocationReport, HospitalLocationDto, HospitalLocationListItem };

/** What the location form sends: '' or null clears a field. */
export interface LocationBody {
  name?: string;
  addressLine1?: string | null;
  addressLine2?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
  country?: string | null;
  phoneNumber?: string | null;
  email?: string | null;
  url?: string | null;
  cDepartmentSpecialty?: string | null;
  isActive?: boolean;
}

export const LOCATION_TEMPLATE_URL = '/api/admin/locations/template.csv';

const locationsKey = (hospitalId: string) => [...hospitalQueryKey(hospitalId), 'locations'] as const;
const base = (hospitalId: string) => `/api/admin/hospitals/${encodeURIComponent(hospitalId)}/locations`;

export function useLocations(hospitalId: string, query: { q: string; page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...locationsKey(hospitalId), query],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
      if (query.q.trim()) params.set('q', query.q.trim());
      return apiFetch<Page<HospitalLocationListItem>>(`${base(hospitalId)}?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
    ...adminRetryPolicy,
  });
}

function useInvalidateLocations(hospitalId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: locationsKey(hospitalId) });
}

export function useSaveLocation(hospitalId: string) {
  const invalidate = useInvalidateLocations(hospitalId);
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: LocationBody }) =>
      id
        ? apiFetch<HospitalLocationDto>(`${base(hospitalId)}/${encodeURIComponent(id)}`, { method: 'PATCH', body })
        : apiFetch<HospitalLocationDto>(base(hospitalId), { method: 'POST', body }),
    retry: false,
    onSuccess: invalidate,
  });
}

export function useDeleteLocation(hospitalId: string) {
  const invalidate = useInvalidateLocations(hospitalId);
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ deleted: boolean }>(`${base(hospitalId)}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    retry: false,
    onSuccess: invalidate,
  });
}

export function useBulkLocations(hospitalId: string) {
  const invalidate = useInvalidateLocations(hospitalId);
  return useMutation({
    mutationFn: (csv: string) => apiFetch<BulkLocationReport>(`${base(hospitalId)}/bulk`, { method: 'POST', body: csvBody(csv), timeoutMs: 120_000 }),
    retry: false,
    onSuccess: invalidate,
  });
}

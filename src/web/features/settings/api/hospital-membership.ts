import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HospitalRequestInput, HospitalRequestView, MyHospitalView } from '@shared/schemas/memberships';
import { sessionQueryKey } from '@web/lib/session';
import { apiFetch } from '@web/lib/api-client';

export const myHospitalQueryKey = ['me', 'hospital'] as const;

/** `GET /api/me/hospital`: the provider's hospital, or their latest request to join one. */
export function useMyHospital() {
  return useQuery({ queryKey: myHospitalQueryKey, queryFn: ({ signal }) => apiFetch<MyHospitalView>('/api/me/hospital', { signal }) });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: myHospitalQueryKey }), queryClient.invalidateQueries({ queryKey: sessionQueryKey })]);
}

/** `POST /api/me/hospital-request`. */
export function useRequestHospital() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: HospitalRequestInput) => apiFetch<HospitalRequestView>('/api/me/hospital-request', { method: 'POST', body: input }),
    onSettled: refresh,
  });
}

/** `DELETE /api/me/hospital-request`. */
export function useCancelHospitalRequest() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: () => apiFetch<{ cancelled: true }>('/api/me/hospital-request', { method: 'DELETE' }), onSettled: refresh });
}

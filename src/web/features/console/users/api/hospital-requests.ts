import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminHospitalRequestView, HospitalRequestView } from '@shared/schemas/memberships';
import { adminRetryPolicy } from '@web/lib/with-network-retry';
import { apiFetch } from '@web/lib/api-client';
import { usersQueryKey } from './users';

export const hospitalRequestsQueryKey = ['admin', 'hospital-requests'] as const;

/** `GET /api/admin/hospital-requests`: providers waiting to join the administrator's hospital (every hospital for a system administrator). */
export function useHospitalRequests() {
  return useQuery({
    queryKey: hospitalRequestsQueryKey,
    queryFn: ({ signal }) => apiFetch<{ items: AdminHospitalRequestView[] }>('/api/admin/hospital-requests', { signal }),
    ...adminRetryPolicy,
  });
}

/** Approve (the provider joins the hospital) or decline a request. */
export function useDecideHospitalRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'decline' }) =>
      apiFetch<HospitalRequestView>(`/api/admin/hospital-requests/${encodeURIComponent(id)}/${decision}`, { method: 'POST' }),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: hospitalRequestsQueryKey }), queryClient.invalidateQueries({ queryKey: usersQueryKey })]),
  });
}

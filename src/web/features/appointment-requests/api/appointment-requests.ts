import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppointmentRequestStatus, AppointmentRequestView } from '@shared/schemas/appointment-requests';
import { apiFetch } from '@web/lib/api-client';

type List = { items: AppointmentRequestView[] };

const hospitalKey = (hospitalId: string) => ['admin', 'hospitals', hospitalId, 'appointment-requests'] as const;
const mineKey = ['me', 'appointment-requests'] as const;

/**
 * Reading requests opens health information and writes an audit entry per request, so the lists are
 * fetched only once someone asks to see them (`enabled`), and never refetched in the background.
 */
const quiet = { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false } as const;

export function useHospitalAppointmentRequests(hospitalId: string, enabled: boolean) {
  return useQuery({
    queryKey: hospitalKey(hospitalId),
    queryFn: ({ signal }) => apiFetch<List>(`/api/admin/hospitals/${hospitalId}/appointment-requests`, { signal }),
    enabled,
    ...quiet,
  });
}

export function useMoveAppointmentRequest(hospitalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, status }: { requestId: string; status: AppointmentRequestStatus }) =>
      apiFetch<AppointmentRequestView>(`/api/admin/hospitals/${hospitalId}/appointment-requests/${requestId}`, { method: 'PATCH', body: { status } }),
    // The moved request replaces its row: no second read of the whole list.
    onSuccess: (moved) =>
      queryClient.setQueryData<List>(hospitalKey(hospitalId), (list) =>
        list ? { items: list.items.map((item) => (item.id === moved.id ? moved : item)) } : list,
      ),
  });
}

export function useMyAppointmentRequests(enabled: boolean) {
  return useQuery({ queryKey: mineKey, queryFn: ({ signal }) => apiFetch<List>('/api/me/appointment-requests', { signal }), enabled, ...quiet });
}

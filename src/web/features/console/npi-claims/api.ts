import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminNpiClaimView, NpiClaimStatus } from '@shared/schemas/npi-claims';
import { adminRetryPolicy } from '@web/lib/with-network-retry';
import { apiFetch } from '@web/lib/api-client';

const claimsKey = (status: NpiClaimStatus) => ['admin', 'npi-claims', status] as const;

/** `GET /api/admin/npi-claims?status=`: the claims queue (system administrators). */
export function useNpiClaims(status: NpiClaimStatus) {
  return useQuery({
    queryKey: claimsKey(status),
    queryFn: ({ signal }) => apiFetch<{ items: AdminNpiClaimView[] }>(`/api/admin/npi-claims?status=${status}`, { signal }),
    ...adminRetryPolicy,
  });
}

/** `POST /api/admin/npi-claims/:id/grant|refuse`. */
export function useDecideNpiClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: string; decision: 'grant' | 'refuse'; note?: string }) =>
      apiFetch<{ id: string; status: NpiClaimStatus }>(`/api/admin/npi-claims/${id}/${decision}`, {
        method: 'POST',
        body: note?.trim() ? { note: note.trim() } : {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'npi-claims'] }),
  });
}

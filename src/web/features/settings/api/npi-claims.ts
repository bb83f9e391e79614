import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NpiClaimInput, NpiClaimView } from '@shared/schemas/npi-claims';
import { apiFetch } from '@web/lib/api-client';

export const myNpiClaimsQueryKey = ['me', 'npi-claims'] as const;

/** `GET /api/me/npi-claims`: the provider's claims to an NPI another account holds. */
export function useMyNpiClaims() {
  return useQuery({ queryKey: myNpiClaimsQueryKey, queryFn: ({ signal }) => apiFetch<{ items: NpiClaimView[] }>('/api/me/npi-claims', { signal }) });
}

/** `POST /api/me/npi-claims`: claim one. */
export function useFileNpiClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NpiClaimInput) => apiFetch<NpiClaimView>('/api/me/npi-claims', { method: 'POST', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myNpiClaimsQueryKey }),
  });
}

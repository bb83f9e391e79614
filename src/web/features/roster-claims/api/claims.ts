import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RosterClaimDto, RosterReviewDto } from '@shared/schemas/roster-claims';
import { sessionQueryKey } from '@web/lib/session';
import { apiFetch } from '@web/lib/api-client';

export const claimQueryKey = (token: string) => ['roster-claim', token] as const;
const claimPath = (token: string) => `/api/roster-claims/${encodeURIComponent(token)}`;

/** `GET /api/roster-claims/:token`: the claim page's content, or why the link does not work. */
export function useRosterClaim(token: string) {
  return useQuery({
    queryKey: claimQueryKey(token),
    queryFn: ({ signal }) => apiFetch<RosterClaimDto>(claimPath(token), { signal }),
    retry: false,
    staleTime: Infinity,
  });
}

/** Claims with a new password: the server signs in at once; the session is read again before moving on. */
export function useClaimWithPassword(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      apiFetch<{ claimed: true; redirectTo: string }>(`${claimPath(token)}/password`, { method: 'POST', body: { password, agreedToTerms: true } }),
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}

/** Claims without a password: a sign-in link goes to the bound address. */
export function useClaimWithMagicLink(token: string) {
  return useMutation({
    mutationFn: () =>
      apiFetch<{ claimed: true; sent: true; emailHint: string }>(`${claimPath(token)}/magic-link`, { method: 'POST', body: { agreedToTerms: true } }),
    retry: false,
  });
}

/** `GET /api/me/roster-review`: the claimed profile's sections with their sources. */
export function useRosterReview() {
  return useQuery({ queryKey: ['me', 'roster-review'], queryFn: ({ signal }) => apiFetch<RosterReviewDto>('/api/me/roster-review', { signal }) });
}

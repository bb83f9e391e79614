import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

/** `POST /api/auth/sign-out-everywhere`: ends every session of this account, this one included. */
export function signOutEverywhere(): Promise<{ signedOut: true }> {
  return apiFetch<{ signedOut: true }>('/api/auth/sign-out-everywhere', { method: 'POST', body: {} });
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: signOutEverywhere, retry: false });
}

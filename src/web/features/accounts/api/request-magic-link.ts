import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export interface MagicLinkResult {
  sent: true;
  email: string;
}

/** `POST /api/auth/magic-link`: the same answer whether or not the address has an account. */
export function requestMagicLink(email: string): Promise<MagicLinkResult> {
  return apiFetch<MagicLinkResult>('/api/auth/magic-link', { method: 'POST', body: { email } });
}

export function useRequestMagicLink() {
  // Each request counts against a 3-per-5-minutes limit, so no automatic retries.
  return useMutation({ mutationFn: requestMagicLink, retry: false });
}

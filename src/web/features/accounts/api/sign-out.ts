import { apiFetch } from '@web/lib/api-client';

/**
 * `POST /api/auth/sign-out`: ends this session. The caller clears the query cache (see
 * `useEndSession`), so there is no invalidation here.
 */
export function signOut(): Promise<{ signedOut: true }> {
  // The server takes state-changing calls only as JSON, even without data.
  return apiFetch<{ signedOut: true }>('/api/auth/sign-out', { method: 'POST', body: {} });
}

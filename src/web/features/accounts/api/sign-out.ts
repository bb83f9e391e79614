import { apiFetch } from '@web/lib/api-client';

/**
 * `POST /api/auth/sign-out`: ends every session of the account ('global', the spec's default), or
 * only this one ('local', for the inactivity timer). The caller clears the query cache (see
 * `useEndSession`), so there is no invalidation here.
 */
export function signOut(scope: 'global' | 'local' = 'global'): Promise<{ signedOut: true }> {
  return apiFetch<{ signedOut: true }>('/api/auth/sign-out', { method: 'POST', body: { scope } });
}

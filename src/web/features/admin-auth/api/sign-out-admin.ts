import { apiFetch } from '@web/lib/api-client';

/** `POST /api/admin/auth/sign-out`: ends every admin session of the account (global sign-out). */
export function signOutAdmin(): Promise<{ signedOut: boolean; redirectTo: string }> {
  // The server accepts state-changing requests only as JSON, body or not.
  return apiFetch('/api/admin/auth/sign-out', { method: 'POST', body: {} });
}

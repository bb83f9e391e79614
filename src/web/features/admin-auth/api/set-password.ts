import { apiFetch } from '@web/lib/api-client';

/**
 * `POST /api/admin/auth/set-password`: a password without the current one, for an administrator
 * held to a change or who has none yet (signed in by magic link only). Ends their other sessions.
 */
export function setAdminPassword(body: { newPassword: string }): Promise<{ changed: boolean }> {
  return apiFetch('/api/admin/auth/set-password', { method: 'POST', body });
}

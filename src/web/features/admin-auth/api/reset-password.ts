import { apiFetch } from '@web/lib/api-client';

/** `POST /api/auth/reset-password`: sets the password from an invitation or reset link's token. */
export function resetPassword(body: { token: string; newPassword: string }): Promise<{ reset: boolean }> {
  return apiFetch('/api/auth/reset-password', { method: 'POST', body });
}

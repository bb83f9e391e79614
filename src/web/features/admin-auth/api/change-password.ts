import { apiFetch } from '@web/lib/api-client';

export interface ChangePasswordBody {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}

/** `POST /api/auth/change-password`; also clears an administrator's forced change. */
export function changePassword(body: ChangePasswordBody): Promise<{ changed: boolean }> {
  return apiFetch('/api/auth/change-password', { method: 'POST', body });
}

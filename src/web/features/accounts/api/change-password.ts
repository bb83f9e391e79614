import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  revokeOtherSessions: boolean;
}

/** `POST /api/auth/change-password`: the current session stays; others end when asked. */
export function changePassword(input: ChangePasswordInput): Promise<{ changed: true }> {
  return apiFetch<{ changed: true }>('/api/auth/change-password', { method: 'POST', body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, retry: false });
}

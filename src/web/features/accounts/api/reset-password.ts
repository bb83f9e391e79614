import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

export interface ResetPasswordResult {
  reset: true;
  redirectTo: string;
}

/** `POST /api/auth/reset-password`: sets a new password with the token from the e-mailed link. */
export function resetPassword(input: ResetPasswordInput): Promise<ResetPasswordResult> {
  return apiFetch<ResetPasswordResult>('/api/auth/reset-password', { method: 'POST', body: input });
}

export function useResetPassword() {
  // The token is single-use: a retry after a lost answer would report the link as invalid.
  return useMutation({ mutationFn: resetPassword, retry: false });
}

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export interface ForgotPasswordResult {
  message: string;
}

/** `POST /api/auth/forgot-password`: a neutral answer, whether or not the address has an account. */
export function forgotPassword(email: string): Promise<ForgotPasswordResult> {
  return apiFetch<ForgotPasswordResult>('/api/auth/forgot-password', { method: 'POST', body: { email } });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword, retry: false });
}

import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export interface VerificationEmailResult {
  sent: true;
  email: string;
}

/** `POST /api/auth/verification-email`: sends the signed-in person a new confirmation link. */
export function sendVerificationEmail(): Promise<VerificationEmailResult> {
  return apiFetch<VerificationEmailResult>('/api/auth/verification-email', { method: 'POST', body: {} });
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail, retry: false });
}

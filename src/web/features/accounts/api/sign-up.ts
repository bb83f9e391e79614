import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { signUpSchema } from '@shared/schemas/auth';
import { apiFetch } from '@web/lib/api-client';
import { sessionQueryKey, type Session, type SessionUser } from '@web/lib/session';

export type SignUpPayload = z.input<typeof signUpSchema>;

export interface SignUpResult {
  user: SessionUser;
  redirectTo: string;
}

/** `POST /api/auth/sign-up`: creates the account and the profile and signs in. */
export function signUp(input: SignUpPayload): Promise<SignUpResult> {
  return apiFetch<SignUpResult>('/api/auth/sign-up', { method: 'POST', body: input });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    // A retried sign-up after a lost answer would hit "e-mail already exists".
    retry: false,
    onSuccess: async ({ user }) => {
      queryClient.setQueryData<Session>(sessionQueryKey, { user });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

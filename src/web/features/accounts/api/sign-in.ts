import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginSchema } from '@shared/schemas/auth';
import { apiFetch } from '@web/lib/api-client';
import { sessionQueryKey, type Session, type SessionUser } from '@web/lib/session';

export type SignInInput = z.output<typeof loginSchema>;

export interface SignInResult {
  user: SessionUser;
  redirectTo: string;
}

/** `POST /api/auth/sign-in`: password sign-in; the server sets the session cookie. */
export function signIn(input: SignInInput): Promise<SignInResult> {
  return apiFetch<SignInResult>('/api/auth/sign-in', { method: 'POST', body: input });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // A wrong password is not worth a retry (and retries would count against the rate limit).
    retry: false,
    onSuccess: async ({ user }) => {
      queryClient.setQueryData<Session>(sessionQueryKey, { user });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

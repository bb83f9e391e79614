import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { sessionQueryKey, type Session, type SessionUser } from '@web/lib/session';

export interface CallbackInput {
  token_hash: string;
  type: 'magiclink' | 'email';
  admin: boolean;
}

export interface CallbackResult {
  user?: SessionUser;
  admin?: Record<string, unknown>;
  verified?: boolean;
  redirectTo: string;
}

/** `POST /api/auth/callback`: verifies an e-mailed sign-in or confirmation link. */
export function completeCallback(input: CallbackInput): Promise<CallbackResult> {
  return apiFetch<CallbackResult>('/api/auth/callback', { method: 'POST', body: input });
}

export function useCompleteCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeCallback,
    // A link works once: a retry after a lost answer would report it as expired.
    retry: false,
    onSuccess: async (result) => {
      if (result.user) queryClient.setQueryData<Session>(sessionQueryKey, { user: result.user });
      // Provider or administrator: whoever was signed in before may have changed.
      await queryClient.invalidateQueries();
    },
  });
}

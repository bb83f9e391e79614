import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { sessionQueryKey, type Session, type SessionUser } from '@web/lib/session';

export interface UpdateProfileInput {
  fullName: string;
}

/** `PATCH /api/auth/profile`: the name on the account. */
export function updateProfile(input: UpdateProfileInput): Promise<{ user: SessionUser }> {
  return apiFetch<{ user: SessionUser }>('/api/auth/profile', { method: 'PATCH', body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => {
      queryClient.setQueryData<Session>(sessionQueryKey, { user });
    },
  });
}

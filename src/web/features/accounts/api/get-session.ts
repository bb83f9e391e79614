import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, isApiError } from '@web/lib/api-client';

export interface SessionUser {
  id: string;
  email: string;
  name?: string | null;
}

/** `GET /api/auth/session`: who is signed in as a provider, if anybody. */
export interface Session {
  user: SessionUser | null;
}

export const sessionQueryKey = ['auth', 'session'] as const;

export async function getSession(signal?: AbortSignal): Promise<Session> {
  try {
    const payload = await apiFetch<Partial<Session> | undefined>('/api/auth/session', { signal });
    return { user: payload?.user ?? null };
  } catch (error) {
    // "Not signed in" may arrive as 401; a missing endpoint must not grant access either.
    if (isApiError(error, 401) || isApiError(error, 404)) return { user: null };
    throw error;
  }
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
  });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}

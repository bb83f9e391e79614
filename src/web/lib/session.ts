import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_ERROR_MESSAGES, isErrorBody } from '@shared/errors';
import { HTTP_POLICY } from '@shared/limits';
import { ApiError, TIMEOUT_MESSAGE } from '@web/lib/api-client';

/** The signed-in provider as the server describes them. */
export interface SessionUser {
  id: string;
  email: string;
  fullName: string | null;
  firstName?: string | null;
  lastName?: string | null;
  jobTitle?: string | null;
  hospitalId?: string | null;
  hospitalName?: string | null;
  /** The hospital's provider-data source; 'yext' (the listing service) offers "Sync from directory". */
  hospitalDataSource?: string | null;
  npiNumber?: string | null;
  tier?: string | null;
  status?: string | null;
  emailVerified?: boolean;
  profileCompletionPercentage?: number | null;
}

/**
 * `GET /api/auth/session`: who is signed in as a provider, if anybody. `endedReason` is set when the
 * server has just ended the session itself (for example `idle` after 30 minutes without activity).
 */
export interface Session {
  user: SessionUser | null;
  endedReason?: string | null;
}

export const sessionQueryKey = ['auth', 'session'] as const;

export const SESSION_ENDED_HEADER = 'x-session-ended';

/**
 * Not `apiFetch`: the "session ended" signal travels in a response header, which `apiFetch` does not
 * expose. Errors and the timeout follow `apiFetch`'s rules.
 */
export async function getSession(signal?: AbortSignal): Promise<Session> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), HTTP_POLICY.timeoutMs);
  const abortFromCaller = () => timeout.abort(signal?.reason);
  signal?.addEventListener('abort', abortFromCaller, { once: true });

  let response: Response;
  try {
    response = await fetch('/api/auth/session', { headers: { Accept: 'application/json' }, credentials: 'same-origin', signal: timeout.signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (timeout.signal.aborted) throw new ApiError(0, 'TIMEOUT', TIMEOUT_MESSAGE);
    throw new ApiError(0, 'NETWORK_ERROR', ADMIN_ERROR_MESSAGES.NETWORK_ERROR, { cause: String(error) });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }

  const endedReason = response.headers.get(SESSION_ENDED_HEADER);
  const payload: unknown = await response.json().catch(() => undefined);
  // "Not signed in" may arrive as 401; a missing endpoint must not grant access either.
  if (response.status === 401 || response.status === 404) return { user: null, endedReason };
  if (!response.ok) {
    if (isErrorBody(payload)) throw new ApiError(response.status, payload.error.code, payload.error.message, payload.error.details);
    throw new ApiError(response.status, `HTTP_${response.status}`, `Request failed with status code ${response.status}`);
  }
  const user = (payload as Partial<Session> | undefined)?.user ?? null;
  return { user, endedReason: user ? null : endedReason };
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

import { apiFetch } from '@web/lib/api-client';

/**
 * `POST /api/auth/keep-alive`: counts as activity on the server, which otherwise only sees API use
 * and would end the session of someone who is reading. 401 SESSION_EXPIRED when it has already ended.
 * Called by the inactivity watcher on its own schedule, so there is no mutation hook.
 */
export function keepAlive(signal?: AbortSignal): Promise<{ active: true }> {
  return apiFetch<{ active: true }>('/api/auth/keep-alive', { method: 'POST', body: {}, signal });
}

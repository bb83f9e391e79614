import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ADMIN_SESSION_LIFETIME_MS } from '@shared/limits';
import { ApiError } from '@web/lib/api-client';
import { adminMeQueryKey, adminSessionEndsAt, EXPIRED, type AdminUser } from '@web/lib/admin-session';

function isMeQuery(queryKey: readonly unknown[]) {
  return queryKey[0] === adminMeQueryKey[0] && queryKey[1] === adminMeQueryKey[1];
}

/** Marks the session as ended; the guard then sends the administrator to the login page. */
export function expireAdminSession(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === 'admin' && !isMeQuery(query.queryKey) });
  queryClient.setQueryData(adminMeQueryKey, EXPIRED);
}

/** Any admin call refused for the session (401) or for a pending password change (403) re-reads who is signed in. */
function needsSessionCheck(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.code === 'PASSWORD_CHANGE_REQUIRED');
}

/**
 * Keeps the guard honest while the tab stays open: ends the session on the client when its 8 hours
 * are up (timers sleep with the laptop, so the check also runs when the tab becomes visible), and
 * re-checks the session whenever another admin call is refused.
 */
export function useAdminSessionWatch(admin: AdminUser | null | undefined) {
  const queryClient = useQueryClient();
  const endsAt = admin ? adminSessionEndsAt(admin, ADMIN_SESSION_LIFETIME_MS) : null;

  useEffect(() => {
    if (endsAt === null) return undefined;
    const check = () => {
      if (Date.now() >= endsAt) expireAdminSession(queryClient);
    };
    // setTimeout holds at most ~24.8 days; an 8-hour session is well inside that.
    const timer = setTimeout(check, Math.max(0, endsAt - Date.now()));
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [endsAt, queryClient]);

  useEffect(() => {
    const recheck = (error: unknown, queryKey?: readonly unknown[]) => {
      if (queryKey && isMeQuery(queryKey)) return;
      if (needsSessionCheck(error)) void queryClient.invalidateQueries({ queryKey: adminMeQueryKey, exact: true });
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error, event.query.queryKey);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
}

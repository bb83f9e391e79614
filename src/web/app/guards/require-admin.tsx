import { createContext } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageStatus } from '@web/components/layout/full-page-status';
import { useAdminSession } from '@web/lib/admin-session';
import { useAdminSessionWatch } from '@web/features/admin-auth/lib/use-admin-session-watch';
import { GuardError } from './guard-error';

export const CHANGE_PASSWORD_PATH = '/admin/change-password';

/** True below the guard: the admin layout asks who is signed in only there (see AdminLayout). */
export const InsideAdminGuard = createContext(false);

/**
 * Renders admin pages only for a signed-in administrator; the server still checks every call.
 * An administrator who must change their password sees nothing but the change-password page.
 */
export function RequireAdmin() {
  const location = useLocation();
  // "Always": a cached "signed out" from the login page must not outlive the sign-in that followed it.
  const session = useAdminSession({ refetchOnMount: 'always' });
  const admin = session.data?.admin ?? null;
  useAdminSessionWatch(admin);

  if (session.isPending) return <FullPageStatus label="Checking your administrator session…" />;
  if (session.isError) return <GuardError onRetry={() => void session.refetch()} retrying={session.isFetching} />;
  if (!admin) {
    if (session.isFetching) return <FullPageStatus label="Checking your administrator session…" />;
    if (session.data.expired) return <Navigate to="/admin/login?reason=expired" replace />;
    const next = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/admin/login?next=${encodeURIComponent(next)}`} replace />;
  }
  if (admin.must_change_password && location.pathname !== CHANGE_PASSWORD_PATH) return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
  return (
    <InsideAdminGuard value>
      <Outlet />
    </InsideAdminGuard>
  );
}

import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageStatus } from '@web/components/layout/full-page-status';
import { useAdminMe } from '@web/features/admin-auth/api/get-admin-me';
import { GuardError } from './guard-error';

/** Renders admin pages only for a signed-in administrator; the server still checks every call. */
export function RequireAdmin() {
  const location = useLocation();
  const admin = useAdminMe();

  if (admin.isPending) return <FullPageStatus label="Checking your administrator session…" />;
  if (admin.isError) return <GuardError onRetry={() => void admin.refetch()} retrying={admin.isFetching} />;
  if (!admin.data) {
    const next = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/admin/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return <Outlet />;
}

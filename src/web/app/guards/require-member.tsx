import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageStatus } from '@web/components/layout/full-page-status';
import { useSession } from '@web/features/accounts/api/get-session';
import { GuardError } from './guard-error';

/** Renders the member area only for a signed-in provider; anyone else goes to the login page. */
export function RequireMember() {
  const location = useLocation();
  const session = useSession();

  if (session.isPending) return <FullPageStatus label="Checking your session…" />;
  if (session.isError) return <GuardError onRetry={() => void session.refetch()} retrying={session.isFetching} />;
  if (!session.data.user) {
    const next = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return <Outlet />;
}

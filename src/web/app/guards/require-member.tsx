import { lazy, Suspense, useDeferredValue } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageStatus } from '@web/components/layout/full-page-status';
import { useSession } from '@web/lib/session';
import { AfterHydration } from '@web/lib/use-hydrated';
import { SessionEndedRedirect } from '../inactivity/session-ended-redirect';
import { GuardError } from './guard-error';

// The watcher and its warning dialog load only once a provider is signed in.
const InactivityWatcher = lazy(() => import('../inactivity/inactivity-watcher').then(({ InactivityWatcher }) => ({ default: InactivityWatcher })));

/** Renders the member area only for a signed-in provider; anyone else goes to the login page. */
export function RequireMember() {
  const location = useLocation();
  // The answer arrives as an urgent update; the member area it unlocks (layout, navigation, the
  // page) then renders as a deferred one, in slices, instead of in one long task.
  const session = useDeferredValue(useSession());

  if (session.isPending) return <FullPageStatus label="Checking your session…" />;
  // A failed background re-check keeps the page: only a first check that failed blocks it.
  if (!session.data) return <GuardError onRetry={() => void session.refetch()} retrying={session.isFetching} />;
  if (!session.data.user) {
    if (session.data.endedReason) return <SessionEndedRedirect />;
    const next = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }
  return (
    <>
      <Outlet />
      {/* The watcher counts the provider's activity in this browser; it starts once the page is live. */}
      <AfterHydration>
        <Suspense fallback={null}>
          <InactivityWatcher />
        </Suspense>
      </AfterHydration>
    </>
  );
}

import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppErrorBoundary } from '../error-boundary';
import { PublicFrame } from './public-frame';

/** Marketing, information and sign-in pages. `children` replaces the outlet (used by the route error page). */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <PublicFrame>
      <AppErrorBoundary name="public" resetKeys={[pathname]}>
        {children ?? <Outlet />}
      </AppErrorBoundary>
    </PublicFrame>
  );
}

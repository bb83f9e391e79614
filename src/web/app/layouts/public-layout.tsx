import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from '@web/components/layout/skip-link';
import { AppErrorBoundary } from '../error-boundary';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Marketing, information and sign-in pages. `children` replaces the outlet (used by the route error page). */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <AppErrorBoundary name="public" resetKeys={[pathname]}>
          {children ?? <Outlet />}
        </AppErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}

import { useEffect } from 'react';
import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { Logo } from '@web/components/brand/logo';
import { MAIN_CONTENT_ID } from '@web/components/layout/skip-link';
import { errorMonitor } from '@web/lib/error-monitor';
import { ErrorFallback } from './error-fallback';
import { PublicLayout } from './layouts/public-layout';
import { NotFound } from './not-found';

/**
 * The router's `errorElement`: errors in loaders, lazy route modules and layouts end here (page
 * render errors are caught closer, by the boundary inside each layout). A 404 response is a
 * missing page, not a failure.
 */
export function RouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (!notFound) errorMonitor.report(error, { source: 'route-error' });
  }, [error, notFound]);

  if (notFound) {
    return (
      <PublicLayout>
        <NotFound />
      </PublicLayout>
    );
  }

  // Deliberately free of layouts and queries: the error may have come from one of them.
  return (
    <div className="flex min-h-dvh flex-col bg-gray-50">
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6 lg:px-8">
          <Logo />
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <ErrorFallback error={error} resetErrorBoundary={() => void revalidator.revalidate()} />
      </main>
    </div>
  );
}

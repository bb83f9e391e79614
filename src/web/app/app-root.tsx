import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { AppErrorBoundary } from './error-boundary';
import { RenderedAtProvider } from '@web/lib/use-hydrated';
import { AppProviders } from './providers';

/**
 * Everything around the router, shared by the browser's entry (main.tsx) and the server's rendering
 * of member pages (src/server/render/member-page.tsx): hydration needs the same tree on both sides.
 */
export function AppRoot({ client, renderedAt = null, children }: { client: QueryClient; renderedAt?: number | null; children: ReactNode }) {
  return (
    <StrictMode>
      <AppErrorBoundary name="root">
        <RenderedAtProvider value={renderedAt}>
          <AppProviders client={client}>{children}</AppProviders>
        </RenderedAtProvider>
      </AppErrorBoundary>
    </StrictMode>
  );
}

import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '@web/app/providers';
import { TooltipScope } from '@web/components/ui/tooltip';

/** A query client for tests: no retries, so failures show at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } } });
}

interface RenderRoutesOptions {
  initialEntries?: string[];
  client?: QueryClient;
}

/** Renders routes in a memory router inside the app's providers. */
export function renderRoutes(routes: RouteObject[], { initialEntries = ['/'], client = createTestQueryClient() }: RenderRoutesOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries });
  const view = render(
    <AppProviders client={client}>
      <TooltipScope>
        <RouterProvider router={router} />
      </TooltipScope>
    </AppProviders>,
  );
  return { ...view, router, client };
}

export function renderAt(path: string, element: ReactElement, options: Omit<RenderRoutesOptions, 'initialEntries'> = {}) {
  return renderRoutes([{ path, element }], { ...options, initialEntries: [path] });
}

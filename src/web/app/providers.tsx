import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { queryClient as defaultQueryClient } from '@web/lib/query-client';
import { AfterHydration } from '@web/lib/use-hydrated';

// The toaster loads after the first paint: the pages that raise toasts load later still.
const Toaster = lazy(() => import('./toaster'));

interface AppProvidersProps {
  children: ReactNode;
  client?: QueryClient;
}

export function AppProviders({ children, client = defaultQueryClient }: AppProvidersProps) {
  // Toasts only ever appear in the browser; a page the server rendered gets the toaster once hydrated.
  return (
    <QueryClientProvider client={client}>
      {children}
      <AfterHydration>
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </AfterHydration>
    </QueryClientProvider>
  );
}

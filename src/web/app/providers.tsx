import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { queryClient as defaultQueryClient } from '@web/lib/query-client';

// The toaster loads after the first paint: the pages that raise toasts load later still.
const Toaster = lazy(() => import('./toaster'));

interface AppProvidersProps {
  children: ReactNode;
  client?: QueryClient;
}

export function AppProviders({ children, client = defaultQueryClient }: AppProvidersProps) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}

import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TOAST, TOOLTIP } from '@shared/limits';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { queryClient as defaultQueryClient } from '@web/lib/query-client';

interface AppProvidersProps {
  children: ReactNode;
  client?: QueryClient;
}

export function AppProviders({ children, client = defaultQueryClient }: AppProvidersProps) {
  return (
    <QueryClientProvider client={client}>
      <TooltipProvider delayDuration={TOOLTIP.delayMs} skipDelayDuration={TOOLTIP.skipDelayMs}>
        {children}
        <Toaster
          position="top-right"
          visibleToasts={TOAST.visible}
          duration={TOAST.durationMs}
          hotkey={['F8']}
          closeButton
          richColors
        />
      </TooltipProvider>
    </QueryClientProvider>
  );
}

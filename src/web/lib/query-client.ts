import { QueryClient } from '@tanstack/react-query';
import { QUERY_CACHE } from '@shared/limits';
import { ApiError, isRetryableFailure } from './api-client';

// A 4xx answer will not change on a retry (signed out, forbidden, not found, invalid input), and a
// write answered with a 5xx may already have happened, so only network failures, timeouts and a
// read's 5xx use the spec's retry budget (mutations too: "mutations retry once").
function shouldRetry(failureCount: number, error: unknown, budget: number): boolean {
  if (error instanceof ApiError && !isRetryableFailure(error)) return false;
  return failureCount < budget;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_CACHE.staleTimeMs,
        gcTime: QUERY_CACHE.gcTimeMs,
        retry: (failureCount, error) => shouldRetry(failureCount, error, QUERY_CACHE.retries),
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
      },
      mutations: {
        retry: (failureCount, error) => shouldRetry(failureCount, error, QUERY_CACHE.mutationRetries),
      },
    },
  });
}

export const queryClient = createQueryClient();

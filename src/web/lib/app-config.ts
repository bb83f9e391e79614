import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

/** `GET /api/config`: the public, per-deployment settings the browser needs. */
export interface AppConfig {
  environment: string;
  release: string;
  sentryDsn: string | null;
  schedulingUrl: string | null;
  feedbackBetaOnly: boolean;
}

export function getConfig(signal?: AbortSignal): Promise<AppConfig> {
  return apiFetch<AppConfig>('/api/config', { signal });
}

export function configQueryOptions() {
  return queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => getConfig(signal),
    // Configuration changes only with a deployment, which reloads the page anyway.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useConfig() {
  return useQuery(configQueryOptions());
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TermSyncResponse, YextPreviewResult, YextSyncLogDto, YextKeyValidation, YextTestResult } from '@shared/schemas/yext';
import { serverMessage } from '@web/lib/admin-error-message';
import { ApiError, apiFetch } from '@web/lib/api-client';

/** A dry run reads every taxonomy page (up to 170 requests to the listing service) before it answers. */
const LONG_CALL_MS = 180_000;

const base = (hospitalId: string) => `/api/admin/hospitals/${encodeURIComponent(hospitalId)}/yext`;

export const yextKeys = {
  all: ['admin', 'yext'] as const,
  preview: (hospitalId: string, npi: string) => ['admin', 'yext', hospitalId, 'preview', npi] as const,
  syncLogs: (hospitalId: string) => ['admin', 'yext', hospitalId, 'sync-logs'] as const,
};

/** `POST …/yext/test`: validates the key afresh and lists up to five providers. */
export function useYextConnectionTest() {
  return useMutation({
    // Up to three key checks and a provider list, each allowed 30 s by the server.
    mutationFn: (hospitalId: string) => apiFetch<YextTestResult>(`${base(hospitalId)}/test`, { method: 'POST', timeoutMs: LONG_CALL_MS }),
  });
}

/** `GET …/yext/preview?npi=`: the mapping a sync would apply for one provider; nothing is written. */
export function useYextPreview(hospitalId: string, npi: string) {
  return useQuery({
    queryKey: yextKeys.preview(hospitalId, npi),
    queryFn: ({ signal }) => apiFetch<YextPreviewResult>(`${base(hospitalId)}/preview?npi=${encodeURIComponent(npi)}`, { signal, timeoutMs: LONG_CALL_MS }),
    enabled: Boolean(hospitalId && npi),
    retry: false,
    staleTime: 0,
  });
}

export interface SyncLogsResponse {
  items: YextSyncLogDto[];
  keyValidation: YextKeyValidation | null;
}

/** `GET …/yext/sync-logs`, polled every two seconds while a sync is running. */
export function useSyncLogs(hospitalId: string) {
  return useQuery({
    queryKey: yextKeys.syncLogs(hospitalId),
    queryFn: ({ signal }) => apiFetch<SyncLogsResponse>(`${base(hospitalId)}/sync-logs`, { signal }),
    enabled: Boolean(hospitalId),
    refetchInterval: (query) => (query.state.data?.items.some((log) => log.status === 'running') ? 2_000 : false),
  });
}

/** `POST …/yext/term-sync`: `{ dryRun: true }` answers the counts at once; otherwise the sync starts in the background. */
export function useTermSync(hospitalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (dryRun: boolean) => apiFetch<TermSyncResponse>(`${base(hospitalId)}/term-sync`, { method: 'POST', body: { dryRun }, timeoutMs: LONG_CALL_MS }),
    onSuccess: (result) => {
      if (!result.dryRun) void queryClient.invalidateQueries({ queryKey: yextKeys.syncLogs(hospitalId) });
    },
  });
}

/**
 * The listing-service texts of the spec ('YEXT API key validation failed…', 'Failed to fetch provider
 * data from YEXT', …) arrive as 4xx or 502 and are written for people; other failures get the console's wording.
 */
export function yextErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.code.startsWith('YEXT_') && error.message) return error.message;
  return serverMessage(error);
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnifiedSyncResult } from '@shared/schemas/yext';
import { pendingUpdatesQueryKey } from '@web/features/pending-updates';
import { profileKeys } from '@web/lib/query-keys';
import { apiFetch } from '@web/lib/api-client';

/** A sync reads the provider's record from the listing service and writes up to eleven sections. */
const SYNC_TIMEOUT_MS = 120_000;

/**
 * `POST /api/yext/sync`: the signed-in provider's profile filled from their hospital's listing
 * service. Sections the provider has already filled become updates to review, never overwrites.
 */
export function useSyncFromDirectory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<UnifiedSyncResult>('/api/yext/sync', { method: 'POST', timeoutMs: SYNC_TIMEOUT_MS }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileKeys.dashboard }),
        queryClient.invalidateQueries({ queryKey: pendingUpdatesQueryKey }),
      ]),
  });
}

/** One line for the toast that reports a finished sync. */
export function syncSummary(result: UnifiedSyncResult): string {
  const parts = [`${result.sectionsUpdated} of ${result.totalSections} sections updated`];
  if (result.pendingUpdatesCreated > 0) {
    parts.push(`${result.pendingUpdatesCreated} ${result.pendingUpdatesCreated === 1 ? 'change' : 'changes'} to review`);
  }
  if (result.sectionsFailed > 0) parts.push(`${result.sectionsFailed} could not be saved`);
  return parts.join(', ');
}

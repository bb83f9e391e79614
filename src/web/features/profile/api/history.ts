import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import type { ProfileHistoryPage } from '@shared/history';
import type { ProfileSectionId } from '@shared/schemas/profile';
import { sessionQueryKey } from '@web/lib/session';
import { apiFetch } from '@web/lib/api-client';
import { profileKeys } from '@web/lib/query-keys';

export const historyKey = (sectionId: ProfileSectionId) => ['profile', 'history', sectionId] as const;

/** `GET /api/profile/history?section=…` for each section a page edits (its own and the lists beside it). */
export function useSectionHistories(sectionIds: readonly ProfileSectionId[], enabled: boolean) {
  return useQueries({
    queries: sectionIds.map((sectionId) => ({
      queryKey: historyKey(sectionId),
      queryFn: ({ signal }: { signal: AbortSignal }) => apiFetch<ProfileHistoryPage>(`/api/profile/history?section=${sectionId}`, { signal }),
      enabled,
    })),
  });
}

/** `POST /api/profile/history/:changeId/restore`: a new save of that change's old values; everything the section shows is read again. */
export function useRestoreChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changeId: string) =>
      apiFetch<{ restoredChangeId: string; sectionId: ProfileSectionId }>(`/api/profile/history/${changeId}/restore`, { method: 'POST' }),
    onSuccess: async (result) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.section(result.sectionId) }),
        queryClient.invalidateQueries({ queryKey: ['profile', 'history'] }),
        queryClient.invalidateQueries({ queryKey: profileKeys.provenance }),
        queryClient.invalidateQueries({ queryKey: profileKeys.dashboard }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]);
    },
  });
}

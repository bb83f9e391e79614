import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminListingView, DirectorySettingsInput, DirectorySettingsView } from '@shared/schemas/directory';
import { adminRetryPolicy } from '@web/lib/with-network-retry';
import { apiFetch } from '@web/lib/api-client';

const settingsKey = (hospitalId: string) => ['admin', 'hospitals', hospitalId, 'directory'] as const;
const listingsKey = (hospitalId: string) => ['admin', 'hospitals', hospitalId, 'directory', 'listings'] as const;

export function useDirectorySettings(hospitalId: string) {
  return useQuery({
    queryKey: settingsKey(hospitalId),
    queryFn: ({ signal }) => apiFetch<DirectorySettingsView>(`/api/admin/hospitals/${hospitalId}/directory`, { signal }),
    ...adminRetryPolicy,
  });
}

export function useSaveDirectorySettings(hospitalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DirectorySettingsInput) =>
      apiFetch<DirectorySettingsView>(`/api/admin/hospitals/${hospitalId}/directory`, { method: 'PUT', body: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey(hospitalId), saved);
      void queryClient.invalidateQueries({ queryKey: listingsKey(hospitalId) });
    },
  });
}

export function useDirectoryListings(hospitalId: string) {
  return useQuery({
    queryKey: listingsKey(hospitalId),
    queryFn: ({ signal }) => apiFetch<{ items: AdminListingView[] }>(`/api/admin/hospitals/${hospitalId}/directory/listings`, { signal }),
    ...adminRetryPolicy,
  });
}

export function useDecideListing(hospitalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, decision, reason }: { userId: string; decision: 'approve' | 'unpublish'; reason?: string }) =>
      apiFetch<{ userId: string; status: string }>(`/api/admin/hospitals/${hospitalId}/directory/listings/${userId}/${decision}`, {
        method: 'POST',
        body: decision === 'unpublish' && reason?.trim() ? { reason: reason.trim() } : {},
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listingsKey(hospitalId) }),
  });
}

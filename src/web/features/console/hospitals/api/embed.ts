import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmbedSettingsInput, EmbedSettingsView } from '@shared/schemas/embed';
import { adminRetryPolicy } from '@web/lib/with-network-retry';
import { apiFetch } from '@web/lib/api-client';

const embedKey = (hospitalId: string) => ['admin', 'hospitals', hospitalId, 'embed'] as const;

/** The websites allowed to embed the hospital's directory (issue 34 item 2). */
export function useEmbedSettings(hospitalId: string) {
  return useQuery({
    queryKey: embedKey(hospitalId),
    queryFn: ({ signal }) => apiFetch<EmbedSettingsView>(`/api/admin/hospitals/${hospitalId}/embed`, { signal }),
    ...adminRetryPolicy,
  });
}

export function useSaveEmbedSettings(hospitalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EmbedSettingsInput) => apiFetch<EmbedSettingsView>(`/api/admin/hospitals/${hospitalId}/embed`, { method: 'PUT', body: input }),
    onSuccess: (saved) => queryClient.setQueryData(embedKey(hospitalId), saved),
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PromptType } from '@shared/enums';
import type { PromptTemplateCreateInput, PromptTemplateDto, PromptTemplateUpdateInput, PromptTemplateVersionDto } from '@shared/schemas/prompt-templates';
import { adminRetryPolicy } from '@web/lib/with-network-retry';
import { apiFetch } from '@web/lib/api-client';

export type { PromptTemplateDto, PromptTemplateVersionDto };

export const promptTemplatesKey = ['admin', 'prompt-templates'] as const;

export interface TemplateListQuery {
  /** System administrators: '' for everything, or a hospital id for global + that hospital's. */
  hospitalId: string;
  promptType?: PromptType;
}

/** The console lists inactive templates too, so they can be switched back on. */
export function usePromptTemplates(query: TemplateListQuery) {
  return useQuery({
    queryKey: [...promptTemplatesKey, 'list', query],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ includeInactive: 'true' });
      if (query.hospitalId) params.set('hospitalId', query.hospitalId);
      if (query.promptType) params.set('promptType', query.promptType);
      return apiFetch<{ items: PromptTemplateDto[] }>(`/api/admin/prompt-templates?${params}`, { signal });
    },
    select: (data) => data.items,
    placeholderData: keepPreviousData,
    ...adminRetryPolicy,
  });
}

export function useTemplateHistory(id: string | null) {
  return useQuery({
    queryKey: [...promptTemplatesKey, 'history', id],
    queryFn: ({ signal }) => apiFetch<{ items: PromptTemplateVersionDto[] }>(`/api/admin/prompt-templates/${encodeURIComponent(id!)}/history`, { signal }),
    select: (data) => data.items,
    enabled: Boolean(id),
    ...adminRetryPolicy,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: promptTemplatesKey });
}

export function useSaveTemplate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: PromptTemplateCreateInput | PromptTemplateUpdateInput }) =>
      id
        ? apiFetch<PromptTemplateDto>(`/api/admin/prompt-templates/${encodeURIComponent(id)}`, { method: 'PATCH', body })
        : apiFetch<PromptTemplateDto>('/api/admin/prompt-templates', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useDeleteTemplate() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ deleted: true }>(`/api/admin/prompt-templates/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export function useRestoreVersion() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, version }: { id: string; version: number }) =>
      apiFetch<PromptTemplateDto>(`/api/admin/prompt-templates/${encodeURIComponent(id)}/history/${version}/restore`, { method: 'POST' }),
    onSuccess: refresh,
  });
}

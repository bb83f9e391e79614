import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  HelpCategoryCreateInput,
  HelpCategoryDto,
  HelpCategoryUpdateInput,
  HelpCounts,
  HelpFaqCreateInput,
  HelpFaqDto,
  HelpFaqUpdateInput,
} from '@shared/schemas/help';
import { adminRetryPolicy } from '@web/lib/with-network-retry';
import { helpQueryKey } from '@web/lib/help';
import { apiFetch } from '@web/lib/api-client';

export type { HelpCategoryDto, HelpCounts, HelpFaqDto };

export const adminHelpKey = ['admin', 'help'] as const;
const categoriesKey = [...adminHelpKey, 'categories'] as const;
const countsKey = [...adminHelpKey, 'counts'] as const;

/** Every category with every question (active or not), in display order. */
export function useAdminHelp() {
  return useQuery({
    queryKey: categoriesKey,
    queryFn: ({ signal }) => apiFetch<{ items: HelpCategoryDto[] }>('/api/admin/help/categories', { signal }),
    select: (data) => data.items,
    ...adminRetryPolicy,
  });
}

export function useHelpCounts() {
  return useQuery({ queryKey: countsKey, queryFn: ({ signal }) => apiFetch<HelpCounts>('/api/admin/help/counts', { signal }), ...adminRetryPolicy });
}

/** After any write the editor, the counts and the public Help Center all read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: adminHelpKey }), queryClient.invalidateQueries({ queryKey: helpQueryKey })]);
}

export function useSaveCategory() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: HelpCategoryCreateInput | HelpCategoryUpdateInput }) =>
      id
        ? apiFetch<HelpCategoryDto>(`/api/admin/help/categories/${encodeURIComponent(id)}`, { method: 'PATCH', body })
        : apiFetch<HelpCategoryDto>('/api/admin/help/categories', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useDeleteCategory() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ deleted: true }>(`/api/admin/help/categories/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export function useSaveFaq() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: HelpFaqCreateInput | HelpFaqUpdateInput }) =>
      id
        ? apiFetch<HelpFaqDto>(`/api/admin/help/faqs/${encodeURIComponent(id)}`, { method: 'PATCH', body })
        : apiFetch<HelpFaqDto>('/api/admin/help/faqs', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useDeleteFaq() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ deleted: true }>(`/api/admin/help/faqs/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

const reorder = <T extends { id: string }>(items: T[], ids: string[]) => {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.map((id, index) => ({ ...byId.get(id)!, displayOrder: index }));
};

/**
 * Reorders show at once (the cache is updated before the server answers); a refusal — someone else
 * changed the list meanwhile — puts the server's order back.
 */
export function useReorderCategories() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (ids: string[]) => apiFetch<{ items: HelpCategoryDto[] }>('/api/admin/help/categories/order', { method: 'PUT', body: { ids } }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: categoriesKey });
      queryClient.setQueryData<{ items: HelpCategoryDto[] }>(categoriesKey, (data) => (data ? { items: reorder(data.items, ids) } : data));
    },
    onSettled: refresh,
  });
}

export function useReorderFaqs() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ categoryId, ids }: { categoryId: string; ids: string[] }) =>
      apiFetch<{ items: HelpFaqDto[] }>(`/api/admin/help/categories/${encodeURIComponent(categoryId)}/faqs/order`, { method: 'PUT', body: { ids } }),
    onMutate: async ({ categoryId, ids }) => {
      await queryClient.cancelQueries({ queryKey: categoriesKey });
      queryClient.setQueryData<{ items: HelpCategoryDto[] }>(categoriesKey, (data) =>
        data ? { items: data.items.map((category) => (category.id === categoryId ? { ...category, faqs: reorder(category.faqs, ids) } : category)) } : data,
      );
    },
    onSettled: refresh,
  });
}

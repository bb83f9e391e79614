import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackCategory, FeedbackStatus } from '@shared/enums';
import type { FEEDBACK_STATUS_FILTERS } from '@shared/schemas/feedback';
import { adminRetryPolicy } from '@web/lib/with-network-retry';
import { apiFetch } from '@web/lib/api-client';
import type { FeedbackItem, FeedbackPage } from './types';

export type StatusFilter = (typeof FEEDBACK_STATUS_FILTERS)[number];
export type SortKey = 'createdAt' | 'severity';
export type SortDirection = 'asc' | 'desc';

export interface AdminFeedbackQuery {
  q: string;
  status: StatusFilter;
  category: FeedbackCategory | '';
  severity: number | '';
  includeArchived: boolean;
  sort: SortKey;
  dir: SortDirection;
  page: number;
  pageSize: number;
}

export interface FeedbackStats {
  byCategory: Record<string, number>;
  bySeverity: Record<string, number>;
  byStatus: Record<string, number>;
  total: number;
}

export interface BulkResult {
  updated: number;
  failed: number;
  message?: string;
}

export const adminFeedbackQueryKey = ['admin', 'feedback'] as const;

export function adminFeedbackSearchParams(query: AdminFeedbackQuery): URLSearchParams {
  const params = new URLSearchParams({ status: query.status, sort: query.sort, dir: query.dir, page: String(query.page), pageSize: String(query.pageSize) });
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.category) params.set('category', query.category);
  if (query.severity !== '') params.set('severity', String(query.severity));
  if (query.includeArchived) params.set('includeArchived', 'true');
  return params;
}

/** `GET /api/admin/feedback`: a hospital admin sees their hospital's providers' feedback only. */
export function listAdminFeedback(query: AdminFeedbackQuery, signal?: AbortSignal): Promise<FeedbackPage> {
  return apiFetch<FeedbackPage>(`/api/admin/feedback?${adminFeedbackSearchParams(query)}`, { signal });
}

export function useAdminFeedback(query: AdminFeedbackQuery) {
  return useQuery({
    queryKey: [...adminFeedbackQueryKey, 'list', query],
    queryFn: ({ signal }) => listAdminFeedback(query, signal),
    placeholderData: keepPreviousData,
    ...adminRetryPolicy,
  });
}

export function useAdminFeedbackItem(id: string | null, placeholder?: FeedbackItem) {
  return useQuery({
    queryKey: [...adminFeedbackQueryKey, 'item', id],
    queryFn: ({ signal }) => apiFetch<FeedbackItem>(`/api/admin/feedback/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
    placeholderData: placeholder,
    ...adminRetryPolicy,
  });
}

export function useFeedbackStats() {
  return useQuery({
    queryKey: [...adminFeedbackQueryKey, 'stats'],
    queryFn: ({ signal }) => apiFetch<FeedbackStats>('/api/admin/feedback/stats', { signal }),
    ...adminRetryPolicy,
  });
}

/** `PATCH /api/admin/feedback/:id` with the new status. */
export function useUpdateFeedbackStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: FeedbackStatus }) =>
      apiFetch<FeedbackItem>(`/api/admin/feedback/${encodeURIComponent(id)}`, { method: 'PATCH', body: { status } }),
    ...adminRetryPolicy,
    onSuccess: (item) => {
      queryClient.setQueryData([...adminFeedbackQueryKey, 'item', item.id], item);
      return queryClient.invalidateQueries({ queryKey: adminFeedbackQueryKey });
    },
  });
}

/** `POST /api/admin/feedback/bulk`: archive or delete several; ids outside the admin's reach fail. */
export function useBulkFeedbackAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: string[]; action: 'archive' | 'delete' }) => apiFetch<BulkResult>('/api/admin/feedback/bulk', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminFeedbackQueryKey }),
  });
}

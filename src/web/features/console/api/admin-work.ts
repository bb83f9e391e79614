import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminWorkView, CompletionReminderReport } from '@shared/schemas/admin-work';
import { adminRetryPolicy } from '@web/lib/with-network-retry';
import { apiFetch } from '@web/lib/api-client';

export type { AdminWorkView, CompletionReminderReport };

const workKey = ['admin', 'work'] as const;

/** `GET /api/admin/work`: what waits for the administrator, scoped by the server. */
export function useAdminWork() {
  return useQuery(queryOptions({ queryKey: workKey, queryFn: ({ signal }) => apiFetch<AdminWorkView>('/api/admin/work', { signal }), ...adminRetryPolicy }));
}

/** `POST /api/admin/work/completion-reminders`: e-mails the providers below the threshold (at most weekly each). */
export function useSendCompletionReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<CompletionReminderReport>('/api/admin/work/completion-reminders', { method: 'POST', body: {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workKey }),
  });
}

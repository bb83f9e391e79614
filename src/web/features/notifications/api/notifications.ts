import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationListResponse, NotificationSettingsResponse, NotificationSettingsUpdate, NotificationView } from '@shared/schemas/notifications';
import { apiFetch } from '@web/lib/api-client';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: ['notifications', 'list'] as const,
  settings: ['notifications', 'settings'] as const,
};

/** How often the bell looks for new notifications (a scheduled search may finish any time). */
export const NOTIFICATION_POLL_MS = 60_000;

export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ signal }) => apiFetch<NotificationListResponse>('/api/notifications?limit=50', { signal }),
    staleTime: 15_000,
    refetchInterval: NOTIFICATION_POLL_MS,
  });
}

/** Applies a change to the cached list at once, so the badge and the list never disagree while saving. */
function useListUpdate() {
  const queryClient = useQueryClient();
  return async (update: (list: NotificationListResponse) => NotificationListResponse) => {
    await queryClient.cancelQueries({ queryKey: notificationKeys.list });
    const previous = queryClient.getQueryData<NotificationListResponse>(notificationKeys.list);
    if (previous) queryClient.setQueryData(notificationKeys.list, update(previous));
    return { previous };
  };
}

const countUnread = (items: NotificationView[]) => items.filter((n) => !n.isRead).length;

export function useSetNotificationRead() {
  const queryClient = useQueryClient();
  const updateList = useListUpdate();
  return useMutation({
    mutationFn: ({ id, isRead }: { id: string; isRead: boolean }) =>
      apiFetch<NotificationView>(`/api/notifications/${id}`, { method: 'PATCH', body: { isRead } }),
    onMutate: ({ id, isRead }) =>
      updateList((list) => {
        const items = list.items.map((n) => (n.id === id ? { ...n, isRead } : n));
        return { items, unreadCount: Math.max(0, list.unreadCount + countUnread(items) - countUnread(list.items)) };
      }),
    onError: (_error, _input, context) => context?.previous && queryClient.setQueryData(notificationKeys.list, context.previous),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  const updateList = useListUpdate();
  return useMutation({
    mutationFn: () => apiFetch<{ updated: number }>('/api/notifications/read-all', { method: 'POST' }),
    onMutate: () => updateList((list) => ({ items: list.items.map((n) => ({ ...n, isRead: true })), unreadCount: 0 })),
    onError: (_error, _input, context) => context?.previous && queryClient.setQueryData(notificationKeys.list, context.previous),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  const updateList = useListUpdate();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ deleted: boolean }>(`/api/notifications/${id}`, { method: 'DELETE' }),
    onMutate: (id) =>
      updateList((list) => {
        const removed = list.items.find((n) => n.id === id);
        return { items: list.items.filter((n) => n.id !== id), unreadCount: Math.max(0, list.unreadCount - (removed && !removed.isRead ? 1 : 0)) };
      }),
    onError: (_error, _input, context) => context?.previous && queryClient.setQueryData(notificationKeys.list, context.previous),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings,
    queryFn: ({ signal }) => apiFetch<NotificationSettingsResponse>('/api/notifications/settings', { signal }),
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: NotificationSettingsUpdate) => apiFetch<NotificationSettingsResponse>('/api/notifications/settings', { method: 'PUT', body: update }),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.settings, saved),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DiscoveryItemType } from '@shared/enums';
import type {
  DiscoveryBulkResult,
  DiscoveryItem,
  DiscoveryItemsResponse,
  DiscoveryRunInput,
  DiscoveryRunResult,
  DiscoverySessionView,
} from '@shared/schemas/discovery';
import { apiFetch } from '@web/lib/api-client';
import { notificationKeys } from '@web/features/notifications';

export const discoveryKeys = {
  all: ['discovery'] as const,
  items: (status: string) => ['discovery', 'items', status] as const,
  sessions: ['discovery', 'sessions'] as const,
};

/** Profile sections an approval changes; their queries are refetched so the new item shows there. */
const SECTION_KEYS: Record<DiscoveryItemType, readonly unknown[]> = {
  publications: ['profile', 'section', 'publications'],
  clinical_trials: ['profile', 'section', 'clinical_trials'],
  media_press: ['profile', 'section', 'media_press'],
};

/** `GET /api/discovery/items?status=pending`: every type at once; the page filters by type locally. */
export function usePendingItems() {
  return useQuery({
    queryKey: discoveryKeys.items('pending'),
    queryFn: ({ signal }) => apiFetch<DiscoveryItemsResponse>('/api/discovery/items?status=pending&limit=500', { signal }),
    staleTime: 0,
  });
}

export function useDiscoverySessions() {
  return useQuery({
    queryKey: discoveryKeys.sessions,
    queryFn: ({ signal }) => apiFetch<{ items: DiscoverySessionView[] }>('/api/discovery/sessions?limit=10', { signal }),
    staleTime: 0,
  });
}

export function useRunDiscovery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DiscoveryRunInput) => apiFetch<DiscoveryRunResult>('/api/discovery/run', { method: 'POST', body: input, timeoutMs: 120_000 }),
    // A search can take a while; a retry would search twice.
    retry: false,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: discoveryKeys.all });
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

function afterDecision(queryClient: ReturnType<typeof useQueryClient>, types: DiscoveryItemType[]) {
  void queryClient.invalidateQueries({ queryKey: discoveryKeys.all });
  for (const type of new Set(types)) void queryClient.invalidateQueries({ queryKey: SECTION_KEYS[type] });
  void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  void queryClient.invalidateQueries({ queryKey: ['profile', 'provenance'] });
}

export interface DecisionInput {
  item: Pick<DiscoveryItem, 'type' | 'id'>;
  status: 'approved' | 'rejected';
  reason?: string | null;
}

export function useDecideItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, status, reason }: DecisionInput) =>
      apiFetch<DiscoveryItem>(`/api/discovery/items/${item.type}/${item.id}`, { method: 'PATCH', body: { status, reason: reason || null } }),
    onSuccess: (_data, { item }) => afterDecision(queryClient, [item.type]),
  });
}

export interface BulkInput {
  items: Array<Pick<DiscoveryItem, 'type' | 'id'>>;
  status: 'approved' | 'rejected';
  reason?: string | null;
}

export function useBulkDecide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ items, status, reason }: BulkInput) =>
      apiFetch<DiscoveryBulkResult>('/api/discovery/items/bulk', {
        method: 'POST',
        body: { items: items.map(({ type, id }) => ({ type, id })), status, reason: reason || null },
      }),
    onSettled: (_data, _error, { items }) =>
      afterDecision(
        queryClient,
        items.map((i) => i.type),
      ),
  });
}

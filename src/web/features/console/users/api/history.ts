import { useInfiniteQuery } from '@tanstack/react-query';
import type { ProfileHistoryPage } from '@shared/history';
import type { ProfileSectionId } from '@shared/schemas/profile';
import { adminRetryPolicy } from '@web/lib/with-network-retry';
import { apiFetch } from '@web/lib/api-client';

/** `GET /api/admin/users/:userId/history`: a provider's changes, newest first, a page at a time (optionally one section). */
export function useUserHistory(userId: string, section: ProfileSectionId | '') {
  return useInfiniteQuery({
    queryKey: ['admin', 'users', 'one', userId, 'history', section],
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (section) params.set('section', section);
      if (pageParam) params.set('before', pageParam);
      const query = params.toString();
      return apiFetch<ProfileHistoryPage>(`/api/admin/users/${userId}/history${query ? `?${query}` : ''}`, { signal });
    },
    getNextPageParam: (page) => page.nextBefore ?? undefined,
    ...adminRetryPolicy,
  });
}

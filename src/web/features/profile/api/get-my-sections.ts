import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SectionPermission } from '@shared/profile-completion';
import { apiFetch } from '@web/lib/api-client';
import { profileKeys } from '@web/lib/query-keys';

export interface MySections {
  hospitalId: string | null;
  items: SectionPermission[];
}

/** `GET /api/me/sections`: which sections the provider's hospital shows and requires. */
export function getMySections(signal?: AbortSignal): Promise<MySections> {
  return apiFetch<MySections>('/api/me/sections', { signal });
}

export function mySectionsQueryOptions() {
  return queryOptions({ queryKey: profileKeys.mySections, queryFn: ({ signal }) => getMySections(signal) });
}

export function useMySections() {
  return useQuery(mySectionsQueryOptions());
}

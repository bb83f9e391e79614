import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminRetryPolicy } from '@web/lib/with-network-retry';
import { apiFetch } from '@web/lib/api-client';

/** `GET /api/admin/stats`, scoped by the server to a hospital admin's hospital. */
export interface AdminStats {
  hospitals: number;
  users: number;
  activeHospitals: number;
  sectionsConfigured: number;
}

export function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return apiFetch<AdminStats>('/api/admin/stats', { signal });
}

export function useAdminStats() {
  return useQuery(queryOptions({ queryKey: ['admin', 'stats'], queryFn: ({ signal }) => getAdminStats(signal), ...adminRetryPolicy }));
}

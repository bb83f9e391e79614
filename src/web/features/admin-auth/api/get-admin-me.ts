import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, isApiError } from '@web/lib/api-client';

export type AdminRole = 'system_admin' | 'hospital_admin';

/** The signed-in administrator as `GET /api/admin/me` returns it. */
export interface AdminUser {
  id: string;
  email: string;
  role: AdminRole;
  [field: string]: unknown;
}

export const adminMeQueryKey = ['admin', 'me'] as const;

/** Resolves to null when no administrator is signed in (401) or the account may not enter (403). */
export async function getAdminMe(signal?: AbortSignal): Promise<AdminUser | null> {
  try {
    return await apiFetch<AdminUser>('/api/admin/me', { signal });
  } catch (error) {
    if (isApiError(error, 401) || isApiError(error, 403) || isApiError(error, 404)) return null;
    throw error;
  }
}

export function adminMeQueryOptions() {
  return queryOptions({
    queryKey: adminMeQueryKey,
    queryFn: ({ signal }) => getAdminMe(signal),
  });
}

export function useAdminMe() {
  return useQuery(adminMeQueryOptions());
}

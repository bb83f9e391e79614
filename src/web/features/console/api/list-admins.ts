import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminPermission, AdminRole } from '@shared/enums';
import { adminRetryPolicy } from '@web/lib/with-network-retry';
import { apiFetch } from '@web/lib/api-client';

/** An administrator as the admin-users endpoints return it. */
export interface AdminDto {
  id: string;
  email: string;
  full_name: string | null;
  first_name: string | null;
  last_name: string | null;
  role: AdminRole;
  hospital_id: string | null;
  hospital_name: string | null;
  is_active: boolean;
  is_super_admin: boolean;
  must_change_password: boolean;
  email_verified: boolean;
  permissions: AdminPermission[];
  created_by: string | null;
  updated_by: string | null;
  last_login_at: string | null;
  created_at: string;
}

export interface AdminListQuery {
  q: string;
  page: number;
  pageSize: number;
}

export interface Page<T> {
  items: T[];
  totalCount: number;
}

export const adminsQueryKey = ['admin', 'admins'] as const;

/** `GET /api/admin/admins?q=&page=&pageSize=`; a hospital admin sees their hospital's administrators. */
export function listAdmins(query: AdminListQuery, signal?: AbortSignal): Promise<Page<AdminDto>> {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
  if (query.q.trim()) params.set('q', query.q.trim());
  return apiFetch<Page<AdminDto>>(`/api/admin/admins?${params}`, { signal });
}

export function useAdmins(query: AdminListQuery) {
  return useQuery({
    queryKey: [...adminsQueryKey, query],
    queryFn: ({ signal }) => listAdmins(query, signal),
    // Keeps the table in place while the next page or search loads.
    placeholderData: keepPreviousData,
    ...adminRetryPolicy,
  });
}

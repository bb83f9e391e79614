import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserStatus, UserTier } from '@shared/enums';
import { adminUserFiltersSchema, type AdminUserFilters, type UserSort } from '@shared/schemas/admin-users';
import type { ProvenanceEntry } from '@shared/provenance';
import { adminRetryPolicy } from '@web/lib/with-network-retry';
import { apiFetch } from '@web/lib/api-client';
import type { Page } from '../../api/list-admins';

export interface AdminUserRow {
  id: string;
  email: string;
  fullName: string | null;
  firstName?: string | null;
  lastName?: string | null;
  jobTitle: string | null;
  organization?: string | null;
  npiNumber: string | null;
  hospitalId: string | null;
  hospitalName: string | null;
  status: UserStatus;
  tier: UserTier;
  emailVerified: boolean;
  profileCompletionPercentage: number;
  lastLoginAt: string | null;
  createdAt: string;
  /** The public listing's status (draft, pending, published, withdrawn, removed); null without one. In lists only. */
  listingStatus?: string | null;
}

export type ProfileRow = Record<string, unknown>;

export interface UserProfileView {
  user: AdminUserRow;
  sections: Record<string, ProfileRow[]>;
  /** Where each field came from and when. */
  provenance?: ProvenanceEntry[];
  /** Identity fields the provider typed over an import. */
  overrides?: string[];
}

export type UserListQuery = {
  q: string;
  hospitalId: string;
  page: number;
  pageSize: number;
  sort?: UserSort;
  dir?: 'asc' | 'desc';
} & AdminUserFilters;

export const usersQueryKey = ['admin', 'users'] as const;
const base = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

/** `GET /api/admin/users`: a hospital admin's list is their hospital's providers only. */
export function useUsers(query: UserListQuery) {
  return useQuery({
    queryKey: [...usersQueryKey, 'list', query],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
      if (query.q.trim()) params.set('q', query.q.trim());
      if (query.hospitalId) params.set('hospitalId', query.hospitalId);
      if (query.sort) params.set('sort', query.sort);
      if (query.dir) params.set('dir', query.dir);
      // Every filter the shared schema has, by its own name.
      for (const key of Object.keys(adminUserFiltersSchema.shape) as Array<keyof AdminUserFilters>) {
        const value = query[key];
        if (value !== undefined) params.set(key, String(value));
      }
      return apiFetch<Page<AdminUserRow>>(`/api/admin/users?${params}`, { signal });
    },
    placeholderData: keepPreviousData,
    ...adminRetryPolicy,
  });
}

export function useUserProfile(id: string) {
  return useQuery({ queryKey: [...usersQueryKey, 'one', id], queryFn: ({ signal }) => apiFetch<UserProfileView>(base(id), { signal }), ...adminRetryPolicy });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ deleted: boolean }>(base(id), { method: 'DELETE' }),
    retry: false,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: usersQueryKey }), queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] })]),
  });
}

export function useSyncAuthStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<AdminUserRow>(`${base(id)}/sync-auth-status`, { method: 'POST' }),
    ...adminRetryPolicy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}

/** System administrators only (a system setting): alpha and beta testers see the feedback widget. */
export function useSetUserTier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, tier }: { id: string; tier: UserTier }) =>
      apiFetch<{ userId: string; tier: UserTier }>(`${base(id)}/tier`, { method: 'PATCH', body: { tier } }),
    ...adminRetryPolicy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}

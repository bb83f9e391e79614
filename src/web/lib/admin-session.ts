import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminPermission, AdminRole } from '@shared/enums';
import { apiFetch, isApiError } from '@web/lib/api-client';
import { adminRetryPolicy } from '@web/lib/with-network-retry';

export type { AdminRole } from '@shared/enums';

/** The signed-in administrator as `GET /api/admin/me` returns it. */
export interface AdminUser {
  id: string;
  email: string;
  full_name?: string | null;
  role: AdminRole;
  hospital_id?: string | null;
  created_at?: string;
  last_login_at?: string | null;
  is_super_admin?: boolean;
  is_active?: boolean;
  must_change_password?: boolean;
  /** False for an administrator who has only ever signed in by magic link: the change page sets a first password. */
  has_password?: boolean;
  permissions?: AdminPermission[];
  /** When the 8-hour admin session began; the session ends 8 hours later whatever happens. */
  session_started_at?: string;
}

/** Who is signed in; `expired` tells an ended session apart from never having signed in. */
export interface AdminSession {
  admin: AdminUser | null;
  expired: boolean;
}

export const adminMeQueryKey = ['admin', 'me'] as const;

export const SIGNED_OUT: AdminSession = { admin: null, expired: false };
export const EXPIRED: AdminSession = { admin: null, expired: true };

/** 401 and 403 mean "not signed in as an administrator"; a SESSION_EXPIRED 401 is remembered as such. */
export async function getAdminSession(signal?: AbortSignal): Promise<AdminSession> {
  try {
    return { admin: await apiFetch<AdminUser>('/api/admin/me', { signal }), expired: false };
  } catch (error) {
    if (isApiError(error, 401)) return error.code === 'SESSION_EXPIRED' ? EXPIRED : SIGNED_OUT;
    if (isApiError(error, 403) || isApiError(error, 404)) return SIGNED_OUT;
    throw error;
  }
}

export function adminSessionQueryOptions() {
  return queryOptions({
    queryKey: adminMeQueryKey,
    queryFn: ({ signal }) => getAdminSession(signal),
    ...adminRetryPolicy,
  });
}

/** The full session state, for the guard. */
export function useAdminSession(options: { refetchOnMount?: boolean | 'always' } = {}) {
  return useQuery({ ...adminSessionQueryOptions(), ...options });
}

/** The signed-in administrator, or null. */
export function useAdminMe(options: { enabled?: boolean } = {}) {
  return useQuery({ ...adminSessionQueryOptions(), select: (session) => session.admin, ...options });
}

export function adminSessionEndsAt(admin: AdminUser, lifetimeMs: number): number | null {
  const started = admin.session_started_at ? Date.parse(admin.session_started_at) : Number.NaN;
  return Number.isFinite(started) ? started + lifetimeMs : null;
}

import { useAdminMe, type AdminUser } from '@web/lib/admin-session';

/** The console only renders behind RequireAdmin, so an administrator is always there. */
export function useConsoleAdmin(): AdminUser | null {
  return useAdminMe().data ?? null;
}

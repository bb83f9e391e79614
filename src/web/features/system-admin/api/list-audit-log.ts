import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActorRole } from '@shared/enums';
import { adminRetryPolicy } from '@web/features/admin-auth/lib/with-network-retry';
import { apiFetch } from '@web/lib/api-client';
import type { Page } from './list-admins';

export interface AuditEntry {
  id: string;
  actorId: string | null;
  actorRole: ActorRole | string;
  actorEmail: string | null;
  hospitalId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  summary: unknown;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
}

export interface AuditQuery {
  q: string;
  action: string;
  page: number;
  pageSize: number;
}

/** `GET /api/admin/audit-log` (system administrators only), newest first. */
export function listAuditLog(query: AuditQuery, signal?: AbortSignal): Promise<Page<AuditEntry>> {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.action.trim()) params.set('action', query.action.trim());
  return apiFetch<Page<AuditEntry>>(`/api/admin/audit-log?${params}`, { signal });
}

export function useAuditLog(query: AuditQuery, enabled = true) {
  return useQuery({
    queryKey: ['admin', 'audit-log', query],
    queryFn: ({ signal }) => listAuditLog(query, signal),
    placeholderData: keepPreviousData,
    ...adminRetryPolicy,
    enabled,
  });
}

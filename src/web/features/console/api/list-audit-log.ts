import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActorRole } from '@shared/enums';
import { adminRetryPolicy } from '@web/lib/with-network-retry';
import { apiFetch } from '@web/lib/api-client';
import type { Page } from './list-admins';

export interface AuditEntry {
  id: string;
  actorId: string | null;
  actorRole: ActorRole | string;
  actorEmail: string | null;
  hospitalId: string | null;
  action: string;
  /** The action in plain words (src/shared/audit-actions.ts). */
  actionLabel?: string;
  targetType: string | null;
  targetId: string | null;
  summary: unknown;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
}

export interface AuditFilters {
  q: string;
  action: string;
  /** Part of the actor's e-mail, or their id. */
  actor?: string;
  /** A target's id or type. */
  target?: string;
  /** Days (YYYY-MM-DD), both included. */
  from?: string;
  to?: string;
}

export interface AuditQuery extends AuditFilters {
  page: number;
  pageSize: number;
}

/** The filters as query parameters, after the page ones (the list) or alone (the export). */
export function auditFilterParams(filters: AuditFilters, params = new URLSearchParams()): URLSearchParams {
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.action.trim()) params.set('action', filters.action.trim());
  for (const key of ['actor', 'target', 'from', 'to'] as const) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  return params;
}

/** `GET /api/admin/audit-log/export`: the filtered log as a CSV download (the browser follows the link with its session). */
export const auditExportUrl = (filters: AuditFilters) => {
  const query = auditFilterParams(filters).toString();
  return `/api/admin/audit-log/export${query ? `?${query}` : ''}`;
};

/** `GET /api/admin/audit-log` (system administrators only), newest first. */
export function listAuditLog(query: AuditQuery, signal?: AbortSignal): Promise<Page<AuditEntry>> {
  const params = auditFilterParams(query, new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) }));
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

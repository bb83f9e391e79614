import { containsPattern, startsWithPattern } from '../../lib/like';
import { and, desc, eq, gte, ilike, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { auditActionLabel } from '../../../shared/audit-actions';
import { formatCsv } from '../../../shared/csv';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { Actor } from '../../http/types';

export interface AuditEntry {
  action: string;
  targetType?: string;
  targetId?: string | null;
  hospitalId?: string | null;
  summary?: Record<string, unknown>;
  ip?: string | null;
  userAgent?: string | null;
}

function actorFields(actor: Actor | null, fallbackEmail?: string) {
  if (!actor || actor.kind === 'anonymous') return { actorId: null, actorRole: 'anonymous', actorEmail: fallbackEmail ?? null };
  if (actor.kind === 'admin') return { actorId: actor.adminId, actorRole: actor.role, actorEmail: actor.email };
  if (actor.kind === 'provider') return { actorId: actor.userId, actorRole: 'provider', actorEmail: actor.email };
  return { actorId: null, actorRole: 'provider', actorEmail: actor.email };
}

/** Append one entry. The table refuses UPDATE and DELETE (a trigger), so the trail is append-only. */
export async function recordAudit(
  db: Database,
  actor: Actor | null,
  entry: AuditEntry & { actorEmail?: string; as?: { id: string; role: 'hospital_admin' | 'system_admin' | 'provider'; email: string } },
) {
  // `as` names the admin or provider when there is no session yet (the sign-in or sign-up itself).
  const fields = entry.as ? { actorId: entry.as.id, actorRole: entry.as.role, actorEmail: entry.as.email } : actorFields(actor, entry.actorEmail);
  await db.insert(auditLog).values({
    ...fields,
    hospitalId: entry.hospitalId ?? (actor?.kind === 'admin' || actor?.kind === 'provider' ? actor.hospitalId : null),
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    summary: entry.summary ?? {},
    ip: entry.ip ?? (actor?.kind === 'admin' ? actor.ip : undefined) ?? null,
    userAgent: (entry.userAgent ?? (actor?.kind === 'admin' ? actor.userAgent : undefined))?.slice(0, 300) ?? null,
  });
}

export interface AuditFilters {
  q?: string;
  action?: string;
  hospitalId?: string;
  actor?: string;
  target?: string;
  from?: string;
  to?: string;
}

export interface AuditQuery extends AuditFilters {
  page: number;
  pageSize: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day filter as instants: `from` a day starts at its midnight UTC; `to` a day includes all of it. */
function dayBound(value: string, end: boolean): { at: Date; exclusive: boolean } {
  if (!DAY.test(value)) return { at: new Date(value), exclusive: false };
  const start = new Date(`${value}T00:00:00.000Z`);
  return end ? { at: new Date(start.getTime() + 86_400_000), exclusive: true } : { at: start, exclusive: false };
}

function auditWhere(query: AuditFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(ilike(auditLog.action, pattern), ilike(auditLog.actorEmail, pattern), ilike(auditLog.targetId, pattern), ilike(auditLog.targetType, pattern))!,
    );
  }
  if (query.action) {
    // `directory.*` is every action of that family; anything else is one action exactly.
    if (query.action.endsWith('*')) conditions.push(like(auditLog.action, startsWithPattern(query.action.slice(0, -1))));
    else conditions.push(eq(auditLog.action, query.action));
  }
  if (query.hospitalId) conditions.push(eq(auditLog.hospitalId, query.hospitalId));
  if (query.actor) {
    const byEmail = ilike(auditLog.actorEmail, containsPattern(query.actor));
    conditions.push(UUID.test(query.actor) ? or(eq(auditLog.actorId, query.actor), byEmail)! : byEmail);
  }
  if (query.target) conditions.push(or(eq(auditLog.targetId, query.target), eq(auditLog.targetType, query.target))!);
  if (query.from) conditions.push(gte(auditLog.createdAt, dayBound(query.from, false).at));
  if (query.to) {
    const bound = dayBound(query.to, true);
    conditions.push(bound.exclusive ? lt(auditLog.createdAt, bound.at) : lte(auditLog.createdAt, bound.at));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function searchAudit(db: Database, query: AuditQuery) {
  const where = auditWhere(query);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(where),
  ]);
  return { items: items.map((item) => ({ ...item, actionLabel: auditActionLabel(item.action) })), totalCount: Number(total?.count ?? 0) };
}

/** The most rows one export holds; narrow the filters for more. */
export const AUDIT_EXPORT_LIMIT = 50_000;

export const AUDIT_EXPORT_HEADER = ['Time (UTC)', 'Who', 'Role', 'What', 'Action code', 'Target type', 'Target', 'Hospital', 'IP address', 'Details'] as const;

/**
 * `GET /api/admin/audit-log/export`: the filtered log as CSV, newest first, in plain words (the
 * action's label beside its code). Every field goes through formatCsvField, which neutralises
 * spreadsheet formulas in what people typed.
 */
export async function exportAudit(db: Database, query: AuditFilters): Promise<string> {
  const rows = await db.select().from(auditLog).where(auditWhere(query)).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(AUDIT_EXPORT_LIMIT);
  return formatCsv([
    AUDIT_EXPORT_HEADER,
    ...rows.map((row) => [
      row.createdAt.toISOString(),
      row.actorEmail,
      row.actorRole,
      auditActionLabel(row.action),
      row.action,
      row.targetType,
      row.targetId,
      row.hospitalId,
      row.ip,
      Object.keys(row.summary ?? {}).length > 0 ? JSON.stringify(row.summary) : '',
    ]),
  ]);
}

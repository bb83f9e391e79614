import { containsPattern } from '../../lib/like';
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
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
  entry: AuditEntry & { actorEmail?: string; as?: { id: string; role: 'hospital_admin' | 'system_admin'; email: string } },
) {
  // `as` names the admin when there is no session yet (the sign-in itself).
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

export interface AuditQuery {
  q?: string;
  action?: string;
  hospitalId?: string;
  page: number;
  pageSize: number;
}

export async function searchAudit(db: Database, query: AuditQuery) {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(ilike(auditLog.action, pattern), ilike(auditLog.actorEmail, pattern), ilike(auditLog.targetId, pattern), ilike(auditLog.targetType, pattern))!,
    );
  }
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.hospitalId) conditions.push(eq(auditLog.hospitalId, query.hospitalId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { items, totalCount: Number(total?.count ?? 0) };
}

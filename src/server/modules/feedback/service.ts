import { containsPattern } from '../../lib/like';
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { FEEDBACK_CATEGORY_LABELS } from '../../../shared/enums';
import { FEEDBACK_LIMITS } from '../../../shared/limits';
import { FEEDBACK_MESSAGES, SEVERITY_LABELS, type adminFeedbackQuerySchema, type feedbackSubmissionSchema } from '../../../shared/schemas/feedback';
import { scrub } from '../../../shared/scrub';
import type { AdminActor } from '../../auth/policies';
import type { Database } from '../../db/client';
import { feedbackAnalytics, feedbackSubmissions, users } from '../../db/schema';
import type { FileStorage } from '../../integrations/storage';
import { priorityForSeverity, type LinearClient } from '../../integrations/linear/client';
import { enqueueJob } from '../../jobs/queue';
import { sniffImage } from '../../lib/image-type';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { recordAudit } from '../audit/service';

export const LINEAR_JOB = 'feedback.linear';
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

export interface FeedbackDeps {
  db: Database;
  logger: Logger;
  linear: LinearClient | null;
  storage: FileStorage;
  appUrl: string;
  betaOnly: boolean;
}

type SubmissionRow = typeof feedbackSubmissions.$inferSelect;

/** The admin-list item of the spec, plus the detail fields the dialog shows. */
export function toFeedbackItem(row: SubmissionRow, user: { id: string; email: string; tier: string } | null) {
  const technical = row.technicalContext ?? {};
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    severity: row.severity,
    status: row.status,
    user: user ?? { id: row.userId, email: row.userEmail, tier: row.userTier },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    linkedIssue: row.linearIssueId ? { id: row.linearIssueId, identifier: row.linearIssueIdentifier, url: row.linearIssueUrl, status: row.status } : null,
    metadata: {
      browser: technical.browser ?? 'unknown',
      os: technical.os ?? 'unknown',
      url: row.applicationContext?.currentRoute ?? 'unknown',
      userAgent: technical.userAgent ?? 'unknown',
    },
    tags: [] as string[],
    reproductionSteps: row.reproductionSteps,
    screenshotUrl: row.screenshotUrl,
    technicalContext: technical,
    applicationContext: row.applicationContext,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    processedAt: row.processedAt?.toISOString() ?? null,
  };
}

/**
 * Stores a submission. The 10-per-hour and 50-per-day limits are counted in the same transaction
 * as the insert, under a per-user advisory lock, so parallel submissions cannot slip past them.
 */
export async function submitFeedback(deps: FeedbackDeps, userId: string, input: z.output<typeof feedbackSubmissionSchema>) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw AppError.unauthenticated();
  if (deps.betaOnly && !['alpha', 'beta'].includes(user.tier)) {
    throw AppError.forbidden('Feedback is open to beta and alpha users during the beta.');
  }
  if (input.screenshotUrl && !input.screenshotUrl.startsWith(`/api/feedback/screenshots/${userId}/`)) {
    throw AppError.validation('The screenshot link is not one of yours');
  }
  const now = Date.now();
  const row = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`feedback:${userId}`}))`);
    const [counts] = await tx
      .select({
        lastHour: sql<number>`count(*) filter (where ${feedbackSubmissions.createdAt} > ${new Date(now - HOUR_MS).toISOString()}::timestamptz)::int`,
        lastDay: sql<number>`count(*)::int`,
      })
      .from(feedbackSubmissions)
      .where(and(eq(feedbackSubmissions.userId, userId), sql`${feedbackSubmissions.createdAt} > ${new Date(now - DAY_MS).toISOString()}::timestamptz`));
    if (Number(counts?.lastHour ?? 0) >= FEEDBACK_LIMITS.perHour)
      throw new AppError('RATE_LIMIT_EXCEEDED', 429, FEEDBACK_MESSAGES.hourlyLimit, { window: 'hour' });
    if (Number(counts?.lastDay ?? 0) >= FEEDBACK_LIMITS.perDay) throw new AppError('RATE_LIMIT_EXCEEDED', 429, FEEDBACK_MESSAGES.dailyLimit, { window: 'day' });

    const [inserted] = await tx
      .insert(feedbackSubmissions)
      .values({
        userId,
        userEmail: user.email,
        userTier: user.tier,
        category: input.category,
        severity: input.severity,
        title: input.title,
        description: input.description,
        reproductionSteps: input.reproductionSteps,
        screenshotUrl: input.screenshotUrl,
        // The browser scrubs too; the server does not rely on it.
        technicalContext: scrub(input.technicalContext),
        applicationContext: scrub(input.applicationContext),
        status: 'submitted',
        createdAt: new Date(now),
      })
      .returning();
    await tx
      .insert(feedbackAnalytics)
      .values({ userId, feedbackCount: 1, lastFeedbackAt: new Date(now), categoriesSubmitted: [input.category], averageSeverity: input.severity })
      .onConflictDoUpdate({
        target: feedbackAnalytics.userId,
        set: {
          feedbackCount: sql`${feedbackAnalytics.feedbackCount} + 1`,
          lastFeedbackAt: new Date(now),
          categoriesSubmitted: sql`(select array(select distinct unnest(${feedbackAnalytics.categoriesSubmitted} || array[${input.category}]::text[]) order by 1))`,
          averageSeverity: sql`((coalesce(${feedbackAnalytics.averageSeverity}, 0) * ${feedbackAnalytics.feedbackCount}) + ${input.severity}) / (${feedbackAnalytics.feedbackCount} + 1)`,
          updatedAt: new Date(now),
        },
      });
    return inserted!;
  });

  if (deps.linear) {
    try {
      return toFeedbackItem(await fileLinearIssue(deps, row.id), null);
    } catch (error) {
      // The submission is stored either way; the tracker gets it later from the job queue.
      deps.logger.warn({ err: error, feedbackId: row.id }, 'Linear issue could not be created; queued for retry');
      await enqueueJob(deps.db, LINEAR_JOB, { feedbackId: row.id }, { runAt: new Date(Date.now() + 60_000), maxAttempts: 8 });
    }
  }
  return toFeedbackItem(row, null);
}

function linearDescription(deps: FeedbackDeps, row: SubmissionRow) {
  const technical = row.technicalContext ?? {};
  const lines = [
    `**Category:** ${FEEDBACK_CATEGORY_LABELS[row.category as keyof typeof FEEDBACK_CATEGORY_LABELS] ?? row.category}`,
    `**Severity:** ${row.severity} (${SEVERITY_LABELS[row.severity as keyof typeof SEVERITY_LABELS] ?? row.severity})`,
    `**Reporter tier:** ${row.userTier}`,
    `**Submitted:** ${row.createdAt.toISOString()}`,
    '',
    '## Description',
    row.description,
  ];
  if (row.reproductionSteps) lines.push('', '## Steps to reproduce', row.reproductionSteps);
  lines.push(
    '',
    '## Context',
    `- Route: ${row.applicationContext?.currentRoute ?? 'unknown'}`,
    `- Browser: ${technical.browser ?? 'unknown'}`,
    `- OS: ${technical.os ?? 'unknown'}`,
    `- User agent: ${technical.userAgent ?? 'unknown'}`,
  );
  const consoleErrors = technical.consoleErrors ?? [];
  if (consoleErrors.length > 0) lines.push('', '### Recent console errors', '```', ...consoleErrors.map((e) => JSON.stringify(e)).slice(0, 10), '```');
  const networkErrors = technical.networkErrors ?? [];
  if (networkErrors.length > 0) lines.push('', '### Recent failed requests', '```', ...networkErrors.map((e) => JSON.stringify(e)).slice(0, 10), '```');
  if (row.screenshotUrl) lines.push('', `[Screenshot](${deps.appUrl}${row.screenshotUrl})`);
  lines.push('', `[Open in Vitae](${deps.appUrl}/admin/feedback?id=${row.id})`);
  return lines.join('\n');
}

/** Creates the tracker issue and moves the submission to in_progress with its id, identifier and url. */
export async function fileLinearIssue(deps: FeedbackDeps, feedbackId: string) {
  if (!deps.linear) throw new Error('Linear is not configured');
  const [row] = await deps.db.select().from(feedbackSubmissions).where(eq(feedbackSubmissions.id, feedbackId)).limit(1);
  if (!row) throw new Error(`Feedback ${feedbackId} no longer exists`);
  if (row.linearIssueId) return row;
  const issue = await deps.linear.createIssue({
    title: `[Beta Feedback] ${row.title}`,
    description: linearDescription(deps, row),
    priority: priorityForSeverity(row.severity),
  });
  const [updated] = await deps.db
    .update(feedbackSubmissions)
    .set({
      status: row.status === 'submitted' ? 'in_progress' : row.status,
      linearIssueId: issue.id,
      linearIssueIdentifier: issue.identifier,
      linearIssueUrl: issue.url,
      processedAt: new Date(),
    })
    .where(eq(feedbackSubmissions.id, row.id))
    .returning();
  return updated!;
}

export async function listMyFeedback(db: Database, userId: string, query: { page: number; pageSize: number }) {
  const where = eq(feedbackSubmissions.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(feedbackSubmissions)
      .where(where)
      .orderBy(desc(feedbackSubmissions.createdAt))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(feedbackSubmissions).where(where),
  ]);
  return { items: rows.map((row) => toFeedbackItem(row, null)), totalCount: Number(total?.n ?? 0) };
}

/** A hospital admin reviews the feedback of their hospital's providers; system admins all of it. */
function feedbackScope(actor: AdminActor): SQL | undefined {
  if (actor.role === 'system_admin') return undefined;
  return eq(users.hospitalId, actor.hospitalId ?? '00000000-0000-0000-0000-000000000000');
}

export async function listFeedbackForAdmin(db: Database, actor: AdminActor, query: z.output<typeof adminFeedbackQuerySchema>) {
  const conditions: Array<SQL | undefined> = [feedbackScope(actor)];
  if (!query.includeArchived) conditions.push(isNull(feedbackSubmissions.archivedAt));
  if (query.status === 'all_but_closed') conditions.push(ne(feedbackSubmissions.status, 'rejected'));
  else if (query.status !== 'all') conditions.push(eq(feedbackSubmissions.status, query.status));
  if (query.category) conditions.push(eq(feedbackSubmissions.category, query.category));
  if (query.severity) conditions.push(eq(feedbackSubmissions.severity, query.severity));
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(ilike(feedbackSubmissions.title, pattern), ilike(feedbackSubmissions.description, pattern), ilike(feedbackSubmissions.userEmail, pattern)),
    );
  }
  const where = and(...conditions);
  const direction = query.dir === 'asc' ? asc : desc;
  const order =
    query.sort === 'severity' ? [direction(feedbackSubmissions.severity), desc(feedbackSubmissions.createdAt)] : [direction(feedbackSubmissions.createdAt)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: feedbackSubmissions, user: { id: users.id, email: users.email, tier: users.tier } })
      .from(feedbackSubmissions)
      .innerJoin(users, eq(users.id, feedbackSubmissions.userId))
      .where(where)
      .orderBy(...order, asc(feedbackSubmissions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(feedbackSubmissions).innerJoin(users, eq(users.id, feedbackSubmissions.userId)).where(where),
  ]);
  return { items: rows.map((r) => toFeedbackItem(r.row, r.user)), totalCount: Number(total?.n ?? 0) };
}

async function findScopedFeedback(db: Database, actor: AdminActor, id: string) {
  const [found] = await db
    .select({ row: feedbackSubmissions, user: { id: users.id, email: users.email, tier: users.tier, hospitalId: users.hospitalId } })
    .from(feedbackSubmissions)
    .innerJoin(users, eq(users.id, feedbackSubmissions.userId))
    .where(and(eq(feedbackSubmissions.id, id), feedbackScope(actor)))
    .limit(1);
  if (!found) throw AppError.notFound('Issue not found');
  return found;
}

export async function getFeedbackForAdmin(db: Database, actor: AdminActor, id: string) {
  const found = await findScopedFeedback(db, actor, id);
  return toFeedbackItem(found.row, found.user);
}

export async function updateFeedbackStatus(db: Database, actor: AdminActor, id: string, status: SubmissionRow['status']) {
  const found = await findScopedFeedback(db, actor, id);
  const [updated] = await db.update(feedbackSubmissions).set({ status }).where(eq(feedbackSubmissions.id, found.row.id)).returning();
  if (!updated) throw new AppError('FEEDBACK_UPDATE_FAILED', 500, FEEDBACK_MESSAGES.updateFailed);
  if (status === 'completed' && found.row.status !== 'completed') {
    await db
      .update(feedbackAnalytics)
      .set({ issuesResolved: sql`${feedbackAnalytics.issuesResolved} + 1` })
      .where(eq(feedbackAnalytics.userId, found.row.userId));
  }
  await recordAudit(db, actor, {
    action: 'feedback.status',
    targetType: 'feedback',
    targetId: found.row.id,
    hospitalId: found.user.hospitalId,
    summary: { before: { status: found.row.status }, after: { status } },
  });
  return toFeedbackItem(updated, found.user);
}

/** Archive or delete several at once; ids outside the admin's scope count as failed. */
export async function bulkFeedbackAction(db: Database, actor: AdminActor, ids: string[], action: 'archive' | 'delete', storage?: FileStorage, logger?: Logger) {
  const allowed = await db
    .select({ id: feedbackSubmissions.id, screenshotUrl: feedbackSubmissions.screenshotUrl })
    .from(feedbackSubmissions)
    .innerJoin(users, eq(users.id, feedbackSubmissions.userId))
    .where(and(inArray(feedbackSubmissions.id, ids), feedbackScope(actor)));
  const allowedIds = allowed.map((r) => r.id);
  if (allowedIds.length > 0) {
    if (action === 'archive') await db.update(feedbackSubmissions).set({ archivedAt: new Date() }).where(inArray(feedbackSubmissions.id, allowedIds));
    else {
      await db.delete(feedbackSubmissions).where(inArray(feedbackSubmissions.id, allowedIds));
      // Deleted feedback takes its screenshot with it; a file that cannot be removed is only logged.
      for (const row of allowed) {
        if (!row.screenshotUrl || !storage) continue;
        const key = `feedback-screenshots/${row.screenshotUrl.slice('/api/feedback/screenshots/'.length)}`;
        await storage.delete(key).catch((error: unknown) => logger?.warn({ err: error, feedbackId: row.id }, 'screenshot could not be removed'));
      }
    }
  }
  await recordAudit(db, actor, { action: `feedback.bulk_${action}`, targetType: 'feedback', summary: { ids: allowedIds } });
  const failed = new Set(ids).size - allowedIds.length;
  return { updated: allowedIds.length, failed, ...(failed > 0 ? { message: `Failed to update ${failed} items` } : {}) };
}

export async function feedbackAggregates(db: Database, actor: AdminActor) {
  const base = and(feedbackScope(actor), isNull(feedbackSubmissions.archivedAt));
  const group = async (column: typeof feedbackSubmissions.category | typeof feedbackSubmissions.severity | typeof feedbackSubmissions.status) => {
    const rows = await db
      .select({ key: column, n: count() })
      .from(feedbackSubmissions)
      .innerJoin(users, eq(users.id, feedbackSubmissions.userId))
      .where(base)
      .groupBy(column);
    return Object.fromEntries(rows.map((r) => [String(r.key), Number(r.n)]));
  };
  const [byCategory, bySeverity, byStatus] = await Promise.all([
    group(feedbackSubmissions.category),
    group(feedbackSubmissions.severity),
    group(feedbackSubmissions.status),
  ]);
  return { byCategory, bySeverity, byStatus, total: Object.values(byStatus).reduce((a, b) => a + b, 0) };
}

// ── Screenshots ────────────────────────────────────────────────────────────────────────────

/** Stores a screenshot under feedback-screenshots/{user}/…; only PNG, JPEG and WebP images. */
export async function storeScreenshot(deps: FeedbackDeps, userId: string, bytes: Uint8Array) {
  if (bytes.length === 0) throw AppError.validation('The screenshot is empty.');
  const kind = sniffImage(bytes);
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Screenshots must be PNG, JPEG or WebP images.');
  const key = `feedback-screenshots/${userId}/${Date.now()}-${randomBytes(4).toString('hex')}.${kind.ext}`;
  await deps.storage.put(key, bytes, { contentType: kind.type, cacheControl: 'private, max-age=3600', overwrite: false });
  return { url: `/api/feedback/screenshots/${key.slice('feedback-screenshots/'.length)}`, key };
}

/** A screenshot for its author, or for an admin who may see that author's feedback. */
export async function readScreenshot(
  deps: FeedbackDeps,
  viewer: { kind: 'provider'; userId: string } | { kind: 'admin'; actor: AdminActor },
  ownerId: string,
  file: string,
) {
  if (viewer.kind === 'provider' && viewer.userId !== ownerId) throw AppError.notFound('Screenshot not found');
  if (viewer.kind === 'admin') {
    const [owner] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, ownerId), feedbackScope(viewer.actor)))
      .limit(1);
    if (!owner) throw AppError.notFound('Screenshot not found');
  }
  const stored = await deps.storage.get(`feedback-screenshots/${ownerId}/${file}`).catch(() => null);
  if (!stored) throw AppError.notFound('Screenshot not found');
  return stored;
}

import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import {
  COMPLETION_REMINDER_BATCH,
  COMPLETION_REMINDER_INTERVAL_DAYS,
  COMPLETION_REMINDER_THRESHOLD,
  type AdminWorkItem,
  type AdminWorkView,
  type CompletionReminderReport,
} from '../../../shared/schemas/admin-work';
import { hospitalScope, type AdminActor } from '../../auth/policies';
import type { Database } from '../../db/client';
import { appointmentRequests, auditLog, directoryListings, feedbackSubmissions, hospitalJoinRequests, users } from '../../db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import type { Logger } from '../../lib/logger';
import { recordAudit } from '../audit/service';
import { completionReminderEmail } from './email';

export interface AdminWorkDeps {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  appUrl: string;
}

const REMINDER_ACTION = 'provider.completion_reminder';

/** The total over the hospitals, and the busiest one (rows come busiest first), where a system admin's link goes. */
function item(rows: Array<{ hospitalId: string | null; n: number }>): AdminWorkItem {
  const total = rows.reduce((sum, row) => sum + Number(row.n), 0);
  return { count: total, hospitalId: rows.find((row) => row.hospitalId)?.hospitalId ?? null };
}

/** Providers below the completion threshold in the admin's scope (active accounts only). */
function belowThreshold(actor: AdminActor) {
  return and(eq(users.status, 'active'), lt(users.profileCompletionPercentage, COMPLETION_REMINDER_THRESHOLD), hospitalScope(actor, users.hospitalId));
}

/** Not reminded within the interval, by anyone (the audit log is the record the limit reads). */
function notRecentlyReminded(now: Date) {
  const since = new Date(now.getTime() - COMPLETION_REMINDER_INTERVAL_DAYS * 24 * 60 * 60 * 1000);
  return sql`not exists (select 1 from ${auditLog} where ${auditLog.action} = ${REMINDER_ACTION} and ${auditLog.targetId} = ${users.id}::text and ${auditLog.createdAt} >= ${since.toISOString()})`;
}

/** `GET /api/admin/work`: what waits for the administrator, each a count, scoped to their hospital. */
export async function adminWork(db: Database, actor: AdminActor, now = new Date()): Promise<AdminWorkView> {
  const [listings, joins, appointments, below, remindable, feedback] = await Promise.all([
    db
      .select({ hospitalId: directoryListings.hospitalId, n: count() })
      .from(directoryListings)
      .where(and(eq(directoryListings.status, 'pending'), hospitalScope(actor, directoryListings.hospitalId)))
      .groupBy(directoryListings.hospitalId)
      .orderBy(desc(count())),
    db
      .select({ hospitalId: hospitalJoinRequests.hospitalId, n: count() })
      .from(hospitalJoinRequests)
      .where(and(eq(hospitalJoinRequests.status, 'pending'), hospitalScope(actor, hospitalJoinRequests.hospitalId)))
      .groupBy(hospitalJoinRequests.hospitalId)
      .orderBy(desc(count())),
    db
      .select({ hospitalId: appointmentRequests.hospitalId, n: count() })
      .from(appointmentRequests)
      .where(and(eq(appointmentRequests.status, 'new'), hospitalScope(actor, appointmentRequests.hospitalId)))
      .groupBy(appointmentRequests.hospitalId)
      .orderBy(desc(count())),
    db.select({ hospitalId: users.hospitalId, n: count() }).from(users).where(belowThreshold(actor)).groupBy(users.hospitalId).orderBy(desc(count())),
    db
      .select({ n: count() })
      .from(users)
      .where(and(belowThreshold(actor), notRecentlyReminded(now))),
    db
      .select({ hospitalId: users.hospitalId, n: count() })
      .from(feedbackSubmissions)
      .innerJoin(users, eq(users.id, feedbackSubmissions.userId))
      .where(and(eq(feedbackSubmissions.status, 'submitted'), isNull(feedbackSubmissions.archivedAt), hospitalScope(actor, users.hospitalId)))
      .groupBy(users.hospitalId)
      .orderBy(desc(count())),
  ]);
  return {
    listingsAwaitingApproval: item(listings),
    joinRequests: item(joins),
    appointmentRequests: item(appointments),
    providersBelowThreshold: { ...item(below), threshold: COMPLETION_REMINDER_THRESHOLD, remindable: Number(remindable[0]?.n ?? 0) },
    newFeedback: item(feedback),
  };
}

/**
 * `POST /api/admin/work/completion-reminders`: an e-mail to each provider in the admin's scope whose
 * completion is below the threshold, through the app's mailer (SMTP when `SMTP_URL` is set). Limited:
 * a provider reminded in the last interval (by any admin) is skipped, and one press mails at most one
 * batch. Each reminder is audited, and the audit entry is what the limit reads.
 */
export async function sendCompletionReminders(deps: AdminWorkDeps, actor: AdminActor, now = new Date()): Promise<CompletionReminderReport> {
  const { db } = deps;
  const remindable = and(belowThreshold(actor), notRecentlyReminded(now));
  const [[below], [dueCount], due] = await Promise.all([
    db.select({ n: count() }).from(users).where(belowThreshold(actor)),
    db.select({ n: count() }).from(users).where(remindable),
    db
      .select({
        id: users.id,
        email: users.email,
        fullName: users.fullName,
        firstName: users.firstName,
        hospitalId: users.hospitalId,
        completion: users.profileCompletionPercentage,
      })
      .from(users)
      .where(remindable)
      // The least complete first, so a batch reaches those who need it most.
      .orderBy(users.profileCompletionPercentage, users.id)
      .limit(COMPLETION_REMINDER_BATCH),
  ]);
  let sent = 0;
  for (const provider of due) {
    const message = completionReminderEmail({
      name: provider.firstName || provider.fullName,
      completion: provider.completion,
      dashboardUrl: new URL('/dashboard', deps.appUrl).toString(),
    });
    try {
      await deps.mailer.send({
        to: provider.email,
        subject: message.subject,
        text: message.text,
        html: message.html,
        kind: 'completion_reminder',
        links: [message.link],
      });
    } catch (error) {
      // One undeliverable address does not stop the others; it is not counted and may be tried again.
      deps.logger.warn({ err: error, userId: provider.id }, 'completion reminder not sent');
      continue;
    }
    sent += 1;
    await recordAudit(db, actor, {
      action: REMINDER_ACTION,
      targetType: 'user',
      targetId: provider.id,
      hospitalId: provider.hospitalId,
      summary: { completion: provider.completion },
    });
  }
  const dueTotal = Number(dueCount?.n ?? 0);
  return { sent, skippedRecentlyReminded: Number(below?.n ?? 0) - dueTotal, remaining: Math.max(0, dueTotal - due.length) };
}

/**
 * Sending a roster upload's invitations (issue 37 item 4). The admin's press makes one
 * `roster_invitations` row per drafted row with outcome `created` that has none yet (the row id is
 * unique there, so a second press or two at once make each one once) and queues the job that sends
 * them in batches. The job sends an invitation e-mail only to invitations that have none recorded
 * (sendRosterEmail checks again under the invitation's lock): rerunning the route or the job sends
 * nothing new, and an e-mail left `sending` by a crash is not sent again.
 */
import { and, count, eq, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import type { RosterInvitationsDto } from '../../../shared/schemas/roster-claims';
import type { AdminActor } from '../../auth/policies';
import type { Database } from '../../db/client';
import { rosterEmails, rosterInvitations, rosterRows, users } from '../../db/schema';
import type { Env } from '../../env';
import { createOutboxMailer, createSmtpMailer, type Mailer } from '../../integrations/mail/mailer';
import { enqueueJob, heartbeatJob, type JobHandler } from '../../jobs/queue';
import type { Logger } from '../../lib/logger';
import { recordAudit } from '../audit/service';
import { deadTokenHash, sendRosterEmail, type RosterMailDeps } from './mail';
import { findUpload, type RosterDeps } from './service';

export const ROSTER_INVITE_JOB = 'roster.invite';
/** Invitations per job: a killed batch loses little, and the mail server is not flooded. */
export const ROSTER_INVITE_BATCH = 25;
const ROSTER_INVITE_ATTEMPTS = 5;

/** The invitations of an upload that have no invitation e-mail recorded yet (`sending` ones count as recorded). */
const unsentInvitation = (db: Database) =>
  notExists(
    db
      .select({ id: rosterEmails.id })
      .from(rosterEmails)
      .where(and(eq(rosterEmails.invitationId, rosterInvitations.id), eq(rosterEmails.kind, 'invitation'))),
  );

/**
 * `POST …/roster-uploads/:uploadId/invitations`: invitations for the drafted rows not invited yet,
 * and the job that sends them. Only drafts still unclaimed are invited (a draft deleted meanwhile has
 * no user any more).
 */
export async function createInvitations(
  deps: RosterDeps & { inviteTtlDays: number },
  actor: AdminActor,
  hospitalId: string,
  uploadId: string,
): Promise<RosterInvitationsDto> {
  const upload = await findUpload(deps, actor, hospitalId, uploadId);
  return deps.db.transaction(async (tx) => {
    const candidates = await tx
      .select({ rowId: rosterRows.id, userId: rosterRows.userId, email: users.email })
      .from(rosterRows)
      .innerJoin(users, eq(users.id, rosterRows.userId))
      .leftJoin(rosterInvitations, eq(rosterInvitations.rowId, rosterRows.id))
      .where(
        and(
          eq(rosterRows.uploadId, upload.id),
          eq(rosterRows.state, 'drafted'),
          eq(rosterRows.outcome, 'created'),
          eq(users.status, 'unclaimed'),
          isNull(rosterInvitations.id),
        ),
      );
    let invited = 0;
    if (candidates.length > 0) {
      // The link is issued with the first e-mail: until then the invitation's token is one nobody holds.
      const made = await tx
        .insert(rosterInvitations)
        .values(
          candidates.map((c) => ({
            rowId: c.rowId,
            hospitalId: upload.hospitalId,
            userId: c.userId,
            email: c.email.toLowerCase(),
            tokenHash: deadTokenHash(),
            expiresAt: new Date(),
          })),
        )
        .onConflictDoNothing({ target: rosterInvitations.rowId })
        .returning({ id: rosterInvitations.id });
      invited = made.length;
    }
    if (invited > 0) {
      await enqueueJob(tx, ROSTER_INVITE_JOB, { uploadId: upload.id, sentBy: actor.adminId }, { maxAttempts: ROSTER_INVITE_ATTEMPTS });
      await recordAudit(tx, actor, {
        action: 'roster.invitations_sent',
        targetType: 'roster_upload',
        targetId: upload.id,
        hospitalId: upload.hospitalId,
        summary: { after: { invited } },
      });
    }
    const [total] = await tx
      .select({ n: count() })
      .from(rosterInvitations)
      .innerJoin(rosterRows, eq(rosterRows.id, rosterInvitations.rowId))
      .where(eq(rosterRows.uploadId, upload.id));
    return { uploadId: upload.id, invited, total: total!.n };
  });
}

/**
 * One batch of an upload's unsent invitations; returns how many were looked at and whether more
 * remain. Each goes through sendRosterEmail, which writes `sending` before the mail server is called.
 */
export async function sendInvitationBatch(deps: RosterMailDeps, uploadId: string, options: { sentBy?: string | null; beforeEach?: () => Promise<void> } = {}) {
  const batch = await deps.db
    .select({ id: rosterInvitations.id })
    .from(rosterInvitations)
    .innerJoin(rosterRows, eq(rosterRows.id, rosterInvitations.rowId))
    .where(
      and(
        eq(rosterRows.uploadId, uploadId),
        isNotNull(rosterInvitations.userId),
        isNull(rosterInvitations.claimedAt),
        isNull(rosterInvitations.bouncedAt),
        unsentInvitation(deps.db),
      ),
    )
    .orderBy(rosterRows.line)
    .limit(ROSTER_INVITE_BATCH);
  const results = { sent: 0, failed: 0, skipped: 0 };
  for (const invitation of batch) {
    await options.beforeEach?.();
    results[await sendRosterEmail(deps, { invitationId: invitation.id, kind: 'invitation', sentBy: options.sentBy ?? null })] += 1;
  }
  return { ...results, more: batch.length === ROSTER_INVITE_BATCH };
}

/** The invitation e-mails' counts by status for an upload (tests, and the admin's answer). */
export async function invitationEmailCounts(db: Database, uploadId: string) {
  const rows = await db
    .select({ status: rosterEmails.status, n: sql<number>`count(*)::int` })
    .from(rosterEmails)
    .innerJoin(rosterInvitations, eq(rosterInvitations.id, rosterEmails.invitationId))
    .innerJoin(rosterRows, eq(rosterRows.id, rosterInvitations.rowId))
    .where(and(eq(rosterRows.uploadId, uploadId), inArray(rosterEmails.kind, ['invitation'])))
    .groupBy(rosterEmails.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Partial<Record<'sending' | 'sent' | 'failed', number>>;
}

/** The mailer jobs use: the same choice as the app's (SMTP when configured, else the development outbox). */
export function mailerFromEnv(db: Database, env: Env, logger: Logger): Mailer {
  return env.SMTP_URL ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM, logger) : createOutboxMailer(db, logger);
}

export function rosterMailDepsFrom(deps: { db: Database; env: Env; logger: Logger; mailer?: Mailer }): RosterMailDeps {
  return {
    db: deps.db,
    logger: deps.logger,
    mailer: deps.mailer ?? mailerFromEnv(deps.db, deps.env, deps.logger),
    appUrl: deps.env.appUrl,
    secret: deps.env.authSecret,
    inviteTtlDays: deps.env.ROSTER_INVITE_TTL_DAYS,
  };
}

export function createRosterInvitationJobHandlers(deps: { db: Database; env: Env; logger: Logger; mailer?: Mailer }): Record<string, JobHandler> {
  const mailDeps = rosterMailDepsFrom(deps);
  return {
    [ROSTER_INVITE_JOB]: async (job) => {
      const uploadId = String(job.payload.uploadId);
      const sentBy = typeof job.payload.sentBy === 'string' ? job.payload.sentBy : null;
      const result = await sendInvitationBatch(mailDeps, uploadId, { sentBy, beforeEach: () => heartbeatJob(deps.db, job.id) });
      deps.logger.info({ jobId: job.id, uploadId, ...result }, 'roster invitations sent');
      if (result.more) await enqueueJob(deps.db, ROSTER_INVITE_JOB, { uploadId, sentBy }, { maxAttempts: ROSTER_INVITE_ATTEMPTS });
    },
  };
}

/**
 * Roster reminders (issue 37 item 5). A recurring job (hourly, on the jobs queue) reminds each
 * invited person who has not claimed, or has claimed but not published, ROSTER_REMINDER_DAYS after
 * their invitation was sent (default 3 and 10 days); it stops when they publish, and skips the
 * unsubscribed and the bounced. Each scheduled reminder is sent at most once: its `roster_emails`
 * row is unique by (invitation, 'reminder', sequence) and written before the mail server is called
 * (sendRosterEmail, src/server/modules/roster/mail.ts), so two workers racing send it once.
 * An administrator can also send one now to chosen people of their hospital.
 */
import { sql } from 'drizzle-orm';
import { ROSTER_REMINDER_MESSAGES, type RosterPersonState, type RosterReminderReport } from '../../../shared/schemas/roster-people';
import type { AdminActor } from '../../auth/policies';
import { rowsOf, type Database } from '../../db/client';
import type { Env } from '../../env';
import { createOutboxMailer, createSmtpMailer, type Mailer } from '../../integrations/mail/mailer';
import type { JobHandler } from '../../jobs/queue';
import { recurringHandler, scheduleRecurringJob } from '../../jobs/recurring';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { recordAudit } from '../audit/service';
import { findHospitalForAdmin } from '../hospitals/service';
import { sendRosterEmail, verifyRosterUnsubscribe, type RosterMailDeps } from './mail';
import { findRosterPeople } from './people';

export const ROSTER_REMINDER_JOB = 'roster.reminders';
/** Hourly: a reminder goes out within the hour of its day. */
const ROSTER_REMINDERS = { type: ROSTER_REMINDER_JOB, intervalMs: 3_600_000 };
/** Invitations looked at per query of one run (the run goes on until none is due). */
const REMINDER_BATCH = 100;

/** ROSTER_REMINDER_DAYS ("3,10") as sorted, distinct whole days; an empty list turns reminders off. */
export function parseReminderDays(value: string): number[] {
  const days = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map(Number)
    .filter((day) => day > 0);
  return [...new Set(days)].sort((a, b) => a - b);
}

export type RosterReminderDeps = RosterMailDeps & { reminderDays: number[] };

export function rosterMailDepsFrom(deps: { db: Database; env: Env; logger: Logger; mailer: Mailer }, now?: () => Date): RosterReminderDeps {
  return {
    db: deps.db,
    mailer: deps.mailer,
    logger: deps.logger,
    appUrl: deps.env.appUrl,
    secret: deps.env.authSecret,
    inviteTtlDays: deps.env.ROSTER_INVITE_TTL_DAYS,
    reminderDays: parseReminderDays(deps.env.ROSTER_REMINDER_DAYS),
    ...(now ? { now } : {}),
  };
}

/**
 * Invitations with a scheduled reminder due: invitation e-mail sent, not bounced, not unsubscribed,
 * not (claimed and published: the public gate's listing, decision 0020); `due` is the last sequence
 * whose day has come, and no reminder of that sequence or a later one exists. A run that missed a
 * day (the app was down) sends only the latest due reminder, not each one it missed.
 */
async function dueReminders(db: Database, days: number[], now: Date, exclude: string[]) {
  const daysArray = `{${days.join(',')}}`;
  const result = await db.execute(sql`
    select i.id, d.due from roster_invitations i
    join lateral (
      select min(coalesce(m.sent_at, m.created_at)) as at from roster_emails m
      where m.invitation_id = i.id and m.kind = 'invitation' and m.status = 'sent'
    ) inv on inv.at is not null
    join lateral (
      select count(*)::int as due from unnest(${daysArray}::int[]) as day
      where inv.at + day * interval '1 day' <= ${now.toISOString()}::timestamptz
    ) d on d.due > 0
    where i.bounced_at is null and i.unsubscribed_at is null and i.user_id is not null
      and not (i.claimed_at is not null and exists (select 1 from public_listings pl where pl.user_id = i.user_id))
      and not exists (
        select 1 from roster_emails r where r.invitation_id = i.id and r.kind = 'reminder' and r.sequence >= d.due
      )
      ${
        exclude.length > 0
          ? sql`and i.id not in (${sql.join(
              exclude.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql``
      }
    order by inv.at, i.id
    limit ${REMINDER_BATCH}`);
  return rowsOf<{ id: string; due: number }>(result);
}

/** One run of the scheduled reminders: every due one sent (or skipped); returns the counts. */
export async function sendDueReminders(deps: RosterReminderDeps, now = deps.now?.() ?? new Date()) {
  const counts = { sent: 0, failed: 0, skipped: 0 };
  if (deps.reminderDays.length === 0) return counts;
  const seen: string[] = [];
  for (;;) {
    const batch = await dueReminders(deps.db, deps.reminderDays, now, seen);
    if (batch.length === 0) return counts;
    for (const invitation of batch) {
      seen.push(invitation.id);
      const result = await sendRosterEmail({ ...deps, now: () => now }, { invitationId: invitation.id, kind: 'reminder', sequence: invitation.due });
      counts[result] += 1;
    }
  }
}

/** Queues the hourly reminder run unless one is queued or running; nothing when ROSTER_REMINDER_DAYS is empty. */
export async function scheduleRosterReminders(db: Database, reminderDays: string, now = new Date()) {
  if (parseReminderDays(reminderDays).length === 0) return false;
  return scheduleRecurringJob(db, ROSTER_REMINDERS, now);
}

export function createRosterReminderJobHandlers(deps: { db: Database; env: Env; logger: Logger; mailer?: Mailer }): Record<string, JobHandler> {
  const mailer =
    deps.mailer ?? (deps.env.SMTP_URL ? createSmtpMailer(deps.env.SMTP_URL, deps.env.MAIL_FROM, deps.logger) : createOutboxMailer(deps.db, deps.logger));
  return recurringHandler(deps.db, ROSTER_REMINDERS, async (job) => {
    const reminderDeps = rosterMailDepsFrom({ ...deps, mailer });
    // The setting was emptied since the job was queued: no more runs.
    if (reminderDeps.reminderDays.length === 0) return false;
    const counts = await sendDueReminders(reminderDeps);
    deps.logger.info({ jobId: job.id, ...counts }, 'roster reminders sent');
  });
}

const REFUSED_STATES: Partial<Record<RosterPersonState, string>> = {
  published: ROSTER_REMINDER_MESSAGES.published,
  unsubscribed: ROSTER_REMINDER_MESSAGES.unsubscribed,
  bounced: ROSTER_REMINDER_MESSAGES.bounced,
};

/**
 * `POST …/roster/reminders`: a reminder now to each chosen person of this hospital's roster
 * (recorded like a scheduled one, without a sequence, with the admin who sent it). A row of another
 * hospital answers 404 and nothing is sent; the published, unsubscribed, bounced and not yet invited
 * are refused each with why, the others are sent.
 */
export async function sendRemindersNow(deps: RosterReminderDeps, actor: AdminActor, hospitalId: string, rowIds: string[]): Promise<RosterReminderReport> {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  const ids = [...new Set(rowIds.map((id) => id.toLowerCase()))];
  const people = await findRosterPeople(deps.db, hospital.id, ids);
  if (people.length !== ids.length) throw new AppError('ROSTER_ROW_NOT_FOUND', 404, ROSTER_REMINDER_MESSAGES.notFound);
  const report: RosterReminderReport = { sent: 0, refused: [] };
  for (const person of people) {
    const name = person.profileName ?? person.name ?? person.email;
    const refusal = REFUSED_STATES[person.state] ?? (person.invitationId ? null : ROSTER_REMINDER_MESSAGES.notInvited);
    if (refusal) {
      report.refused.push({ rowId: person.id, name, reason: refusal });
      continue;
    }
    const result = await sendRosterEmail(deps, { invitationId: person.invitationId!, kind: 'reminder', sequence: null, sentBy: actor.adminId });
    if (result === 'sent') report.sent += 1;
    else report.refused.push({ rowId: person.id, name, reason: result === 'failed' ? ROSTER_REMINDER_MESSAGES.failed : ROSTER_REMINDER_MESSAGES.published });
  }
  await recordAudit(deps.db, actor, {
    action: 'roster.reminders_sent',
    targetType: 'hospital',
    targetId: hospital.id,
    hospitalId: hospital.id,
    summary: { after: { sent: report.sent, refused: report.refused.length } },
  });
  return report;
}

/** The invitation behind a signed unsubscribe link with its hospital's name, or null when the signature is wrong. */
export async function findUnsubscribe(db: Database, secret: string, signed: string) {
  const invitationId = verifyRosterUnsubscribe(secret, signed);
  if (!invitationId) return null;
  const [row] = rowsOf<{ id: string; hospital_name: string; unsubscribed_at: Date | string | null }>(
    await db.execute(sql`
      select i.id, h.name as hospital_name, i.unsubscribed_at from roster_invitations i
      join hospitals h on h.id = i.hospital_id where i.id = ${invitationId}`),
  );
  return row ? { id: row.id, hospitalName: row.hospital_name, unsubscribedAt: row.unsubscribed_at ? new Date(row.unsubscribed_at) : null } : null;
}

/** Sets unsubscribed_at (once: the first time stays); null when the link is not valid. */
export async function unsubscribeRoster(db: Database, secret: string, signed: string, now = new Date()) {
  const found = await findUnsubscribe(db, secret, signed);
  if (!found) return null;
  await db.execute(sql`update roster_invitations set unsubscribed_at = coalesce(unsubscribed_at, ${now.toISOString()}::timestamptz) where id = ${found.id}`);
  return { ...found, unsubscribedAt: found.unsubscribedAt ?? now };
}

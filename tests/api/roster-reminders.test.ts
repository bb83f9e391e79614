/**
 * Roster reminders (issue 37 item 5): scheduled reminders ROSTER_REMINDER_DAYS (3 and 10) after the
 * invitation, sent once even with two workers racing, stopping after a claim's publish, skipping the
 * unsubscribed and the bounced; the admin's "send now" to a selection of their own hospital's
 * people, refused with why for the others; every send recorded in roster_emails; the signed
 * unsubscribe link (GET changes nothing, POST and RFC 8058 one-click unsubscribe; a bad signature is
 * refused). Real recorded NPIs drafted by the app's own job and invited through the admin's press;
 * time is passed in (`now`), never waited for.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { auditLog, directoryListings, jobs, rosterEmails, rosterInvitations, rosterRows, users } from '../../src/server/db/schema';
import { createWorker } from '../../src/server/jobs/queue';
import { createLogger } from '../../src/server/lib/logger';
import { rosterUnsubscribeUrl } from '../../src/server/modules/roster/mail';
import {
  createRosterReminderJobHandlers,
  parseReminderDays,
  ROSTER_REMINDER_JOB,
  scheduleRosterReminders,
  sendDueReminders,
  type RosterReminderDeps,
} from '../../src/server/modules/roster/reminders';
import { ROSTER_REMINDER_MESSAGES } from '../../src/shared/schemas/roster-people';
import { FAKE_NPIS, startFakeNppes, type FakeNppes } from '../fakes/nppes';
import { browserClient } from '../support/clients';
import { uniqueSuffix } from '../support/factories';
import { draftRoster, recordingMailer, rosterHospital, runInvitationJobs, type RecordingMailer } from '../support/roster';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

const DAY_MS = 86_400_000;
const logger = createLogger({ level: 'silent', environment: 'test' });
let nppes: FakeNppes;
let ctx: TestContext;
let db: Database;

beforeAll(async () => {
  nppes = await startFakeNppes();
  ctx = await createTestApp({ NPI_REGISTRY_URL: nppes.url });
  db = ctx.database.db;
});
afterAll(async () => {
  await ctx?.close();
  await nppes?.close();
});

/** A hospital (with a public directory) whose roster of the given NPIs is drafted and invited; returns each person's invitation. */
async function invitedRoster(npis: string[]) {
  const suffix = uniqueSuffix();
  const setup = await rosterHospital(ctx, { directoryEnabled: true, directorySlug: `remind-${suffix}` });
  const emails = npis.map((_, i) => `person${i}.${suffix}@example.org`);
  const { upload } = await draftRoster(
    ctx,
    { nppesUrl: nppes.url, logger },
    setup.client,
    setup.base,
    npis.map((npi, i) => `${npi},${emails[i]}`),
  );
  expect((await setup.client.post(`${setup.base}/${upload.id}/invitations`)).status).toBe(202);
  const mailer = recordingMailer();
  await runInvitationJobs(db, ctx, logger, mailer);
  const people = await db
    .select({ rowId: rosterRows.id, invitation: rosterInvitations })
    .from(rosterRows)
    .innerJoin(rosterInvitations, eq(rosterInvitations.rowId, rosterRows.id))
    .where(eq(rosterRows.uploadId, upload.id))
    .orderBy(rosterRows.line);
  expect(people).toHaveLength(npis.length);
  const [invited] = await db
    .select({ at: sql<Date>`min(${rosterEmails.sentAt})` })
    .from(rosterEmails)
    .where(and(eq(rosterEmails.kind, 'invitation'), sql`${rosterEmails.invitationId} in ${people.map((p) => p.invitation.id)}`));
  return { ...setup, upload, emails, mailer, people, invitedAt: new Date(invited!.at) };
}

const reminderDeps = (mailer: RecordingMailer, now: Date): RosterReminderDeps => ({
  db,
  mailer,
  logger,
  appUrl: ctx.env.appUrl,
  secret: ctx.env.authSecret,
  inviteTtlDays: ctx.env.ROSTER_INVITE_TTL_DAYS,
  reminderDays: parseReminderDays(ctx.env.ROSTER_REMINDER_DAYS),
  now: () => now,
});
const after = (from: Date, days: number, hours = 0) => new Date(from.getTime() + days * DAY_MS + hours * 3_600_000);
const emailsOf = (invitationId: string) => db.select().from(rosterEmails).where(eq(rosterEmails.invitationId, invitationId)).orderBy(rosterEmails.createdAt);
const remindersOf = async (invitationId: string) =>
  (await emailsOf(invitationId)).filter((e) => e.kind === 'reminder').map((e) => [e.sequence, e.status, e.sentBy]);

/** What a claim does to the records (claims.ts): the invitation claimed, the account active. */
async function markClaimed(invitation: typeof rosterInvitations.$inferSelect, at: Date) {
  await db.update(rosterInvitations).set({ claimedAt: at, openedAt: at }).where(eq(rosterInvitations.id, invitation.id));
  await db.update(users).set({ status: 'active', emailVerified: true }).where(eq(users.id, invitation.userId!));
}

/** Published as the hospital approves it: the listing in the public gate (decision 0020). */
async function markPublished(invitation: typeof rosterInvitations.$inferSelect, hospitalId: string) {
  await db
    .insert(directoryListings)
    .values({
      userId: invitation.userId!,
      hospitalId,
      status: 'published',
      slug: `p-${uniqueSuffix()}`,
      publishedAt: new Date(),
      decidedBy: 'test approver',
      decidedAt: new Date(),
    })
    .onConflictDoUpdate({ target: directoryListings.userId, set: { status: 'published' } });
}

describe(`roster reminders (${databaseLabel})`, () => {
  it('reads ROSTER_REMINDER_DAYS as sorted whole days (default 3 and 10)', () => {
    expect(ctx.env.ROSTER_REMINDER_DAYS).toBe('3,10');
    expect(parseReminderDays('10, 3,3, 0')).toEqual([3, 10]);
    expect(parseReminderDays('')).toEqual([]);
  });

  it('sends each due reminder once with two workers racing, then the second after 10 days; stops after claim and publish', async () => {
    const { hospital, people, invitedAt } = await invitedRoster(['1063410173', '1568726677']);
    const [barnes, oiyemhonlan] = people.map((p) => p.invitation);
    const mailer = recordingMailer();

    // Before day 3 nothing is due.
    expect(await sendDueReminders(reminderDeps(mailer, after(invitedAt, 2, 23)))).toEqual({ sent: 0, failed: 0, skipped: 0 });

    // Day 3: two workers run at once; each reminder goes out once.
    const day3 = after(invitedAt, 3, 1);
    const [a, b] = await Promise.all([sendDueReminders(reminderDeps(mailer, day3)), sendDueReminders(reminderDeps(mailer, day3))]);
    expect(a.sent + b.sent).toBe(2);
    expect(mailer.sent.map((m) => m.to).sort()).toEqual([barnes!.email, oiyemhonlan!.email].sort());
    expect(mailer.sent.every((m) => m.kind === 'roster_reminder')).toBe(true);
    // Not claimed: the reminder carries a new claim link and the unsubscribe link.
    const first = mailer.to(barnes!.email)[0]!;
    expect(first.subject).toContain('is waiting for you');
    expect(first.links[0]).toContain('/claim/');
    expect(first.links[1]).toBe(rosterUnsubscribeUrl(ctx.env.appUrl, ctx.env.authSecret, barnes!.id));
    expect(await remindersOf(barnes!.id)).toEqual([[1, 'sent', null]]);

    // Run again the same day and at day 9: nothing more.
    expect((await sendDueReminders(reminderDeps(mailer, after(invitedAt, 9)))).sent).toBe(0);
    expect(mailer.sent).toHaveLength(2);

    // Barnes claims (not yet published): the day-10 reminder asks them to sign in and publish.
    await markClaimed(barnes!, after(invitedAt, 5));
    const day10 = after(invitedAt, 10, 1);
    expect((await sendDueReminders(reminderDeps(mailer, day10))).sent).toBe(2);
    const second = mailer.to(barnes!.email)[1]!;
    expect(second.subject).toContain('publish your');
    expect(second.links[0]).toBe(`${ctx.env.appUrl}/login`);
    expect(await remindersOf(barnes!.id)).toEqual([
      [1, 'sent', null],
      [2, 'sent', null],
    ]);

    // Every scheduled reminder is spent: later runs send nothing.
    expect((await sendDueReminders(reminderDeps(mailer, after(invitedAt, 40)))).sent).toBe(0);
    expect(mailer.sent).toHaveLength(4);
    expect((await emailsOf(barnes!.id)).map((e) => [e.kind, e.status])).toEqual([
      ['invitation', 'sent'],
      ['reminder', 'sent'],
      ['reminder', 'sent'],
    ]);
    void hospital;
  });

  it('stops after claim and publish; skips the unsubscribed and the bounced; a missed day sends only the latest reminder', async () => {
    const { hospital, people, invitedAt } = await invitedRoster(['1932510609', '1053975268', '1043467608', '1396949913']);
    const [published, unsubscribed, bounced, late] = people.map((p) => p.invitation);
    await markClaimed(published!, after(invitedAt, 1));
    await markPublished(published!, hospital.id);
    await db
      .update(rosterInvitations)
      .set({ unsubscribedAt: after(invitedAt, 1) })
      .where(eq(rosterInvitations.id, unsubscribed!.id));
    await db
      .update(rosterInvitations)
      .set({ bouncedAt: after(invitedAt, 0, 1), bounceReason: '550 User unknown' })
      .where(eq(rosterInvitations.id, bounced!.id));

    const mailer = recordingMailer();
    // The job did not run until day 12: only the latest due reminder (the second) goes out, once.
    expect(await sendDueReminders(reminderDeps(mailer, after(invitedAt, 12)))).toEqual({ sent: 1, failed: 0, skipped: 0 });
    expect(mailer.sent.map((m) => m.to)).toEqual([late!.email]);
    expect(await remindersOf(late!.id)).toEqual([[2, 'sent', null]]);
    for (const skipped of [published!, unsubscribed!, bounced!]) expect(await remindersOf(skipped.id)).toEqual([]);
  });

  it('runs as a recurring job on the queue: scheduled once, each run queues the next an hour later', async () => {
    const { people, invitedAt } = await invitedRoster([FAKE_NPIS.cardiologist]);
    expect(await scheduleRosterReminders(db, '3,10')).toBe(true);
    expect(await scheduleRosterReminders(db, '3,10')).toBe(false);
    expect(await scheduleRosterReminders(db, '')).toBe(false);
    // The job run by the app's worker: at real "now" nothing is due yet, and the next run is queued.
    const mailer = recordingMailer();
    const worker = createWorker(db, createRosterReminderJobHandlers({ db, env: ctx.env, logger, mailer }), logger);
    expect(await worker.drain()).toBe(1);
    expect(mailer.sent).toHaveLength(0);
    const queued = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, ROSTER_REMINDER_JOB), eq(jobs.status, 'queued')));
    expect(queued).toHaveLength(1);
    expect(queued[0]!.runAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(await remindersOf(people[0]!.invitation.id)).toEqual([]);
    void invitedAt;
  });

  it('the admin sends one now to chosen people of their hospital; the published, unsubscribed, bounced and other hospitals’ rows are refused', async () => {
    const { hospital, admin, client, people, invitedAt } = await invitedRoster(['1336333764', '1154556637', '1366785115', '1972910164']);
    const [open, published, unsubscribed, bounced] = people;
    await markClaimed(published!.invitation, after(invitedAt, 1));
    await markPublished(published!.invitation, hospital.id);
    await db.update(rosterInvitations).set({ unsubscribedAt: new Date() }).where(eq(rosterInvitations.id, unsubscribed!.invitation.id));
    await db.update(rosterInvitations).set({ bouncedAt: new Date(), bounceReason: '550 User unknown' }).where(eq(rosterInvitations.id, bounced!.invitation.id));
    const route = `/api/admin/hospitals/${hospital.id}/roster/reminders`;

    const response = await client.post(route, { rowIds: people.map((p) => p.rowId) });
    expect(response.status).toBe(200);
    const report = (await response.json()) as { sent: number; refused: Array<{ rowId: string; reason: string }> };
    expect(report.sent).toBe(1);
    expect(Object.fromEntries(report.refused.map((r) => [r.rowId, r.reason]))).toEqual({
      [published!.rowId]: ROSTER_REMINDER_MESSAGES.published,
      [unsubscribed!.rowId]: ROSTER_REMINDER_MESSAGES.unsubscribed,
      [bounced!.rowId]: ROSTER_REMINDER_MESSAGES.bounced,
    });
    // Recorded without a sequence, with the admin who sent it, and audited.
    expect(await remindersOf(open!.invitation.id)).toEqual([[null, 'sent', admin.id]]);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'roster.reminders_sent'), eq(auditLog.targetId, hospital.id)));
    expect(audits).toHaveLength(1);
    // Sent now does not use up the scheduled ones: the day-3 reminder still goes out.
    await sendDueReminders(reminderDeps(recordingMailer(), after(invitedAt, 3, 1)));
    expect(await remindersOf(open!.invitation.id)).toEqual([
      [null, 'sent', admin.id],
      [1, 'sent', null],
    ]);

    // Another hospital's admin: 404 for this hospital, and this hospital's rows through their own hospital are 404 too.
    const other = await rosterHospital(ctx);
    expect((await other.client.post(route, { rowIds: [open!.rowId] })).status).toBe(404);
    const foreign = await other.client.post(`/api/admin/hospitals/${other.hospital.id}/roster/reminders`, { rowIds: [open!.rowId] });
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { error: { message: string } }).error.message).toBe(ROSTER_REMINDER_MESSAGES.notFound);
    expect(await remindersOf(open!.invitation.id)).toHaveLength(2);
    // An empty selection is refused with the schema's message.
    expect((await client.post(route, { rowIds: [] })).status).toBe(400);
  });

  it('unsubscribes through the signed link: GET only asks, POST (button or RFC 8058 one-click) unsubscribes; a bad signature is refused', async () => {
    const { people, invitedAt } = await invitedRoster([FAKE_NPIS.familyPhysician]);
    const invitation = people[0]!.invitation;
    const url = new URL(rosterUnsubscribeUrl(ctx.env.appUrl, ctx.env.authSecret, invitation.id));
    const anonymous = browserClient(ctx.app);

    const page = await anonymous.get(url.pathname);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Stop the reminders?');
    expect(html).toContain(`<form method="post" action="${url.pathname}">`);
    const [unchanged] = await db.select().from(rosterInvitations).where(eq(rosterInvitations.id, invitation.id));
    expect(unchanged!.unsubscribedAt).toBeNull();

    // A wrong signature, a tampered id, a missing one: 404 and nothing changes.
    const signed = url.pathname.split('/').pop()!;
    for (const bad of [
      `${invitation.id}.${'A'.repeat(43)}`,
      `${invitation.id.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}.${signed.split('.')[1]}`,
      invitation.id,
    ]) {
      expect((await anonymous.get(`/roster/unsubscribe/${bad}`)).status).toBe(404);
      expect((await ctx.app.request(`/roster/unsubscribe/${bad}`, { method: 'POST' })).status).toBe(404);
    }
    expect((await db.select().from(rosterInvitations).where(eq(rosterInvitations.id, invitation.id)))[0]!.unsubscribedAt).toBeNull();

    // RFC 8058: the mail client posts List-Unsubscribe=One-Click from anywhere, without cookies.
    const oneClick = await ctx.app.request(url.pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You are unsubscribed');
    const [done] = await db.select().from(rosterInvitations).where(eq(rosterInvitations.id, invitation.id));
    expect(done!.unsubscribedAt).not.toBeNull();
    // Again (the page's button after the one-click): still unsubscribed, the first time kept.
    expect((await ctx.app.request(url.pathname, { method: 'POST', headers: { origin: TEST_ORIGIN } })).status).toBe(200);
    expect((await db.select().from(rosterInvitations).where(eq(rosterInvitations.id, invitation.id)))[0]!.unsubscribedAt).toEqual(done!.unsubscribedAt);
    expect(await (await anonymous.get(url.pathname)).text()).toContain('You are unsubscribed');

    // Reminders honour it.
    const mailer = recordingMailer();
    await sendDueReminders(reminderDeps(mailer, after(invitedAt, 3, 1)));
    expect(mailer.to(invitation.email)).toEqual([]);
    expect(await remindersOf(invitation.id)).toEqual([]);
  });
});

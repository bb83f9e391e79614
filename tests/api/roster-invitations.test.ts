/**
 * Roster invitations (issue 37 item 4): the admin's press makes one invitation per drafted row and
 * queues the job that e-mails them in the hospital's brand; pressing again or rerunning the job sends
 * nothing new, rows drafted later are invited by the next press, an e-mail left `sending` by a crash is
 * never sent again, a mail server's 550 marks the invitation bounced, and another hospital's admin
 * gets 404. Real recorded NPIs through the app's own pre-filling job and the loopback NPPES.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { auditLog, rosterEmails, rosterInvitations, rosterRows } from '../../src/server/db/schema';
import { enqueueJob } from '../../src/server/jobs/queue';
import { createLogger } from '../../src/server/lib/logger';
import { ROSTER_INVITE_JOB } from '../../src/server/modules/roster/invitations';
import { hashClaimToken, rosterUnsubscribeUrl, sendRosterEmail, verifyRosterUnsubscribe } from '../../src/server/modules/roster/mail';
import { FAKE_NPIS, startFakeNppes, type FakeNppes } from '../fakes/nppes';
import { createAdminRow, signInAdmin, uniqueSuffix } from '../support/factories';
import { claimLinkOf, draftRoster, recordingMailer, rosterHospital, runInvitationJobs } from '../support/roster';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

const BARNES = '1063410173';
const OIYEMHONLAN = '1568726677';
const COOPER = '1932510609';
const SPRANG = '1053975268';
const WANSKY = '1043467608';
const STEINBERG = '1396949913';
const MATHEWS = '1154556637';
const SHRENSEL = '1366785115';
const NARVAEZ = '1336333764';
const ALON = '1972910164';

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

const invite = (client: Awaited<ReturnType<typeof rosterHospital>>['client'], base: string, uploadId: string) => client.post(`${base}/${uploadId}/invitations`);
const emailsOf = (invitationId: string) => db.select().from(rosterEmails).where(eq(rosterEmails.invitationId, invitationId));
const invitationsOf = async (uploadId: string) =>
  (
    await db
      .select({ invitation: rosterInvitations })
      .from(rosterInvitations)
      .innerJoin(rosterRows, eq(rosterRows.id, rosterInvitations.rowId))
      .where(eq(rosterRows.uploadId, uploadId))
      .orderBy(rosterRows.line)
  ).map((r) => r.invitation);
const mailDeps = (mailer: ReturnType<typeof recordingMailer>) => ({
  db,
  mailer,
  logger,
  appUrl: ctx.env.appUrl,
  secret: ctx.env.authSecret,
  inviteTtlDays: ctx.env.ROSTER_INVITE_TTL_DAYS,
});

describe(`roster invitations (${databaseLabel})`, () => {
  it('invites each drafted person once, in the hospital’s brand, with what is filled in; a second press and a rerun send nothing new', async () => {
    const { hospital, client, base } = await rosterHospital(ctx, { name: 'Grady & <Sons> Health', directoryBrandColor: '#0f766e' });
    const suffix = uniqueSuffix();
    const emails = [`barnes.${suffix}@example.org`, `oiyemhonlan.${suffix}@example.org`, `cooper.${suffix}@example.org`, `gone.${suffix}@example.org`];
    const { upload, rows } = await draftRoster(ctx, { nppesUrl: nppes.url, logger }, client, base, [
      `${BARNES},${emails[0]}`,
      `${OIYEMHONLAN},${emails[1]}`,
      `${COOPER},${emails[2]}`,
      `${FAKE_NPIS.deactivated},${emails[3]}`,
    ]);
    expect(rows.map((r) => [r.state, r.outcome])).toEqual([
      ['drafted', 'created'],
      ['drafted', 'created'],
      ['drafted', 'created'],
      ['failed', null],
    ]);

    const pressed = await invite(client, base, upload.id);
    expect(pressed.status).toBe(202);
    expect(await pressed.json()).toEqual({ uploadId: upload.id, invited: 3, total: 3 });
    const mailer = recordingMailer();
    expect(await runInvitationJobs(db, ctx, logger, mailer)).toBe(1);
    expect(mailer.sent.map((m) => m.to).sort()).toEqual(emails.slice(0, 3).sort());

    const barnes = mailer.to(emails[0]!)[0]!;
    expect(barnes.subject).toBe('Grady & <Sons> Health has prepared your Vitae profile');
    expect(barnes.kind).toBe('roster_invitation');
    expect(barnes.html).toContain('Grady &amp; &lt;Sons&gt; Health');
    expect(barnes.html).toContain('background:#0f766e');
    expect(barnes.text).toContain('Anthony Barnes (Urology)');
    expect(barnes.text).toContain('Already filled in:\n- Professional Identity');
    const { url, token } = claimLinkOf(barnes);
    expect(url).toBe(`${ctx.env.appUrl}/claim/${token}`);
    const [first] = await invitationsOf(upload.id);
    expect(first!.tokenHash).toBe(hashClaimToken(token));
    expect(first!.email).toBe(emails[0]);
    // Expires ROSTER_INVITE_TTL_DAYS (7) days from now, said in the e-mail.
    expect(Math.round((first!.expiresAt.getTime() - Date.now()) / 86_400_000)).toBe(7);
    expect(barnes.text).toContain(
      `expires on ${first!.expiresAt.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })}`,
    );
    const unsubscribe = rosterUnsubscribeUrl(ctx.env.appUrl, ctx.env.authSecret, first!.id);
    expect(barnes.links).toEqual([url, unsubscribe]);
    expect(verifyRosterUnsubscribe(ctx.env.authSecret, unsubscribe.split('/').pop()!)).toBe(first!.id);
    expect(barnes.headers).toEqual({ 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect((await emailsOf(first!.id)).map((e) => [e.kind, e.status, e.sequence, e.sentAt !== null])).toEqual([['invitation', 'sent', null, true]]);

    // Pressed again, and the job run again by hand: nothing new is made or sent.
    expect(await (await invite(client, base, upload.id)).json()).toEqual({ uploadId: upload.id, invited: 0, total: 3 });
    await enqueueJob(db, ROSTER_INVITE_JOB, { uploadId: upload.id });
    expect(await runInvitationJobs(db, ctx, logger, mailer)).toBe(1);
    expect(mailer.sent).toHaveLength(3);
    const [sentCount] = await db.select({ n: count() }).from(rosterEmails);
    expect(sentCount!.n).toBe(3);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'roster.invitations_sent'), eq(auditLog.targetId, upload.id)));
    expect(audits.map((a) => a.hospitalId)).toEqual([hospital.id]);
  });

  it('invites rows drafted after the first press with the next press, and only them', async () => {
    const { client, base } = await rosterHospital(ctx);
    const suffix = uniqueSuffix();
    const { upload, rows } = await draftRoster(ctx, { nppesUrl: nppes.url, logger }, client, base, [
      `${SPRANG},sprang.${suffix}@example.org`,
      `${WANSKY},wansky.${suffix}@example.org`,
    ]);
    // The second row is still being worked on when the admin presses.
    await db.update(rosterRows).set({ state: 'drafting' }).where(eq(rosterRows.id, rows[1]!.id));
    expect(await (await invite(client, base, upload.id)).json()).toMatchObject({ invited: 1, total: 1 });
    const mailer = recordingMailer();
    await runInvitationJobs(db, ctx, logger, mailer);
    expect(mailer.sent.map((m) => m.to)).toEqual([`sprang.${suffix}@example.org`]);

    await db.update(rosterRows).set({ state: 'drafted' }).where(eq(rosterRows.id, rows[1]!.id));
    expect(await (await invite(client, base, upload.id)).json()).toMatchObject({ invited: 1, total: 2 });
    await runInvitationJobs(db, ctx, logger, mailer);
    expect(mailer.sent.map((m) => m.to)).toEqual([`sprang.${suffix}@example.org`, `wansky.${suffix}@example.org`]);
  });

  it('never sends again an invitation left ‘sending’ by a crash, and two senders at once send once', async () => {
    const { client, base } = await rosterHospital(ctx);
    const suffix = uniqueSuffix();
    const { upload } = await draftRoster(ctx, { nppesUrl: nppes.url, logger }, client, base, [
      `${STEINBERG},steinberg.${suffix}@example.org`,
      `${MATHEWS},mathews.${suffix}@example.org`,
    ]);
    expect(await (await invite(client, base, upload.id)).json()).toMatchObject({ invited: 2 });
    const [steinberg, mathews] = await invitationsOf(upload.id);
    // The process died after writing 'sending' and before (or after) the mail server answered.
    await db.insert(rosterEmails).values({ invitationId: steinberg!.id, kind: 'invitation', status: 'sending' });
    const mailer = recordingMailer();
    // Two senders of Mathews's invitation at the same moment (a job delivered twice): one sends.
    const both = await Promise.all([
      sendRosterEmail(mailDeps(mailer), { invitationId: mathews!.id, kind: 'invitation' }),
      sendRosterEmail(mailDeps(mailer), { invitationId: mathews!.id, kind: 'invitation' }),
    ]);
    expect(both.sort()).toEqual(['sent', 'skipped']);
    expect(mailer.sent.map((m) => m.to)).toEqual([`mathews.${suffix}@example.org`]);
    // The job after the restart: Steinberg's 'sending' is left alone, Mathews is done.
    await enqueueJob(db, ROSTER_INVITE_JOB, { uploadId: upload.id });
    await runInvitationJobs(db, ctx, logger, mailer);
    expect(await sendRosterEmail(mailDeps(mailer), { invitationId: steinberg!.id, kind: 'invitation' })).toBe('skipped');
    expect((await emailsOf(steinberg!.id)).map((e) => e.status)).toEqual(['sending']);
    expect((await emailsOf(mathews!.id)).map((e) => e.status)).toEqual(['sent']);
    expect(mailer.sent).toHaveLength(1);
  });

  it('marks the invitation bounced when the mail server refuses the address (550); a connection failure only fails the e-mail', async () => {
    const { client, base } = await rosterHospital(ctx);
    const suffix = uniqueSuffix();
    const { upload } = await draftRoster(ctx, { nppesUrl: nppes.url, logger }, client, base, [
      `${SHRENSEL},nobody.${suffix}@example.org`,
      `${NARVAEZ},narvaez.${suffix}@example.org`,
    ]);
    await invite(client, base, upload.id);
    const mailer = recordingMailer();
    mailer.refuse(`nobody.${suffix}@example.org`);
    const down = {
      ...recordingMailer(),
      send: async () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2525'), { code: 'ESOCKET' })),
    };
    const [shrensel, narvaez] = await invitationsOf(upload.id);
    expect(await sendRosterEmail(mailDeps(mailer), { invitationId: shrensel!.id, kind: 'invitation' })).toBe('failed');
    expect(await sendRosterEmail({ ...mailDeps(mailer), mailer: down }, { invitationId: narvaez!.id, kind: 'invitation' })).toBe('failed');
    const [bounced, unreachable] = await invitationsOf(upload.id);
    expect(bounced!.bouncedAt).not.toBe(null);
    expect(bounced!.bounceReason).toMatch(/^550 5\.1\.1 .*User unknown$/);
    expect((await emailsOf(shrensel!.id)).map((e) => [e.status, e.error?.includes('550')])).toEqual([['failed', true]]);
    expect(unreachable!.bouncedAt).toBe(null);
    expect((await emailsOf(narvaez!.id)).map((e) => [e.status, e.error])).toEqual([['failed', 'connect ECONNREFUSED 127.0.0.1:2525']]);
    // Neither is sent again by the job: the admin sees them and can send a reminder.
    await enqueueJob(db, ROSTER_INVITE_JOB, { uploadId: upload.id });
    await runInvitationJobs(db, ctx, logger, mailer);
    expect(mailer.sent).toHaveLength(0);
    // A bounced invitation gets no reminder either.
    expect(await sendRosterEmail(mailDeps(mailer), { invitationId: shrensel!.id, kind: 'reminder' })).toBe('skipped');
  });

  it('is the hospital’s own: another hospital’s admin gets 404 and makes nothing; a system admin may send', async () => {
    const own = await rosterHospital(ctx);
    const other = await rosterHospital(ctx);
    const suffix = uniqueSuffix();
    const { upload } = await draftRoster(ctx, { nppesUrl: nppes.url, logger }, own.client, own.base, [`${ALON},alon.${suffix}@example.org`]);
    const foreign = await other.client.post(`${own.base}/${upload.id}/invitations`);
    expect(foreign.status).toBe(404);
    // Their own hospital's path with this upload's id: not found either.
    expect((await other.client.post(`${other.base}/${upload.id}/invitations`)).status).toBe(404);
    expect(await invitationsOf(upload.id)).toHaveLength(0);

    const system = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'system_admin' })).email);
    const sent = await system.post(`${own.base}/${upload.id}/invitations`);
    expect(sent.status).toBe(202);
    expect(await sent.json()).toMatchObject({ invited: 1, total: 1 });
  });
});

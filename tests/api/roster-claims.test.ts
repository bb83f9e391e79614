/**
 * Claiming a roster draft (issue 37 item 4): the e-mail's link opens the claim (recorded once), a
 * password (the app's rules) or a magic link claims it in one transaction and signs in, the review
 * lists each section with its source, and publishing follows the hospital's rules (pre-approved roster
 * or approval). Refused: an expired link, a used one, one replaced by a newer e-mail, one opened while
 * signed in as someone else, an unknown one; a sign-up with the draft's e-mail is refused as taken.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_MESSAGES } from '../../src/shared/schemas/roster-claims';
import type { Database } from '../../src/server/db/client';
import { auditLog, authAccounts, authUsers, directoryListings, rosterInvitations, users } from '../../src/server/db/schema';
import { createLogger } from '../../src/server/lib/logger';
import { sendRosterEmail } from '../../src/server/modules/roster/mail';
import { FAKE_NPIS, startFakeNppes, type FakeNppes } from '../fakes/nppes';
import { browserClient, type BrowserClient } from '../support/clients';
import { latestMail, uniqueSuffix } from '../support/factories';
import { claimLinkOf, draftRoster, recordingMailer, rosterHospital, runInvitationJobs, type RecordingMailer } from '../support/roster';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

const PASSWORD = 'correct horse battery';
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

let ip = 0;
const fresh = () => browserClient(ctx.app);
const open = async (client: BrowserClient, token: string) => (await client.get(`/api/roster-claims/${token}`)).json();
const claim = (client: BrowserClient, token: string, body: Record<string, unknown> = { password: PASSWORD, agreedToTerms: true }) =>
  client.post(`/api/roster-claims/${token}/password`, body, { 'x-forwarded-for': `203.0.113.${(ip += 1) % 250}` });
const invitationOfUser = async (userId: string) => (await db.select().from(rosterInvitations).where(eq(rosterInvitations.userId, userId)))[0]!;

/** A hospital whose roster of the given NPIs is drafted and invited; returns each person's e-mail, user id and claim token. */
async function invitedRoster(npis: string[], hospital: Parameters<typeof rosterHospital>[1] = {}) {
  const admin = await rosterHospital(ctx, hospital);
  const suffix = uniqueSuffix();
  const emails = npis.map((npi) => `p${npi}.${suffix}@example.org`);
  const { upload, rows } = await draftRoster(
    ctx,
    { nppesUrl: nppes.url, logger },
    admin.client,
    admin.base,
    npis.map((npi, i) => `${npi},${emails[i]}`),
  );
  expect((await admin.client.post(`${admin.base}/${upload.id}/invitations`)).status).toBe(202);
  const mailer = recordingMailer();
  await runInvitationJobs(db, ctx, logger, mailer);
  const people = rows.map((row, i) => ({ email: emails[i]!, userId: row.userId!, token: claimLinkOf(mailer.to(emails[i]!)[0]!).token }));
  return { ...admin, upload, people, mailer };
}

const mailDeps = (mailer: RecordingMailer) => ({
  db,
  mailer,
  logger,
  appUrl: ctx.env.appUrl,
  secret: ctx.env.authSecret,
  inviteTtlDays: ctx.env.ROSTER_INVITE_TTL_DAYS,
});

describe(`roster claims (${databaseLabel})`, () => {
  it('opens the claim (recorded once), claims with a password in one go, signs in and reviews each section with its source; the link is then used', async () => {
    const { hospital, people } = await invitedRoster(['1063410173'], { name: 'Grady Health' });
    const [barnes] = people;
    const client = fresh();
    const shown = await open(client, barnes!.token);
    expect(shown).toMatchObject({
      state: 'open',
      hospitalName: 'Grady Health',
      providerName: 'Anthony Barnes',
      specialty: 'Urology',
      emailHint: `p•••@${barnes!.email.split('@')[1]}`,
    });
    const opened = (await invitationOfUser(barnes!.userId)).openedAt;
    expect(opened).not.toBe(null);
    await open(client, barnes!.token);
    expect((await invitationOfUser(barnes!.userId)).openedAt).toEqual(opened);

    // The app's password rules and the terms.
    const weak = await claim(client, barnes!.token, { password: 'password', agreedToTerms: true });
    expect(weak.status).toBe(400);
    expect(JSON.stringify(await weak.json())).toContain('common');
    const noTerms = await claim(client, barnes!.token, { password: PASSWORD, agreedToTerms: false });
    expect(noTerms.status).toBe(400);
    expect(JSON.stringify(await noTerms.json())).toContain(CLAIM_MESSAGES.termsRequired);
    expect((await db.select().from(users).where(eq(users.id, barnes!.userId)))[0]!.status).toBe('unclaimed');

    const claimed = await claim(client, barnes!.token);
    expect(claimed.status, await claimed.clone().text()).toBe(200);
    expect(await claimed.json()).toEqual({ claimed: true, redirectTo: '/roster-review' });
    const [user] = await db.select().from(users).where(eq(users.id, barnes!.userId));
    expect(user).toMatchObject({ status: 'active', emailVerified: true, agreedToTerms: true, agreedToPrivacy: true, hospitalId: hospital.id });
    expect(user!.authUserId).not.toBe(null);
    expect((await db.select().from(authUsers).where(eq(authUsers.id, user!.authUserId!)))[0]).toMatchObject({ email: barnes!.email, emailVerified: true });
    expect((await db.select().from(authAccounts).where(eq(authAccounts.userId, user!.authUserId!))).map((a) => a.providerId)).toEqual(['credential']);
    expect((await invitationOfUser(barnes!.userId)).claimedAt).not.toBe(null);
    expect((await db.select().from(auditLog).where(eq(auditLog.action, 'provider.roster_profile_claimed'))).map((a) => a.targetId)).toEqual([barnes!.userId]);

    // Signed in as the person, on their review.
    expect((await (await client.get('/api/auth/session')).json()).user.email).toBe(barnes!.email);
    const review = await (await client.get('/api/me/roster-review')).json();
    expect(review).toMatchObject({ hospitalName: 'Grady Health', preApproved: false, listingStatus: 'draft' });
    const identity = review.sections.find((s: { sectionId: string }) => s.sectionId === 'professional_identity');
    expect(identity).toMatchObject({ title: 'Professional Identity', path: '/professional-identity', status: 'complete', sources: ['registry', 'roster'] });
    // What the section holds, each line with its source: the registry's name, the roster's e-mail (the NPI has no provenance row).
    expect(identity.details).toEqual(
      expect.arrayContaining([
        { label: 'Name', value: 'Anthony Barnes', source: 'registry' },
        { label: 'Primary specialty', value: 'Urology', source: 'registry' },
        { label: 'NPI', value: '1063410173', source: null },
        { label: 'Professional e-mail', value: barnes!.email, source: 'roster' },
      ]),
    );
    const locations = review.sections.find((s: { sectionId: string }) => s.sectionId === 'locations');
    expect(locations.details).toEqual([{ label: expect.any(String), value: expect.stringContaining('Atlanta, GA'), source: 'registry' }]);
    // And with the password they chose, from another browser.
    const again = await fresh().post('/api/auth/sign-in', { email: barnes!.email, password: PASSWORD });
    expect(again.status).toBe(200);

    // The link is used: the page says so, and claiming again is refused.
    expect(await open(fresh(), barnes!.token)).toMatchObject({ state: 'refused', reason: 'claimed', message: CLAIM_MESSAGES.claimed });
    const reuse = await claim(fresh(), barnes!.token);
    expect(reuse.status).toBe(410);
    expect((await reuse.json()).error.message).toBe(CLAIM_MESSAGES.claimed);
  });

  it('refuses an expired link (ask the hospital), a replaced one (use the latest e-mail) and an unknown one', async () => {
    const { people, mailer } = await invitedRoster(['1568726677', '1932510609'], { name: 'Piedmont Clinic' });
    const [expired, replaced] = people;
    await db
      .update(rosterInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(rosterInvitations.userId, expired!.userId));
    expect(await open(fresh(), expired!.token)).toEqual({
      state: 'refused',
      reason: 'expired',
      hospitalName: 'Piedmont Clinic',
      message: 'This claim link has expired. Ask Piedmont Clinic for a new link.',
    });
    expect((await claim(fresh(), expired!.token)).status).toBe(410);
    expect((await invitationOfUser(expired!.userId)).openedAt).toBe(null);

    // A reminder issues a new link: the old one is 'replaced', the new one works.
    expect(await sendRosterEmail(mailDeps(mailer), { invitationId: (await invitationOfUser(replaced!.userId)).id, kind: 'reminder', sequence: 1 })).toBe(
      'sent',
    );
    const newer = claimLinkOf(mailer.to(replaced!.email).at(-1)!).token;
    expect(newer).not.toBe(replaced!.token);
    expect(await open(fresh(), replaced!.token)).toMatchObject({ state: 'refused', reason: 'replaced', message: CLAIM_MESSAGES.replaced });
    expect((await claim(fresh(), replaced!.token)).status).toBe(410);
    expect(await open(fresh(), newer)).toMatchObject({ state: 'open', providerName: 'Chandra Cooper' });
    expect((await claim(fresh(), newer)).status).toBe(200);

    // Unknown: a well-formed token of no invitation, and one that is not a token at all.
    const unknown = `${'0'.repeat(32)}${'A'.repeat(43)}`;
    expect(await open(fresh(), unknown)).toMatchObject({ state: 'refused', reason: 'unknown', message: CLAIM_MESSAGES.unknown });
    expect((await claim(fresh(), unknown)).status).toBe(404);
    expect((await fresh().get('/api/roster-claims/not-a-token')).status).toBe(400);
  });

  it('refuses a link opened while signed in as someone else, and a sign-up with the draft’s e-mail; the person claims afterwards', async () => {
    const { hospital, people } = await invitedRoster(['1043467608']);
    const [wansky] = people;
    const other = fresh();
    const otherEmail = `someone.${uniqueSuffix()}@example.org`;
    const signedUp = await other.post(
      '/api/auth/sign-up',
      { email: otherEmail, password: PASSWORD, agreedToTerms: true, agreedToPrivacy: true, fullName: 'Someone Else', hospitalId: hospital.id },
      { 'x-forwarded-for': '198.18.0.1' },
    );
    expect(signedUp.status).toBe(201);
    expect(await open(other, wansky!.token)).toEqual({
      state: 'refused',
      reason: 'other_user',
      hospitalName: hospital.name,
      signedInAs: otherEmail,
      message: `This invitation is for someone else, and you are signed in as ${otherEmail}. Sign out first, then open the link again.`,
    });
    const refused = await claim(other, wansky!.token);
    expect(refused.status).toBe(409);
    expect((await db.select().from(users).where(eq(users.id, wansky!.userId)))[0]!.status).toBe('unclaimed');
    // Opened by the wrong person: not recorded as opened.
    expect((await invitationOfUser(wansky!.userId)).openedAt).toBe(null);

    // Someone signing up with the draft's address is told it is taken (decision 0026).
    const taken = await fresh().post(
      '/api/auth/sign-up',
      { email: wansky!.email, password: PASSWORD, agreedToTerms: true, agreedToPrivacy: true, fullName: 'Michelle Wansky', hospitalId: hospital.id },
      { 'x-forwarded-for': '198.18.0.2' },
    );
    expect(taken.status).toBe(409);
    expect(await db.select().from(authUsers).where(eq(authUsers.email, wansky!.email))).toHaveLength(0);

    // The person, in their own browser, claims.
    expect((await claim(fresh(), wansky!.token)).status).toBe(200);
  });

  it('claims with a magic link sent to the bound address, which signs in on the review page', async () => {
    const { people } = await invitedRoster(['1053975268']);
    const [sprang] = people;
    const client = fresh();
    const asked = await client.post(`/api/roster-claims/${sprang!.token}/magic-link`, { agreedToTerms: true });
    expect(asked.status, await asked.clone().text()).toBe(200);
    expect(await asked.json()).toMatchObject({ claimed: true, sent: true });
    expect((await db.select().from(users).where(eq(users.id, sprang!.userId)))[0]).toMatchObject({ status: 'active', emailVerified: true });
    const mail = await latestMail(ctx, sprang!.email);
    expect(mail!.kind).toBe('magic_link');
    const link = new URL(mail!.links[0]!);
    const verified = await client.post('/api/auth/callback', { token_hash: link.searchParams.get('token_hash'), type: 'magiclink' });
    expect(verified.status).toBe(200);
    expect((await verified.json()).redirectTo).toBe('/roster-review');
    expect((await client.get('/api/me/roster-review')).status).toBe(200);
    // No password was set: the credential account does not exist.
    const [user] = await db.select().from(users).where(eq(users.id, sprang!.userId));
    expect(await db.select().from(authAccounts).where(eq(authAccounts.userId, user!.authUserId!))).toHaveLength(0);
  });

  it('publishes at once where the hospital pre-approved its roster; elsewhere the request waits for approval', async () => {
    const preApproved = await invitedRoster(['1396949913'], { rosterPreApproved: true, directoryEnabled: true, directorySlug: `pre-${uniqueSuffix()}` });
    const approval = await invitedRoster(['1154556637'], { directoryEnabled: true, directorySlug: `appr-${uniqueSuffix()}` });
    for (const [roster, expected] of [
      [preApproved, 'published'],
      [approval, 'pending'],
    ] as const) {
      const person = roster.people[0]!;
      const client = fresh();
      expect((await claim(client, person.token)).status).toBe(200);
      expect((await (await client.get('/api/me/roster-review')).json()).preApproved).toBe(expected === 'published');
      const asked = await client.put('/api/me/directory', { publish: true });
      expect(asked.status, await asked.clone().text()).toBe(200);
      expect((await asked.json()).status).toBe(expected);
      expect((await db.select().from(directoryListings).where(eq(directoryListings.userId, person.userId)))[0]!.status).toBe(expected);
    }
    // Pre-approval is for the roster's people only: a provider who signed up on their own still waits.
    const own = fresh();
    const email = `self.${uniqueSuffix()}@example.org`;
    expect(
      (
        await own.post(
          '/api/auth/sign-up',
          {
            email,
            password: PASSWORD,
            agreedToTerms: true,
            agreedToPrivacy: true,
            fullName: 'Cardio Logist',
            npiNumber: FAKE_NPIS.cardiologist,
            hospitalId: preApproved.hospital.id,
          },
          { 'x-forwarded-for': '198.18.0.3' },
        )
      ).status,
    ).toBe(201);
    const [self] = await db.select().from(users).where(eq(users.email, email));
    await db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.id, self!.authUserId!));
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, self!.id));
    expect((await (await own.put('/api/me/directory', { publish: true })).json()).status).toBe('pending');
  });
});

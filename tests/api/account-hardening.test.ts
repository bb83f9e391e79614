/**
 * Sign-in, session and account hardening (issue 32, items 10-13 and 17-21): what the outside tests
 * and the access audit found, each as the attacker or the person met it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminUsers, auditLog, authSessions, authUsers, educationTraining, hospitals, languages, mailOutbox, users } from '../../src/server/db/schema';
import { loadReferenceData } from '../../src/server/db/seed/reference-data';
import { createSecretBox } from '../../src/server/lib/secret-box';
import { seedDataDir } from '../../src/server/paths';
import { startFakeNppes, type FakeNppes } from '../fakes/nppes';
import { FAKE_YEXT_KEYS, npiFrom, providerEntity, startFakeYext, type FakeYext } from '../fakes/yext';
import { browserClient } from '../support/clients';
import { createAdminRow, createHospital, latestMail, signInAdmin, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

let ctx: TestContext;
let nppes: FakeNppes;
let yext: FakeYext;

beforeAll(async () => {
  nppes = await startFakeNppes();
  yext = await startFakeYext();
  ctx = await createTestApp({ NPI_REGISTRY_URL: nppes.url, YEXT_API_URL: yext.url, YEXT_SANDBOX_URL: yext.sandboxUrl });
  // The listing-service import maps languages by name; the reference list is what production has.
  const data = loadReferenceData(seedDataDir);
  await ctx.database.db.insert(languages).values(data.languages.map((l) => ({ code: l.code, name: l.name, isQuickAdd: l.isQuickAdd, sortOrder: l.sortOrder })));
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await ctx?.close();
  await nppes?.close();
  await yext?.close();
});

const PASSWORD = 'correct horse battery';
let addressCounter = 0;
/** Each caller from its own documentation-range address, clear of the per-address limits of other tests. */
const nextAddress = () => `192.0.2.${(addressCounter += 1) % 250}`;

async function signUp(overrides: Record<string, unknown> = {}) {
  const client = browserClient(ctx.app);
  const email = `provider.${uniqueSuffix()}@example.org`;
  const response = await client.post(
    '/api/auth/sign-up',
    { email, password: PASSWORD, agreedToTerms: true, agreedToPrivacy: true, fullName: 'Jordan Avery', ...overrides },
    { 'x-forwarded-for': nextAddress() },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return { client, email };
}

const signIn = (email: string, password: string, client = browserClient(ctx.app)) =>
  client.post('/api/auth/sign-in', { email, password }, { 'x-forwarded-for': nextAddress() });

async function resetToken(email: string) {
  const [mail] = await ctx.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(sql`${mailOutbox.createdAt} desc, ${mailOutbox.id} desc`)
    .limit(1);
  return new URL(mail!.links[0]!).searchParams.get('token')!;
}

async function forgotPassword(email: string) {
  expect((await browserClient(ctx.app).post('/api/auth/forgot-password', { email })).status).toBe(200);
  return resetToken(email);
}

const resetPassword = (token: string, newPassword: string) => browserClient(ctx.app).post('/api/auth/reset-password', { token, newPassword });

/** An administrator created by another the way the console does it: temporary password, invitation. */
async function invitedAdmin(hospitalId: string) {
  const system = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'system_admin' })).email);
  const email = `invited.${uniqueSuffix()}@example.org`;
  expect((await system.post('/api/admin/admins', { email, fullName: 'Ivy Invited', role: 'hospital_admin', hospitalId })).status).toBe(201);
  const invite = new URL((await latestMail(ctx, email))!.links[0]!);
  return { email, system, token: invite.searchParams.get('token')! };
}

describe(`provider sign-in with an administrator's address (item 10, ${databaseLabel})`, () => {
  it('answers the right and a wrong password identically, and leaves no session', async () => {
    const hospital = await createHospital(ctx);
    const { email, token } = await invitedAdmin(hospital.id);
    expect((await resetPassword(token, 'the admin passphrase')).status).toBe(200);

    const right = browserClient(ctx.app);
    const withRight = await signIn(email, 'the admin passphrase', right);
    const withWrong = await signIn(email, 'not the admin passphrase');
    expect(withRight.status).toBe(401);
    expect(withWrong.status).toBe(withRight.status);
    expect(await withRight.json()).toEqual(await withWrong.json());
    expect(withRight.headers.get('set-cookie')).toBeNull();
    expect(await (await right.get('/api/auth/session')).json()).toMatchObject({ user: null });
    const [admin] = await ctx.database.db.select().from(adminUsers).where(eq(adminUsers.email, email));
    const sessions = await ctx.database.db.select().from(authSessions).where(eq(authSessions.userId, admin!.authUserId!));
    expect(sessions).toEqual([]);
  });
});

describe(`password reset links (item 11, ${databaseLabel})`, () => {
  it('an older link is dead once a newer one has reset the password', async () => {
    const { email } = await signUp();
    const older = await forgotPassword(email);
    const newer = await forgotPassword(email);
    expect(newer).not.toBe(older);
    // Stored hashed, like magic links: the database does not hold a usable link.
    const stored = await ctx.database.db.execute(sql`select identifier from auth_verifications where identifier like ${`%${newer}%`}`);
    expect((stored as unknown as { rows: unknown[] }).rows).toEqual([]);
    expect((await resetPassword(newer, 'the newer passphrase')).status).toBe(200);
    const replay = await resetPassword(older, 'the attacker passphrase');
    expect(replay.status).toBe(400);
    expect((await replay.json()).error.code).toBe('RESET_LINK_INVALID');
    expect((await signIn(email, 'the newer passphrase')).status).toBe(200);
    expect((await signIn(email, 'the attacker passphrase')).status).toBe(401);
  });

  it('a link sent before a password change no longer works after it', async () => {
    const { client, email } = await signUp();
    const token = await forgotPassword(email);
    expect((await client.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'a changed passphrase' })).status).toBe(200);
    expect((await resetPassword(token, 'the attacker passphrase')).status).toBe(400);
    expect((await signIn(email, 'a changed passphrase')).status).toBe(200);
  });

  it('a link sent before signing out everywhere no longer works after it', async () => {
    const { client, email } = await signUp();
    const token = await forgotPassword(email);
    expect((await client.post('/api/auth/sign-out-everywhere')).status).toBe(200);
    expect((await resetPassword(token, 'the attacker passphrase')).status).toBe(400);
    expect((await signIn(email, PASSWORD)).status).toBe(200);
  });
});

describe(`a deactivated hospital's administrators (item 12, ${databaseLabel})`, () => {
  it('lose their sessions at once and cannot sign in again while it stays inactive', async () => {
    const hospital = await createHospital(ctx);
    const local = await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id });
    const client = await signInAdmin(ctx, local.email);
    const brand = `/api/admin/hospitals/${hospital.id}/brand-settings`;
    expect((await client.get('/api/admin/me')).status).toBe(200);
    expect((await client.put(brand, { brandVoice: 'Warm.', toneGuidelines: null, writingStyleNotes: null, autoApplyToPrompts: false })).status).toBe(200);
    // A link asked for before the deactivation, redeemed after it.
    const system = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'system_admin' })).email);
    const pendingLinkAdmin = await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id });
    expect(
      (await browserClient(ctx.app).post('/api/admin/auth/magic-link', { email: pendingLinkAdmin.email }, { 'x-forwarded-for': nextAddress() })).status,
    ).toBe(200);
    const pendingLink = new URL((await latestMail(ctx, pendingLinkAdmin.email))!.links[0]!);

    expect((await system.post(`/api/admin/hospitals/${hospital.id}/deactivate`)).status).toBe(200);

    const me = await client.get('/api/admin/me');
    expect(me.status).toBe(401);
    expect((await client.put(brand, { brandVoice: 'Hijacked.', toneGuidelines: null, writingStyleNotes: null, autoApplyToPrompts: false })).status).toBe(401);
    const created = await client.post('/api/admin/admins', {
      email: `late.${uniqueSuffix()}@example.org`,
      fullName: 'Late Admin',
      role: 'hospital_admin',
      hospitalId: hospital.id,
    });
    expect(created.status).toBe(401);
    const [row] = await ctx.database.db.select().from(adminUsers).where(eq(adminUsers.id, local.id));
    expect(await ctx.database.db.select().from(authSessions).where(eq(authSessions.userId, row!.authUserId!))).toEqual([]);

    const again = await browserClient(ctx.app).post('/api/admin/auth/magic-link', { email: local.email }, { 'x-forwarded-for': nextAddress() });
    expect(again.status).toBe(403);
    expect((await again.json()).error.code).toBe('ADMIN_USER_INACTIVE');
    const redeemed = await browserClient(ctx.app).post('/api/auth/callback', {
      token_hash: pendingLink.searchParams.get('token_hash'),
      type: 'magiclink',
      admin: true,
    });
    expect(redeemed.status).toBe(403);
    expect((await redeemed.json()).error.code).toBe('ADMIN_USER_INACTIVE');

    // The system administrator who deactivated it is not affected; reactivating lets the admins back in.
    expect((await system.get('/api/admin/me')).status).toBe(200);
    expect((await system.patch(`/api/admin/hospitals/${hospital.id}`, { isActive: true })).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 }); // past the resend cooldown of the first sign-in
    expect((await (await signInAdmin(ctx, local.email)).get('/api/admin/me')).status).toBe(200);
  });
});

describe(`admin magic-link requests per client address (item 13, ${databaseLabel})`, () => {
  it('keeps the spec text for an unknown address, limits each address, and audits a burst once', async () => {
    const address = '198.18.13.13';
    const ask = (email: string, from = address) => browserClient(ctx.app).post('/api/admin/auth/magic-link', { email }, { 'x-forwarded-for': from });
    const guesses = Array.from({ length: 36 }, (_, i) => `guess.${i}.${uniqueSuffix()}@example.org`);
    const answers = [];
    for (const email of guesses) answers.push(await ask(email));
    const bodies = await Promise.all(answers.map(async (r) => ({ status: r.status, error: (await r.json()).error })));
    expect(bodies.slice(0, 30).every((b) => b.status === 404 && b.error.message === 'No admin account found with this email address.')).toBe(true);
    expect(bodies.slice(30).every((b) => b.status === 429 && b.error.code === 'RATE_LIMIT_EXCEEDED')).toBe(true);

    // Once limited, the address learns nothing more, not even about a real administrator.
    const admin = await createAdminRow(ctx, { role: 'system_admin' });
    expect((await ask(admin.email)).status).toBe(429);
    expect(await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, admin.email))).toEqual([]);
    // Another address is not held back by this one's burst.
    expect((await ask(admin.email, '198.18.13.14')).status).toBe(200);

    const entries = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.ip, address), sql`${auditLog.action} like 'admin.magic_link.%'`));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'admin.magic_link.unknown_email', actorEmail: guesses[0] });
    expect(entries[0]!.summary).toMatchObject({ burst: { scope: 'client_address', window_minutes: 15 } });
  });
});

describe(`provider sign-out (item 17, ${databaseLabel})`, () => {
  it('ends every session of the account by default', async () => {
    const { client, email } = await signUp();
    const phone = browserClient(ctx.app);
    expect((await signIn(email, PASSWORD, phone)).status).toBe(200);
    expect((await (await phone.get('/api/auth/session')).json()).user.email).toBe(email);
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    expect((await (await phone.get('/api/auth/session')).json()).user).toBeNull();
    const [account] = await ctx.database.db.select().from(authUsers).where(eq(authUsers.email, email));
    expect(await ctx.database.db.select().from(authSessions).where(eq(authSessions.userId, account!.id))).toEqual([]);
  });

  it("the inactivity timer's sign-out ends only the idle browser's session", async () => {
    const { client: idle, email } = await signUp();
    const phone = browserClient(ctx.app);
    expect((await signIn(email, PASSWORD, phone)).status).toBe(200);
    expect((await idle.post('/api/auth/sign-out', { scope: 'local' })).status).toBe(200);
    expect((await (await idle.get('/api/auth/session')).json()).user).toBeNull();
    expect((await (await phone.get('/api/auth/session')).json()).user.email).toBe(email);
    expect((await phone.post('/api/auth/sign-out', { scope: 'everywhere-ish' })).status).toBe(400);
  });
});

describe(`an administrator's first password (items 18 and 19, ${databaseLabel})`, () => {
  it('an admin who only used magic links sets a first password on the change page, without a server error', async () => {
    const admin = await createAdminRow(ctx, { role: 'system_admin' });
    const client = await signInAdmin(ctx, admin.email);
    expect(await (await client.get('/api/admin/me')).json()).toMatchObject({ must_change_password: false, has_password: false });

    const change = await client.post('/api/auth/change-password', { currentPassword: 'anything at all', newPassword: 'a first passphrase' });
    expect(change.status).toBe(409);
    expect((await change.json()).error).toEqual({
      code: 'NO_PASSWORD_SET',
      message: 'You have not set a password yet. Please set one without a current password.',
    });

    const set = await client.post('/api/admin/auth/set-password', { newPassword: 'a first passphrase' });
    expect(set.status).toBe(200);
    expect(await (await client.get('/api/admin/me')).json()).toMatchObject({ has_password: true });
    // From now on the current password is asked for.
    expect((await client.post('/api/admin/auth/set-password', { newPassword: 'a second passphrase' })).status).toBe(403);
    expect((await client.post('/api/auth/change-password', { currentPassword: 'a first passphrase', newPassword: 'a second passphrase' })).status).toBe(200);
  });

  it('a new admin who set a password from the invitation is not sent to change it again', async () => {
    const hospital = await createHospital(ctx);
    const { email, token } = await invitedAdmin(hospital.id);
    const [before] = await ctx.database.db.select().from(adminUsers).where(eq(adminUsers.email, email));
    expect(before!.mustChangePassword).toBe(true);
    expect((await resetPassword(token, 'chosen from the invitation')).status).toBe(200);

    const [after] = await ctx.database.db.select().from(adminUsers).where(eq(adminUsers.email, email));
    expect(after).toMatchObject({ mustChangePassword: false, emailVerified: true });
    const client = browserClient(ctx.app);
    await signInAdmin(ctx, email, client);
    expect(await (await client.get('/api/admin/me')).json()).toMatchObject({ must_change_password: false, has_password: true });
    expect((await client.get('/api/admin/admins')).status).toBe(200);
  });
});

describe(`verification e-mail for a confirmed address (item 20, ${databaseLabel})`, () => {
  it('answers 409 in plain words instead of a server error', async () => {
    const { client, email } = await signUp();
    expect((await client.post('/api/auth/verification-email')).status).toBe(200);
    const link = new URL((await latestMail(ctx, email))!.links[0]!);
    expect((await client.post('/api/auth/callback', { token_hash: link.searchParams.get('token_hash'), type: 'email' })).status).toBe(200);

    const again = await client.post('/api/auth/verification-email');
    expect(again.status).toBe(409);
    expect((await again.json()).error).toEqual({ code: 'EMAIL_ALREADY_VERIFIED', message: 'Your email address is already verified.' });
  });
});

describe(`directory population after e-mail verification (item 21, ${databaseLabel})`, () => {
  it('runs the deferred population when the address is confirmed, as sign-in does', async () => {
    const suffix = uniqueSuffix();
    const [hospital] = await ctx.database.db
      .insert(hospitals)
      .values({
        name: `Listing Hospital ${suffix}`,
        code: `LH${suffix}`.toUpperCase(),
        dataSource: 'yext',
        yextConfig: { api_version: '20231201' },
        yextApiKeyEncrypted: createSecretBox(ctx.env.encryptionKey).seal(FAKE_YEXT_KEYS.production),
        // Off at sign-up, so the population is left for later.
        populationConfig: { enabled: false, match_by_hospital_id: true, email_domain_patterns: [], enhanced_expertise: false },
      })
      .returning();
    const npi = npiFrom(String(310_000_000 + Number.parseInt(suffix.slice(-4), 36)));
    yext.addProvider(providerEntity({ id: npi, npi, firstName: 'Margaret', lastName: 'Okafor' }));
    const { client, email } = await signUp({ hospitalId: hospital!.id, npiNumber: npi, fullName: 'Margaret Okafor' });
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(await ctx.database.db.select().from(educationTraining).where(eq(educationTraining.userId, user!.id))).toEqual([]);

    await ctx.database.db
      .update(hospitals)
      .set({ populationConfig: { enabled: true, match_by_hospital_id: true, email_domain_patterns: [], enhanced_expertise: false } })
      .where(eq(hospitals.id, hospital!.id));
    expect((await client.post('/api/auth/verification-email')).status).toBe(200);
    const link = new URL((await latestMail(ctx, email))!.links[0]!);
    // Confirmed from another browser, as when the mail is opened on a phone.
    expect((await browserClient(ctx.app).post('/api/auth/callback', { token_hash: link.searchParams.get('token_hash'), type: 'email' })).status).toBe(200);

    expect(await ctx.database.db.select().from(educationTraining).where(eq(educationTraining.userId, user!.id))).toHaveLength(3);
    const [account] = await ctx.database.db.select({ metadata: authUsers.metadata }).from(authUsers).where(eq(authUsers.email, email));
    expect(account!.metadata).toMatchObject({ needs_directory_population: false });
    expect(typeof account!.metadata!.directory_populated_at).toBe('string');
  });
});

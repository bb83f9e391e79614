import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  authSessions,
  authUsers,
  biography,
  languagesSpoken,
  dataSourceConfigurations,
  dataSourceFieldMappings,
  hospitals,
  mailOutbox,
  professionalIdentity,
  professionalLicenses,
  users,
} from '../../src/server/db/schema';
import { FAKE_NPIS, startFakeNppes, type FakeNppes } from '../fakes/nppes';
import { browserClient } from '../support/clients';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

let ctx: TestContext;
let nppes: FakeNppes;
let hospitalId: string;

beforeAll(async () => {
  nppes = await startFakeNppes();
  ctx = await createTestApp({ NPI_REGISTRY_URL: nppes.url });
  const [hospital] = await ctx.database.db.insert(hospitals).values({ name: 'Northfield Health', code: 'NORTHFIELD' }).returning();
  hospitalId = hospital!.id;
});
afterAll(async () => {
  await ctx?.close();
  await nppes?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

let counter = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${(counter += 1)}@example.org`;
const PASSWORD = 'correct horse battery';

function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail('provider'),
    password: PASSWORD,
    agreedToTerms: true,
    agreedToPrivacy: true,
    fullName: 'Jordan Avery',
    hospitalId,
    ...overrides,
  };
}

async function signUp(overrides: Record<string, unknown> = {}) {
  const client = browserClient(ctx.app);
  const body = signUpBody(overrides);
  // Each sign-up from its own address, so the per-IP sign-up limit does not interfere.
  const response = await client.post('/api/auth/sign-up', body, { 'x-forwarded-for': `192.0.2.${counter}` });
  return { client, response, body };
}

describe(`provider sign-up (${databaseLabel})`, () => {
  it('creates the account, the profile and a session at once', async () => {
    const { client, response, body } = await signUp({ npiNumber: FAKE_NPIS.cardiologist });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created.redirectTo).toBe('/dashboard');
    expect(created.user).toMatchObject({
      email: body.email,
      jobTitle: 'Physician',
      status: 'active',
      emailVerified: true,
      hospitalId,
      hospitalName: 'Northfield Health',
      hospitalDataSource: 'npi_registry',
    });

    const session = await (await client.get('/api/auth/session')).json();
    expect(session.user.email).toBe(body.email);

    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, body.email));
    expect(user).toMatchObject({ npiNumber: FAKE_NPIS.cardiologist, agreedToTerms: true, agreedToPrivacy: true, organization: 'Northfield Health' });
    const [identity] = await ctx.database.db.select().from(professionalIdentity).where(eq(professionalIdentity.userId, user!.id));
    expect(identity!.npiNumber).toBe(FAKE_NPIS.cardiologist);
    expect(identity!.isAutoPopulated).toBe(true);
    expect(identity!.npiSpecialties.length).toBeGreaterThan(0);
    const licenses = await ctx.database.db.select().from(professionalLicenses).where(eq(professionalLicenses.userId, user!.id));
    expect(licenses.length).toBeGreaterThan(0);
    // The spec's sign-up defaults: the placeholder biography, and English when nothing maps a language.
    const [bio] = await ctx.database.db.select().from(biography).where(eq(biography.userId, user!.id));
    expect(bio).toMatchObject({ professionalSummary: 'Professional biography pending', publicSummary: null });
    const spoken = await ctx.database.db.select().from(languagesSpoken).where(eq(languagesSpoken.userId, user!.id));
    expect(spoken).toEqual([expect.objectContaining({ languageCode: 'en', languageName: 'English', isFromYext: false })]);
    const [account] = await ctx.database.db.select().from(authUsers).where(eq(authUsers.email, body.email));
    expect(account!.metadata).toMatchObject({
      full_name: 'Jordan Avery',
      npi_number: FAKE_NPIS.cardiologist,
      hospital_id: hospitalId,
      hospitalName: 'Northfield Health',
      agreed_to_terms: true,
      agreed_to_privacy: true,
      data_source: 'npi_registry',
      pending_profile_setup: false,
    });
  });

  it('refuses an e-mail that already has an account, with the spec text', async () => {
    const { body } = await signUp();
    const again = await browserClient(ctx.app).post('/api/auth/sign-up', signUpBody({ email: body.email.toUpperCase() }));
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe('An account with this email already exists. Please sign in instead or use the forgot password option.');
  });

  it("refuses a taken e-mail at a hospital whose data source maps fields in that path's own words (profile spec §5, §8)", async () => {
    const db = ctx.database.db;
    const [mapped] = await db
      .insert(hospitals)
      .values({ name: 'Mapped Health', code: `MAPPED${Date.now()}`, dataSource: 'yext' })
      .returning();
    const [config] = await db
      .insert(dataSourceConfigurations)
      .values({ hospitalId: mapped!.id, sourceType: 'yext', sourceName: 'Directory', isActive: true })
      .returning();
    await db
      .insert(dataSourceFieldMappings)
      .values({ configurationId: config!.id, profileSection: 'biography', profileField: 'professional_summary', sourcePath: 'c_providerBio' });
    const { body } = await signUp();
    const atMapped = await browserClient(ctx.app).post('/api/auth/sign-up', signUpBody({ email: body.email, hospitalId: mapped!.id, npiNumber: undefined }));
    expect(atMapped.status).toBe(409);
    expect((await atMapped.json()).error.message).toBe(
      'An account with this email already exists. Please use a different email or log in with your existing account.',
    );
    // The hospital is checked first on that path.
    const missing = await browserClient(ctx.app).post(
      '/api/auth/sign-up',
      signUpBody({ email: body.email, hospitalId: '00000000-0000-4000-8000-000000000000', npiNumber: undefined }),
    );
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toBe('Hospital not found');
  });

  it.each([
    ['123456789', 'too short'],
    ['12345678901', 'too long'],
    ['12345abcde', 'letters'],
    ['1234567890', 'failing the Luhn check'],
  ])('refuses NPI %s (%s) before calling the registry', async (npiNumber) => {
    const before = nppes.requests.length;
    const { response } = await signUp({ npiNumber });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe('NPI number must be exactly 10 digits');
    expect(nppes.requests.length).toBe(before);
  });

  it('refuses an NPI another provider already holds, and an unknown hospital', async () => {
    await signUp({ npiNumber: FAKE_NPIS.familyPhysician });
    const duplicate = await signUp({ npiNumber: FAKE_NPIS.familyPhysician });
    expect(duplicate.response.status).toBe(409);
    expect((await duplicate.response.json()).error.message).toBe('This NPI number is already registered to another account.');
    const noHospital = await signUp({ hospitalId: '5a4f1a43-51a7-4e57-9d89-1b1a29b4e0b1' });
    expect(noHospital.response.status).toBe(404);
    expect((await noHospital.response.json()).error.message).toBe('Hospital not found');
  });

  it('refuses weak passwords and missing agreements with clear messages', async () => {
    const short = await signUp({ password: 'short' });
    expect((await short.response.json()).error.message).toBe('Password must be at least 8 characters');
    const common = await signUp({ password: 'password123' });
    expect((await common.response.json()).error.message).toBe('This password is too common. Please choose a less predictable one.');
    const terms = await signUp({ agreedToTerms: false });
    expect(terms.response.status).toBe(400);
  });
});

describe(`sign-in and sign-in completion (${databaseLabel})`, () => {
  it('signs in with a password and rotates the session id', async () => {
    const { client, body } = await signUp();
    const firstToken = client.jar.get('vitae.session_token');
    const signedIn = await client.post('/api/auth/sign-in', { email: body.email, password: PASSWORD, rememberMe: true });
    expect(signedIn.status).toBe(200);
    expect((await signedIn.json()).redirectTo).toBe('/dashboard');
    expect(client.jar.get('vitae.session_token')).not.toBe(firstToken);
    const cookie = signedIn.headers.getSetCookie().find((line) => line.startsWith('vitae.session_token='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=\d+/i);
  });

  it('gives a browser-session cookie when Remember me is off', async () => {
    const { body } = await signUp();
    const client = browserClient(ctx.app);
    const signedIn = await client.post('/api/auth/sign-in', { email: body.email, password: PASSWORD, rememberMe: false });
    const cookie = signedIn.headers.getSetCookie().find((line) => line.startsWith('vitae.session_token='))!;
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
  });

  it('answers a wrong password with the spec text on the password field', async () => {
    const { body } = await signUp();
    const response = await browserClient(ctx.app).post('/api/auth/sign-in', { email: body.email, password: 'not the password' });
    expect(response.status).toBe(401);
    expect((await response.json()).error).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password', details: { field: 'password' } });
  });

  it('validates the login form with the spec messages', async () => {
    const client = browserClient(ctx.app);
    expect((await (await client.post('/api/auth/sign-in', { email: '', password: 'x' })).json()).error.message).toBe('Email is required');
    expect((await (await client.post('/api/auth/sign-in', { email: 'a b@c.d', password: 'x' })).json()).error.message).toBe('Email format is invalid');
    expect((await (await client.post('/api/auth/sign-in', { email: 'a@b.co', password: '' })).json()).error.message).toBe('Password is required');
  });

  it('builds a missing profile from the account metadata, stripping credentials', async () => {
    const { body } = await signUp({ fullName: 'Dr. Casey Morgan, MD, PhD', npiNumber: FAKE_NPIS.nursePractitioner });
    // Simulate an account whose profile was never created (the pending setup of the spec).
    const [account] = await ctx.database.db.select().from(authUsers).where(eq(authUsers.email, body.email));
    await ctx.database.db.delete(users).where(eq(users.email, body.email));
    await ctx.database.db
      .update(authUsers)
      .set({ metadata: { ...account!.metadata!, pending_profile_setup: false } })
      .where(eq(authUsers.id, account!.id));

    const client = browserClient(ctx.app);
    const signedIn = await client.post('/api/auth/sign-in', { email: body.email, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, body.email));
    expect(user).toMatchObject({
      fullName: 'Casey Morgan',
      firstName: 'Casey',
      lastName: 'Morgan',
      jobTitle: 'Healthcare Provider',
      npiNumber: FAKE_NPIS.nursePractitioner,
    });
  });

  it('retries without the NPI when another provider took it meanwhile', async () => {
    const first = await signUp({ npiNumber: FAKE_NPIS.deactivated });
    const [firstAccount] = await ctx.database.db.select().from(authUsers).where(eq(authUsers.email, first.body.email));
    // A second account whose pending profile carries the same NPI.
    const second = await signUp();
    const [account] = await ctx.database.db.select().from(authUsers).where(eq(authUsers.email, second.body.email));
    await ctx.database.db.delete(users).where(eq(users.email, second.body.email));
    await ctx.database.db
      .update(authUsers)
      .set({ metadata: { ...account!.metadata!, npi_number: firstAccount!.metadata!.npi_number, pending_profile_setup: true } })
      .where(eq(authUsers.id, account!.id));
    const signedIn = await browserClient(ctx.app).post('/api/auth/sign-in', { email: second.body.email, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, second.body.email));
    expect(user!.npiNumber).toBeNull();
  });
});

describe(`sessions (${databaseLabel})`, () => {
  it('ends a provider session after 30 idle minutes and slides on activity', async () => {
    const { client } = await signUp();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });

    vi.setSystemTime(start + 20 * 60_000);
    expect((await client.post('/api/auth/keep-alive')).status).toBe(200);
    vi.setSystemTime(start + 45 * 60_000); // 25 idle minutes after the activity
    expect((await client.post('/api/auth/keep-alive')).status).toBe(200);
    // Reading the session does not count as activity.
    vi.setSystemTime(start + 60 * 60_000);
    expect((await (await client.get('/api/auth/session')).json()).user).not.toBeNull();
    vi.setSystemTime(start + 75 * 60_000 + 1); // 30 minutes after the last activity
    const expired = await client.get('/api/auth/session');
    expect(expired.headers.get('x-session-ended')).toBe('idle');
    expect(await expired.json()).toEqual({ user: null, ended: 'idle' });
    expect(client.jar.has('vitae.session_token')).toBe(false);
  });

  it('refuses a session cookie whose signature does not match, even for a real token', async () => {
    const { client } = await signUp();
    const header = client.jar.header().cookie!;
    const forged = header.replace(/(vitae\.session_token=[^.;]+\.)[^;]+/, (_match, token: string) => `${token}${encodeURIComponent('A'.repeat(43) + '=')}`);
    expect(forged).not.toBe(header);
    const response = await ctx.app.request('/api/auth/session', { headers: { cookie: forged } });
    expect((await response.json()).user).toBeNull();
    expect((await client.get('/api/auth/session').then((r) => r.json())).user).not.toBeNull();
  });

  it('extends a session due for its daily refresh with a new cookie, and drops an expired one', async () => {
    const { client, body } = await signUp();
    const [account] = await ctx.database.db.select().from(authUsers).where(eq(authUsers.email, body.email));
    const soon = new Date(Date.now() + 60 * 60_000);
    await ctx.database.db.update(authSessions).set({ expiresAt: soon }).where(eq(authSessions.userId, account!.id));
    const refreshed = await client.get('/api/auth/session');
    expect((await refreshed.json()).user).not.toBeNull();
    expect(refreshed.headers.getSetCookie().some((cookie) => cookie.startsWith('vitae.session_token='))).toBe(true);
    const [extended] = await ctx.database.db.select().from(authSessions).where(eq(authSessions.userId, account!.id));
    expect(extended!.expiresAt.getTime()).toBeGreaterThan(soon.getTime() + 24 * 60 * 60_000);

    await ctx.database.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(authSessions.userId, account!.id));
    expect((await (await client.get('/api/auth/session')).json()).user).toBeNull();
    expect(await ctx.database.db.select().from(authSessions).where(eq(authSessions.userId, account!.id))).toHaveLength(0);
  });

  it('logout deletes the session on the server', async () => {
    const { client } = await signUp();
    const stolen = client.jar.clone();
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    const replay = browserClient(ctx.app, stolen);
    expect((await (await replay.get('/api/auth/session')).json()).user).toBeNull();
  });

  it('signs out everywhere', async () => {
    const { client, body } = await signUp();
    const other = browserClient(ctx.app);
    await other.post('/api/auth/sign-in', { email: body.email, password: PASSWORD });
    expect((await client.post('/api/auth/sign-out-everywhere')).status).toBe(200);
    expect((await (await other.get('/api/auth/session')).json()).user).toBeNull();
  });

  it('password reset revokes every other session, and the link works once', async () => {
    const { client, body } = await signUp();
    expect((await browserClient(ctx.app).post('/api/auth/forgot-password', { email: body.email })).status).toBe(200);
    const [mail] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, body.email));
    expect(mail!.kind).toBe('password_reset');
    const token = new URL(mail!.links[0]!).searchParams.get('token')!;
    const reset = await browserClient(ctx.app).post('/api/auth/reset-password', { token, newPassword: 'a brand new passphrase' });
    expect(reset.status).toBe(200);
    expect((await (await client.get('/api/auth/session')).json()).user).toBeNull();
    const again = await browserClient(ctx.app).post('/api/auth/reset-password', { token, newPassword: 'another new passphrase' });
    expect(again.status).toBe(400);
    const signedIn = await browserClient(ctx.app).post('/api/auth/sign-in', { email: body.email, password: 'a brand new passphrase' });
    expect(signedIn.status).toBe(200);
  });

  it('does not reveal whether an address has an account', async () => {
    const unknown = await browserClient(ctx.app).post('/api/auth/forgot-password', { email: uniqueEmail('nobody') });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ message: 'If an account exists for this e-mail, we sent a link to reset the password.' });
  });

  it('changes the password with the current one', async () => {
    const { client } = await signUp();
    const wrong = await client.post('/api/auth/change-password', { currentPassword: 'nope nope nope', newPassword: 'fresh passphrase here' });
    expect((await wrong.json()).error.message).toBe('Your current password is incorrect');
    const ok = await client.post('/api/auth/change-password', { currentPassword: PASSWORD, newPassword: 'fresh passphrase here' });
    expect(ok.status).toBe(200);
  });
});

describe(`magic links (${databaseLabel})`, () => {
  it('signs in by a link read from the outbox, only when the callback is posted', async () => {
    const { body } = await signUp();
    const client = browserClient(ctx.app);
    expect((await client.post('/api/auth/magic-link', { email: body.email })).status).toBe(200);
    const [mail] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, body.email))
      .orderBy(sql`${mailOutbox.createdAt} desc`);
    const link = new URL(mail!.links[0]!);
    expect(link.pathname).toBe('/auth/callback');
    expect(link.searchParams.get('type')).toBe('magiclink');
    // The token is stored hashed: the raw token is not in the database.
    const token = link.searchParams.get('token_hash')!;
    const rows = await ctx.database.db.execute(sql`select count(*)::int as n from auth_verifications where identifier like ${'%' + token + '%'}`);
    expect(Number((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)).toBe(0);

    const verified = await client.post('/api/auth/callback', { token_hash: token, type: 'magiclink' });
    expect(verified.status).toBe(200);
    expect((await (await client.get('/api/auth/session')).json()).user.email).toBe(body.email);
    const reused = await browserClient(ctx.app).post('/api/auth/callback', { token_hash: token, type: 'magiclink' });
    expect((await reused.json()).error.code).toBe('MAGIC_LINK_EXPIRED');
  });

  it('reports an expired link', async () => {
    const { body } = await signUp();
    await browserClient(ctx.app).post('/api/auth/magic-link', { email: body.email });
    const [mail] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, body.email))
      .orderBy(sql`${mailOutbox.createdAt} desc`);
    const token = new URL(mail!.links[0]!).searchParams.get('token_hash')!;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60_000 });
    const response = await browserClient(ctx.app).post('/api/auth/callback', { token_hash: token, type: 'magiclink' });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toEqual({ code: 'MAGIC_LINK_EXPIRED', message: 'This magic link has expired. Please request a new one.' });
  });
});

describe(`rate limits (${databaseLabel})`, () => {
  it('allows exactly 10 sign-in attempts per e-mail per window, even in parallel', async () => {
    const email = uniqueEmail('limited');
    const attempts = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        browserClient(ctx.app).post('/api/auth/sign-in', { email, password: 'wrong password' }, { 'x-forwarded-for': `10.0.0.${i}` }),
      ),
    );
    const statuses = attempts.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    const limited = attempts.find((r) => r.status === 429)!;
    expect((await limited.json()).error.message).toBe('Too many attempts. Please wait a few minutes before trying again.');
  });

  it('allows three magic links per e-mail per five minutes', async () => {
    const { body } = await signUp();
    const results = await Promise.all(Array.from({ length: 5 }, () => browserClient(ctx.app).post('/api/auth/magic-link', { email: body.email })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(2);
  });
});

describe('sessions table', () => {
  it('stores sessions in the database', async () => {
    const { body } = await signUp();
    const [account] = await ctx.database.db.select().from(authUsers).where(eq(authUsers.email, body.email));
    const sessions = await ctx.database.db.select().from(authSessions).where(eq(authSessions.userId, account!.id));
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.kind).toBe('provider');
  });
});

describe(`account settings (${databaseLabel})`, () => {
  it('renames the account and sends a verification e-mail whose link confirms the address', async () => {
    const { client, body } = await signUp();
    const renamed = await client.patch('/api/auth/profile', { fullName: 'Jordan A. Avery, MD' });
    expect((await renamed.json()).user).toMatchObject({ fullName: 'Jordan A. Avery', firstName: 'Jordan', lastName: 'Avery' });
    expect((await client.patch('/api/auth/profile', { fullName: '  ' })).status).toBe(400);

    expect((await client.post('/api/auth/verification-email')).status).toBe(200);
    const [mail] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, body.email))
      .orderBy(sql`${mailOutbox.createdAt} desc`);
    expect(mail!.kind).toBe('verification');
    const link = new URL(mail!.links[0]!);
    expect(link.searchParams.get('type')).toBe('email');
    await ctx.database.db.update(users).set({ status: 'pending', emailVerified: false }).where(eq(users.email, body.email));
    const verified = await client.post('/api/auth/callback', { token_hash: link.searchParams.get('token_hash'), type: 'email' });
    expect(verified.status).toBe(200);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, body.email));
    expect(user).toMatchObject({ status: 'active', emailVerified: true });
  });
});

import { and, asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/server/app';
import { appointmentRequests, auditLog, hospitals, jobs, mailOutbox } from '../../src/server/db/schema';
import { loadEnv, type Env } from '../../src/server/env';
import { createLogger } from '../../src/server/lib/logger';
import { createSecretBox } from '../../src/server/lib/secret-box';
import { APPOINTMENT_PURGE_JOB, createAppointmentJobHandlers, scheduleAppointmentPurge } from '../../src/server/modules/appointment-requests/jobs';
import { REFUSALS } from '../../src/server/modules/appointment-requests/routes';
import { auditActionLabel } from '../../src/shared/audit-actions';
import { migrationsDir } from '../../src/server/paths';
import { browserClient, type BrowserClient } from '../support/clients';
import { createAdminRow, createHospital, publishProvider, signInAdmin, uniqueSuffix } from '../support/factories';
import { TEST_ORIGIN, type TestContext } from '../support/test-app';
import { createTestDatabase, databaseLabel } from '../support/test-database';

// Issue T3 2/7 item 2: "Book or ask" — the appointment request form of a public profile page, stored
// sealed, mailed, listed for the hospital and the provider, limited, purged, and never logged.

let ctx: TestContext;
let env: Env;
/** Every log line the app wrote, at debug level: what an operator's log would hold. */
const lines: string[] = [];
let hospitalA: typeof hospitals.$inferSelect;
let hospitalB: typeof hospitals.$inferSelect;
let adminA: BrowserClient;
let adminB: BrowserClient;
let system: BrowserClient;
let provider: { client: BrowserClient; userId: string; path: string };
let other: { client: BrowserClient; userId: string; path: string };
let ip = 0;
const slugA = `riverside-${uniqueSuffix()}`;
const intake = `intake.${uniqueSuffix()}@riverside.example`;

beforeAll(async () => {
  const database = await createTestDatabase();
  env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'debug', APP_URL: TEST_ORIGIN, TRUST_PROXY: 'true', PUBLIC_RATE_LIMIT_PER_MINUTE: '100000' });
  const logger = createLogger({ level: 'debug', environment: 'test', destination: { write: (line: string) => void lines.push(line) } });
  const app = createApp({ env, database, logger, migrationsDir });
  ctx = { app, database, env, close: () => database.close() };

  hospitalA = await createHospital(ctx, {
    name: `Riverside ${uniqueSuffix()}`,
    contactPhone: '(847) 555-0100',
    contactEmail: `desk.${uniqueSuffix()}@riverside.example`,
  });
  hospitalB = await createHospital(ctx, { name: `Mercy ${uniqueSuffix()}` });
  adminA = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospitalA.id })).email);
  adminB = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospitalB.id })).email);
  system = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'system_admin' })).email);
  const saved = await adminA.put(`/api/admin/hospitals/${hospitalA.id}/directory`, {
    enabled: true,
    slug: slugA,
    requiresApproval: false,
    brandColor: null,
    intakeEmail: intake,
  });
  expect(saved.status).toBe(200);
  provider = await publishedProvider('Rosa Delgado', '(847) 555-0142');
  other = await publishedProvider('Tom Okafor', null);
});
afterAll(async () => {
  await ctx?.close();
});

async function publishedProvider(fullName: string, phone: string | null) {
  const client = browserClient(ctx.app);
  const response = await client.post(
    '/api/auth/sign-up',
    {
      email: `ar.${uniqueSuffix()}@example.org`,
      password: 'a long passphrase',
      agreedToTerms: true,
      agreedToPrivacy: true,
      fullName,
      hospitalId: hospitalA.id,
    },
    { 'x-forwarded-for': `203.0.113.${(ip += 1)}` },
  );
  expect(response.status).toBe(201);
  const { user } = await response.json();
  const put = await client.put('/api/profile/sections/locations', {
    items: [
      {
        locationName: 'Riverside Clinic',
        address: '1 River Rd',
        city: 'Evanston',
        state: 'IL',
        postalCode: '60201',
        ...(phone ? { phoneNumber: phone } : {}),
        isPrimaryLocation: true,
      },
    ],
  });
  expect(put.status).toBe(200);
  const path = await publishProvider(ctx, client, user.id);
  return { client, userId: user.id as string, path: path! };
}

/** A person's form as the browser posts it: same origin, urlencoded, from their own address. */
function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return ctx.app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, 'x-forwarded-for': `198.51.100.${(ip += 1) % 250}`, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

const form = (overrides: Record<string, string> = {}) => ({
  name: 'Maria Lopez',
  phone: '(847) 555-0199',
  email: '',
  patient: 'new',
  preferredTimes: 'Tuesday mornings',
  insurance: 'Blue Cross PPO',
  reason: 'Chest tightness when I climb stairs',
  homepage: '',
  ...overrides,
});

const requestsFor = (userId: string) =>
  ctx.database.db.select().from(appointmentRequests).where(eq(appointmentRequests.providerUserId, userId)).orderBy(asc(appointmentRequests.createdAt));
const mailsTo = (to: string) => ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(asc(mailOutbox.createdAt));

describe(`appointment requests (${databaseLabel})`, () => {
  it('offers Call to book (the primary location’s phone, else the hospital’s) and the request form on the profile page', async () => {
    const page = await (await ctx.app.request(provider.path)).text();
    expect(page).toContain('href="tel:8475550142"');
    expect(page).toContain('Call to book: (847) 555-0142');
    expect(page).toContain(`action="${provider.path}/request"`);
    expect(page).toContain('name="reason"');
    expect(page).toContain('name="homepage"');
    expect(page).not.toContain('<script src');
    // A provider without a phone on their locations: the hospital's number.
    expect(await (await ctx.app.request(other.path)).text()).toContain('href="tel:8475550100"');
  });

  it('stores the request sealed, mails the practice with the details and confirms to the requester without the reason (Post/Redirect/Get)', async () => {
    const email = `maria.${uniqueSuffix()}@patient-mail.example`;
    const reason = `Chest tightness on stairs ${uniqueSuffix()}`;
    const response = await postForm(`${provider.path}/request`, form({ email, reason }));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${provider.path}/request/sent`);
    const sent = await ctx.app.request(response.headers.get('location')!);
    expect(sent.status).toBe(200);
    const sentPage = await sent.text();
    expect(sentPage).toContain('Your request was sent');
    expect(sentPage).not.toContain(reason);

    const [stored] = await requestsFor(provider.userId);
    expect(stored).toMatchObject({ hospitalId: hospitalA.id, providerUserId: provider.userId, status: 'new' });
    // At rest the column holds ciphertext: none of the words, the name, the phone or the address.
    for (const plain of [reason, 'Maria Lopez', email, '555-0199', 'Blue Cross', 'Tuesday']) expect(stored!.sealed).not.toContain(plain);
    expect(stored!.sealed).toMatch(/^v1\./);
    const opened = JSON.parse(createSecretBox(env.encryptionKey).open(stored!.sealed));
    expect(opened).toEqual({
      name: 'Maria Lopez',
      phone: '(847) 555-0199',
      email,
      patient: 'new',
      preferredTimes: 'Tuesday mornings',
      insurance: 'Blue Cross PPO',
      reason,
    });

    const [practice] = await mailsTo(intake);
    expect(practice).toMatchObject({ kind: 'appointment_request', subject: 'Appointment request for Rosa Delgado' });
    expect(practice!.text).toContain(reason);
    expect(practice!.text).toContain('Phone: (847) 555-0199');
    expect(practice!.text).toContain(`E-mail: ${email}`);
    expect(practice!.text).toContain('Patient: new patient');
    const [confirmation] = await mailsTo(email);
    expect(confirmation).toMatchObject({ kind: 'appointment_request_confirmation' });
    expect(confirmation!.text).toContain('We passed your request for an appointment with Rosa Delgado');
    expect(confirmation!.text).toContain('(847) 555-0100');
    expect(confirmation!.text).not.toContain(reason);
  });

  it('answers each refusal with the form again, what went wrong in words and what was typed; nothing is stored or mailed', async () => {
    const before = (await requestsFor(provider.userId)).length;
    const reason = `Knee pain ${uniqueSuffix()}`;
    const cases: Array<[Response, number, string]> = [
      [
        await postForm(`${provider.path}/request`, form({ phone: '', email: '', reason })),
        400,
        'Give a phone number or an e-mail address so the practice can reach you',
      ],
      [await postForm(`${provider.path}/request`, form({ email: 'not-an-address', reason })), 400, 'This e-mail address does not look right'],
      [await postForm(`${provider.path}/request`, form({ name: '', reason })), 400, 'Tell us your name'],
      [
        await postForm(`${provider.path}/request`, form({ insurance: 'Aetna\u0000', reason })),
        400,
        'Remove the invisible control characters from what you typed',
      ],
      [
        await postForm(`${provider.path}/request`, form({ reason: `${reason} ${'x'.repeat(2100)}` })),
        400,
        'The reason is too long: keep it under 2000 characters',
      ],
      // The honeypot: a field people never see.
      [await postForm(`${provider.path}/request`, form({ reason, homepage: 'http://spam.example' })), 400, REFUSALS.honeypot],
      // Another site's page posting to ours, or no sign of where it came from.
      [await postForm(`${provider.path}/request`, form({ reason }), { origin: 'https://evil.example' }), 403, REFUSALS.origin],
      [await postForm(`${provider.path}/request`, form({ reason }), { origin: '', referer: 'https://evil.example/page' }), 403, REFUSALS.origin],
      [await postForm(`${provider.path}/request`, form({ reason }), { origin: '' }), 403, REFUSALS.origin],
      [await postForm(`${provider.path}/request`, form({ reason }), { 'sec-fetch-site': 'cross-site' }), 403, REFUSALS.origin],
    ];
    for (const [response, status, message] of cases) {
      expect(response.status).toBe(status);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const page = await response.text();
      expect(page).toContain(message);
      if (message !== 'Tell us your name') expect(page).toContain('Maria Lopez');
      if (!message.includes('too long')) expect(page).toContain(reason);
    }
    // A JSON body and an oversized body are refused before they are read.
    const json = await ctx.app.request(`${provider.path}/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: JSON.stringify(form()),
    });
    expect(json.status).toBe(415);
    const huge = await postForm(`${provider.path}/request`, form({ reason: 'x'.repeat(20_000) }));
    expect(huge.status).toBe(413);
    expect(await huge.text()).toContain('The request is too long');
    expect((await requestsFor(provider.userId)).length).toBe(before);
    // The same page, posted from our own page without an Origin header (an older browser), is accepted on its Referer.
    const referred = await postForm(`${other.path}/request`, form({ reason }), { origin: '', referer: `${TEST_ORIGIN}${other.path}` });
    expect(referred.status).toBe(303);
  });

  it('limits requests per client address (5 an hour) and per e-mail address (3 a day), counted in the database', async () => {
    const address = '192.0.2.77';
    for (let n = 0; n < 5; n += 1) expect((await postForm(`${other.path}/request`, form(), { 'x-forwarded-for': address })).status).toBe(303);
    const refused = await postForm(`${other.path}/request`, form({ reason: 'sixth' }), { 'x-forwarded-for': address });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    const page = await refused.text();
    expect(page).toContain(REFUSALS.address);
    expect(page).toContain('sixth');
    // Another address is not held back.
    expect((await postForm(`${other.path}/request`, form(), { 'x-forwarded-for': '192.0.2.78' })).status).toBe(303);

    const email = `repeat.${uniqueSuffix()}@patient-mail.example`;
    for (let n = 0; n < 3; n += 1) expect((await postForm(`${other.path}/request`, form({ email }))).status).toBe(303);
    // From a new address each time, and written differently: still the same e-mail.
    const byEmail = await postForm(`${other.path}/request`, form({ email: email.toUpperCase() }));
    expect(byEmail.status).toBe(429);
    expect(await byEmail.text()).toContain(REFUSALS.email);
    expect((await mailsTo(email)).length).toBe(3);
  });

  it('lists a hospital’s requests for its administrators and system administrators, each read audited; another hospital’s administrator gets 404', async () => {
    const listed = await adminA.get(`/api/admin/hospitals/${hospitalA.id}/appointment-requests`);
    expect(listed.status).toBe(200);
    const { items } = await listed.json();
    const mine = items.filter((item: { provider: { id: string } }) => item.provider.id === provider.userId);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine[0]).toMatchObject({ status: 'new', provider: { id: provider.userId, name: 'Rosa Delgado' }, details: { name: 'Maria Lopez', patient: 'new' } });
    const reads = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'appointment_request.read'), eq(auditLog.targetId, mine[0].id)));
    expect(reads.length).toBeGreaterThanOrEqual(1);
    expect(reads[0]).toMatchObject({ targetType: 'appointment_request', hospitalId: hospitalA.id, actorRole: 'hospital_admin' });
    expect(JSON.stringify(reads[0]!.summary)).not.toContain('Maria');
    // The audit page reads it in words.
    expect(auditActionLabel('appointment_request.read')).toBe('Read an appointment request');

    expect((await adminB.get(`/api/admin/hospitals/${hospitalA.id}/appointment-requests`)).status).toBe(404);
    expect((await adminB.patch(`/api/admin/hospitals/${hospitalA.id}/appointment-requests/${mine[0].id}`, { status: 'closed' })).status).toBe(404);
    // Nor through their own hospital's path.
    expect((await adminB.patch(`/api/admin/hospitals/${hospitalB.id}/appointment-requests/${mine[0].id}`, { status: 'closed' })).status).toBe(404);
    const bList = await (await adminB.get(`/api/admin/hospitals/${hospitalB.id}/appointment-requests`)).json();
    expect(bList.items).toEqual([]);
    expect((await system.get(`/api/admin/hospitals/${hospitalA.id}/appointment-requests`)).status).toBe(200);
    // A provider has no administrator session.
    expect((await provider.client.get(`/api/admin/hospitals/${hospitalA.id}/appointment-requests`)).status).toBe(401);
  });

  it('moves a request forward new → contacted → booked → closed, never back, with each move audited', async () => {
    const [request] = await requestsFor(provider.userId);
    const move = (status: string, by = adminA) => by.patch(`/api/admin/hospitals/${hospitalA.id}/appointment-requests/${request!.id}`, { status });
    expect((await (await move('contacted')).json()).status).toBe('contacted');
    expect((await move('new')).status).toBe(409);
    expect((await (await move('booked', system)).json()).status).toBe('booked');
    expect((await (await move('closed')).json()).status).toBe('closed');
    expect((await move('contacted')).status).toBe(409);
    expect((await move('lost')).status).toBe(400);
    const moves = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'appointment_request.status_changed'), eq(auditLog.targetId, request!.id)))
      .orderBy(asc(auditLog.id));
    expect(moves.map((m) => m.summary)).toEqual([
      { from: 'new', to: 'contacted' },
      { from: 'contacted', to: 'booked' },
      { from: 'booked', to: 'closed' },
    ]);
  });

  it('shows a provider their own requests only, and audits that read too', async () => {
    const mine = await (await provider.client.get('/api/me/appointment-requests')).json();
    expect(mine.items.length).toBe((await requestsFor(provider.userId)).length);
    expect(mine.items.every((item: { provider: { id: string } }) => item.provider.id === provider.userId)).toBe(true);
    expect(mine.items[0].details.name).toBe('Maria Lopez');
    const theirs = await (await other.client.get('/api/me/appointment-requests')).json();
    expect(theirs.items.every((item: { provider: { id: string } }) => item.provider.id === other.userId)).toBe(true);
    const reads = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'appointment_request.read'), eq(auditLog.actorId, provider.userId)));
    expect(reads.length).toBe(mine.items.length);
    expect((await adminA.get('/api/me/appointment-requests')).status).toBe(401);
  });

  it('keeps the settings with the directory’s (requests on, intake address, retention 90 days) and switching requests off leaves only Call to book', async () => {
    const view = await (await adminA.get(`/api/admin/hospitals/${hospitalA.id}/directory`)).json();
    expect(view).toMatchObject({ requestsEnabled: true, intakeEmail: intake, retentionDays: 90 });
    expect(
      (
        await adminA.put(`/api/admin/hospitals/${hospitalA.id}/directory`, {
          enabled: true,
          slug: slugA,
          requiresApproval: false,
          brandColor: null,
          retentionDays: 0,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await adminA.put(`/api/admin/hospitals/${hospitalA.id}/directory`, {
          enabled: true,
          slug: slugA,
          requiresApproval: false,
          brandColor: null,
          intakeEmail: 'front desk',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await adminB.put(`/api/admin/hospitals/${hospitalA.id}/directory`, {
          enabled: true,
          slug: slugA,
          requiresApproval: false,
          brandColor: null,
          requestsEnabled: false,
        })
      ).status,
    ).toBe(404);

    const off = await adminA.put(`/api/admin/hospitals/${hospitalA.id}/directory`, {
      enabled: true,
      slug: slugA,
      requiresApproval: false,
      brandColor: null,
      requestsEnabled: false,
    });
    expect(await off.json()).toMatchObject({ requestsEnabled: false, intakeEmail: intake, retentionDays: 90 });
    const page = await (await ctx.app.request(provider.path)).text();
    expect(page).toContain('Call to book: (847) 555-0142');
    expect(page).not.toContain('Request an appointment');
    expect(page).not.toContain('name="reason"');
    const before = (await requestsFor(provider.userId)).length;
    expect((await postForm(`${provider.path}/request`, form())).status).toBe(404);
    expect((await ctx.app.request(`${provider.path}/request`)).status).toBe(404);
    expect((await requestsFor(provider.userId)).length).toBe(before);

    // Back on, with no intake address: the hospital's contact e-mail receives them.
    await adminA.put(`/api/admin/hospitals/${hospitalA.id}/directory`, {
      enabled: true,
      slug: slugA,
      requiresApproval: false,
      brandColor: null,
      requestsEnabled: true,
      intakeEmail: null,
    });
    expect((await postForm(`${provider.path}/request`, form({ reason: 'fallback address' }))).status).toBe(303);
    const [fallback] = (await mailsTo(hospitalA.contactEmail!)).slice(-1);
    expect(fallback!.text).toContain('fallback address');
  });

  it('deletes requests older than their hospital’s retention in a daily job', async () => {
    const db = ctx.database.db;
    await db.update(hospitals).set({ appointmentRetentionDays: 10 }).where(eq(hospitals.id, hospitalB.id));
    const box = createSecretBox(env.encryptionKey);
    const sealed = box.seal(JSON.stringify({ name: 'Old' }));
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const [oldA, keptA, oldB, keptB] = await db
      .insert(appointmentRequests)
      .values([
        { hospitalId: hospitalA.id, providerUserId: provider.userId, sealed, createdAt: daysAgo(91) },
        { hospitalId: hospitalA.id, providerUserId: provider.userId, sealed, createdAt: daysAgo(89) },
        { hospitalId: hospitalB.id, providerUserId: other.userId, sealed, createdAt: daysAgo(11) },
        { hospitalId: hospitalB.id, providerUserId: other.userId, sealed, createdAt: daysAgo(9) },
      ])
      .returning();

    expect(await scheduleAppointmentPurge(db)).toBe(true);
    expect(await scheduleAppointmentPurge(db)).toBe(false);
    const [queued] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, APPOINTMENT_PURGE_JOB), eq(jobs.status, 'queued')));
    const handlers = createAppointmentJobHandlers({ db, logger: createLogger({ level: 'silent', environment: 'test' }) });
    await handlers[APPOINTMENT_PURGE_JOB]!(queued!);

    const left = new Set((await db.select({ id: appointmentRequests.id }).from(appointmentRequests)).map((row) => row.id));
    expect(left.has(oldA!.id)).toBe(false);
    expect(left.has(oldB!.id)).toBe(false);
    expect(left.has(keptA!.id)).toBe(true);
    expect(left.has(keptB!.id)).toBe(true);
    // Every request made in this file today is still there.
    expect((await requestsFor(provider.userId)).length).toBeGreaterThan(1);
    const next = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, APPOINTMENT_PURGE_JOB), eq(jobs.status, 'queued')));
    expect(next.some((job) => job.runAt.getTime() > Date.now() + 23 * 3_600_000)).toBe(true);
  });

  it('answers any body a script may post with a page, never a server error, and stores only valid requests', async () => {
    const before = (await requestsFor(other.userId)).length;
    let stored = 0;
    const text = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.constantFrom('', '\u0000', '%00', '<script>alert(1)</script>', 'a@b.co', '(847) 555-0100'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          name: text,
          phone: text,
          email: text,
          patient: fc.oneof(text, fc.constantFrom('new', 'existing')),
          reason: text,
          homepage: fc.constantFrom('', 'x'),
        }),
        fc.boolean(),
        async (fields, raw) => {
          const response = raw
            ? await ctx.app.request(`${other.path}/request`, {
                method: 'POST',
                headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, 'x-forwarded-for': `203.0.113.${(ip += 1) % 250}` },
                body: Object.values(fields).join('&'),
              })
            : await postForm(`${other.path}/request`, fields, { 'x-forwarded-for': `2001:db8::${(ip += 1).toString(16)}` });
          expect(response.status).toBeLessThan(500);
          if (response.status === 303) stored += 1;
          else expect(response.headers.get('content-type')).toContain('text/html');
        },
      ),
      { numRuns: 60 },
    );
    expect((await requestsFor(other.userId)).length).toBe(before + stored);
  });

  it('mails the practice at the e-mail of the hospital location the provider practises at, else the hospital’s intake address', async () => {
    const base = `/api/admin/hospitals/${hospitalA.id}/locations`;
    const directory = (intakeEmail: string | null) =>
      adminA.put(`/api/admin/hospitals/${hospitalA.id}/directory`, {
        enabled: true,
        slug: slugA,
        requiresApproval: false,
        brandColor: null,
        requestsEnabled: true,
        intakeEmail,
      });
    expect((await directory(intake)).status).toBe(200);
    // The hospital's administrator gives an office an e-mail (checked and kept in lower case); a
    // malformed one is refused with the reason; another hospital's administrator cannot set it.
    const refused = await adminA.post(base, { name: 'Riverside Heart Center', email: 'heart desk at riverside' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('E-mail must be an address like appointments@example.org');
    const officeEmail = `heart.${uniqueSuffix()}@riverside.example`;
    const created = await adminA.post(base, {
      name: 'Riverside Heart Center',
      city: 'Evanston',
      state: 'IL',
      zipCode: '60201',
      email: officeEmail.replace('heart', 'Heart'),
    });
    expect(created.status).toBe(201);
    const office = (await created.json()) as { id: string; email: string | null };
    expect(office.email).toBe(officeEmail);
    // (the other hospital's location is not found for it, as for any of its paths)
    expect((await adminB.patch(`${base}/${office.id}`, { email: 'elsewhere@mercy.example' })).status).toBe(404);
    expect(((await (await adminA.get(`${base}/${office.id}`)).json()) as { email: string }).email).toBe(officeEmail);

    // A provider whose primary office is that location: the request goes to the office, not the intake desk.
    const client = browserClient(ctx.app);
    const signUp = await client.post(
      '/api/auth/sign-up',
      {
        email: `ar.${uniqueSuffix()}@example.org`,
        password: 'a long passphrase',
        agreedToTerms: true,
        agreedToPrivacy: true,
        fullName: 'Ines Varga',
        hospitalId: hospitalA.id,
      },
      { 'x-forwarded-for': `203.0.113.${(ip += 1)}` },
    );
    expect(signUp.status).toBe(201);
    const { user } = await signUp.json();
    const put = await client.put('/api/profile/sections/locations', {
      items: [
        { locationName: 'Home visits', city: 'Skokie', state: 'IL', postalCode: '60076', isPrimaryLocation: false },
        { predefinedLocationId: office.id, isPrimaryLocation: true },
      ],
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const path = (await publishProvider(ctx, client, user.id))!;
    const intakeBefore = (await mailsTo(intake)).length;
    const reason = `Palpitations at night ${uniqueSuffix()}`;
    expect((await postForm(`${path}/request`, form({ reason }))).status).toBe(303);
    const [toOffice] = await mailsTo(officeEmail);
    expect(toOffice).toMatchObject({ kind: 'appointment_request', subject: 'Appointment request for Ines Varga' });
    expect(toOffice!.text).toContain(reason);
    expect((await mailsTo(intake)).length).toBe(intakeBefore);

    // The office's e-mail cleared: back to the hospital's intake address.
    const cleared = await adminA.patch(`${base}/${office.id}`, { email: '' });
    expect(cleared.status).toBe(200);
    expect(((await cleared.json()) as { email: string | null }).email).toBeNull();
    const again = `Palpitations again ${uniqueSuffix()}`;
    expect((await postForm(`${path}/request`, form({ reason: again }))).status).toBe(303);
    expect((await mailsTo(officeEmail)).length).toBe(1);
    expect((await mailsTo(intake)).map((mail) => mail.text).join('\n---\n')).toContain(again);
    // Back to the contact e-mail the next test expects.
    expect((await directory(null)).status).toBe(200);
  });

  it('sends the practice’s copy and the confirmation over SMTP when SMTP_URL is set, and logs neither recipient', async () => {
    const received: Array<{ to: string[]; subject: string; text: string }> = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            received.push({
              to: [parsed.to]
                .flat()
                .flatMap((a) => a?.value ?? [])
                .map((a) => (a.address ?? '').toLowerCase()),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    try {
      const smtpLines: string[] = [];
      const smtpEnv = loadEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'debug',
        APP_URL: TEST_ORIGIN,
        TRUST_PROXY: 'true',
        PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
        SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      });
      const logger = createLogger({ level: 'debug', environment: 'test', destination: { write: (line: string) => void smtpLines.push(line) } });
      // A second process on the same database, delivering over SMTP.
      const app = createApp({ env: smtpEnv, database: ctx.database, logger, migrationsDir });
      const email = `smtp.${uniqueSuffix()}@patient-mail.example`;
      const reason = `Migraines every week ${uniqueSuffix()}`;
      const response = await app.request(`${provider.path}/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_ORIGIN, 'x-forwarded-for': '198.51.100.250' },
        body: new URLSearchParams(form({ email, reason })).toString(),
      });
      expect(response.status).toBe(303);
      await vi.waitFor(() => expect(received).toHaveLength(2), { timeout: 5000 });
      const practice = received.find((m) => m.to.includes(hospitalA.contactEmail!.toLowerCase()));
      expect(practice?.subject).toBe('Appointment request for Rosa Delgado');
      expect(practice?.text).toContain(reason);
      const confirmation = received.find((m) => m.to.includes(email));
      expect(confirmation?.text).toContain('Your appointment request was sent');
      expect(confirmation?.text).not.toContain(reason);
      const written = smtpLines.join('\n');
      expect(written.match(/"msg":"mail sent"/g)).toHaveLength(2);
      for (const value of [email, 'patient-mail.example', hospitalA.contactEmail!, 'riverside.example', reason]) expect(written).not.toContain(value);
    } finally {
      await new Promise<void>((resolve) => smtp.close(resolve));
    }
  });

  it('writes nothing of a request to the log: not the name, the phone, the e-mail, the reason or the insurance', async () => {
    const email = `private.${uniqueSuffix()}@secret-patient.example`;
    const words = {
      name: `Zed Quill ${uniqueSuffix()}`,
      phone: '(847) 555-0777',
      email,
      reason: `Rash on my elbow ${uniqueSuffix()}`,
      insurance: `Aetna ${uniqueSuffix()}`,
      preferredTimes: `Fridays ${uniqueSuffix()}`,
    };
    const from = lines.length;
    expect((await postForm(`${provider.path}/request`, form(words))).status).toBe(303);
    expect((await postForm(`${provider.path}/request`, form({ ...words, email: 'broken' }))).status).toBe(400);
    expect((await adminA.get(`/api/admin/hospitals/${hospitalA.id}/appointment-requests`)).status).toBe(200);
    const written = lines.slice(from).join('\n');
    // The capture works: the mails and the console read left their lines.
    expect(written).toContain('mail written to the development outbox');
    expect(written).toContain('"kind":"appointment_request_confirmation"');
    expect(written).toContain('/appointment-requests');
    for (const value of [...Object.values(words), 'secret-patient.example', '555-0777', 'Zed Quill']) expect(written).not.toContain(value);
  });
});

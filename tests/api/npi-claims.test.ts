import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, directoryListings, hospitals, notifications, npiClaims, professionalIdentity, users } from '../../src/server/db/schema';
import { startFakeNppes, type FakeNppes } from '../fakes/nppes';
import { browserClient, type BrowserClient } from '../support/clients';
import { confirmProviderEmail, createAdminRow, createHospital, publishProvider, signInAdmin, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

// Issue 32 item 4: nobody publishes a doctor under someone else's NPI. The registry records are real
// (tests/fixtures/real/nppes, served by the loopback NPPES): 1336333764 is CLAUDIA VIRGINIA NARVAEZ-MEZA,
// which the registry client writes in proper case.
const CLAUDIA = '1336333764';
const JEFFREY = '1366785115'; // JEFFREY ADAM SHRENSEL

let ctx: TestContext;
let nppes: FakeNppes;
let hospital: typeof hospitals.$inferSelect;
let hospitalAdmin: BrowserClient;
let systemAdmin: BrowserClient;
let ip = 0;
const slug = `claims-${uniqueSuffix()}`;

beforeAll(async () => {
  nppes = await startFakeNppes();
  ctx = await createTestApp({ NPI_REGISTRY_URL: nppes.url });
  hospital = await createHospital(ctx, { name: `Claims ${uniqueSuffix()}` });
  await ctx.database.db.update(hospitals).set({ directoryEnabled: true, directorySlug: slug }).where(eq(hospitals.id, hospital.id));
  hospitalAdmin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id })).email);
  systemAdmin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'system_admin' })).email);
});
afterAll(async () => {
  await ctx?.close();
  await nppes?.close();
});

const signUp = (body: Record<string, unknown>) =>
  browserClient(ctx.app).post(
    '/api/auth/sign-up',
    {
      email: `claim.${uniqueSuffix()}@example.org`,
      password: 'a long passphrase',
      agreedToTerms: true,
      agreedToPrivacy: true,
      hospitalId: hospital.id,
      ...body,
    },
    { 'x-forwarded-for': `198.18.0.${(ip += 1)}` },
  );

async function provider(body: Record<string, unknown>) {
  const client = browserClient(ctx.app);
  const response = await client.post(
    '/api/auth/sign-up',
    {
      email: `claim.${uniqueSuffix()}@example.org`,
      password: 'a long passphrase',
      agreedToTerms: true,
      agreedToPrivacy: true,
      hospitalId: hospital.id,
      ...body,
    },
    { 'x-forwarded-for': `198.18.1.${(ip += 1)}` },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return { client, userId: (await response.json()).user.id as string };
}

describe(`NPI identity and claims (${databaseLabel})`, () => {
  it('does not publish someone else’s NPI: no confirmed e-mail, no publishing; the approver sees the registry’s name', async () => {
    const impostor = await provider({ fullName: 'Alice Zeta, MD', npiNumber: CLAUDIA });
    const refused = await impostor.client.put('/api/me/directory', { publish: true });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.code).toBe('EMAIL_NOT_CONFIRMED');

    // Even with an address confirmed, the request waits for the hospital with the mismatch shown.
    await confirmProviderEmail(ctx, impostor.userId);
    const asked = await (await impostor.client.put('/api/me/directory', { publish: true })).json();
    expect(asked).toMatchObject({
      status: 'pending',
      publicPath: null,
      identityCheck: { npi: CLAUDIA, nameCheck: 'mismatch', registryName: 'Claudia Virginia Narvaez-Meza', profileName: 'Alice Zeta' },
    });
    const queue = (await (await hospitalAdmin.get(`/api/admin/hospitals/${hospital.id}/directory/listings`)).json()).items;
    expect(queue.find((l: { userId: string }) => l.userId === impostor.userId)).toMatchObject({ status: 'pending', identityCheck: { nameCheck: 'mismatch' } });
    // Nothing public: no page, no FHIR practitioner under that NPI.
    expect((await ctx.app.request(`/find/${slug}/alice-zeta`)).status).toBe(404);
    const fhir = await (await ctx.app.request(`/fhir/r4/Practitioner?identifier=http://hl7.org/fhir/sid/us-npi|${CLAUDIA}`)).json();
    expect(fhir.total).toBe(0);
  });

  it('lets the real clinician claim the NPI, and a system administrator move it to them', async () => {
    const holderId = (await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.npiNumber, CLAUDIA)))[0]!.id;
    // The holder's request was approved meanwhile (a hospital may approve by mistake): the claim takes it down.
    await ctx.database.db.update(directoryListings).set({ status: 'published' }).where(eq(directoryListings.userId, holderId));

    // The real clinician is told the number is taken, and that it can be claimed.
    const taken = await signUp({ fullName: 'Claudia Narváez-Meza', npiNumber: CLAUDIA });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error).toMatchObject({
      message: 'This NPI number is already registered to another account.',
      details: { field: 'npiNumber', claimable: true },
    });

    const claudia = await provider({ fullName: 'Claudia Narváez-Meza, MSW' });
    const unconfirmed = await claudia.client.post('/api/me/npi-claims', { npiNumber: CLAUDIA });
    expect(unconfirmed.status).toBe(409);
    expect((await unconfirmed.json()).error.message).toBe('Confirm your e-mail address before claiming an NPI: open the link we e-mail you, then claim it');
    await confirmProviderEmail(ctx, claudia.userId);
    expect((await claudia.client.post('/api/me/npi-claims', { npiNumber: '1234567890' })).status).toBe(400);
    expect((await (await claudia.client.post('/api/me/npi-claims', { npiNumber: JEFFREY })).json()).error.message).toBe(
      'No other account holds this NPI: add it to your professional identity instead',
    );

    const filed = await claudia.client.post('/api/me/npi-claims', { npiNumber: CLAUDIA, note: 'This is my NPI; my hospital can confirm.' });
    expect(filed.status).toBe(201);
    const claim = await filed.json();
    expect(claim).toMatchObject({ npiNumber: CLAUDIA, status: 'open' });
    expect((await claudia.client.post('/api/me/npi-claims', { npiNumber: CLAUDIA })).status).toBe(409);

    // Only system administrators see and decide the queue.
    expect((await hospitalAdmin.get('/api/admin/npi-claims')).status).toBe(403);
    expect((await hospitalAdmin.post(`/api/admin/npi-claims/${claim.id}/grant`, {})).status).toBe(403);
    const queue = (await (await systemAdmin.get('/api/admin/npi-claims')).json()).items;
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({
      id: claim.id,
      claimant: { id: claudia.userId },
      holder: { id: holderId },
      evidence: {
        registry: 'found',
        registryName: 'Claudia Virginia Narvaez-Meza',
        claimant: { nameCheck: 'match', emailConfirmed: true },
        holder: { nameCheck: 'mismatch', emailConfirmed: true, listing: 'published' },
      },
    });

    const granted = await systemAdmin.post(`/api/admin/npi-claims/${claim.id}/grant`, { note: 'Registry name and hospital roster agree.' });
    expect(granted.status).toBe(200);
    expect((await systemAdmin.post(`/api/admin/npi-claims/${claim.id}/refuse`, {})).status).toBe(409);

    const [holder] = await ctx.database.db.select({ npi: users.npiNumber }).from(users).where(eq(users.id, holderId));
    const [holderIdentity] = await ctx.database.db
      .select({ npi: professionalIdentity.npiNumber })
      .from(professionalIdentity)
      .where(eq(professionalIdentity.userId, holderId));
    expect([holder!.npi, holderIdentity!.npi]).toEqual([null, null]);
    const [holderListing] = await ctx.database.db.select().from(directoryListings).where(eq(directoryListings.userId, holderId));
    expect(holderListing).toMatchObject({ status: 'removed', reason: 'The NPI on this profile belongs to another clinician' });
    const [mine] = await ctx.database.db.select({ npi: users.npiNumber }).from(users).where(eq(users.id, claudia.userId));
    expect(mine!.npi).toBe(CLAUDIA);
    expect((await (await claudia.client.get('/api/me/npi-claims')).json()).items[0]).toMatchObject({
      status: 'granted',
      decisionNote: 'Registry name and hospital roster agree.',
    });
    const told = await ctx.database.db
      .select({ userId: notifications.userId, title: notifications.title })
      .from(notifications)
      .where(eq(notifications.data, { claimId: claim.id }));
    expect(told.map((n) => n.title).sort()).toEqual(['An NPI was removed from your profile', 'Your NPI claim was granted']);
    const audited = await ctx.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'npi_claim'), eq(auditLog.targetId, claim.id)));
    expect(audited.map((a) => a.action).sort()).toEqual(['npi.claim_filed', 'npi.claim_granted']);
    expect(await ctx.database.db.select().from(npiClaims).where(eq(npiClaims.status, 'open'))).toHaveLength(0);
  });

  it('gives one NPI to one of eight parallel sign-ups and tells the other seven', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, k) => signUp({ fullName: `Jeffrey Shrensel ${k}`, npiNumber: JEFFREY })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409))
      expect((await answer.json()).error.details).toMatchObject({ field: 'npiNumber', claimable: true });
    expect(await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.npiNumber, JEFFREY))).toHaveLength(1);
  });

  it('sends a published profile back to the hospital when its name or NPI changes', async () => {
    const { client, userId } = await provider({ fullName: 'Premila Mathews, MD', npiNumber: '1154556637' });
    expect(await publishProvider(ctx, client, userId, hospitalAdmin)).toBe(`/find/${slug}/premila-mathews`);
    const identity = (await (await client.get('/api/profile/sections/professional_identity')).json()).data;
    const renamed = await client.put('/api/profile/sections/professional_identity', { ...identity, fullLegalName: 'Someone Else' });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    expect(await (await client.get('/api/me/directory')).json()).toMatchObject({
      status: 'pending',
      reason: 'The name or NPI changed after the last check',
      publicPath: null,
    });
    expect((await ctx.app.request(`/find/${slug}/premila-mathews`)).status).toBe(404);
    const [recheck] = await ctx.database.db
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, userId), eq(auditLog.action, 'directory.listing_recheck')));
    expect(recheck?.summary).toEqual({ from: 'published', to: 'pending', because: 'identity_changed' });
  });
});

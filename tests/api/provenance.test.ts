/**
 * Field provenance: every write path records where each field's value came from (the registry at
 * sign-up and refresh, the provider's saves, an accepted directory proposal, discovery), only for
 * what actually changed; the provider reads it, and an admin of the provider's hospital sees it with
 * the overridden fields in the profile view, which other hospitals' admins cannot open.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldProvenance, publications, users } from '../../src/server/db/schema';
import { proposeUpdates } from '../../src/server/modules/pending-updates/service';
import { browserClient, type BrowserClient } from '../support/clients';
import { createAdminRow, createHospital, signInAdmin, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';
import { FAKE_NPIS, startFakeNppes, type FakeNppes } from '../fakes/nppes';

let ctx: TestContext;
let nppes: FakeNppes;

beforeAll(async () => {
  nppes = await startFakeNppes();
  ctx = await createTestApp({ NPI_REGISTRY_URL: nppes.url });
});
afterAll(async () => {
  await ctx?.close();
  await nppes?.close();
});

let ip = 0;
async function signUp(input: { fullName: string; npiNumber?: string; hospitalId?: string }) {
  const client = browserClient(ctx.app);
  const email = `provenance.${uniqueSuffix()}@example.org`;
  const response = await client.post(
    '/api/auth/sign-up',
    { email, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, ...input },
    { 'x-forwarded-for': `198.51.100.${(ip += 1)}` },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  return { client, user: user! };
}

interface Entry {
  sectionId: string;
  field: string;
  source: string;
  recordedAt: string;
}

async function provenance(client: BrowserClient) {
  const response = await client.get('/api/profile/provenance');
  expect(response.status).toBe(200);
  return (await response.json()) as { items: Entry[]; overrides: string[] };
}

const bySource = (items: Entry[]) => Object.fromEntries(items.map((item) => [`${item.sectionId}.${item.field}`, item.source]));
const entry = (items: Entry[], key: string) => items.find((item) => `${item.sectionId}.${item.field}` === key);

describe(`field provenance (${databaseLabel})`, () => {
  it('records the registry for what it filled at sign-up and the provider for what they typed', async () => {
    const { client } = await signUp({ fullName: 'Jordan Avery', npiNumber: FAKE_NPIS.cardiologist });
    const { items, overrides } = await provenance(client);
    expect(bySource(items)).toEqual({
      // The registry supplied the names (only a full name was typed), the credential, the specialty and the licenses.
      'professional_identity.firstName': 'registry',
      'professional_identity.lastName': 'registry',
      'professional_identity.credentials': 'registry',
      'professional_identity.primarySpecialty': 'registry',
      'professional_identity.primarySpecialties': 'registry',
      'professional_identity.licenses': 'registry',
      'licenses.items': 'registry',
      'professional_identity.fullLegalName': 'provider',
      'professional_identity.professionalEmail': 'provider',
      'professional_identity.jobTitle': 'provider',
    });
    expect(overrides).toEqual([]);
    for (const item of items) expect(Date.parse(item.recordedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('attributes only the fields a save changed; a typed-over registry field stays the provider’s through a refresh', async () => {
    const { client } = await signUp({ fullName: 'Jordan Avery', npiNumber: FAKE_NPIS.familyPhysician });
    const before = await provenance(client);
    const identity = (await (await client.get('/api/profile/sections/professional_identity')).json()).data;

    // Saving the section unchanged attributes nothing to the provider.
    expect((await client.put('/api/profile/sections/professional_identity', identity)).status).toBe(200);
    expect(bySource((await provenance(client)).items)).toEqual(bySource(before.items));

    expect((await client.put('/api/profile/sections/professional_identity', { ...identity, firstName: 'Jordy', pronouns: 'they/them' })).status).toBe(200);
    const afterEdit = await provenance(client);
    expect(bySource(afterEdit.items)).toMatchObject({
      'professional_identity.firstName': 'provider',
      'professional_identity.pronouns': 'provider',
      'professional_identity.lastName': 'registry',
      'professional_identity.credentials': 'registry',
    });
    expect(afterEdit.overrides).toEqual(['firstName']);

    // The registry refresh leaves the typed name alone, so its source stays the provider's.
    const refreshed = await client.post('/api/profile/identity/npi-refresh', {});
    expect(refreshed.status).toBe(200);
    expect((await refreshed.json()).skipped).toContain('firstName');
    const afterRefresh = await provenance(client);
    expect(entry(afterRefresh.items, 'professional_identity.firstName')).toMatchObject({ source: 'provider' });
    expect(entry(afterRefresh.items, 'professional_identity.lastName')).toMatchObject({ source: 'registry' });

    // A list is attributed as a whole, and only when its content changes.
    const awards = {
      items: [
        { awardName: 'Teaching award', year: 2021 },
        { awardName: 'Top Doctor', year: 2023 },
      ],
    };
    expect((await client.put('/api/profile/sections/awards', awards)).status).toBe(200);
    const first = entry((await provenance(client)).items, 'awards.items');
    expect(first).toMatchObject({ source: 'provider' });
    // The same list again (its rows rewritten with new ids) is no change.
    expect((await client.put('/api/profile/sections/awards', awards)).status).toBe(200);
    expect(entry((await provenance(client)).items, 'awards.items')!.recordedAt).toBe(first!.recordedAt);
  });

  it('records an accepted directory proposal as the listing service’s and an approved discovery as discovery’s', async () => {
    const { client, user } = await signUp({ fullName: 'Margaret Okafor' });
    expect((await client.put('/api/profile/sections/biography', { professionalSummary: 'My words.' })).status).toBe(200);
    expect(entry((await provenance(client)).items, 'biography.professionalSummary')).toMatchObject({ source: 'provider' });

    await proposeUpdates(ctx.database.db, user.id, 'yext', [
      { sectionId: 'biography', field: 'professionalSummary', currentValue: 'My words.', newValue: 'Directory biography.' },
    ]);
    await proposeUpdates(ctx.database.db, user.id, 'npi_registry', [
      { sectionId: 'professional_identity', field: 'lastName', currentValue: 'Okafor', newValue: 'Okafor-Reyes' },
    ]);
    const open = (await (await client.get('/api/pending-updates')).json()).items as Array<{ id: string; field: string }>;
    for (const update of open) expect((await client.post(`/api/pending-updates/${update.id}/accept`)).status).toBe(200);
    expect(bySource((await provenance(client)).items)).toMatchObject({
      'biography.professionalSummary': 'listing_service',
      'professional_identity.lastName': 'registry',
    });

    const [found] = await ctx.database.db
      .insert(publications)
      .values({ userId: user.id, title: 'Heart failure outcomes', status: 'pending', discoveredAt: new Date(), pmid: '31234567', confidenceScore: 0.9 })
      .returning();
    expect((await client.patch(`/api/discovery/items/publications/${found!.id}`, { status: 'approved' })).status).toBe(200);
    expect(entry((await provenance(client)).items, 'publications.items')).toMatchObject({ source: 'discovery' });
  });

  it('shows an admin of the provider’s hospital where each field came from; another hospital’s admin cannot open it', async () => {
    const hospital = await createHospital(ctx);
    const other = await createHospital(ctx);
    const { client, user } = await signUp({ fullName: 'Jordan Avery', npiNumber: FAKE_NPIS.nursePractitioner, hospitalId: hospital.id });
    const identity = (await (await client.get('/api/profile/sections/professional_identity')).json()).data;
    expect((await client.put('/api/profile/sections/professional_identity', { ...identity, lastName: 'Avery-Shaw' })).status).toBe(200);

    const admin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id })).email);
    const view = await admin.get(`/api/admin/users/${user.id}`);
    expect(view.status).toBe(200);
    const body = (await view.json()) as { provenance: Entry[]; overrides: string[] };
    expect(bySource(body.provenance)).toMatchObject({
      'professional_identity.lastName': 'provider',
      'professional_identity.licenses': 'registry',
      'licenses.items': 'registry',
    });
    expect(body.overrides).toEqual(['lastName']);

    const stranger = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: other.id })).email);
    expect((await stranger.get(`/api/admin/users/${user.id}`)).status).toBe(404);
    expect((await browserClient(ctx.app).get('/api/profile/provenance')).status).toBe(401);
  });

  it('rejects a source outside the four and removes a provider’s provenance with the provider', async () => {
    const { user } = await signUp({ fullName: 'Sam Rivera' });
    await expect(
      ctx.database.db.insert(fieldProvenance).values({ userId: user.id, sectionId: 'biography', field: 'professionalSummary', source: 'guess' }),
    ).rejects.toThrow();
    const recorded = await ctx.database.db
      .select({ field: fieldProvenance.field, source: fieldProvenance.source })
      .from(fieldProvenance)
      .where(eq(fieldProvenance.userId, user.id));
    // No registry record: everything the sign-up filled was typed.
    expect(recorded.map((row) => `${row.field}:${row.source}`).sort()).toEqual([
      'firstName:provider',
      'fullLegalName:provider',
      'jobTitle:provider',
      'lastName:provider',
      'professionalEmail:provider',
    ]);
    await ctx.database.db.delete(users).where(eq(users.id, user.id));
    expect(await ctx.database.db.select().from(fieldProvenance).where(eq(fieldProvenance.userId, user.id))).toEqual([]);
  });
});

/**
 * Pending directory updates: listing the provider's open ones, accepting (written through the
 * profile's section saves, list sections merged), dismissing, accepting all, and ownership.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { languages, languagesSpoken, pendingUpdates, professionalIdentity, users } from '../../src/server/db/schema';
import { loadReferenceData } from '../../src/server/db/seed/reference-data';
import { proposeUpdates } from '../../src/server/modules/pending-updates/service';
import { seedDataDir } from '../../src/server/paths';
import { browserClient } from '../support/clients';
import { uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

let ctx: TestContext;
let db: Database;

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  const data = loadReferenceData(seedDataDir);
  await db.insert(languages).values(data.languages.map((l) => ({ code: l.code, name: l.name, isQuickAdd: l.isQuickAdd, sortOrder: l.sortOrder })));
});
afterAll(async () => {
  await ctx?.close();
});

let counter = 0;
async function signUp(fullName = 'Margaret Okafor') {
  const client = browserClient(ctx.app);
  const email = `pending.${uniqueSuffix()}@example.org`;
  const response = await client.post(
    '/api/auth/sign-up',
    { email, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName },
    { 'x-forwarded-for': `203.0.113.${(counter += 1)}` },
  );
  expect(response.status).toBe(201);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return { client, user: user! };
}

const openUpdates = async (client: ReturnType<typeof browserClient>) =>
  (await (await client.get('/api/pending-updates')).json()).items as Array<Record<string, unknown>>;

describe(`pending updates (${databaseLabel})`, () => {
  it('lists the open updates with readable values, and accepting writes through the section save', async () => {
    const { client, user } = await signUp();
    expect((await client.put('/api/profile/sections/biography', { professionalSummary: 'My words.' })).status).toBe(200);
    expect((await client.put('/api/profile/sections/languages', { items: [{ languageCode: 'fr' }] })).status).toBe(200);
    await proposeUpdates(db, user.id, 'yext', [
      { sectionId: 'biography', field: 'professionalSummary', currentValue: 'My words.', newValue: 'Directory biography.' },
      { sectionId: 'professional_identity', field: 'fullLegalName', currentValue: 'Margaret Okafor', newValue: 'Margaret A. Okafor' },
      { sectionId: 'practice_essentials', field: 'acceptingNewPatients', currentValue: null, newValue: true },
      {
        sectionId: 'languages',
        field: 'items',
        currentValue: [{ languageCode: 'fr', languageName: 'French' }],
        newValue: [
          { languageCode: 'fr', languageName: 'French' },
          { languageCode: 'es', languageName: 'Spanish', isFromYext: true },
        ],
      },
    ]);

    const items = await openUpdates(client);
    expect(items).toHaveLength(4);
    const byField = Object.fromEntries(items.map((item) => [`${String(item.sectionId)}.${String(item.field)}`, item]));
    expect(byField['biography.professionalSummary']).toMatchObject({
      sectionLabel: 'Biography',
      fieldLabel: 'Professional summary',
      currentDisplay: 'My words.',
      newDisplay: 'Directory biography.',
      source: 'yext',
      status: 'pending',
    });
    expect(byField['practice_essentials.acceptingNewPatients']).toMatchObject({ currentDisplay: 'Not set', newDisplay: 'Yes' });
    expect(byField['languages.items']).toMatchObject({ fieldLabel: 'Languages', currentDisplay: 'French', newDisplay: 'French; Spanish' });

    const bio = await client.post(`/api/pending-updates/${String(byField['biography.professionalSummary']!.id)}/accept`);
    expect(bio.status).toBe(200);
    expect(await bio.json()).toMatchObject({ status: 'accepted' });
    expect((await (await client.get('/api/profile/sections/biography')).json()).data.professionalSummary).toBe('Directory biography.');

    // An accepted identity value came from the directory: it is not marked as typed by the provider.
    expect((await client.post(`/api/pending-updates/${String(byField['professional_identity.fullLegalName']!.id)}/accept`)).status).toBe(200);
    const [identity] = await db.select().from(professionalIdentity).where(eq(professionalIdentity.userId, user.id));
    expect(identity).toMatchObject({ fullLegalName: 'Margaret A. Okafor', manualOverrideFlags: {} });
    const [renamed] = await db.select().from(users).where(eq(users.id, user.id));
    expect(renamed!.fullName).toBe('Margaret A. Okafor');

    // A list proposal adds to what the provider has now, including entries added since it was made.
    expect((await client.put('/api/profile/sections/languages', { items: [{ languageCode: 'fr' }, { languageCode: 'de' }] })).status).toBe(200);
    expect((await client.post(`/api/pending-updates/${String(byField['languages.items']!.id)}/accept`)).status).toBe(200);
    const spoken = await db.select().from(languagesSpoken).where(eq(languagesSpoken.userId, user.id)).orderBy(languagesSpoken.displayOrder);
    expect(spoken.map((l) => [l.languageCode, l.isFromYext])).toEqual([
      ['fr', false],
      ['de', false],
      ['es', true],
    ]);

    const dismissed = await client.post(`/api/pending-updates/${String(byField['practice_essentials.acceptingNewPatients']!.id)}/dismiss`);
    expect(await dismissed.json()).toMatchObject({ status: 'dismissed' });
    expect((await (await client.get('/api/profile/sections/practice_essentials')).json()).data).toBeNull();
    expect(await openUpdates(client)).toEqual([]);

    const again = await client.post(`/api/pending-updates/${String(byField['biography.professionalSummary']!.id)}/dismiss`);
    expect(again.status).toBe(409);
    const [row] = await db
      .select()
      .from(pendingUpdates)
      .where(eq(pendingUpdates.id, String(byField['biography.professionalSummary']!.id)));
    expect(row).toMatchObject({ status: 'accepted' });
    expect(row!.resolvedAt).not.toBeNull();
  });

  it('accepts all open updates at once, reporting the ones that could not be applied', async () => {
    const { client, user } = await signUp();
    await proposeUpdates(db, user.id, 'npi_registry', [
      { sectionId: 'practice_essentials', field: 'practiceName', currentValue: null, newValue: 'Northfield Cardiology' },
      { sectionId: 'languages', field: 'items', currentValue: [], newValue: [{ languageCode: 'xx' }] },
      { sectionId: 'biography', field: 'memberships', currentValue: null, newValue: 'American College of Cardiology' },
    ]);
    const response = await client.post('/api/pending-updates/accept-all');
    expect(response.status).toBe(200);
    const result = await response.json();
    expect(result).toMatchObject({ accepted: 2, failed: 1 });
    expect(result.failures[0].error).toBe('Invalid language code: xx');
    expect(result.items).toHaveLength(1);
    expect((await (await client.get('/api/profile/sections/practice_essentials')).json()).data.practiceName).toBe('Northfield Cardiology');
  });

  it("only ever touches the provider's own updates", async () => {
    const owner = await signUp();
    const other = await signUp('Jordan Avery');
    await proposeUpdates(db, owner.user.id, 'yext', [{ sectionId: 'biography', field: 'memberships', currentValue: null, newValue: 'AHA' }]);
    const [row] = await db
      .select()
      .from(pendingUpdates)
      .where(and(eq(pendingUpdates.userId, owner.user.id), eq(pendingUpdates.status, 'pending')));
    expect(await openUpdates(other.client)).toEqual([]);
    expect((await other.client.post(`/api/pending-updates/${row!.id}/accept`)).status).toBe(404);
    expect((await other.client.post(`/api/pending-updates/${row!.id}/dismiss`)).status).toBe(404);
    expect((await other.client.post('/api/pending-updates/not-an-id/accept')).status).toBe(404);
    expect((await browserClient(ctx.app).get('/api/pending-updates')).status).toBe(401);
    const [unchanged] = await db.select().from(pendingUpdates).where(eq(pendingUpdates.id, row!.id));
    expect(unchanged!.status).toBe('pending');
  });
});

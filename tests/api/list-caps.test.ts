/**
 * Every list of a provider's profile stops at its cap (limits.ts, issue 36 "no one can stall
 * everyone"): a list at the cap saves, one entry more is refused with the message naming the cap,
 * the same one the web forms show; approving a discovered item into a full section is refused too.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { languages, publications, users } from '../../src/server/db/schema';
import { loadReferenceData } from '../../src/server/db/seed/reference-data';
import { seedDataDir } from '../../src/server/paths';
import { PROFILE_LIST_CAPS, type ProfileListId } from '../../src/shared/limits';
import { listCapMessage } from '../../src/shared/schemas/profile';
import { browserClient } from '../support/clients';
import { uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

let ctx: TestContext;
let db: Database;
let languageCodes: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  const data = loadReferenceData(seedDataDir);
  await db.insert(languages).values(data.languages.map((l) => ({ code: l.code, name: l.name, isQuickAdd: l.isQuickAdd, sortOrder: l.sortOrder })));
  languageCodes = data.languages.map((l) => l.code);
});
afterAll(async () => {
  await ctx?.close();
});

async function signUp() {
  const client = browserClient(ctx.app);
  const email = `capped.${uniqueSuffix()}@example.org`;
  const response = await client.post(
    '/api/auth/sign-up',
    { email, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName: 'Pat Provider' },
    { 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 250)}` },
  );
  expect(response.status).toBe(201);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return { client, user: user! };
}

const STATES = ['AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME'];

/** The n-th valid entry of each list (distinct where the section wants them distinct). */
const ENTRY: Partial<Record<ProfileListId, (n: number) => Record<string, unknown>>> = {
  publications: (n) => ({ title: `Paper ${n}`, authors: ['Provider P'], journalName: 'J Test', publicationDate: '2020' }),
  clinical_trials: (n) => ({ trialTitle: `Trial ${n}` }),
  media_press: (n) => ({ title: `Interview ${n}` }),
  education_training: (n) => ({ educationType: 'continuing_education', institutionName: `School ${n}` }),
  locations: (n) => ({ locationName: `Office ${n}`, city: 'Chicago', state: 'IL', postalCode: '60601' }),
  languages: (n) => ({ languageCode: languageCodes[n]!, proficiency: 'fluent' }),
  // 20 states × 3 numbers: distinct (state, number) pairs.
  licenses: (n) => ({ licenseNumber: `LIC-${uniqueSuffix()}-${n}`, issuingState: STATES[n % STATES.length]! }),
  board_certifications: (n) => ({ certificationBoard: `Board ${n}` }),
  hospital_affiliations: (n) => ({ hospitalName: `Hospital ${n}` }),
  awards: (n) => ({ awardName: `Award ${n}` }),
  insurance: (n) => ({ insuranceName: `Plan ${n}` }),
  social_media: (n) => ({ platform: `Network ${n}`, profileUrl: `https://example.org/${n}` }),
};

const items = (id: ProfileListId, count: number) => Array.from({ length: count }, (_, n) => ENTRY[id]!(n));

describe(`profile list caps (${databaseLabel})`, () => {
  it('has a cap and a message naming it for every list', () => {
    expect(listCapMessage('publications')).toBe('At most 500 publications');
    expect(listCapMessage('insurance')).toBe('At most 200 insurance plans');
    expect(languageCodes.length).toBeGreaterThan(PROFILE_LIST_CAPS.languages);
  });

  it.each(Object.keys(ENTRY) as ProfileListId[])('%s: a list at the cap saves, one more is refused naming the cap', async (id) => {
    const { client } = await signUp();
    const cap = PROFILE_LIST_CAPS[id];
    const over = await client.put(`/api/profile/sections/${id}`, { items: items(id, cap + 1) });
    expect(over.status).toBe(400);
    const refusal = (await over.json()) as { error: { message: string; details: { issues: Array<{ path: string; message: string }> } } };
    expect(refusal.error.message).toBe(listCapMessage(id));
    expect(refusal.error.details.issues[0]?.path).toBe('items');

    const full = await client.put(`/api/profile/sections/${id}`, { items: items(id, cap) });
    expect(full.status, JSON.stringify(await full.clone().json())).toBe(200);
    const read = (await (await client.get(`/api/profile/sections/${id}`)).json()) as { data: { items: unknown[] } };
    expect(read.data.items).toHaveLength(cap);
  });

  it('approving a discovered publication into a full section is refused with the cap, not a server error', async () => {
    const { client, user } = await signUp();
    const cap = PROFILE_LIST_CAPS.publications;
    expect((await client.put('/api/profile/sections/publications', { items: items('publications', cap) })).status).toBe(200);
    const [pending] = await db
      .insert(publications)
      .values({ userId: user.id, title: 'Found by discovery', status: 'pending', discoveredAt: new Date(), pmid: '100009', displayOrder: 0 })
      .returning({ id: publications.id });
    const approve = await client.patch(`/api/discovery/items/publications/${pending!.id}`, { status: 'approved' });
    expect(approve.status).toBe(400);
    expect(((await approve.json()) as { error: { message: string } }).error.message).toContain(listCapMessage('publications'));
    const [still] = await db.select({ status: publications.status }).from(publications).where(eq(publications.id, pending!.id));
    expect(still?.status).toBe('pending');

    // One place left and two approved at once: the first goes in, the second is refused naming the cap.
    expect((await client.put('/api/profile/sections/publications', { items: items('publications', cap - 1) })).status).toBe(200);
    const [second] = await db
      .insert(publications)
      .values({ userId: user.id, title: 'Also found', status: 'pending', discoveredAt: new Date(), pmid: '100010', displayOrder: 0 })
      .returning({ id: publications.id });
    const bulk = await client.post('/api/discovery/items/bulk', {
      items: [pending!, second!].map((item) => ({ type: 'publications', id: item.id })),
      status: 'approved',
    });
    expect(bulk.status).toBe(200);
    expect(await bulk.json()).toEqual({
      updated: 1,
      failed: 1,
      error: `Failed to update 1 items. ${listCapMessage('publications')}: remove one from the section to approve another`,
    });
    const read = (await (await client.get('/api/profile/sections/publications')).json()) as { data: { items: Array<{ title: string }> } };
    expect(read.data.items).toHaveLength(cap);
    expect(read.data.items.at(-1)?.title).toBe('Found by discovery');
  });
});

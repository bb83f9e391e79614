/**
 * Section rules beyond shape: trial visibility, education dates, language codes, license uniqueness
 * and verification, expertise term lookup, and picking one of the hospital's locations.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import {
  clinicalTrials,
  hospitalExpertiseTerms,
  hospitalLocations,
  languages,
  medicalExpertiseTerms,
  professionalLicenses,
  users,
} from '../../src/server/db/schema';
import { loadReferenceData } from '../../src/server/db/seed/reference-data';
import { seedDataDir } from '../../src/server/paths';
import { browserClient, type BrowserClient } from '../support/clients';
import { createHospital, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

let ctx: TestContext;
let db: Database;

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  const data = loadReferenceData(seedDataDir);
  await db.insert(languages).values(data.languages.map((l) => ({ code: l.code, name: l.name, isQuickAdd: l.isQuickAdd, sortOrder: l.sortOrder })));
  await db.insert(medicalExpertiseTerms).values([
    { termId: 'CON-I50', term: 'Heart failure', termType: 'Condition', specialtyName: 'Cardiology' },
    { termId: 'CON-I50', term: 'Heart failure', termType: 'Condition', specialtyName: 'Internal Medicine' },
    { termId: 'REAS-CHEST', term: 'Chest pain', termType: 'Reason for Visit', specialtyName: 'Cardiology' },
  ]);
});
afterAll(async () => {
  await ctx?.close();
});

async function signUp(hospitalId?: string) {
  const client = browserClient(ctx.app);
  const email = `provider.${uniqueSuffix()}@example.org`;
  const response = await client.post(
    '/api/auth/sign-up',
    { email, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName: 'Pat Provider', ...(hospitalId ? { hospitalId } : {}) },
    { 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 250)}` },
  );
  expect(response.status).toBe(201);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return { client, user: user! };
}

async function put(client: BrowserClient, sectionId: string, body: unknown) {
  const response = await client.put(`/api/profile/sections/${sectionId}`, body);
  return { status: response.status, body: await response.json() };
}

async function read(client: BrowserClient, sectionId: string) {
  return (await (await client.get(`/api/profile/sections/${sectionId}`)).json()).data;
}

describe(`clinical trial status rules (${databaseLabel})`, () => {
  it('hides a trial flagged not visible, turns unknown statuses into manual, and loads only manual, approved and hidden trials', async () => {
    const { client, user } = await signUp();
    // Discovery's pending and rejected trials are not the section's and survive its saves.
    await db.insert(clinicalTrials).values([
      { userId: user.id, trialTitle: 'Pending from discovery', userStatus: 'pending' },
      { userId: user.id, trialTitle: 'Rejected from discovery', userStatus: 'rejected' },
    ]);
    const saved = await put(client, 'clinical_trials', {
      items: [
        { trialTitle: 'Hidden', isVisible: false },
        { trialTitle: 'Unknown status', userStatus: 'bogus' },
        { trialTitle: 'No status' },
        { trialTitle: 'Approved', userStatus: 'approved' },
        { trialTitle: 'Approved but hidden', userStatus: 'approved', isVisible: false },
        { trialTitle: 'Unhidden', userStatus: 'hidden', isVisible: true },
        { trialTitle: 'Stays hidden', userStatus: 'hidden' },
      ],
    });
    expect(saved.status).toBe(200);
    const trials = await read(client, 'clinical_trials');
    expect(trials.items.map((t: { trialTitle: string; userStatus: string; isVisible: boolean }) => [t.trialTitle, t.userStatus, t.isVisible])).toEqual([
      ['Hidden', 'hidden', false],
      ['Unknown status', 'manual', true],
      ['No status', 'manual', true],
      ['Approved', 'approved', true],
      ['Approved but hidden', 'hidden', false],
      ['Unhidden', 'manual', true],
      ['Stays hidden', 'hidden', false],
    ]);
    const all = await db.select().from(clinicalTrials).where(eq(clinicalTrials.userId, user.id));
    expect(all.filter((t) => t.userStatus === 'pending' || t.userStatus === 'rejected')).toHaveLength(2);

    await put(client, 'clinical_trials', { items: [] });
    expect((await read(client, 'clinical_trials')).items).toEqual([]);
    expect(await db.select().from(clinicalTrials).where(eq(clinicalTrials.userId, user.id))).toHaveLength(2);
  });
});

describe(`education dates (${databaseLabel})`, () => {
  it('applies the July 1 – June 30 mapping, June 1 for a medical school, and the is_current rule on save', async () => {
    const { client } = await signUp();
    const future = new Date().getUTCFullYear() + 2;
    const saved = await put(client, 'education_training', {
      items: [
        { educationType: 'medical_school', institutionName: 'Rush Medical College', startYear: 2006, graduationYear: 2010 },
        { educationType: 'residency', institutionName: 'Rush', startYear: 2010, endYear: 2013 },
        { educationType: 'residency', institutionName: 'Current residency', startYear: 2023, endYear: future },
        { educationType: 'fellowship', institutionName: 'Open fellowship', startYear: 2024 },
        { educationType: 'undergraduate', institutionName: 'College', startDate: '2000-09-01', endDate: '2004-05-20' },
        // The form's checkbox is not trusted: the end date decides.
        { educationType: 'graduate', institutionName: 'MPH', startYear: 2001, endYear: 2002, isCurrent: true },
      ],
    });
    expect(saved.status).toBe(200);
    const rows = saved.body.data.items.map((e: Record<string, unknown>) => [e.institutionName, e.startDate, e.endDate, e.isCurrent]);
    expect(rows).toEqual([
      ['Rush Medical College', '2006-07-01', '2010-06-01', false],
      ['Rush', '2010-07-01', '2013-06-30', false],
      ['Current residency', '2023-07-01', `${future}-06-30`, true],
      ['Open fellowship', '2024-07-01', null, true],
      ['College', '2000-09-01', '2004-05-20', false],
      ['MPH', '2001-07-01', '2002-06-30', false],
    ]);
  });
});

describe(`languages (${databaseLabel})`, () => {
  it('replaces the whole list, numbering from 1, and refuses the first unknown code', async () => {
    const { client } = await signUp();
    await put(client, 'languages', { items: [{ languageCode: 'fr' }, { languageCode: 'de' }, { languageCode: 'it' }] });
    const saved = await put(client, 'languages', { items: [{ languageCode: 'zh', proficiency: 'fluent' }, { languageCode: 'ja' }] });
    expect(
      saved.body.data.items.map((l: { languageCode: string; displayOrder: number; proficiency: string }) => [l.languageCode, l.displayOrder, l.proficiency]),
    ).toEqual([
      ['zh', 1, 'fluent'],
      ['ja', 2, 'basic'],
    ]);
    const refused = await put(client, 'languages', { items: [{ languageCode: 'klingon' }] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Invalid language code: klingon');
    expect((await put(client, 'languages', { items: [{ languageCode: 'en', proficiency: 'expert' }] })).status).toBe(400);
  });
});

describe(`licenses (${databaseLabel})`, () => {
  it('refuses a license number already registered in the same state, by anyone', async () => {
    const { client: a } = await signUp();
    const { client: b } = await signUp();
    const number = `LIC-${uniqueSuffix()}`;
    expect((await put(a, 'licenses', { items: [{ licenseNumber: number, issuingState: 'CA' }] })).status).toBe(200);
    const taken = await put(b, 'licenses', { items: [{ licenseNumber: number, issuingState: 'CA' }] });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe('A license with this number already exists for this state');
    // The same number in another state is another license.
    expect((await put(b, 'licenses', { items: [{ licenseNumber: number, issuingState: 'NV' }] })).status).toBe(200);
    const twice = await put(a, 'licenses', {
      items: [
        { licenseNumber: 'X1', issuingState: 'CA' },
        { licenseNumber: 'X1', issuingState: 'ca' },
      ],
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('A license with this number already exists for this state');
    // A re-save of one's own license is not a duplicate.
    expect((await put(a, 'licenses', { items: [{ licenseNumber: number, issuingState: 'CA', status: 'expired' }] })).status).toBe(200);
  });

  it('maps a license saved by two providers at the same moment to the duplicate message', async () => {
    const { client: a } = await signUp();
    const { client: b } = await signUp();
    const body = { items: [{ licenseNumber: `RACE-${uniqueSuffix()}`, issuingState: 'OR' }] };
    const results = await Promise.all([put(a, 'licenses', body), put(b, 'licenses', body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.error.message).toBe('A license with this number already exists for this state');
  });

  it('keeps a verified license verified and never lets the provider verify one', async () => {
    const { client, user } = await signUp();
    const number = `V-${uniqueSuffix()}`;
    await put(client, 'licenses', { items: [{ licenseNumber: number, issuingState: 'TX', isVerified: true }] });
    expect((await read(client, 'licenses')).items[0].isVerified).toBe(false);
    await db.update(professionalLicenses).set({ isVerified: true }).where(eq(professionalLicenses.userId, user.id));
    const saved = await put(client, 'licenses', {
      items: [
        { licenseNumber: number, issuingState: 'TX', isVerified: false, licenseName: 'Renamed' },
        { licenseNumber: `${number}-2`, issuingState: 'TX', isVerified: true },
      ],
    });
    expect(saved.body.data.items.map((l: { isVerified: boolean }) => l.isVerified)).toEqual([true, false]);
  });
});

describe(`medical expertise (${databaseLabel})`, () => {
  it('accepts terms of the provider’s hospital or the default table and lists unknown ids', async () => {
    const hospital = await createHospital(ctx);
    const other = await createHospital(ctx);
    await db.insert(hospitalExpertiseTerms).values([
      { hospitalId: hospital.id, termId: 'CUSTOM-1', term: 'Sports cardiology', termType: 'Other', specialtyName: 'Cardiology' },
      { hospitalId: other.id, termId: 'CUSTOM-2', term: 'Other hospital term', termType: 'Other' },
    ]);
    const { client } = await signUp(hospital.id);
    const saved = await put(client, 'medical_expertise', {
      items: [{ termId: 'CUSTOM-1' }, { termId: 'CON-I50', specialtyName: 'Internal Medicine' }, { termId: 'REAS-CHEST' }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.items.map(({ id: _id, ...rest }: { id: string }) => rest)).toEqual([
      { termId: 'CUSTOM-1', term: 'Sports cardiology', termType: 'Other', specialtyName: 'Cardiology' },
      { termId: 'CON-I50', term: 'Heart failure', termType: 'Condition', specialtyName: 'Internal Medicine' },
      { termId: 'REAS-CHEST', term: 'Chest pain', termType: 'Reason for Visit', specialtyName: 'Cardiology' },
    ]);

    const refused = await put(client, 'medical_expertise', { items: [{ termId: 'CUSTOM-2' }, { termId: 'CON-NOPE' }, { termId: 'CON-I50' }] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Unknown expertise term IDs: CUSTOM-2, CON-NOPE');
    expect(refused.body.error.details).toEqual({ unknownTermIds: ['CUSTOM-2', 'CON-NOPE'] });
    expect((await read(client, 'medical_expertise')).items).toHaveLength(3);
  });
});

describe(`picking a hospital location (${databaseLabel})`, () => {
  it('fills a picked location from the hospital’s list and refuses another hospital’s or an inactive one', async () => {
    const hospital = await createHospital(ctx);
    const other = await createHospital(ctx);
    const [site, inactive] = await db
      .insert(hospitalLocations)
      .values([
        {
          hospitalId: hospital.id,
          name: 'Main Campus',
          addressLine1: '1 Main St',
          city: 'Springfield',
          state: 'IL',
          postalCode: '62701',
          mainPhone: '217-555-0100',
          url: 'https://main.example',
        },
        { hospitalId: hospital.id, name: 'Closed Annex', isActive: false },
      ])
      .returning();
    const [foreign] = await db.insert(hospitalLocations).values({ hospitalId: other.id, name: 'Elsewhere' }).returning();
    const { client } = await signUp(hospital.id);

    const saved = await put(client, 'locations', { items: [{ predefinedLocationId: site!.id, suiteOfficeNumber: '210', phoneNumber: '217-555-0199' }] });
    expect(saved.status).toBe(200);
    expect(saved.body.data.items[0]).toMatchObject({
      predefinedLocationId: site!.id,
      locationName: 'Main Campus',
      address: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      postalCode: '62701',
      phoneNumber: '217-555-0199',
      website: 'https://main.example',
      suiteOfficeNumber: '210',
      isPrimaryLocation: true,
    });
    for (const id of [foreign!.id, inactive!.id]) {
      const refused = await put(client, 'locations', { items: [{ predefinedLocationId: id }] });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toBe(`Location with ID ${id} not found`);
    }
  });
});

/**
 * Completion against the hospital's required sections, the dashboard, the JSON export, and the
 * registry refresh of the professional identity (against the NPPES fake).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { languages, languagesSpoken, professionalIdentity, users } from '../../src/server/db/schema';
import { SECTION_IDS } from '../../src/shared/limits';
import { browserClient, type BrowserClient } from '../support/clients';
import { createAdminRow, createHospital, signInAdmin, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';
import { FAKE_NPIS, startFakeNppes, type FakeNppes } from '../fakes/nppes';

let ctx: TestContext;
let db: Database;
let fake: FakeNppes;

beforeAll(async () => {
  fake = await startFakeNppes();
  ctx = await createTestApp({ NPI_REGISTRY_URL: fake.url });
  db = ctx.database.db;
  await db.insert(languages).values({ code: 'en', name: 'English', isQuickAdd: true, sortOrder: 1 }).onConflictDoNothing();
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

async function signUp(extra: Record<string, unknown> = {}) {
  const client = browserClient(ctx.app);
  const email = `provider.${uniqueSuffix()}@example.org`;
  const response = await client.post(
    '/api/auth/sign-up',
    { email, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName: 'Ana Diaz', ...extra },
    { 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 250)}` },
  );
  expect(response.status).toBe(201);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return { client, user: user! };
}

async function put(client: BrowserClient, sectionId: string, body: unknown) {
  const response = await client.put(`/api/profile/sections/${sectionId}`, body);
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(200);
  return json;
}

async function dashboard(client: BrowserClient) {
  const response = await client.get('/api/dashboard');
  expect(response.status).toBe(200);
  return response.json();
}

const identity = {
  fullLegalName: 'Ana Diaz',
  firstName: 'Ana',
  lastName: 'Diaz',
  professionalEmail: 'ana@example.org',
  jobTitle: 'Cardiologist',
  primarySpecialty: 'Cardiology',
};

/** Through the console's route, as a hospital admin does: the stored completion of the hospital's providers follows. */
const hospitalAdmins = new Map<string, BrowserClient>();
async function setPermissions(hospitalId: string, permissions: Array<{ sectionId: string; isVisible: boolean; isRequired: boolean }>) {
  let admin = hospitalAdmins.get(hospitalId);
  if (!admin) {
    admin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId })).email);
    hospitalAdmins.set(hospitalId, admin);
  }
  const response = await admin.put(`/api/admin/hospitals/${hospitalId}/section-permissions`, { permissions });
  expect(response.status).toBe(200);
}

describe(`completion and dashboard (${databaseLabel})`, () => {
  it('counts complete required sections of the hospital, recomputed on every save and when permissions change', async () => {
    const hospital = await createHospital(ctx);
    const { client, user } = await signUp({ hospitalId: hospital.id });

    const fresh = await dashboard(client);
    expect(fresh.completionPercentage).toBe(0);
    expect(fresh.user).toMatchObject({ id: user.id, hospitalId: hospital.id, profileCompletionPercentage: 0 });
    expect(fresh.sections).toHaveLength(9);
    expect(fresh.sections[0]).toEqual({
      sectionId: 'professional_identity',
      title: 'Professional Identity',
      path: '/professional-identity',
      isVisible: true,
      isRequired: true,
      // Sign-up gives names and a job title but no specialty.
      status: 'needs_update',
      isStale: false,
      updatedAt: expect.any(String),
    });
    expect(fresh.nextSteps).toEqual([
      {
        sectionId: 'professional_identity',
        title: 'Professional Identity',
        status: 'needs_update',
        isRequired: true,
        action: 'Complete your name, job title and primary specialty',
        path: '/professional-identity',
      },
      {
        sectionId: 'education_training',
        title: 'Education & Training',
        status: 'missing',
        isRequired: true,
        action: 'Add your medical school and training',
        path: '/education-training',
      },
      {
        sectionId: 'practice_essentials',
        title: 'Practice Essentials',
        status: 'missing',
        isRequired: true,
        action: 'Tell patients whether you accept new patients',
        path: '/practice-essentials',
      },
    ]);

    expect((await put(client, 'professional_identity', identity)).completionPercentage).toBe(33);
    expect((await put(client, 'education_training', { items: [{ educationType: 'residency', startYear: 2010, endYear: 2013 }] })).completionPercentage).toBe(
      33,
    );
    expect((await put(client, 'education_training', { items: [{ educationType: 'medical_school', graduationYear: 2010 }] })).completionPercentage).toBe(67);
    expect((await put(client, 'practice_essentials', { acceptingNewPatients: false })).completionPercentage).toBe(67);
    expect((await put(client, 'practice_essentials', { acceptingNewPatients: false, practiceFocus: 'Heart failure' })).completionPercentage).toBe(100);
    expect((await db.select().from(users).where(eq(users.id, user.id)))[0]!.profileCompletionPercentage).toBe(100);

    const done = await dashboard(client);
    expect(done.nextSteps.map((s: { sectionId: string; isRequired: boolean }) => [s.sectionId, s.isRequired])).toEqual([
      ['locations', false],
      ['biography', false],
      ['publications', false],
    ]);

    // The hospital now requires the biography and no longer the practice essentials; publications are hidden.
    await setPermissions(hospital.id, [
      { sectionId: 'biography', isVisible: true, isRequired: true },
      { sectionId: 'practice_essentials', isVisible: true, isRequired: false },
      { sectionId: 'publications', isVisible: false, isRequired: false },
    ]);
    const changed = await dashboard(client);
    expect(changed.completionPercentage).toBe(67);
    expect((await db.select().from(users).where(eq(users.id, user.id)))[0]!.profileCompletionPercentage).toBe(67);
    expect(changed.nextSteps.map((s: { sectionId: string }) => s.sectionId)).toEqual(['biography', 'locations', 'clinical_trials']);
    expect(changed.sections.find((s: { sectionId: string }) => s.sectionId === 'publications')).toMatchObject({ isVisible: false, isRequired: false });

    // The pending placeholder is no biography; a real summary is.
    expect((await put(client, 'biography', { professionalSummary: '' })).completionPercentage).toBe(67);
    expect((await put(client, 'biography', { professionalSummary: 'Dr. Diaz treats heart failure.' })).completionPercentage).toBe(100);

    await setPermissions(
      hospital.id,
      SECTION_IDS.map((sectionId) => ({ sectionId, isVisible: true, isRequired: false })),
    );
    expect((await dashboard(client)).completionPercentage).toBe(100);
    await setPermissions(hospital.id, [{ sectionId: 'medical_expertise', isVisible: true, isRequired: true }]);
    expect((await dashboard(client)).completionPercentage).toBe(0);
  });

  it('follows permissions changed through the admin API', async () => {
    const hospital = await createHospital(ctx);
    const admin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id })).email);
    const { client } = await signUp({ hospitalId: hospital.id });
    await put(client, 'professional_identity', identity);
    expect((await dashboard(client)).completionPercentage).toBe(33);
    const saved = await admin.put(`/api/admin/hospitals/${hospital.id}/section-permissions`, {
      permissions: [
        { sectionId: 'education_training', isVisible: false, isRequired: false },
        { sectionId: 'practice_essentials', isVisible: true, isRequired: false },
      ],
    });
    expect(saved.status).toBe(200);
    expect((await dashboard(client)).completionPercentage).toBe(100);
  });

  it('stores what the profile computes from the sign-up on, and again when a hospital takes the provider in (T3 4/7 item 12)', async () => {
    // Signed up from the registry (a real recorded record the loopback NPPES serves): the professional
    // identity is filled, which already counts.
    const { client, user } = await signUp({ fullName: 'Mark Alon, MD', npiNumber: '1972910164' });
    const stored = async () => (await db.select({ value: users.profileCompletionPercentage }).from(users).where(eq(users.id, user.id)))[0]!.value;
    const computed = (await dashboard(client)).completionPercentage;
    expect(computed).toBeGreaterThan(0);
    expect(await stored()).toBe(computed);
    // The sign-up's default language starts the list at 1, like every saved list.
    expect((await db.select({ order: languagesSpoken.displayOrder }).from(languagesSpoken).where(eq(languagesSpoken.userId, user.id)))[0]!.order).toBe(1);

    // A hospital that requires only practice essentials, which the provider has filled, takes them in.
    await put(client, 'practice_essentials', { acceptingNewPatients: true, practiceName: 'Clinic' });
    const before = await stored();
    const hospital = await createHospital(ctx, { name: `Joined ${uniqueSuffix()}` });
    await setPermissions(
      hospital.id,
      SECTION_IDS.map((sectionId) => ({ sectionId, isVisible: true, isRequired: sectionId === 'practice_essentials' })),
    );
    expect((await client.post('/api/me/hospital-request', { hospitalId: hospital.id })).status).toBe(201);
    const admin = hospitalAdmins.get(hospital.id)!;
    const [request] = (await (await admin.get('/api/admin/hospital-requests')).json()).items;
    expect((await admin.post(`/api/admin/hospital-requests/${request.id}/approve`)).status).toBe(200);
    expect((await dashboard(client)).completionPercentage).toBe(100);
    expect(await stored()).toBe(100);
    expect(before).toBeLessThan(100);
  });

  // Issue 35 item 7: a new account's biography says "Missing", never "Updated just now" beside it.
  it('gives a section nobody saved no updated time, and the first save one', async () => {
    const { client } = await signUp();
    const biographyCard = async () =>
      ((await dashboard(client)).sections as Array<{ sectionId: string; status: string; updatedAt: string | null }>).find((s) => s.sectionId === 'biography')!;
    expect(await biographyCard()).toMatchObject({ status: 'missing', updatedAt: null });
    const section = await (await client.get('/api/profile/sections/biography')).json();
    expect(section.updatedAt).toBeNull();
    await put(client, 'biography', { professionalSummary: 'Dr. Diaz treats heart failure.' });
    expect((await biographyCard()).updatedAt).not.toBeNull();

    // The English the sign-up starts the languages with is not a save either ("Nothing saved yet", not
    // "Saved just now"); saving that same English is one, and so is a later change.
    const languages = async () =>
      (await (await client.get('/api/profile/sections/languages')).json()) as { data: { items: unknown[] }; updatedAt: string | null };
    expect(await languages()).toMatchObject({ data: { items: [{ languageCode: 'en' }] }, updatedAt: null });
    const saved = await put(client, 'languages', { items: [{ languageCode: 'en', proficiency: 'basic', isFromYext: false }] });
    expect(saved.updatedAt).not.toBeNull();
    expect((await languages()).updatedAt).toBe(saved.updatedAt);
  });

  it('uses the default required sections for a provider without a hospital, and asks to review stale sections', async () => {
    const { client, user } = await signUp();
    await put(client, 'professional_identity', identity);
    await put(client, 'education_training', { items: [{ educationType: 'medical_school', graduationYear: 2010 }] });
    await put(client, 'practice_essentials', { acceptingNewPatients: true, practiceName: 'Clinic' });
    expect((await dashboard(client)).completionPercentage).toBe(100);

    await db.execute(sql`update professional_identity set updated_at = now() - interval '13 months' where user_id = ${user.id}`);
    const stale = await dashboard(client);
    expect(stale.completionPercentage).toBe(67);
    expect(stale.sections[0]).toMatchObject({ status: 'needs_update', isStale: true });
    expect(stale.nextSteps[0]).toMatchObject({ sectionId: 'professional_identity', action: 'Review and confirm your professional identity' });
    // Saving it again is the review.
    expect((await put(client, 'professional_identity', identity)).completionPercentage).toBe(100);
  });
});

describe(`profile export (${databaseLabel})`, () => {
  it('downloads the profile JSON with metrics and an attachment file name', async () => {
    const { client, user } = await signUp({ fullName: 'Ana María Díaz' });
    await put(client, 'professional_identity', { ...identity, fullLegalName: 'Ana María Díaz' });
    await put(client, 'education_training', {
      items: [
        { educationType: 'medical_school', institutionName: 'Rush', graduationYear: 2010 },
        { educationType: 'residency', institutionName: 'Rush', startYear: 2009, endYear: 2012 },
      ],
    });
    await put(client, 'publications', { items: [{ title: 'One' }, { title: 'Two' }] });
    await put(client, 'hospital_affiliations', { items: [{ hospitalName: 'Lakeside' }] });
    await put(client, 'practice_essentials', { acceptingNewPatients: true, practiceName: 'Clinic', hospitalAffiliations: ['Lakeside', 'Mercy'] });
    await put(client, 'social_media', { items: [{ platform: 'LinkedIn' }] });

    const response = await client.get('/api/profile/export');
    expect(response.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="vitae-profile-ana-maria-diaz-${today}.json"`);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const body = await response.json();
    expect(Object.keys(body)).toEqual(
      expect.arrayContaining([
        'basicInfo',
        'professionalIdentity',
        'education',
        'practice',
        'expertise',
        'publications',
        'clinicalTrials',
        'media',
        'locations',
        'biography',
        'socialMedia',
        'licenses',
        'metrics',
        'exportedAt',
      ]),
    );
    expect(body.basicInfo).toMatchObject({ id: user.id, fullName: 'Ana María Díaz', email: user.email });
    expect(body.professionalIdentity).toMatchObject({ primarySpecialty: 'Cardiology' });
    expect(body.education).toHaveLength(2);
    expect(body.publications.map((p: { title: string }) => p.title)).toEqual(['One', 'Two']);
    // Sign-up starts every biography with the spec's placeholder summary.
    expect(body.biography).toMatchObject({ professionalSummary: 'Professional biography pending', publicSummary: null });
    expect(body.metrics).toMatchObject({
      yearsOfExperience: new Date().getUTCFullYear() - 2009,
      counts: { publications: 2, clinicalTrials: 0, media: 0, locations: 0, expertise: 0, education: 2, licenses: 0, socialMedia: 1, hospitalAffiliations: 2 },
      hospitalAffiliations: ['Lakeside', 'Mercy'],
    });
    expect(new Date(body.exportedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe(`identity refresh from the NPI registry (${databaseLabel})`, () => {
  it('updates only fields not typed by hand, stores the raw record and the specialties, and says what changed', async () => {
    const { client, user } = await signUp({ fullName: 'Margaret Okafor', npiNumber: FAKE_NPIS.cardiologist });
    const before = (await (await client.get('/api/profile/sections/professional_identity')).json()).data;
    expect(before).toMatchObject({ npiNumber: FAKE_NPIS.cardiologist, isAutoPopulated: true, primarySpecialty: 'Internal Medicine, Cardiovascular Disease' });

    // The provider types a first name (flagged automatically) and a specialty they explicitly leave to the registry.
    await put(client, 'professional_identity', {
      ...before,
      firstName: 'Maggie',
      primarySpecialty: 'Sports Cardiology',
      manualOverrideFlags: { primarySpecialty: false },
    });
    const flags = (await db.select().from(professionalIdentity).where(eq(professionalIdentity.userId, user.id)))[0]!.manualOverrideFlags;
    expect(flags).toMatchObject({ firstName: true });
    expect(flags).not.toHaveProperty('primarySpecialty');

    const response = await client.post('/api/profile/identity/npi-refresh', {});
    expect(response.status).toBe(200);
    const refreshed = await response.json();
    expect(refreshed.npiNumber).toBe(FAKE_NPIS.cardiologist);
    expect(refreshed.skipped).toContain('firstName');
    const changed = Object.fromEntries(refreshed.changes.map((c: { field: string; previous: unknown; current: unknown }) => [c.field, c]));
    expect(changed.primarySpecialty).toEqual({
      field: 'primarySpecialty',
      previous: 'Sports Cardiology',
      current: 'Internal Medicine, Cardiovascular Disease',
    });
    expect(changed.firstName).toBeUndefined();
    expect(refreshed.identity).toMatchObject({
      firstName: 'Maggie',
      lastName: 'Okafor',
      fullLegalName: 'Margaret Adaeze Okafor',
      primarySpecialty: 'Internal Medicine, Cardiovascular Disease',
      credentials: [{ type: 'degree', name: 'MD', verified: true }],
      isAutoPopulated: true,
    });
    expect(refreshed.identity.npiSpecialties).toContainEqual({ name: 'Internal Medicine, Cardiovascular Disease', code: '207RC0000X', is_primary: true });

    const [row] = await db.select().from(professionalIdentity).where(eq(professionalIdentity.userId, user.id));
    expect(row!.npiRawData).toMatchObject({ npi_number: FAKE_NPIS.cardiologist, first_name: 'Margaret' });
    const [synced] = await db.select().from(users).where(eq(users.id, user.id));
    expect(synced).toMatchObject({ firstName: 'Maggie', lastName: 'Okafor', fullName: 'Margaret Adaeze Okafor', npiNumber: FAKE_NPIS.cardiologist });

    // A second refresh has nothing left to change.
    const again = await (await client.post('/api/profile/identity/npi-refresh', {})).json();
    expect(again.changes).toEqual([]);
  });

  it('refuses an NPI of another account, a provider without an NPI, and an NPI the registry does not know', async () => {
    const { client: holder } = await signUp({ npiNumber: FAKE_NPIS.familyPhysician });
    expect(holder).toBeDefined();
    const { client } = await signUp();

    const noNpi = await client.post('/api/profile/identity/npi-refresh', {});
    expect(noNpi.status).toBe(400);
    expect((await noNpi.json()).error.message).toBe('No NPI number found. Please update your Professional Identity with your NPI number first.');

    const taken = await client.post('/api/profile/identity/npi-refresh', { npiNumber: FAKE_NPIS.familyPhysician });
    expect(taken.status).toBe(409);
    expect((await taken.json()).error.message).toBe('This NPI number is already registered to another account.');

    const unknown = await client.post('/api/profile/identity/npi-refresh', { npiNumber: FAKE_NPIS.unknown });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toBe('No provider found with the given NPI number');

    expect((await client.post('/api/profile/identity/npi-refresh', { npiNumber: '1234567890' })).status).toBe(400);

    fake.setMode('error500');
    try {
      const down = await client.post('/api/profile/identity/npi-refresh', { npiNumber: FAKE_NPIS.nursePractitioner });
      expect(down.status).toBe(502);
    } finally {
      fake.setMode('normal');
    }

    const adopted = await client.post('/api/profile/identity/npi-refresh', { npiNumber: FAKE_NPIS.nursePractitioner });
    expect(adopted.status).toBe(200);
    const body = await adopted.json();
    expect(body.changes[0]).toEqual({ field: 'npiNumber', previous: null, current: FAKE_NPIS.nursePractitioner });
  });
});

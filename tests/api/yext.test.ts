/**
 * The listing-service import end to end against the loopback Yext fake: every section mapped, the
 * hospital's field mappings (paths, fallbacks, defaults, required fields, transformations), manual
 * overrides left alone, pending updates instead of overwrites, the skip for a missing NPI, the
 * remembered key validation, the admin test and preview, and population at sign-up / sign-in.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import {
  biography,
  dataSourceConfigurations,
  dataSourceFieldMappings,
  educationTraining,
  hospitalExpertiseTerms,
  hospitalLocations,
  hospitals,
  languages,
  languagesSpoken,
  locations,
  pendingUpdates,
  practiceEssentials,
  professionalIdentity,
  userMedicalExpertise,
  userYextData,
  users,
  type HospitalPopulationConfig,
} from '../../src/server/db/schema';
import { loadReferenceData } from '../../src/server/db/seed/reference-data';
import { loadEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/lib/logger';
import { createSecretBox } from '../../src/server/lib/secret-box';
import { migrationsDir, seedDataDir } from '../../src/server/paths';
import { createDirectoryPopulation, emailMatchesPatterns } from '../../src/server/modules/yext/population';
import { LISTING_SYNC_BUSY_MESSAGE, LISTING_SYNC_RATE_MESSAGE } from '../../src/server/modules/yext/routes';
import { OUTSIDE_RUN_LIMITS, PROFILE_LIST_CAPS } from '../../src/shared/limits';
import { browserClient, type BrowserClient } from '../support/clients';
import { createAdminRow, signInAdmin, uniqueSuffix } from '../support/factories';
import { TEST_ORIGIN, type TestContext } from '../support/test-app';
import { createTestDatabase, databaseLabel } from '../support/test-database';
import { FAKE_NPIS, startFakeNppes, type FakeNppes } from '../fakes/nppes';
import { FAKE_YEXT_KEYS, FAKE_YEXT_NPIS, npiFrom, providerEntity, startFakeYext, type FakeYext } from '../fakes/yext';

let fake: FakeYext;
let nppes: FakeNppes;
let ctx: TestContext;
let db: Database;
const logger = createLogger({ level: 'silent', environment: 'test' });

beforeAll(async () => {
  fake = await startFakeYext();
  // Sign-up looks the NPI up in the registry; the NPPES fake answers "unknown" at once.
  nppes = await startFakeNppes();
  const database = await createTestDatabase();
  const env = {
    ...loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      APP_URL: TEST_ORIGIN,
      TRUST_PROXY: 'true',
      NPI_REGISTRY_URL: nppes.url,
      YEXT_API_URL: fake.url,
      YEXT_SANDBOX_URL: fake.sandboxUrl,
    }),
    // Set on the object as well, so the suite does not depend on env.ts declaring them.
    YEXT_API_URL: fake.url,
    YEXT_SANDBOX_URL: fake.sandboxUrl,
  };
  ctx = { app: createApp({ env, database, logger, migrationsDir }), database, env, close: () => database.close() };
  db = database.db;
  const data = loadReferenceData(seedDataDir);
  await db.insert(languages).values(data.languages.map((l) => ({ code: l.code, name: l.name, isQuickAdd: l.isQuickAdd, sortOrder: l.sortOrder })));
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
  await nppes?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

const secretBox = () => createSecretBox(ctx.env.encryptionKey);
let npiSequence = 0;

/** A provider the fake knows, with a fresh NPI (the entity id is the NPI). */
function fakeProvider(overrides: Record<string, unknown> = {}) {
  const npi = npiFrom(String(210_000_000 + (npiSequence += 1) * 7));
  fake.addProvider(providerEntity({ id: npi, npi, firstName: 'Margaret', lastName: 'Okafor', ...overrides }));
  return npi;
}

async function yextHospital(
  options: { apiKey?: string; population?: Partial<HospitalPopulationConfig>; dataSource?: 'yext' | 'npi_registry'; contentEndpointId?: string } = {},
) {
  const suffix = uniqueSuffix();
  const [hospital] = await db
    .insert(hospitals)
    .values({
      name: `Yext Hospital ${suffix}`,
      code: `YX${suffix}`.toUpperCase(),
      dataSource: options.dataSource ?? 'yext',
      yextConfig: { api_version: '20231201', ...(options.contentEndpointId ? { content_endpoint_id: options.contentEndpointId } : {}) },
      yextApiKeyEncrypted: secretBox().seal(options.apiKey ?? FAKE_YEXT_KEYS.production),
      populationConfig: { enabled: false, match_by_hospital_id: true, email_domain_patterns: [], enhanced_expertise: false, ...options.population },
    })
    .returning();
  const [site] = await db
    .insert(hospitalLocations)
    .values({
      hospitalId: hospital!.id,
      name: 'Northfield Heart Center',
      addressLine1: '1200 Lakeshore Drive',
      city: 'Evanston',
      state: 'IL',
      zipCode: '60201',
      yextEntityId: 'loc-evanston',
      isYextSourced: true,
    })
    .returning();
  return { hospital: hospital!, site: site! };
}

let ipCounter = 0;
async function signUp(input: { hospitalId?: string; npiNumber?: string; fullName?: string; email?: string }) {
  const client = browserClient(ctx.app);
  const email = input.email ?? `provider.${uniqueSuffix()}@example.org`;
  const response = await client.post(
    '/api/auth/sign-up',
    {
      email,
      password: 'a long passphrase',
      agreedToTerms: true,
      agreedToPrivacy: true,
      fullName: input.fullName ?? 'Margaret Okafor',
      hospitalId: input.hospitalId,
      npiNumber: input.npiNumber,
    },
    { 'x-forwarded-for': `198.18.${Math.floor((ipCounter += 1) / 200)}.${ipCounter % 200}` },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return { client, user: user! };
}

async function sync(client: BrowserClient) {
  const response = await client.post('/api/yext/sync');
  return { status: response.status, body: await response.json() };
}

const section = async (client: BrowserClient, id: string) => (await (await client.get(`/api/profile/sections/${id}`)).json()).data;

/** `section.field` → source, from the provider's provenance. */
async function sourcesOf(client: BrowserClient): Promise<Record<string, string>> {
  const body = (await (await client.get('/api/profile/provenance')).json()) as { items: Array<{ sectionId: string; field: string; source: string }> };
  return Object.fromEntries(body.items.map((item) => [`${item.sectionId}.${item.field}`, item.source]));
}

describe(`unified sync (${databaseLabel})`, () => {
  it('runs one sync at a time per provider and a few an hour (issue 36: 30 parallel syncs made 90 calls)', async () => {
    const { hospital } = await yextHospital();
    const { client } = await signUp({ hospitalId: hospital.id, npiNumber: fakeProvider() });
    fake.requests.length = 0;
    const answers = await Promise.all(Array.from({ length: 30 }, () => client.post('/api/yext/sync')));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(29);
    expect(JSON.stringify(await answers.find((answer) => answer.status === 409)!.json())).toContain(LISTING_SYNC_BUSY_MESSAGE);
    const callsPerSync = fake.requests.length;
    expect(callsPerSync).toBeGreaterThan(0);
    expect(callsPerSync).toBeLessThanOrEqual(3);
    for (let i = 1; i < OUTSIDE_RUN_LIMITS.listingSync.perHour; i += 1) expect((await sync(client)).status).toBe(200);
    const limited = await client.post('/api/yext/sync');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(JSON.stringify(await limited.json())).toContain(LISTING_SYNC_RATE_MESSAGE);
    // Ten syncs' calls at most (a later sync of a filled profile asks less), never thirty syncs' worth.
    expect(fake.requests.length).toBeLessThanOrEqual(callsPerSync * OUTSIDE_RUN_LIMITS.listingSync.perHour);
  });

  it('maps every section of a healthcareProfessional entity into an empty profile', async () => {
    const { hospital, site } = await yextHospital({ population: { enhanced_expertise: true } });
    const npi = fakeProvider();
    const { client, user } = await signUp({ hospitalId: hospital.id, npiNumber: npi });

    const { status, body } = await sync(client);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      skipped: false,
      sectionsUpdated: 8,
      sectionsFailed: 0,
      totalSections: 11,
      providerName: 'Margaret Okafor, MD',
      npi,
      mappingErrors: { languages: 'Unknown language: Igbo' },
    });

    const identity = await section(client, 'professional_identity');
    expect(identity).toMatchObject({
      npiNumber: npi,
      firstName: 'Margaret',
      lastName: 'Okafor',
      credentials: [{ type: 'degree', name: 'MD' }],
      profilePhoto: `https://a.mktgcdn.com/p/${npi}/450x450.jpg`,
    });
    // Filled from the directory, not typed by the provider: no override flags appear.
    expect(identity.manualOverrideFlags).toEqual({});

    const education = await section(client, 'education_training');
    expect(education.items.map((e: Record<string, unknown>) => [e.educationType, e.institutionName, e.source, e.dataSource])).toEqual([
      ['medical_school', 'Northwestern University Feinberg School of Medicine', 'directory', 'yext'],
      ['residency', 'University of Chicago Medical Center', 'directory', 'yext'],
      ['fellowship', 'Cleveland Clinic', 'directory', 'yext'],
    ]);
    expect(education.items[0]).toMatchObject({ graduationYear: 2004, endDate: '2004-06-01' });
    expect(education.items[2]).toMatchObject({ completionYear: 2010 });

    expect(await section(client, 'practice_essentials')).toMatchObject({
      acceptingNewPatients: true,
      appointmentTypes: ['In-person', 'Video visit'],
      hospitalAffiliations: ['Northfield Health Evanston Hospital'],
    });
    expect(await section(client, 'biography')).toMatchObject({
      professionalSummary: expect.stringContaining('board-certified cardiologist'),
      languagesSpoken: 'English, Spanish, Igbo',
    });
    const spoken = await db.select().from(languagesSpoken).where(eq(languagesSpoken.userId, user.id));
    expect(spoken.map((l) => [l.languageCode, l.isFromYext])).toEqual([
      ['en', true],
      ['es', true],
    ]);

    const savedLocations = await db.select().from(locations).where(eq(locations.userId, user.id));
    expect(savedLocations).toHaveLength(1);
    expect(savedLocations[0]).toMatchObject({ predefinedLocationId: site.id, locationName: 'Northfield Heart Center', phone: '+18475550142', isPrimary: true });

    // Expertise references become the hospital's terms; the ones it lacked are created as listing-service terms.
    const expertise = await db.select().from(userMedicalExpertise).where(eq(userMedicalExpertise.userId, user.id));
    expect(expertise.map((e) => [e.termId, e.term, e.termType])).toEqual([
      ['cond-0001', 'Heart failure', 'Condition'],
      ['cond-0002', 'Atrial fibrillation', 'Condition'],
      ['proc-0001', 'Echocardiography', 'Procedure'],
      ['reas-0003', 'Palpitations', 'Reason for Visit'],
    ]);
    const terms = await db.select().from(hospitalExpertiseTerms).where(eq(hospitalExpertiseTerms.hospitalId, hospital.id));
    expect(terms.every((t) => t.isYextSourced && t.yextEntityId === t.termId && t.lastSyncedFromYextAt)).toBe(true);
    expect(terms.find((t) => t.termId === 'reas-0003')).toMatchObject({ yextEntityType: 'taxonomy_reasonForVisit', isCustom: false });

    const [stored] = await db.select().from(userYextData).where(eq(userYextData.userId, user.id));
    expect(stored).toMatchObject({ hospitalId: hospital.id, npiNumber: npi, mappingErrors: { languages: 'Unknown language: Igbo' } });
    expect(stored!.mappedSections).toEqual([
      'professional_identity',
      'education_training',
      'practice_essentials',
      'medical_expertise',
      'biography',
      'languages',
      'locations',
      'hospital_affiliations',
    ]);
    expect((await section(client, 'hospital_affiliations')).items).toMatchObject([{ hospitalName: 'Northfield Health Evanston Hospital' }]);
    expect(stored!.yextRawData).toMatchObject({ npi, meta: { entityType: 'healthcareProfessional' } });

    const [refreshed] = await db.select().from(users).where(eq(users.id, user.id));
    expect(refreshed!.profileCompletionPercentage).toBeGreaterThan(user.profileCompletionPercentage);

    // Each filled field and list is recorded as the listing service's; the names typed at sign-up stay the provider's.
    const provenance = await sourcesOf(client);
    expect(provenance).toMatchObject({
      'professional_identity.credentials': 'listing_service',
      'professional_identity.profilePhoto': 'listing_service',
      'professional_identity.firstName': 'provider',
      'practice_essentials.acceptingNewPatients': 'listing_service',
      'biography.professionalSummary': 'listing_service',
      'education_training.items': 'listing_service',
      'locations.items': 'listing_service',
      'languages.items': 'listing_service',
      'medical_expertise.items': 'listing_service',
      'hospital_affiliations.items': 'listing_service',
    });
  });

  it('honours the hospital\'s "Enhanced expertise": off, only terms the hospital has are linked and none are created', async () => {
    const { hospital } = await yextHospital({ population: { enhanced_expertise: false } });
    // The hospital knows one of the provider's four conditions and procedures.
    await db.insert(hospitalExpertiseTerms).values({
      hospitalId: hospital.id,
      termId: 'cond-0002',
      term: 'Atrial fibrillation',
      termType: 'Condition',
      isYextSourced: true,
      yextEntityId: 'cond-0002',
      isCustom: false,
    });
    const npi = fakeProvider();
    const { client, user } = await signUp({ hospitalId: hospital.id, npiNumber: npi });
    const { status, body } = await sync(client);
    expect(status).toBe(200);
    expect(body.mappingErrors.medical_expertise).toContain("3 terms not in the hospital's terms (enhanced expertise is off)");
    const expertise = await db.select().from(userMedicalExpertise).where(eq(userMedicalExpertise.userId, user.id));
    expect(expertise.map((e) => e.termId)).toEqual(['cond-0002']);
    const terms = await db.select().from(hospitalExpertiseTerms).where(eq(hospitalExpertiseTerms.hospitalId, hospital.id));
    expect(terms.map((t) => t.termId)).toEqual(['cond-0002']);
  });

  it('never touches fields flagged in manual_override_flags', async () => {
    const { hospital } = await yextHospital();
    const npi = fakeProvider({ firstName: 'Margaret', lastName: 'Okafor-Reyes' });
    const { client, user } = await signUp({ hospitalId: hospital.id, npiNumber: npi, fullName: 'Maggie Okafor' });
    const identity = await section(client, 'professional_identity');
    const saved = await client.put('/api/profile/sections/professional_identity', {
      ...identity,
      firstName: 'Maggie',
      manualOverrideFlags: { firstName: true, lastName: true },
    });
    expect(saved.status).toBe(200);

    const { body } = await sync(client);
    expect(body.sections.find((s: { section: string }) => s.section === 'professional_identity')).toMatchObject({ skippedFields: ['firstName', 'lastName'] });
    const [row] = await db.select().from(professionalIdentity).where(eq(professionalIdentity.userId, user.id));
    expect(row).toMatchObject({ firstName: 'Maggie', lastName: 'Okafor', manualOverrideFlags: { firstName: true, lastName: true } });
    const proposals = await db.select().from(pendingUpdates).where(eq(pendingUpdates.userId, user.id));
    expect(proposals.map((p) => p.field)).not.toContain('firstName');
    expect(proposals.map((p) => p.field)).not.toContain('lastName');
    // The override is visible: the field is still the provider's, and listed as one imports leave alone.
    const provenance = await (await client.get('/api/profile/provenance')).json();
    expect(provenance.overrides).toEqual(['firstName', 'lastName']);
    expect(await sourcesOf(client)).toMatchObject({ 'professional_identity.firstName': 'provider', 'professional_identity.lastName': 'provider' });
  });

  it('proposes a pending update instead of replacing a saved value, once per value', async () => {
    const { hospital } = await yextHospital();
    const npi = fakeProvider();
    const { client, user } = await signUp({ hospitalId: hospital.id, npiNumber: npi });
    expect((await client.put('/api/profile/sections/biography', { professionalSummary: 'I write my own biography.' })).status).toBe(200);
    expect((await client.put('/api/profile/sections/practice_essentials', { acceptingNewPatients: false, appointmentTypes: ['In-person'] })).status).toBe(200);
    expect((await client.put('/api/profile/sections/languages', { items: [{ languageCode: 'fr' }] })).status).toBe(200);

    const first = await sync(client);
    expect(first.status).toBe(200);
    const outcome = Object.fromEntries(first.body.sections.map((s: { section: string; outcome: string }) => [s.section, s.outcome]));
    expect(outcome).toMatchObject({ languages: 'pending', education_training: 'updated' });

    const [bio] = await db.select().from(biography).where(eq(biography.userId, user.id));
    expect(bio!.professionalSummary).toBe('I write my own biography.');
    const [practice] = await db.select().from(practiceEssentials).where(eq(practiceEssentials.userId, user.id));
    expect(practice).toMatchObject({ acceptingNewPatients: false, appointmentTypes: ['In-person'] });
    expect((await db.select().from(languagesSpoken).where(eq(languagesSpoken.userId, user.id))).map((l) => l.languageCode)).toEqual(['fr']);

    const proposals = await db
      .select()
      .from(pendingUpdates)
      .where(and(eq(pendingUpdates.userId, user.id), eq(pendingUpdates.status, 'pending')));
    const byField = Object.fromEntries(proposals.map((p) => [`${p.sectionId}.${p.field}`, p]));
    expect(byField['biography.professionalSummary']).toMatchObject({
      source: 'yext',
      currentValue: 'I write my own biography.',
      newValue: expect.stringContaining('board-certified'),
    });
    expect(byField['practice_essentials.acceptingNewPatients']).toMatchObject({ currentValue: false, newValue: true });
    expect(byField['practice_essentials.appointmentTypes']).toMatchObject({ currentValue: ['In-person'], newValue: ['In-person', 'Video visit'] });
    // A list proposal keeps what the provider has and adds what the directory knows.
    expect((byField['languages.items']!.newValue as Array<{ languageCode: string }>).map((l) => l.languageCode)).toEqual(['fr', 'en', 'es']);
    // Differing names (the directory has the middle initial) are proposed, not written.
    expect(byField['professional_identity.fullLegalName']).toMatchObject({ currentValue: 'Margaret Okafor', newValue: 'Margaret A. Okafor' });

    const second = await sync(client);
    expect(second.body.pendingUpdatesCreated).toBe(0);
    const after = await db.select().from(pendingUpdates).where(eq(pendingUpdates.userId, user.id));
    expect(after).toHaveLength(proposals.length);
  });

  it("skips without failing when the profile has no NPI: 'No NPI number found…'", async () => {
    const { hospital } = await yextHospital();
    const { client } = await signUp({ hospitalId: hospital.id });
    const { status, body } = await sync(client);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: false,
      skipped: true,
      message: 'No NPI number found. Please update your Professional Identity with your NPI number first.',
      sectionsUpdated: 0,
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('answers the spec texts for a provider without a hospital, an unknown NPI and a refused key', async () => {
    const noHospital = await signUp({ npiNumber: fakeProvider() });
    expect(await sync(noHospital.client)).toMatchObject({ status: 400, body: { error: { message: 'User does not have a hospital assigned' } } });

    const { hospital } = await yextHospital();
    const unknown = await signUp({ hospitalId: hospital.id, npiNumber: FAKE_YEXT_NPIS.unknown });
    expect(await sync(unknown.client)).toMatchObject({
      status: 404,
      body: { error: { message: `No provider found in YEXT for NPI: ${FAKE_YEXT_NPIS.unknown}` } },
    });

    const refused = await yextHospital({ apiKey: FAKE_YEXT_KEYS.invalid });
    const provider = await signUp({ hospitalId: refused.hospital.id, npiNumber: fakeProvider() });
    expect(await sync(provider.client)).toMatchObject({
      status: 502,
      body: { error: { message: 'YEXT API key validation failed. Please check your credentials.' } },
    });

    const registry = await yextHospital({ dataSource: 'npi_registry' });
    const registryUser = await signUp({ hospitalId: registry.hospital.id, npiNumber: fakeProvider() });
    expect((await sync(registryUser.client)).status).toBe(400);
    expect((await browserClient(ctx.app).post('/api/yext/sync')).status).toBe(401);
  });

  it('reads the field names real healthcareProfessional entities use: linked specialties, c_providerBio, certifications, insurance', async () => {
    const { hospital } = await yextHospital();
    // Shaped as Yext's healthcareProfessional schema and the Pages templates of real health-system
    // accounts read it (taxonomy_relatedSpecialties as linked entities, c_providerBio, certifications,
    // insuranceAccepted, c_officeName); meta.entityType as an object, as some Yext APIs send it.
    const npi = fakeProvider({
      meta: { id: 'hcp-real-shape', entityType: { id: 'healthcareProfessional', uid: 0 }, uid: 4_321 },
      description: undefined,
      c_providerBio: 'Dr. Okafor treats heart rhythm disorders and leads the device clinic.',
      taxonomy_relatedSpecialties: [
        { id: 'spec-cardiology', name: 'Cardiology' },
        { id: 'spec-ep', name: 'Clinical Cardiac Electrophysiology' },
        'spec-bare-id',
      ],
      certifications: [
        'American Board of Internal Medicine - Cardiovascular Disease',
        'American Board of Internal Medicine - Clinical Cardiac Electrophysiology',
      ],
      awards: ['Top Doctor, Chicago Magazine 2023'],
      insuranceAccepted: ['Aetna', 'Blue Cross Blue Shield of Illinois', 'Medicare'],
      locatedIn: 'loc-not-linked',
      c_officeName: 'Northfield Heart Rhythm Clinic',
    });
    const { client } = await signUp({ hospitalId: hospital.id, npiNumber: npi });
    const { status, body } = await sync(client);
    expect(status).toBe(200);
    expect(body.sections.filter((s: { outcome: string }) => s.outcome === 'updated').map((s: { section: string }) => s.section)).toEqual(
      expect.arrayContaining(['professional_identity', 'biography', 'board_certifications', 'hospital_affiliations', 'awards', 'insurance', 'locations']),
    );

    expect(await section(client, 'professional_identity')).toMatchObject({
      primarySpecialty: 'Cardiology',
      additionalSpecialties: ['Clinical Cardiac Electrophysiology'],
    });
    expect(await section(client, 'biography')).toMatchObject({ professionalSummary: 'Dr. Okafor treats heart rhythm disorders and leads the device clinic.' });
    expect(
      (await section(client, 'board_certifications')).items.map((c: { certificationBoard: string; status: string }) => [c.certificationBoard, c.status]),
    ).toEqual([
      ['American Board of Internal Medicine - Cardiovascular Disease', 'active'],
      ['American Board of Internal Medicine - Clinical Cardiac Electrophysiology', 'active'],
    ]);
    expect((await section(client, 'awards')).items.map((a: { awardName: string }) => a.awardName)).toEqual(['Top Doctor, Chicago Magazine 2023']);
    expect((await section(client, 'insurance')).items.map((i: { insuranceName: string }) => i.insuranceName)).toEqual([
      'Aetna',
      'Blue Cross Blue Shield of Illinois',
      'Medicare',
    ]);
    expect((await section(client, 'locations')).items[0]).toMatchObject({ locationName: 'Northfield Heart Rhythm Clinic' });

    // A second sync adds only what is new, and as a proposal the provider reviews.
    const entity = fake.providers.find((p) => p.npi === npi)!;
    entity.insuranceAccepted = ['Aetna', 'Cigna'];
    const again = await sync(client);
    expect(again.body.sections.find((s: { section: string }) => s.section === 'insurance')).toMatchObject({ outcome: 'pending' });
  });

  it('fills a list up to its cap and proposes nothing past it (issue 36: the lists hold what a person has)', async () => {
    const { hospital } = await yextHospital();
    const plans = (from: number, count: number) => Array.from({ length: count }, (_, i) => `Plan ${from + i}`);
    const npi = fakeProvider({
      insuranceAccepted: plans(0, PROFILE_LIST_CAPS.insurance + 50),
      certifications: plans(0, PROFILE_LIST_CAPS.board_certifications + 5).map((p) => `Board ${p}`),
    });
    const { client } = await signUp({ hospitalId: hospital.id, npiNumber: npi });
    const first = await sync(client);
    expect(first.status).toBe(200);
    expect(first.body.sections.find((s: { section: string }) => s.section === 'insurance')).toMatchObject({ outcome: 'updated' });
    const insurance = (await section(client, 'insurance')).items.map((i: { insuranceName: string }) => i.insuranceName);
    expect(insurance).toEqual(plans(0, PROFILE_LIST_CAPS.insurance));
    expect((await section(client, 'board_certifications')).items).toHaveLength(PROFILE_LIST_CAPS.board_certifications);

    // At the cap, new plans from the directory are not proposed: accepting them could not be saved.
    fake.providers.find((p) => p.npi === npi)!.insuranceAccepted = plans(1_000, 3);
    const again = await sync(client);
    expect(again.status).toBe(200);
    expect(again.body.sections.find((s: { section: string }) => s.section === 'insurance')).toMatchObject({ outcome: 'unchanged' });
    expect(again.body.pendingUpdatesCreated).toBe(0);
  });

  it("links an imported office to the hospital's location by entity id, or else by its name", async () => {
    const { hospital, site } = await yextHospital();
    const npi = fakeProvider({ locatedIn: 'loc-not-linked', c_officeName: '  northfield   HEART center ' });
    const { client, user } = await signUp({ hospitalId: hospital.id, npiNumber: npi });
    expect((await sync(client)).status).toBe(200);
    const [office] = await db.select().from(locations).where(eq(locations.userId, user.id));
    expect(office).toMatchObject({ predefinedLocationId: site.id });

    // An office the hospital does not list stays the provider's own address.
    const other = fakeProvider({ locatedIn: 'loc-not-linked', c_officeName: 'Lakeview Satellite Clinic' });
    const second = await signUp({ hospitalId: hospital.id, npiNumber: other });
    expect((await sync(second.client)).status).toBe(200);
    const [own] = await db.select().from(locations).where(eq(locations.userId, second.user.id));
    expect(own).toMatchObject({ predefinedLocationId: null, locationName: 'Lakeview Satellite Clinic' });
  });

  it('logs and skips a section that fails; the others apply and the failed one keeps its data', async () => {
    const { hospital } = await yextHospital({ population: { enhanced_expertise: true } });
    const npi = fakeProvider();
    const { client, user } = await signUp({ hospitalId: hospital.id, npiNumber: npi });
    await db.execute(
      sql.raw(`create or replace function vitae_test_refuse_languages() returns trigger language plpgsql as $$
        begin
          if new.user_id = '${user.id}' then raise exception 'languages storage unavailable'; end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql.raw('create trigger vitae_test_refuse_languages before insert on languages_spoken for each row execute function vitae_test_refuse_languages()'),
    );
    try {
      const { status, body } = await sync(client);
      expect(status).toBe(200);
      expect(body, JSON.stringify(body.sections)).toMatchObject({ success: true, sectionsUpdated: 7, sectionsFailed: 1 });
      expect(body.sections.find((s: { section: string }) => s.section === 'languages')).toMatchObject({ outcome: 'failed', error: 'Failed to save languages' });
      // The failed section keeps what it held: the English the profile started with at sign-up.
      expect((await db.select().from(languagesSpoken).where(eq(languagesSpoken.userId, user.id))).map((l) => l.languageCode)).toEqual(['en']);
      expect(await db.select().from(educationTraining).where(eq(educationTraining.userId, user.id))).toHaveLength(3);
    } finally {
      await db.execute(sql.raw('drop trigger vitae_test_refuse_languages on languages_spoken'));
      await db.execute(sql.raw('drop function vitae_test_refuse_languages()'));
    }
  });

  it('remembers a valid key per hospital and checks it again when the key changes', async () => {
    const { hospital } = await yextHospital({ apiKey: FAKE_YEXT_KEYS.sandbox });
    const first = await signUp({ hospitalId: hospital.id, npiNumber: fakeProvider() });
    fake.requests.length = 0;
    expect((await sync(first.client)).status).toBe(200);
    expect(fake.requests.slice(0, 3).map((r) => [r.host, r.params.limit])).toEqual([
      ['production', '1'],
      ['production', '1'],
      ['sandbox', '1'],
    ]);
    // Only the sandbox accepted the key, so the provider lookup went there too.
    expect(fake.requests.slice(3).every((r) => r.host === 'sandbox')).toBe(true);
    const [row] = await db.select().from(hospitals).where(eq(hospitals.id, hospital.id));
    expect((row!.yextConfig as Record<string, unknown>).key_validation).toMatchObject({ valid: true, via: 'sandbox' });

    const second = await signUp({ hospitalId: hospital.id, npiNumber: fakeProvider() });
    fake.requests.length = 0;
    expect((await sync(second.client)).status).toBe(200);
    expect(fake.requests.some((r) => r.params.limit === '1')).toBe(false);

    const admin = await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id });
    const adminClient = await signInAdmin(ctx, admin.email);
    expect((await adminClient.patch(`/api/admin/hospitals/${hospital.id}`, { yextConfig: { apiKey: FAKE_YEXT_KEYS.production } })).status).toBe(200);
    const third = await signUp({ hospitalId: hospital.id, npiNumber: fakeProvider() });
    fake.requests.length = 0;
    expect((await sync(third.client)).status).toBe(200);
    expect(fake.requests[0]).toMatchObject({ host: 'production', params: { limit: '1', api_key: FAKE_YEXT_KEYS.production } });
    const [changed] = await db.select().from(hospitals).where(eq(hospitals.id, hospital.id));
    expect((changed!.yextConfig as Record<string, unknown>).key_validation).toMatchObject({ valid: true, via: 'basic' });
  });
});

describe(`the sign-up lookup by the hospital's data source (${databaseLabel})`, () => {
  const lookup = (npi: string, hospitalId?: string) =>
    browserClient(ctx.app).get(`/api/npi/${npi}${hospitalId ? `?hospitalId=${hospitalId}` : ''}`, { 'x-forwarded-for': `203.0.113.${(ipCounter += 1) % 250}` });

  it('answers from the listing service at a listing-service hospital, from the registry elsewhere', async () => {
    const { hospital } = await yextHospital();
    const npi = fakeProvider();
    const fromDirectory = await lookup(npi, hospital.id);
    expect(fromDirectory.status).toBe(200);
    expect(await fromDirectory.json()).toMatchObject({
      source: 'yext',
      npi_number: npi,
      first_name: 'Margaret',
      last_name: 'Okafor',
      credential: 'MD',
      status: 'active',
    });

    // The directory does not hold this NPI: the spec's message, not the registry's record.
    const missing = await lookup(FAKE_NPIS.cardiologist, hospital.id);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toBe(`No provider found in YEXT for NPI: ${FAKE_NPIS.cardiologist}`);

    // A registry hospital, or no hospital, asks the national registry.
    const { hospital: registryHospital } = await yextHospital({ dataSource: 'npi_registry' });
    for (const hospitalId of [registryHospital.id, undefined]) {
      const fromRegistry = await lookup(FAKE_NPIS.cardiologist, hospitalId);
      expect(fromRegistry.status).toBe(200);
      const record = await fromRegistry.json();
      expect(record.source).toBeUndefined();
      expect(record.npi_number).toBe(FAKE_NPIS.cardiologist);
    }
    expect((await lookup(FAKE_NPIS.cardiologist, 'not-a-uuid')).status).toBe(400);
  });
});

describe(`hospital field mappings (${databaseLabel})`, () => {
  type MappingInput = Pick<typeof dataSourceFieldMappings.$inferInsert, 'profileSection' | 'profileField' | 'sourcePath'> &
    Partial<typeof dataSourceFieldMappings.$inferInsert>;
  async function withMappings(hospitalId: string, mappings: MappingInput[]) {
    const [config] = await db.insert(dataSourceConfigurations).values({ hospitalId, sourceType: 'yext', sourceName: 'Directory', isActive: true }).returning();
    await db
      .insert(dataSourceFieldMappings)
      .values(mappings.map((m) => ({ configurationId: config!.id, fallbackPaths: [], transformationRules: {}, isRequired: false, ...m })));
  }

  it('follows source paths, fallbacks, defaults, required fields and transformations; the preview writes nothing', async () => {
    const { hospital } = await yextHospital();
    const npi = fakeProvider({
      c_bio: '   Cares for athletes with heart rhythm problems.   ',
      c_languageList: 'English; FRENCH; Klingon',
      c_acceptsNew: 'No',
      c_educationType: 'md',
    });
    await withMappings(hospital.id, [
      {
        profileSection: 'biography',
        profileField: 'professionalSummary',
        sourcePath: 'c_missingBio',
        fallbackPaths: ['c_bio'],
        transformationRules: { trim: true },
      },
      { profileSection: 'biography', profileField: 'languagesSpoken', sourcePath: 'c_languageList', transformationRules: { split: ';', lowercase: true } },
      {
        profileSection: 'practice_essentials',
        profileField: 'acceptingNewPatients',
        sourcePath: 'c_acceptsNew',
        transformationRules: { map: { no: 'false', yes: 'true' } },
      },
      { profileSection: 'practice_essentials', profileField: 'practiceName', sourcePath: 'c_practiceName', defaultValue: 'Northfield Cardiology' },
      { profileSection: 'practice_essentials', profileField: 'practiceFocus', sourcePath: 'c_focus', isRequired: true },
      { profileSection: 'locations', profileField: 'postalCode', sourcePath: 'address.city' },
    ]);
    const admin = await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id });
    const adminClient = await signInAdmin(ctx, admin.email);
    const response = await adminClient.get(`/api/admin/hospitals/${hospital.id}/yext/preview?npi=${npi}`);
    expect(response.status).toBe(200);
    const preview = await response.json();
    expect(preview).toMatchObject({ found: true, strategy: 'entity_id', entityId: npi, usesHospitalMappings: true });
    expect(preview.sections.biography).toMatchObject({
      professionalSummary: 'Cares for athletes with heart rhythm problems.',
      languagesSpoken: 'english, french, klingon',
    });
    expect(preview.sections.languages.map((l: { languageCode: string }) => l.languageCode)).toEqual(['en', 'fr']);
    expect(preview.sections.practice_essentials).toMatchObject({ acceptingNewPatients: false, practiceName: 'Northfield Cardiology' });
    expect(preview.sections.education_training).toHaveLength(3);
    expect(preview.mappingErrors).toMatchObject({
      languages: 'Unknown language: klingon',
      practice_essentials: 'practiceFocus: required value missing at c_focus',
      locations: expect.stringContaining('postalCode'),
    });
    expect(preview.fields).toContainEqual({
      section: 'biography',
      field: 'professionalSummary',
      path: 'c_bio',
      origin: 'hospital',
      value: 'Cares for athletes with heart rhythm problems.',
    });
    expect(preview.fields).toContainEqual(expect.objectContaining({ section: 'practice_essentials', field: 'practiceName', path: 'default' }));
    expect(preview.fields).toContainEqual(
      expect.objectContaining({ section: 'professional_identity', field: 'firstName', path: 'firstName', origin: 'built_in' }),
    );
    // Terms the hospital lacks are listed, not created.
    expect(preview.missingTerms.map((t: { id: string }) => t.id)).toEqual(['cond-0001', 'cond-0002', 'proc-0001', 'reas-0003']);
    expect(await db.select().from(hospitalExpertiseTerms).where(eq(hospitalExpertiseTerms.hospitalId, hospital.id))).toEqual([]);
    expect((await db.select().from(userYextData)).some((row) => row.hospitalId === hospital.id)).toBe(false);

    const bad = await adminClient.get(`/api/admin/hospitals/${hospital.id}/yext/preview?npi=123`);
    expect(bad.status).toBe(400);
    const notFound = await (await adminClient.get(`/api/admin/hospitals/${hospital.id}/yext/preview?npi=${FAKE_YEXT_NPIS.unknown}`)).json();
    expect(notFound).toMatchObject({ found: false, sections: {} });
  });
});

describe(`listing-service test page (${databaseLabel})`, () => {
  it('reports which fallback accepted the key, the providers found and three samples', async () => {
    const { hospital } = await yextHospital({ apiKey: FAKE_YEXT_KEYS.professionalsOnly });
    const admin = await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id });
    const client = await signInAdmin(ctx, admin.email);
    const response = await client.post(`/api/admin/hospitals/${hospital.id}/yext/test`);
    expect(response.status).toBe(200);
    const result = await response.json();
    expect(result).toMatchObject({ apiKeyValid: true, keyValidation: { valid: true, via: 'healthcare_professional' }, providersFound: 5, error: null });
    expect(result.samples).toHaveLength(3);
    expect(result.samples[0]).toEqual({ id: FAKE_YEXT_NPIS.okafor, name: 'Margaret Okafor, MD', npi: FAKE_YEXT_NPIS.okafor });
    expect(fake.requests.at(-1)!.params).toMatchObject({ entityTypes: 'healthcareProfessional', limit: '5' });

    const refused = await yextHospital({ apiKey: FAKE_YEXT_KEYS.invalid });
    const system = await createAdminRow(ctx, { role: 'system_admin' });
    const systemClient = await signInAdmin(ctx, system.email);
    const invalid = await (await systemClient.post(`/api/admin/hospitals/${refused.hospital.id}/yext/test`)).json();
    expect(invalid).toMatchObject({
      apiKeyValid: false,
      providersFound: 0,
      samples: [],
      error: 'YEXT API key validation failed. Please check your credentials.',
    });
    expect(invalid.keyValidation.attempts).toHaveLength(3);

    // Another hospital's admin does not see this hospital.
    expect((await client.post(`/api/admin/hospitals/${refused.hospital.id}/yext/test`)).status).toBe(404);
    expect((await browserClient(ctx.app).post(`/api/admin/hospitals/${hospital.id}/yext/test`)).status).toBe(401);
  });
});

describe(`population at sign-up and sign-in (${databaseLabel})`, () => {
  const populate = createDirectoryPopulationFor();
  function createDirectoryPopulationFor() {
    return (userId: string, hospitalId: string) =>
      createDirectoryPopulation({ db, env: ctx.env, logger })({
        userId,
        metadata: {
          full_name: 'x',
          agreed_to_terms: true,
          agreed_to_privacy: true,
          data_source: 'yext',
          pending_profile_setup: false,
          needs_directory_population: true,
          hospital_id: hospitalId,
        },
      });
  }

  it("populates when the hospital's settings cover the provider, and says 'nothing' otherwise", async () => {
    const off = await yextHospital();
    const offUser = await signUp({ hospitalId: off.hospital.id, npiNumber: fakeProvider() });
    expect(await populate(offUser.user.id, off.hospital.id)).toBe('nothing');
    expect(fake.requests).toHaveLength(0);

    const byHospital = await yextHospital({ population: { enabled: true, match_by_hospital_id: true } });
    const member = await signUp({ hospitalId: byHospital.hospital.id, npiNumber: fakeProvider() });
    // Sign-up itself ran the import for a covered provider.
    expect(await db.select().from(educationTraining).where(eq(educationTraining.userId, member.user.id))).toHaveLength(3);
    // Already populated: another run changes nothing.
    expect(await populate(member.user.id, byHospital.hospital.id)).toBe('nothing');

    const byDomain = await yextHospital({ population: { enabled: true, match_by_hospital_id: false, email_domain_patterns: ['@northfield-health.example'] } });
    const outsider = await signUp({ hospitalId: byDomain.hospital.id, npiNumber: fakeProvider() });
    expect(await populate(outsider.user.id, byDomain.hospital.id)).toBe('nothing');
    const insider = await signUp({ hospitalId: byDomain.hospital.id, npiNumber: fakeProvider(), email: `dr.${uniqueSuffix()}@northfield-health.example` });
    expect(await db.select().from(educationTraining).where(eq(educationTraining.userId, insider.user.id))).toHaveLength(3);
    expect(await populate(insider.user.id, byDomain.hospital.id)).toBe('nothing');

    // A failure never reaches sign-in: it reads 'nothing' (and the next sign-in tries again).
    const broken = await yextHospital({ apiKey: FAKE_YEXT_KEYS.invalid, population: { enabled: true } });
    const unlucky = await signUp({ hospitalId: broken.hospital.id, npiNumber: fakeProvider() });
    expect(await populate(unlucky.user.id, broken.hospital.id)).toBe('nothing');
    const noNpi = await signUp({ hospitalId: byHospital.hospital.id });
    expect(await populate(noNpi.user.id, byHospital.hospital.id)).toBe('nothing');
  });

  it('matches e-mail patterns by exact domain, domain and subdomains, or wildcard', () => {
    expect(emailMatchesPatterns('a@northfield.org', ['@northfield.org'])).toBe(true);
    expect(emailMatchesPatterns('a@mail.northfield.org', ['@northfield.org'])).toBe(false);
    expect(emailMatchesPatterns('a@mail.northfield.org', ['northfield.org'])).toBe(true);
    expect(emailMatchesPatterns('a@northfield.org.evil.example', ['northfield.org'])).toBe(false);
    expect(emailMatchesPatterns('A@Cardio.Northfield.ORG', ['*.northfield.org'])).toBe(true);
    expect(emailMatchesPatterns('a@other.org', ['northfield.org', '*.northfield.org'])).toBe(false);
  });
});

/**
 * The provider profile API: every section's round trip, validation messages, defaults, the
 * all-or-nothing replace of list sections, and ownership (rows are keyed by the session, never the body).
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeNpiCheckDigit } from '../../src/shared/npi';
import type { AgeGroup, AppointmentType, PracticeType, TelehealthService } from '../../src/shared/practice-vocabularies';
import type { Database } from '../../src/server/db/client';
import {
  clinicalTrials,
  fellowshipSpecialties,
  languages,
  locations,
  medicalExpertiseTerms,
  medicalSchools,
  professionalIdentity,
  publications,
  residencyPrograms,
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

/** The reference lists the forms point into (the 13k default expertise terms are replaced by two). */
async function seedReference(database: Database) {
  const data = loadReferenceData(seedDataDir);
  await database.insert(languages).values(data.languages.map((l) => ({ code: l.code, name: l.name, isQuickAdd: l.isQuickAdd, sortOrder: l.sortOrder })));
  await database
    .insert(medicalSchools)
    .values(data.medicalSchools.map((s) => ({ id: s.id, name: s.name, degreeType: s.degreeType, city: s.city, state: s.state })));
  await database.insert(residencyPrograms).values(data.residencyPrograms.map((p) => ({ name: p.name, category: p.category })));
  await database
    .insert(fellowshipSpecialties)
    .values(data.fellowshipSpecialties.map((f) => ({ parentSpecialty: f.parentSpecialty, subspecialtyName: f.subspecialtyName })));
  await database.insert(medicalExpertiseTerms).values([
    { termId: 'CON-I50', term: 'Heart failure', termType: 'Condition', specialtyName: 'Cardiology' },
    { termId: 'PROC-ECHO', term: 'Echocardiography', termType: 'Procedure', specialtyName: 'Cardiology' },
  ]);
}

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  await seedReference(db);
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

const npi = (first9: string) => `${first9}${computeNpiCheckDigit(first9)}`;

async function put(client: BrowserClient, sectionId: string, body: unknown) {
  const response = await client.put(`/api/profile/sections/${sectionId}`, body);
  return { status: response.status, body: await response.json() };
}

async function getSection(client: BrowserClient, sectionId: string) {
  const response = await client.get(`/api/profile/sections/${sectionId}`);
  expect(response.status).toBe(200);
  return response.json();
}

describe(`profile sections round trip (${databaseLabel})`, () => {
  let client: BrowserClient;
  let userId: string;
  let schoolId: string;
  let programId: string;
  let fellowshipId: string;
  const identityNpi = npi('123456789');

  beforeAll(async () => {
    const hospital = await createHospital(ctx);
    ({
      client,
      user: { id: userId },
    } = await signUp(hospital.id));
    schoolId = (await db.select().from(medicalSchools).where(eq(medicalSchools.degreeType, 'MD')).limit(1))[0]!.id;
    programId = (await db.select().from(residencyPrograms).where(eq(residencyPrograms.name, 'Internal Medicine Residency')))[0]!.id;
    fellowshipId = (await db.select().from(fellowshipSpecialties).limit(1))[0]!.id;
  });

  it('saves and reads the professional identity with every field, and keeps the users row in sync', async () => {
    const input = {
      npiNumber: identityNpi,
      fullLegalName: 'Ana María Diaz',
      firstName: 'Ana',
      lastName: 'Diaz',
      preferredName: 'Dr. Ana',
      pronouns: 'she/her',
      professionalEmail: 'Ana.Diaz@Clinic.example',
      jobTitle: 'Attending Cardiologist',
      department: 'Medicine',
      division: 'Cardiology',
      section: 'Heart Failure',
      departmentId: 'medicine',
      divisionId: 'medicine/cardiology',
      sectionId: 'medicine/cardiology/heart-failure',
      primarySpecialty: 'Cardiology',
      primarySpecialties: ['Cardiology'],
      additionalSpecialties: ['Internal Medicine', '  '],
      credentials: [{ type: 'degree', name: 'MD', verified: true }],
      academicTitles: ['Associate Professor of Medicine'],
      certifications: [{ name: 'ACLS', issuer: 'American Heart Association', year: 2022 }],
      licenses: [{ number: '036-123456', state: 'il', status: 'active' }],
      manualOverrideFlags: { preferredName: true },
      // Ignored: rows are keyed by the session.
      userId: '00000000-0000-0000-0000-000000000000',
    };
    const saved = await put(client, 'professional_identity', input);
    expect(saved.status).toBe(200);
    expect(saved.body.sectionId).toBe('professional_identity');
    const read = await getSection(client, 'professional_identity');
    expect(read.data).toEqual(saved.body.data);
    const { userId: ignored, ...typed } = input;
    expect(read.data).not.toHaveProperty('userId', ignored);
    expect(read.data).toMatchObject({
      ...typed,
      professionalEmail: 'ana.diaz@clinic.example',
      additionalSpecialties: ['Internal Medicine'],
      // A provider cannot mark a credential verified.
      credentials: [{ type: 'degree', name: 'MD', verified: false }],
      licenses: [{ number: '036-123456', state: 'IL', status: 'active' }],
      // Typed fields that differ from what was stored become flagged for registry refreshes.
      manualOverrideFlags: {
        preferredName: true,
        firstName: true,
        lastName: true,
        fullLegalName: true,
        credentials: true,
        primarySpecialty: true,
        primarySpecialties: true,
        licenses: true,
      },
    });
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ fullName: 'Ana María Diaz', firstName: 'Ana', lastName: 'Diaz', jobTitle: 'Attending Cardiologist', npiNumber: identityNpi });
  });

  it('saves education with academic-year dates and reference names filled in', async () => {
    const items = [
      {
        educationType: 'medical_school',
        medicalSchoolId: schoolId,
        degree: 'MD',
        fieldOfStudy: 'Medicine',
        startYear: 2004,
        graduationYear: 2008,
        description: 'AOA',
        location: 'Chicago, IL',
      },
      {
        educationType: 'residency',
        programId,
        institutionName: 'Northwestern Memorial Hospital',
        startYear: 2008,
        endYear: 2011,
        location: 'Chicago, IL',
        medicalSchoolId: schoolId,
        graduationYear: 2008,
      },
      { educationType: 'fellowship', fellowshipSpecialtyId: fellowshipId, institutionName: 'Mayo Clinic', startYear: 2011, completionYear: 2014 },
      {
        educationType: 'continuing_education',
        institutionName: 'American College of Cardiology',
        startDate: '2024-01-10',
        endDate: '2099-01-01',
        source: 'directory',
        dataSource: 'yext',
      },
    ];
    const saved = await put(client, 'education_training', { items });
    expect(saved.status).toBe(200);
    const read = await getSection(client, 'education_training');
    expect(read.data).toEqual(saved.body.data);
    const [school] = await db.select().from(medicalSchools).where(eq(medicalSchools.id, schoolId));
    const [fellowship] = await db.select().from(fellowshipSpecialties).where(eq(fellowshipSpecialties.id, fellowshipId));
    expect(read.data.items).toMatchObject([
      {
        ...items[0],
        institutionName: school!.name,
        medicalSchoolName: school!.name,
        startDate: '2004-07-01',
        endDate: '2008-06-01',
        endYear: 2008,
        isCurrent: false,
        source: 'user',
        dataSource: null,
      },
      {
        ...items[1],
        programName: 'Internal Medicine Residency',
        medicalSchoolName: school!.name,
        startDate: '2008-07-01',
        endDate: '2011-06-30',
        isCurrent: false,
      },
      {
        ...items[2],
        fellowshipSpecialtyName: fellowship!.subspecialtyName,
        parentSpecialty: fellowship!.parentSpecialty,
        startDate: '2011-07-01',
        endDate: '2014-06-30',
        endYear: 2014,
        isCurrent: false,
      },
      { ...items[3], startYear: 2024, endYear: 2099, isCurrent: true },
    ]);
  });

  it('saves practice essentials (upsert, every field)', async () => {
    const input = {
      acceptingNewPatients: true,
      ageGroupsTreated: ['Adults', 'Seniors'] satisfies AgeGroup[],
      patientAgeGroups: ['Adults', 'Seniors'] satisfies AgeGroup[],
      appointmentTypes: ['In-person visits', 'Video visits'] satisfies AppointmentType[],
      schedulingNotes: 'Referral preferred',
      practiceName: 'Lakeside Heart Center',
      practiceType: 'Hospital-employed practice' satisfies PracticeType,
      hospitalAffiliations: ['Lakeside Hospital'],
      groupAffiliations: ['Lakeside Physicians Group'],
      telehealthServices: ['Remote patient monitoring'] satisfies TelehealthService[],
      practiceFocus: 'Heart failure and cardiomyopathy',
    };
    expect((await put(client, 'practice_essentials', { ...input, practiceName: 'First name' })).status).toBe(200);
    const saved = await put(client, 'practice_essentials', input);
    expect(saved.status).toBe(200);
    expect((await getSection(client, 'practice_essentials')).data).toEqual(input);
  });

  it('saves locations and validates phone, fax, postal code and website', async () => {
    const items = [
      {
        locationName: 'Downtown Clinic',
        address: '251 E Huron St',
        addressLine2: 'Suite 8-100',
        city: 'Chicago',
        state: 'IL',
        postalCode: '60611',
        country: 'US',
        floor: '8',
        suiteOfficeNumber: '8-100',
        phoneNumber: '(312) 555-0100',
        faxNumber: '312-555-0101',
        website: 'https://clinic.example/downtown',
        isPrimaryLocation: false,
        acceptingNewPatients: true,
        telehealthAvailable: true,
        specialNotes: 'Parking in garage B',
        predefinedLocationId: null,
      },
      { locationName: 'Evanston Office', city: 'Evanston', state: 'il', postalCode: '602015120', isPrimaryLocation: true },
    ];
    const saved = await put(client, 'locations', { items });
    expect(saved.status).toBe(200);
    const read = await getSection(client, 'locations');
    expect(read.data).toEqual(saved.body.data);
    expect(read.data.items).toMatchObject([items[0], { ...items[1], state: 'IL', postalCode: '60201-5120', country: 'US', isPrimaryLocation: true }]);

    for (const [field, value, message] of [
      ['phoneNumber', '12-34', 'Phone number must have 7 to 15 digits'],
      ['faxNumber', 'call me', 'Fax number must have 7 to 15 digits'],
      ['postalCode', '1234', 'ZIP code must be 5 digits or ZIP+4 (12345 or 12345-6789)'],
      ['website', 'ftp://clinic.example', 'URL must start with http:// or https://'],
      ['state', 'Illinois', 'State must be a 2-letter code, like IL'],
      ['locationName', '', 'Location name is required'],
    ] as const) {
      const refused = await put(client, 'locations', { items: [{ ...items[0], [field]: value }] });
      expect(refused.status, field).toBe(400);
      expect(refused.body.error.message).toBe(message);
    }
    const twoPrimaries = await put(client, 'locations', { items: [{ ...items[0], isPrimaryLocation: true }, items[1]] });
    expect(twoPrimaries.body.error.message).toBe('Only one location can be the primary location');
    expect((await getSection(client, 'locations')).data).toEqual(read.data);
  });

  it('makes the first location primary when none is marked', async () => {
    const saved = await put(client, 'locations', { items: [{ locationName: 'A' }, { locationName: 'B' }] });
    expect(saved.body.data.items.map((l: { isPrimaryLocation: boolean }) => l.isPrimaryLocation)).toEqual([true, false]);
  });

  it('saves the biography and falls back to the pending summary', async () => {
    const input = {
      professionalSummary: 'Dr. Diaz is a cardiologist.',
      publicSummary: 'Dr. Diaz cares for hearts.',
      personalInterests: 'Cycling',
      awardsHonors: 'Top Doctor 2023',
      memberships: 'ACC, AHA',
      volunteerWork: 'Free clinic',
      languagesSpoken: 'English, Spanish',
    };
    expect((await put(client, 'biography', { ...input, professionalSummary: '' })).body.data.professionalSummary).toBe('Professional biography pending');
    expect((await put(client, 'biography', input)).status).toBe(200);
    expect((await getSection(client, 'biography')).data).toEqual(input);
  });

  it('saves publications with every field and the peer_reviewed default', async () => {
    const full = {
      title: 'Outcomes in heart failure',
      authors: ['Diaz A', 'Okafor M'],
      journalName: 'Circulation',
      publicationDate: '2021 Mar',
      volume: '143',
      issue: '9',
      pages: '100-110',
      doi: 'https://doi.org/10.1161/CIRC.2021.001',
      pmid: '33456789',
      publicationType: 'review',
      abstract: 'Background…',
      keywords: ['heart failure', 'outcomes'],
      isFeatured: true,
    };
    const saved = await put(client, 'publications', { items: [full, { title: 'Second paper' }] });
    expect(saved.status).toBe(200);
    const read = await getSection(client, 'publications');
    expect(read.data).toEqual(saved.body.data);
    expect(read.data.items).toMatchObject([
      { ...full, doi: '10.1161/CIRC.2021.001', status: 'manual' },
      { title: 'Second paper', authors: [], keywords: [], publicationType: 'peer_reviewed', isFeatured: false, status: 'manual' },
    ]);
    const refused = await put(client, 'publications', { items: [{ title: ' ' }] });
    expect(refused.body.error.message).toBe('Title is required');
    expect((await put(client, 'publications', { items: [{ title: 'x', doi: 'not-a-doi' }] })).body.error.message).toBe('DOI must look like 10.1234/abc');
  });

  it('saves clinical trials with defaults and validates the NCT number', async () => {
    const full = {
      trialTitle: 'HF-Outcomes',
      nctNumber: 'nct01234567',
      phase: 'Phase 3',
      status: 'active_not_recruiting',
      startDate: '2020-01',
      completionDate: '2024-12',
      sponsor: 'NHLBI',
      role: 'principal_investigator',
      description: 'A randomized trial',
      conditionsStudied: ['Heart failure'],
    };
    const saved = await put(client, 'clinical_trials', { items: [full, { trialTitle: 'Registry study' }] });
    expect(saved.status).toBe(200);
    const read = await getSection(client, 'clinical_trials');
    expect(read.data).toEqual(saved.body.data);
    expect(read.data.items).toMatchObject([
      { ...full, nctNumber: 'NCT01234567', userStatus: 'manual', isVisible: true },
      { trialTitle: 'Registry study', status: 'recruiting', role: 'investigator', conditionsStudied: [], userStatus: 'manual' },
    ]);
    const refused = await put(client, 'clinical_trials', { items: [{ trialTitle: 'x', nctNumber: 'NCT123' }] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('NCT number must be NCT followed by 8 digits (e.g. NCT01234567)');
  });

  it('saves media with the article default and an http(s) URL', async () => {
    const full = {
      title: 'Heart health tips',
      mediaType: 'interview',
      publicationSource: 'Chicago Tribune',
      date: '2023-02-14',
      url: 'https://news.example/heart',
      description: 'Interview',
      isFeatured: true,
    };
    const saved = await put(client, 'media_press', { items: [full, { title: 'Podcast' }] });
    const read = await getSection(client, 'media_press');
    expect(read.data).toEqual(saved.body.data);
    expect(read.data.items).toMatchObject([
      { ...full, status: 'manual' },
      { title: 'Podcast', mediaType: 'article', url: null, isFeatured: false },
    ]);
    expect((await put(client, 'media_press', { items: [{ title: 'x', url: 'javascript:alert(1)' }] })).body.error.message).toBe(
      'URL must start with http:// or https://',
    );
  });

  it('saves medical expertise with the stored term and type', async () => {
    const saved = await put(client, 'medical_expertise', {
      items: [
        { termId: 'CON-I50', specialtyName: 'Cardiology', termType: 'Condition', term: 'Heart failure' },
        { termId: 'PROC-ECHO', specialtyName: 'Cardiology', termType: 'Other', term: 'typed differently' },
        { termId: 'CON-I50', specialtyName: 'Cardiology' },
      ],
    });
    expect(saved.status).toBe(200);
    const read = await getSection(client, 'medical_expertise');
    expect(read.data).toEqual(saved.body.data);
    expect(read.data.items.map(({ id: _id, ...rest }: { id: string }) => rest)).toEqual([
      { termId: 'CON-I50', specialtyName: 'Cardiology', termType: 'Condition', term: 'Heart failure' },
      { termId: 'PROC-ECHO', specialtyName: 'Cardiology', termType: 'Procedure', term: 'Echocardiography' },
    ]);
  });

  it('saves languages in order from 1 with the basic default', async () => {
    const saved = await put(client, 'languages', { items: [{ languageCode: 'EN', proficiency: 'native' }, { languageCode: 'es' }, { languageCode: 'en' }] });
    expect(saved.status).toBe(200);
    const read = await getSection(client, 'languages');
    expect(read.data).toEqual(saved.body.data);
    expect(read.data.items).toMatchObject([
      { languageCode: 'en', languageName: 'English', proficiency: 'native', displayOrder: 1, isFromYext: false },
      { languageCode: 'es', languageName: 'Spanish', proficiency: 'basic', displayOrder: 2 },
    ]);
    expect(read.data.items).toHaveLength(2);
  });

  it('refuses an unknown language code with the spec text, keeping the saved list', async () => {
    const refused = await put(client, 'languages', { items: [{ languageCode: 'es' }, { languageCode: 'xx' }] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe('Invalid language code: xx');
    expect((await getSection(client, 'languages')).data.items).toHaveLength(2);
  });

  it('keeps a listing-service language code our list lacks, its code as its name; a typed one still refused', async () => {
    const kept = await put(client, 'languages', { items: [{ languageCode: 'es' }, { languageCode: 'yue', isFromYext: true }] });
    expect(kept.status).toBe(200);
    const items = (await getSection(client, 'languages')).data.items;
    expect(items.map((l: { languageCode: string; languageName: string }) => [l.languageCode, l.languageName])).toEqual([
      ['es', 'Spanish'],
      ['yue', 'yue'],
    ]);
    expect((await put(client, 'languages', { items: [{ languageCode: 'yue' }] })).status).toBe(400);
    expect((await put(client, 'languages', { items: [{ languageCode: 'not a code', isFromYext: true }] })).status).toBe(400);
  });

  it('saves licenses with the active default; a provider cannot verify one', async () => {
    const full = {
      licenseName: 'Physician and Surgeon',
      licenseNumber: '036-123456',
      issuingState: 'il',
      issuingAuthority: 'IDFPR',
      issueDate: '2011-07-01',
      expirationDate: '2026-07-31',
      status: 'inactive',
      isVerified: true,
    };
    const saved = await put(client, 'licenses', { items: [full, { licenseNumber: 'A1', issuingState: 'WI' }] });
    expect(saved.status).toBe(200);
    const read = await getSection(client, 'licenses');
    expect(read.data).toEqual(saved.body.data);
    expect(read.data.items).toMatchObject([
      { ...full, issuingState: 'IL', isVerified: false },
      { licenseNumber: 'A1', issuingState: 'WI', status: 'active', isVerified: false, licenseName: null },
    ]);
    expect((await put(client, 'licenses', { items: [{ licenseNumber: 'A1' }] })).body.error.message).toBe('Issuing state is required');
    expect((await put(client, 'licenses', { items: [{ ...full, expirationDate: '2001-01-01' }] })).body.error.message).toBe(
      'Expiration date cannot be before issue date',
    );
  });

  it('saves social media with display order defaulting to the position', async () => {
    const saved = await put(client, 'social_media', {
      items: [
        { platform: 'LinkedIn', username: 'anadiaz', profileUrl: 'https://linkedin.com/in/anadiaz', isVisible: false },
        { platform: 'X', username: 'drana' },
      ],
    });
    const read = await getSection(client, 'social_media');
    expect(read.data).toEqual(saved.body.data);
    expect(read.data.items).toMatchObject([
      { platform: 'LinkedIn', username: 'anadiaz', profileUrl: 'https://linkedin.com/in/anadiaz', isVisible: false, displayOrder: 0 },
      { platform: 'X', username: 'drana', profileUrl: null, isVisible: true, displayOrder: 1 },
    ]);
    const reordered = await put(client, 'social_media', {
      items: [
        { platform: 'A', displayOrder: 5 },
        { platform: 'B', displayOrder: 2 },
      ],
    });
    expect(reordered.body.data.items.map((s: { platform: string }) => s.platform)).toEqual(['B', 'A']);
  });

  it('saves board certifications, hospital affiliations, awards and insurance', async () => {
    const lists = {
      board_certifications: [
        { certificationBoard: 'ABIM', specialty: 'Cardiovascular Disease', certificationYear: 2014, expirationYear: 2024, status: 'expired' },
        { certificationBoard: 'ABIM' },
      ],
      hospital_affiliations: [
        { hospitalName: 'Lakeside Hospital', department: 'Medicine', title: 'Attending', startYear: 2014, isPrimary: true },
        { hospitalName: 'Mercy' },
      ],
      awards: [
        { awardName: 'Top Doctor', awardingOrganization: 'Chicago Magazine', awardYear: 2023, description: 'Cardiology' },
        { awardName: 'Teaching award' },
      ],
      insurance: [{ insuranceName: 'Blue Cross', planType: 'PPO' }, { insuranceName: 'Medicare' }],
    };
    for (const [sectionId, items] of Object.entries(lists)) {
      const saved = await put(client, sectionId, { items });
      expect(saved.status, sectionId).toBe(200);
      const read = await getSection(client, sectionId);
      expect(read.data).toEqual(saved.body.data);
      expect(read.data.items).toMatchObject(items);
    }
    const boards = (await getSection(client, 'board_certifications')).data.items;
    expect(boards[1]).toMatchObject({ status: 'active', specialty: null, certificationYear: null });
    expect((await getSection(client, 'hospital_affiliations')).data.items[1]).toMatchObject({ isPrimary: false });
    expect((await put(client, 'awards', { items: [{ awardName: '' }] })).body.error.message).toBe('Award name is required');
    expect((await put(client, 'board_certifications', { items: [{ certificationBoard: 'X', certificationYear: 'soon' }] })).body.error.message).toBe(
      'Enter a 4-digit year between 1900 and 2100',
    );
  });

  it('returns the whole profile in one read', async () => {
    const response = await client.get('/api/profile');
    expect(response.status).toBe(200);
    const profile = await response.json();
    expect(profile.user).toMatchObject({ id: userId, fullName: 'Ana María Diaz', npiNumber: identityNpi });
    expect(Object.keys(profile.sections).sort()).toEqual(
      [
        'awards',
        'biography',
        'board_certifications',
        'clinical_trials',
        'education_training',
        'hospital_affiliations',
        'insurance',
        'languages',
        'licenses',
        'locations',
        'media_press',
        'medical_expertise',
        'practice_essentials',
        'professional_identity',
        'publications',
        'social_media',
      ].sort(),
    );
    expect(profile.sections.medical_expertise.items).toHaveLength(2);
    expect(profile.sections.biography.professionalSummary).toBe('Dr. Diaz is a cardiologist.');
    // All three required sections are complete now.
    expect(profile.completion.percentage).toBe(100);
    expect(profile.user.profileCompletionPercentage).toBe(100);
  });
});

describe(`profile validation (${databaseLabel})`, () => {
  let client: BrowserClient;
  const identity = {
    fullLegalName: 'Pat Provider',
    firstName: 'Pat',
    lastName: 'Provider',
    professionalEmail: 'pat@example.org',
    jobTitle: 'Physician',
  };

  beforeAll(async () => {
    ({ client } = await signUp());
  });

  it('needs a session', async () => {
    const anonymous = browserClient(ctx.app);
    for (const response of [
      await anonymous.get('/api/profile'),
      await anonymous.get('/api/profile/sections/biography'),
      await anonymous.put('/api/profile/sections/biography', {}),
      await anonymous.get('/api/dashboard'),
      await anonymous.get('/api/profile/export'),
    ]) {
      expect(response.status).toBe(401);
      expect((await response.json()).error.message).toBe('User not authenticated');
    }
  });

  it('refuses an unknown section id with the spec text', async () => {
    for (const response of [await client.get('/api/profile/sections/hobbies'), await client.put('/api/profile/sections/hobbies', {})]) {
      expect(response.status).toBe(400);
      expect((await response.json()).error.message).toBe('Unknown section ID: hobbies');
    }
  });

  it('answers the spec texts for the identity fields', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ fullLegalName: ' ' }, 'Full name is required'],
      [{ firstName: '' }, 'First name is required'],
      [{ lastName: undefined }, 'Last name is required'],
      [{ professionalEmail: '' }, 'Email is required'],
      [{ professionalEmail: 'pat at example' }, 'Email format is invalid'],
      [{ jobTitle: '' }, 'Job title is required'],
      [{ npiNumber: '1234567890' }, 'NPI number must be exactly 10 digits'],
      [{ npiNumber: '12345' }, 'NPI number must be exactly 10 digits'],
    ];
    for (const [change, message] of cases) {
      const refused = await put(client, 'professional_identity', { ...identity, ...change });
      expect(refused.status, message).toBe(400);
      expect(refused.body.error.message).toBe(message);
    }
    const saved = await put(client, 'professional_identity', { ...identity, npiNumber: '' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.npiNumber).toBeNull();
  });

  it('refuses an NPI registered to another account', async () => {
    const { client: other } = await signUp();
    const taken = npi('987654321');
    expect((await put(other, 'professional_identity', { ...identity, npiNumber: taken })).status).toBe(200);
    const refused = await put(client, 'professional_identity', { ...identity, npiNumber: taken });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('This NPI number is already registered to another account.');
  });

  it('refuses education with an end before the start, an unknown type or an unknown school', async () => {
    expect((await put(client, 'education_training', { items: [{ educationType: 'residency', startYear: 2012, endYear: 2010 }] })).body.error.message).toBe(
      'End year cannot be before start year',
    );
    expect((await put(client, 'education_training', { items: [{ educationType: 'kindergarten' }] })).body.error.message).toBe('Choose the type of education');
    const unknownSchool = await put(client, 'education_training', { items: [{ educationType: 'medical_school', medicalSchoolId: 'no-such-school' }] });
    expect(unknownSchool.status).toBe(400);
    expect(unknownSchool.body.error.message).toBe('Unknown medical school: no-such-school');
  });

  it('refuses a body that is not JSON', async () => {
    const response = await ctx.app.request('/api/profile/sections/biography', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', ...client.jar.header() },
      body: '{not json',
    });
    expect(response.status).toBe(400);
  });
});

describe(`replace-style saves are all or nothing (${databaseLabel})`, () => {
  it.each([
    ['publications', 'publications', 'title', { title: 'Kept paper' }, { title: 'explode' }, 'Failed to save publications'],
    ['clinical_trials', 'clinical_trials', 'trial_title', { trialTitle: 'Kept trial' }, { trialTitle: 'explode' }, 'Failed to save clinical trials'],
    ['media_press', 'media_press', 'title', { title: 'Kept article' }, { title: 'explode' }, 'Failed to save media articles'],
    ['locations', 'locations', 'location_name', { locationName: 'Kept office' }, { locationName: 'explode' }, 'Failed to save locations'],
    ['medical_expertise', 'user_medical_expertise', 'term_id', { termId: 'CON-I50' }, { termId: 'PROC-ECHO' }, 'Failed to save medical expertise'],
    ['social_media', 'social_media', 'platform', { platform: 'Kept' }, { platform: 'explode' }, 'Failed to save social media'],
  ] as const)('%s: a failing insert keeps the previous rows and answers the section text', async (sectionId, table, column, kept, failing, message) => {
    const { client, user } = await signUp();
    const before = await put(client, sectionId, { items: [kept] });
    expect(before.status).toBe(200);
    const trigger = `refuse_${table}_${uniqueSuffix()}`;
    const failingValue = Object.values(failing)[0];
    // The delete and the first insert of the new set succeed; the second new row makes the insert fail.
    await db.execute(
      sql.raw(`create or replace function ${trigger}() returns trigger as $$ begin raise exception 'injected failure'; end; $$ language plpgsql`),
    );
    await db.execute(
      sql.raw(
        `create trigger ${trigger} before insert on ${table} for each row when (new.user_id = '${user.id}' and new.${column} = '${failingValue}') execute function ${trigger}()`,
      ),
    );
    try {
      const failed = await put(client, sectionId, {
        items: [{ ...kept, ...(sectionId === 'medical_expertise' ? {} : { [Object.keys(kept)[0]!]: 'new first' }) }, failing],
      });
      expect(failed.status).toBe(500);
      expect(failed.body.error.message).toBe(message);
      expect((await getSection(client, sectionId)).data).toEqual(before.body.data);
    } finally {
      await db.execute(sql.raw(`drop trigger ${trigger} on ${table}`));
    }
  });

  it('keeps the single-row biography when its upsert fails', async () => {
    const { client, user } = await signUp();
    await put(client, 'biography', { professionalSummary: 'Original' });
    await db.execute(
      sql.raw(`create or replace function refuse_bio() returns trigger as $$ begin raise exception 'injected failure'; end; $$ language plpgsql`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_bio before update on biography for each row when (new.user_id = '${user.id}') execute function refuse_bio()`),
    );
    try {
      const failed = await put(client, 'biography', { professionalSummary: 'Changed' });
      expect(failed.status).toBe(500);
      expect(failed.body.error.message).toBe('Failed to save biography');
    } finally {
      await db.execute(sql.raw('drop trigger refuse_bio on biography'));
    }
    expect((await getSection(client, 'biography')).data.professionalSummary).toBe('Original');
  });

  it('rolls the section back when the completion update fails in the same transaction', async () => {
    const { client, user } = await signUp();
    await put(client, 'publications', { items: [{ title: 'Kept' }] });
    await db.execute(
      sql.raw(`create or replace function refuse_pct() returns trigger as $$ begin raise exception 'injected failure'; end; $$ language plpgsql`),
    );
    await db.execute(
      sql.raw(
        `create trigger refuse_pct before update of profile_completion_percentage on users for each row when (new.id = '${user.id}') execute function refuse_pct()`,
      ),
    );
    try {
      // Practice essentials with a name completes a required section, so the percentage changes.
      const failed = await put(client, 'practice_essentials', { acceptingNewPatients: true, practiceName: 'X' });
      expect(failed.status).toBe(500);
      expect(failed.body.error.message).toBe('Failed to save practice essentials');
    } finally {
      await db.execute(sql.raw('drop trigger refuse_pct on users'));
    }
    expect((await getSection(client, 'practice_essentials')).data).toBeNull();
  });
});

describe(`read failures (${databaseLabel})`, () => {
  it('answers the spec texts when a section or the whole profile cannot be read', async () => {
    const { client } = await signUp();
    await db.execute(sql.raw('alter table locations rename to locations_unavailable'));
    try {
      const section = await client.get('/api/profile/sections/locations');
      expect(section.status).toBe(500);
      expect((await section.json()).error.message).toBe('Failed to retrieve locations');
      const profile = await client.get('/api/profile');
      expect(profile.status).toBe(500);
      expect((await profile.json()).error.message).toBe('Unable to fetch complete profile');
    } finally {
      await db.execute(sql.raw('alter table locations_unavailable rename to locations'));
    }
    expect((await client.get('/api/profile/sections/locations')).status).toBe(200);
  });
});

describe(`ownership (${databaseLabel})`, () => {
  it('keys every row by the session: ids and user ids in bodies are ignored, other providers’ rows are unreachable', async () => {
    const { client: a, user: userA } = await signUp();
    const { client: b, user: userB } = await signUp();
    const savedA = await put(a, 'clinical_trials', { items: [{ trialTitle: 'A trial', role: 'investigator' }] });
    const trialA = savedA.body.data.items[0];
    await put(a, 'locations', { items: [{ locationName: 'A office' }] });

    // B echoes A's ids and user id: B gets new rows of its own, A's stay as they were.
    const savedB = await put(b, 'clinical_trials', { items: [{ ...trialA, trialTitle: 'B trial', userId: userA.id, user_id: userA.id }] });
    expect(savedB.status).toBe(200);
    expect(savedB.body.data.items[0].id).not.toBe(trialA.id);
    const rowsA = await db.select().from(clinicalTrials).where(eq(clinicalTrials.userId, userA.id));
    expect(rowsA.map((r) => [r.id, r.trialTitle])).toEqual([[trialA.id, 'A trial']]);
    expect(await db.select().from(clinicalTrials).where(eq(clinicalTrials.userId, userB.id))).toHaveLength(1);

    const location = await db.select().from(locations).where(eq(locations.userId, userA.id));
    await put(b, 'locations', { items: [{ id: location[0]!.id, userId: userA.id, locationName: 'B office' }] });
    expect((await db.select().from(locations).where(eq(locations.userId, userA.id)))[0]!.locationName).toBe('A office');

    // B cannot change A's trial role by id; A can.
    const foreign = await b.patch(`/api/profile/clinical-trials/${trialA.id}/role`, { role: 'principal_investigator' });
    expect(foreign.status).toBe(404);
    expect((await db.select().from(clinicalTrials).where(eq(clinicalTrials.id, trialA.id)))[0]!.role).toBe('investigator');
    expect((await b.patch('/api/profile/clinical-trials/not-a-uuid/role', { role: 'x' })).status).toBe(404);

    const own = await a.patch(`/api/profile/clinical-trials/${trialA.id}/role`, { role: 'principal_investigator' });
    expect(own.status).toBe(200);
    expect((await own.json()).role).toBe('principal_investigator');
    expect((await a.patch(`/api/profile/clinical-trials/${trialA.id}/role`, { role: '' })).status).toBe(400);

    // Reads only ever show one's own rows.
    expect((await getSection(b, 'clinical_trials')).data.items.map((t: { trialTitle: string }) => t.trialTitle)).toEqual(['B trial']);
    const identityB = await db
      .select()
      .from(professionalIdentity)
      .where(and(eq(professionalIdentity.userId, userB.id)));
    expect(identityB).toHaveLength(1);
  });

  it('answers the spec text when a trial role update fails', async () => {
    const { client, user } = await signUp();
    const saved = await put(client, 'clinical_trials', { items: [{ trialTitle: 'T' }] });
    await db.execute(
      sql.raw(`create or replace function refuse_role() returns trigger as $$ begin raise exception 'injected failure'; end; $$ language plpgsql`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_role before update on clinical_trials for each row when (new.user_id = '${user.id}') execute function refuse_role()`),
    );
    try {
      const failed = await client.patch(`/api/profile/clinical-trials/${saved.body.data.items[0].id}/role`, { role: 'coordinator' });
      expect(failed.status).toBe(500);
      expect((await failed.json()).error.message).toBe('Failed to update trial role');
    } finally {
      await db.execute(sql.raw('drop trigger refuse_role on clinical_trials'));
    }
  });

  it('keeps discovery details of the provider’s own approved publication through an edit, not of someone else’s', async () => {
    const { client: a, user: userA } = await signUp();
    const { client: b } = await signUp();
    const [discovered] = await db
      .insert(publications)
      .values({
        userId: userA.id,
        title: 'Found paper',
        status: 'approved',
        discoveredAt: new Date('2024-01-01T00:00:00Z'),
        searchQuery: 'diaz',
        confidenceScore: 0.9,
      })
      .returning();
    const [pending] = await db.insert(publications).values({ userId: userA.id, title: 'Pending paper', status: 'pending' }).returning();
    const listed = await getSection(a, 'publications');
    expect(listed.data.items.map((p: { title: string }) => p.title)).toEqual(['Found paper']);

    const edited = await put(a, 'publications', { items: [{ ...listed.data.items[0], title: 'Found paper (edited)' }] });
    expect(edited.body.data.items[0]).toMatchObject({
      title: 'Found paper (edited)',
      status: 'approved',
      discoveredAt: '2024-01-01T00:00:00.000Z',
      confidenceScore: 0.9,
    });
    // Discovery's pending item is not part of the section and survives the replace.
    expect(await db.select().from(publications).where(eq(publications.id, pending!.id))).toHaveLength(1);

    const copied = await put(b, 'publications', { items: [{ id: discovered!.id, title: 'Copy', status: 'approved' }] });
    expect(copied.body.data.items[0]).toMatchObject({ title: 'Copy', discoveredAt: null, confidenceScore: null });
  });
});

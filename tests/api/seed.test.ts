import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client';
import {
  adminUsers,
  directoryListings,
  fieldProvenance,
  fellowshipSpecialties,
  hospitalReadingLevels,
  hospitals,
  hospitalSectionPermissions,
  languages,
  medicalExpertiseTerms,
  medicalSchools,
  medicalSpecialtyTaxonomy,
  professionalIdentity,
  residencyPrograms,
  userMedicalExpertise,
  users,
} from '../../src/server/db/schema';
import { DEMO, seedDatabase } from '../../src/server/db/seed';
import { loadReferenceData } from '../../src/server/db/seed/reference-data';
import { createLogger } from '../../src/server/lib/logger';
import { seedDataDir } from '../../src/server/paths';
import { createTestDatabase, databaseLabel } from '../support/test-database';
import { isValidNpi } from '../../src/shared/npi';

let database: DatabaseHandle;
const logger = createLogger({ level: 'silent', environment: 'test' });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe(`first-run seed (${databaseLabel})`, () => {
  it('loads every reference table, the demo tenant and its admins; a second run changes nothing', async () => {
    const data = loadReferenceData(seedDataDir);
    const first = await seedDatabase(database.db, { dataDir: seedDataDir, demo: true, logger });
    expect(first.reference).toEqual({
      languages: 42,
      medical_schools: data.medicalSchools.length,
      residency_programs: data.residencyPrograms.length,
      fellowship_specialties: data.fellowshipSpecialties.length,
      medical_specialty_taxonomy: data.specialtyTaxonomy.length,
      medical_expertise_terms: data.expertiseTerms.length,
    });
    const db = database.db;
    const n = async (
      table:
        | typeof languages
        | typeof medicalSchools
        | typeof residencyPrograms
        | typeof fellowshipSpecialties
        | typeof medicalSpecialtyTaxonomy
        | typeof medicalExpertiseTerms,
    ) => Number((await db.select({ n: count() }).from(table))[0]!.n);
    expect(await n(languages)).toBe(42);
    expect(await n(medicalSchools)).toBe(data.medicalSchools.length);
    expect(await n(residencyPrograms)).toBe(data.residencyPrograms.length);
    expect(await n(fellowshipSpecialties)).toBe(data.fellowshipSpecialties.length);
    expect(await n(medicalSpecialtyTaxonomy)).toBe(data.specialtyTaxonomy.length);
    expect(await n(medicalExpertiseTerms)).toBe(data.expertiseTerms.length);
    expect(data.expertiseTerms.length).toBeGreaterThan(5000);

    const [hospital] = await db.select().from(hospitals).where(eq(hospitals.code, DEMO.hospitalCode));
    expect(hospital!.name).toBe(DEMO.hospitalName);
    const permissions = await db.select().from(hospitalSectionPermissions).where(eq(hospitalSectionPermissions.hospitalId, hospital!.id));
    expect(permissions).toHaveLength(9);
    expect(
      permissions
        .filter((p) => p.isRequired)
        .map((p) => p.sectionId)
        .sort(),
    ).toEqual(['education_training', 'practice_essentials', 'professional_identity']);
    const [levels] = await db.select().from(hospitalReadingLevels).where(eq(hospitalReadingLevels.hospitalId, hospital!.id));
    expect(levels).toMatchObject({ professionalReadingLevel: 12, publicReadingLevel: 8, professionalWordCountMin: 150, publicWordCountMax: 150 });
    const admins = await db.select().from(adminUsers);
    expect(admins.map((a) => [a.email, a.role]).sort()).toEqual(
      [
        [DEMO.systemAdminEmail, 'system_admin'],
        [DEMO.hospitalAdminEmail, 'hospital_admin'],
      ].sort(),
    );

    // The demo directory: 24 published clinicians with specialties (NUCC codes), offices, languages and terms.
    const listed = await db
      .select({
        status: directoryListings.status,
        specialty: professionalIdentity.primarySpecialty,
        codes: professionalIdentity.npiSpecialties,
        npi: professionalIdentity.npiNumber,
        completion: users.profileCompletionPercentage,
      })
      .from(directoryListings)
      .innerJoin(professionalIdentity, eq(professionalIdentity.userId, directoryListings.userId))
      .innerJoin(users, eq(users.id, directoryListings.userId))
      .where(eq(directoryListings.hospitalId, hospital!.id));
    expect(listed).toHaveLength(24);
    expect(listed.every((row) => row.status === 'published' && isValidNpi(row.npi) && row.codes[0]?.code.match(/^[0-9A-Z]{9}X$/))).toBe(true);
    expect(new Set(listed.map((row) => row.specialty)).size).toBeGreaterThanOrEqual(15);
    // Stored like a save stores it (before, every demo profile read 0 % in the console).
    expect(Math.min(...listed.map((row) => row.completion))).toBeGreaterThanOrEqual(30);
    // Where each demo value came from is recorded, as the console shows it.
    expect(Number((await db.select({ n: count() }).from(fieldProvenance))[0]!.n)).toBeGreaterThanOrEqual(24 * 10);
    expect(Number((await db.select({ n: count() }).from(userMedicalExpertise))[0]!.n)).toBeGreaterThanOrEqual(48);
    expect(hospital).toMatchObject({ directoryEnabled: true, directorySlug: 'northfield' });

    const second = await seedDatabase(database.db, { dataDir: seedDataDir, demo: true, logger });
    expect(Number((await db.select({ n: count() }).from(directoryListings))[0]!.n)).toBe(24);
    expect(second.reference).toEqual({});
    expect(await n(medicalExpertiseTerms)).toBe(data.expertiseTerms.length);
    expect(await db.select().from(adminUsers)).toHaveLength(2);
  });
});

import { seedDemoDirectory } from './demo-directory';
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { permissionsForRole } from '../../auth/policies';
import type { Logger } from '../../lib/logger';
import type { FileStorage } from '../../integrations/storage';
import { analyzeAfterBulkWrite, type Database } from '../client';
import {
  adminUsers,
  fellowshipSpecialties,
  hospitals,
  languages,
  medicalExpertiseTerms,
  medicalSchools,
  medicalSpecialtyTaxonomy,
  residencyPrograms,
} from '../schema';
import { createHospitalDefaults } from '../../modules/hospitals/defaults';
import { seedHelpContent } from './help-content';
import { backfillLocationCoordinates } from './location-coordinates';
import { loadReferenceData } from './reference-data';

export const DEMO = {
  hospitalName: 'Northfield Health',
  hospitalCode: 'NORTHFIELD',
  systemAdminEmail: 'admin@vitae.local',
  hospitalAdminEmail: 'hospital.admin@northfield.example',
} as const;

const BATCH = 1000;

async function insertInBatches<T extends Record<string, unknown>>(db: Database, table: PgTable, rows: T[]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insert(table)
      .values(rows.slice(i, i + BATCH))
      .onConflictDoNothing();
  }
}

async function isEmpty(db: Database, table: PgTable) {
  const [row] = await db.select({ n: count() }).from(table);
  return Number(row?.n ?? 0) === 0;
}

/**
 * First-run reference data: each table is filled only while it is empty, so restarts and admin
 * edits are left alone. Returns how many rows each table received.
 */
export async function seedReferenceData(db: Database, dataDir: string) {
  const data = loadReferenceData(dataDir);
  const inserted: Record<string, number> = {};
  const fill = async <T extends Record<string, unknown>>(name: string, table: PgTable, rows: T[]) => {
    if (!(await isEmpty(db, table))) return;
    await insertInBatches(db, table, rows);
    await analyzeAfterBulkWrite(db, table, rows.length);
    inserted[name] = rows.length;
  };
  await fill(
    'languages',
    languages,
    data.languages.map((l) => ({ code: l.code, name: l.name, isQuickAdd: l.isQuickAdd, sortOrder: l.sortOrder })),
  );
  await fill(
    'medical_schools',
    medicalSchools,
    data.medicalSchools.map((s) => ({
      id: s.id,
      name: s.name,
      degreeType: s.degreeType,
      city: s.city,
      state: s.state,
      accreditationBody: s.accreditationBody,
      applicationSystem: s.applicationSystem,
    })),
  );
  await fill(
    'residency_programs',
    residencyPrograms,
    data.residencyPrograms.map((p) => ({ name: p.name, category: p.category })),
  );
  await fill(
    'fellowship_specialties',
    fellowshipSpecialties,
    data.fellowshipSpecialties.map((f) => ({ parentSpecialty: f.parentSpecialty, subspecialtyName: f.subspecialtyName })),
  );
  await fill(
    'medical_specialty_taxonomy',
    medicalSpecialtyTaxonomy,
    data.specialtyTaxonomy.map((s) => ({
      specialty: s.specialty,
      department: s.department,
      division: s.division,
      section: s.section,
      specialtyCode: s.specialtyCode,
      searchKeywords: s.searchKeywords,
      commonAbbreviations: s.commonAbbreviations,
      sortOrder: s.sortOrder,
    })),
  );
  await fill(
    'medical_expertise_terms',
    medicalExpertiseTerms,
    data.expertiseTerms.map((t) => ({ termId: t.termId, term: t.term, termType: t.termType, specialtyName: t.specialtyName })),
  );
  return inserted;
}

/** The demo tenant and its admins (never in production). Idempotent. */
export async function seedDemo(db: Database, files: { storage?: FileStorage; logger?: Logger } = {}) {
  // The demo hospital's public directory is on at /find/northfield; its providers choose to publish.
  await db
    .insert(hospitals)
    .values({
      name: DEMO.hospitalName,
      code: DEMO.hospitalCode,
      address: '1200 Lakeshore Drive, Evanston, IL 60201',
      contactEmail: 'it@northfield.example',
      directoryEnabled: true,
      directorySlug: 'northfield',
    })
    .onConflictDoNothing();
  const [hospital] = await db.select().from(hospitals).where(eq(hospitals.code, DEMO.hospitalCode)).limit(1);
  await createHospitalDefaults(db, hospital!.id);
  const admins = [
    { email: DEMO.systemAdminEmail, fullName: 'Demo System Admin', role: 'system_admin' as const, hospitalId: null },
    { email: DEMO.hospitalAdminEmail, fullName: 'Demo Hospital Admin', role: 'hospital_admin' as const, hospitalId: hospital!.id },
  ];
  for (const admin of admins) {
    const [first, ...rest] = admin.fullName.split(' ');
    await db
      .insert(adminUsers)
      .values({
        ...admin,
        firstName: first,
        lastName: rest.at(-1),
        isSuperAdmin: admin.role === 'system_admin',
        isActive: true,
        // Demo admins sign in by magic link from the outbox; no password to change first.
        mustChangePassword: false,
        emailVerified: true,
        permissions: permissionsForRole(admin.role),
      })
      .onConflictDoNothing();
  }
  await seedDemoDirectory(db, hospital!.id, files);
  return {
    systemAdminEmail: DEMO.systemAdminEmail,
    hospitalAdminEmail: DEMO.hospitalAdminEmail,
    hospitalName: DEMO.hospitalName,
    hospitalId: hospital!.id,
    directoryPath: '/find/northfield',
  };
}

/** `storage`, when given, receives the demo clinicians' avatars (without it they show their initials). */
export async function seedDatabase(db: Database, options: { dataDir: string; demo: boolean; logger: Logger; storage?: FileStorage }) {
  const started = performance.now();
  const reference = await seedReferenceData(db, options.dataDir);
  if (Object.keys(reference).length > 0) {
    options.logger.info({ inserted: reference, ms: Math.round(performance.now() - started) }, 'reference data seeded');
  }
  // Help articles and the default prompt templates are product content, seeded in every environment.
  await seedHelpContent(db);
  const demo = options.demo ? await seedDemo(db, { storage: options.storage, logger: options.logger }) : null;
  const located = await backfillLocationCoordinates(db);
  if (located > 0) options.logger.info({ located }, 'location coordinates filled');
  return { reference, demo };
}

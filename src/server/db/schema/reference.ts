import { boolean, check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { DEGREE_TYPES } from '../../../shared/enums';
import { inList, timestamps } from './columns';

/**
 * US medical schools. The id is the directory's stable slug (e.g. `alabama-college-of-osteopathic-medicine`),
 * so education rows keep pointing at the same school when the reference data is re-seeded.
 */
export const medicalSchools = pgTable(
  'medical_schools',
  {
    id: text().primaryKey(),
    name: text().notNull(),
    degreeType: text().notNull(),
    state: text(),
    city: text(),
    accreditationBody: text(),
    applicationSystem: text(),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check('medical_schools_degree_type_check', inList(t.degreeType, DEGREE_TYPES)),
    // School search is a case-insensitive "contains" on the name.
    index('medical_schools_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('medical_schools_degree_type_idx').on(t.degreeType, t.name),
  ],
);

export const residencyPrograms = pgTable('residency_programs', {
  id: uuid().primaryKey().defaultRandom(),
  // Unique so seeding can upsert by name.
  name: text().notNull().unique('residency_programs_name_unique'),
  category: text(),
  isActive: boolean().notNull().default(true),
  ...timestamps,
});

export const fellowshipSpecialties = pgTable(
  'fellowship_specialties',
  {
    id: uuid().primaryKey().defaultRandom(),
    parentSpecialty: text().notNull(),
    subspecialtyName: text().notNull(),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [unique('fellowship_specialties_parent_subspecialty_unique').on(t.parentSpecialty, t.subspecialtyName)],
);

/** The 42 supported languages (ISO 639-1 codes). */
export const languages = pgTable('languages', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  code: text().notNull().unique('languages_code_unique'),
  name: text().notNull(),
  isQuickAdd: boolean().notNull().default(false),
  sortOrder: integer().notNull().default(0),
});

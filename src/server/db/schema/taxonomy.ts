import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { TAXONOMY_SOURCES, UPLOAD_STATUSES } from '../../../shared/enums';
import { adminUsers } from './admin';
import { createdAt, inList, newestFirst, timestamps } from './columns';
import { hospitals } from './hospitals';

/** The default specialty taxonomy, used by every hospital that has not uploaded its own. */
export const medicalSpecialtyTaxonomy = pgTable(
  'medical_specialty_taxonomy',
  {
    id: uuid().primaryKey().defaultRandom(),
    specialty: text().notNull(),
    department: text(),
    division: text(),
    section: text(),
    specialtyCode: text(),
    searchKeywords: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    commonAbbreviations: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isActive: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('medical_specialty_taxonomy_specialty_idx').on(t.specialty),
    index('medical_specialty_taxonomy_code_idx').on(t.specialtyCode),
    index('medical_specialty_taxonomy_org_idx').on(t.department, t.division, t.section),
  ],
);

export const hospitalSpecialtyTaxonomiesPoc = pgTable(
  'hospital_specialty_taxonomies_poc',
  {
    id: uuid().primaryKey().defaultRandom(),
    hospitalId: uuid()
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    specialty: text().notNull(),
    specialtyCode: text(),
    department: text(),
    division: text(),
    section: text(),
    isActive: boolean().notNull().default(true),
    isCustom: boolean().notNull().default(false),
    createdBy: uuid().references(() => adminUsers.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('hospital_specialty_taxonomies_poc_hospital_specialty_idx').on(t.hospitalId, t.specialty),
    index('hospital_specialty_taxonomies_poc_hospital_code_idx').on(t.hospitalId, t.specialtyCode),
    index('hospital_specialty_taxonomies_poc_hospital_org_idx').on(t.hospitalId, t.department, t.division, t.section),
  ],
);

export const hospitalTaxonomyConfigurations = pgTable(
  'hospital_taxonomy_configurations',
  {
    id: uuid().primaryKey().defaultRandom(),
    hospitalId: uuid()
      .notNull()
      .unique('hospital_taxonomy_configurations_hospital_id_unique')
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    usesDefaultTaxonomy: boolean().notNull().default(true),
    taxonomySource: text().notNull().default('default'),
    ...timestamps,
  },
  (t) => [check('hospital_taxonomy_configurations_source_check', inList(t.taxonomySource, TAXONOMY_SOURCES))],
);

export const hospitalTaxonomyUploads = pgTable(
  'hospital_taxonomy_uploads',
  {
    id: uuid().primaryKey().defaultRandom(),
    hospitalId: uuid()
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    fileName: text().notNull(),
    rowCount: integer().notNull().default(0),
    uploadStatus: text().notNull().default('pending'),
    errorMessage: text(),
    uploadedBy: uuid().references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('hospital_taxonomy_uploads_hospital_created_idx').on(t.hospitalId, newestFirst(t.createdAt)),
    check('hospital_taxonomy_uploads_status_check', inList(t.uploadStatus, UPLOAD_STATUSES)),
  ],
);

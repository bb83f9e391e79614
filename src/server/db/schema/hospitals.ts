import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DATA_SOURCES, EXPERTISE_TERMS_SCOPES, SECTION_IDS } from '../../../shared/enums';
import { READING_LEVEL_DEFAULTS } from '../../../shared/limits';
import { inList, timestamps } from './columns';

/** Listing-service settings kept with the hospital. The API key is stored separately, encrypted. */
export interface HospitalYextConfig {
  api_version?: string;
  location_id?: string;
  /** Account path segment; `me` when absent. */
  account_id?: string;
  /** When set, providers are listed from /v2/accounts/me/content/{content_endpoint_id}. */
  content_endpoint_id?: string;
}

/** Which of the hospital's new users get a directory-profile import at signup or login. */
export interface HospitalPopulationConfig {
  enabled: boolean;
  /** Every user who picks this hospital qualifies. */
  match_by_hospital_id: boolean;
  /** Users whose e-mail matches one of these patterns (e.g. `@example-health.org`) qualify as well. */
  email_domain_patterns: string[];
  /** The enhanced expertise population the spec reserves for one hospital. */
  enhanced_expertise: boolean;
}

export const hospitals = pgTable(
  'hospitals',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    code: text().notNull().unique('hospitals_code_unique'),
    address: text(),
    contactEmail: text(),
    contactPhone: text(),
    isActive: boolean().notNull().default(true),
    dataSource: text().notNull().default('npi_registry'),
    yextConfig: jsonb().$type<HospitalYextConfig>().notNull().default({}),
    // Never the plain key: only ciphertext from the application's secret box reaches the database.
    yextApiKeyEncrypted: text(),
    populationConfig: jsonb()
      .$type<HospitalPopulationConfig>()
      .notNull()
      .default({ enabled: false, match_by_hospital_id: true, email_domain_patterns: [], enhanced_expertise: false }),
    brandGuidelinesUrl: text(),
    brandWritingStandards: text(),
    // Own terms only, or own terms plus the defaults: one custom term must not hide 13,491 defaults by accident.
    expertiseTermsScope: text().notNull().default('own_plus_defaults'),
    // Bumped by triggers (migration 0030) in the same transaction as any change to the hospital's terms
    // or to the default terms: a provider's term search caches its pages under it (expertise-terms/search-cache.ts).
    termsRevision: bigint({ mode: 'number' }).notNull().default(0),
    // Bumped by triggers (migration 0032) in the same transaction as any change to what the hospital's
    // directory search can show: the public search caches its answers under it (directory/search-cache.ts).
    directoryRevision: bigint({ mode: 'number' }).notNull().default(0),
    // The public find-a-doctor directory: off until the hospital turns it on; its address is /find/<slug>.
    directoryEnabled: boolean().notNull().default(false),
    directorySlug: text().unique('hospitals_directory_slug_unique'),
    directoryRequiresApproval: boolean().notNull().default(false),
    directoryBrandColor: text(),
    // Patients' appointment requests from the public pages (decision 0021): on unless switched off;
    // mailed to the intake address (else the contact e-mail); deleted after the retention in days.
    appointmentRequestsEnabled: boolean().notNull().default(true),
    appointmentIntakeEmail: text(),
    appointmentRetentionDays: integer().notNull().default(90),
    // The hospital's own websites (origins, like https://www.example.org) allowed to frame the
    // directory's embed routes (issue 34 item 2); every other page keeps frame-ancestors 'none'.
    directoryEmbedOrigins: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // The sections this hospital hides from the public, kept from hospital_section_permissions by a
    // trigger (migration 0023): the gate's views test the listing's own row instead of an anti-join
    // that PostgreSQL estimated at one row (decision 0020).
    publicHiddenSections: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // A provider who claims a draft from this hospital's own roster (issue 37 item 4) is published
    // without the directory's approval step: the hospital vouched for them by listing them.
    rosterPreApproved: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('hospitals_data_source_check', inList(t.dataSource, DATA_SOURCES)),
    check('hospitals_expertise_terms_scope_check', inList(t.expertiseTermsScope, EXPERTISE_TERMS_SCOPES)),
    check('hospitals_appointment_retention_check', sql`${t.appointmentRetentionDays} between 1 and 3650`),
  ],
);

export const hospitalSectionPermissions = pgTable(
  'hospital_section_permissions',
  {
    id: uuid().primaryKey().defaultRandom(),
    hospitalId: uuid()
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    sectionId: text().notNull(),
    isVisible: boolean().notNull().default(true),
    isRequired: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    unique('hospital_section_permissions_hospital_section_unique').on(t.hospitalId, t.sectionId),
    check('hospital_section_permissions_section_id_check', inList(t.sectionId, SECTION_IDS)),
    // A hidden section cannot be required (spec: hiding forces is_required false).
    check('hospital_section_permissions_hidden_not_required', sql`${t.isVisible} or not ${t.isRequired}`),
  ],
);

export const hospitalReadingLevels = pgTable(
  'hospital_reading_levels',
  {
    id: uuid().primaryKey().defaultRandom(),
    hospitalId: uuid()
      .notNull()
      .unique('hospital_reading_levels_hospital_id_unique')
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    professionalReadingLevel: integer().notNull().default(READING_LEVEL_DEFAULTS.professionalReadingLevel),
    publicReadingLevel: integer().notNull().default(READING_LEVEL_DEFAULTS.publicReadingLevel),
    professionalTone: text().notNull().default(READING_LEVEL_DEFAULTS.professionalTone),
    publicTone: text().notNull().default(READING_LEVEL_DEFAULTS.publicTone),
    professionalWordCountMin: integer().notNull().default(READING_LEVEL_DEFAULTS.professionalWordCountMin),
    professionalWordCountMax: integer().notNull().default(READING_LEVEL_DEFAULTS.professionalWordCountMax),
    publicWordCountMin: integer().notNull().default(READING_LEVEL_DEFAULTS.publicWordCountMin),
    publicWordCountMax: integer().notNull().default(READING_LEVEL_DEFAULTS.publicWordCountMax),
    ...timestamps,
  },
  (t) => [
    check(
      'hospital_reading_levels_word_counts_check',
      sql`${t.professionalWordCountMin} <= ${t.professionalWordCountMax} and ${t.publicWordCountMin} <= ${t.publicWordCountMax}`,
    ),
  ],
);

/** A hospital's own locations, which providers can pick for their profile. */
export const hospitalLocations = pgTable(
  'hospital_locations',
  {
    id: uuid().primaryKey().defaultRandom(),
    hospitalId: uuid()
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    address: text(),
    // camelCase maps to address_line1 here, which is the spec's name for this table.
    addressLine1: text(),
    addressLine2: text(),
    city: text(),
    state: text(),
    zipCode: text(),
    postalCode: text(),
    country: text(),
    phoneNumber: text(),
    mainPhone: text(),
    /** The office's e-mail: patients' appointment requests for providers practising here go to it (else the hospital's intake address). */
    email: text(),
    url: text(),
    isActive: boolean().notNull().default(true),
    yextEntityId: text(),
    isYextSourced: boolean().notNull().default(false),
    lastSyncedFromYextAt: timestamp({ withTimezone: true }),
    cDepartmentSpecialty: text(),
    ...timestamps,
  },
  (t) => [
    index('hospital_locations_hospital_name_idx').on(t.hospitalId, t.name),
    // A listing-service sync upserts by entity id, so one entity maps to one location per hospital.
    uniqueIndex('hospital_locations_hospital_yext_entity_unique').on(t.hospitalId, t.yextEntityId),
  ],
);

export const dataSourceConfigurations = pgTable(
  'data_source_configurations',
  {
    id: uuid().primaryKey().defaultRandom(),
    hospitalId: uuid()
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    sourceType: text().notNull(),
    sourceName: text().notNull(),
    isActive: boolean().notNull().default(true),
    connectionConfig: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    providerLookupStrategy: text(),
    syncEnabled: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('data_source_configurations_hospital_idx').on(t.hospitalId),
    // "No active data source configuration found" implies at most one active one to find.
    uniqueIndex('data_source_configurations_one_active_per_hospital')
      .on(t.hospitalId)
      .where(sql`${t.isActive}`),
    check('data_source_configurations_source_type_check', inList(t.sourceType, DATA_SOURCES)),
  ],
);

export const dataSourceFieldMappings = pgTable(
  'data_source_field_mappings',
  {
    id: uuid().primaryKey().defaultRandom(),
    configurationId: uuid()
      .notNull()
      .references(() => dataSourceConfigurations.id, { onDelete: 'cascade' }),
    profileSection: text().notNull(),
    profileField: text().notNull(),
    sourcePath: text().notNull(),
    sourceFieldType: text(),
    transformationRules: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    isRequired: boolean().notNull().default(false),
    defaultValue: text(),
    fallbackPaths: jsonb().$type<string[]>().notNull().default([]),
    notes: text(),
    ...timestamps,
  },
  (t) => [index('data_source_field_mappings_configuration_idx').on(t.configurationId, t.profileSection)],
);

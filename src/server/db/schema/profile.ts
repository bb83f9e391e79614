/** The nine profile sections. Each list section is saved replace-style (delete the user's rows, insert the new set). */
import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  DATA_SOURCES,
  DISCOVERED_ITEM_STATUSES,
  EDUCATION_SOURCES,
  EDUCATION_TYPES,
  TERM_TYPES,
  TRIAL_USER_STATUSES,
  type LicenseStatus,
} from '../../../shared/enums';
import { createdAt, inList, timestamps } from './columns';
import { hospitalLocations } from './hospitals';
import { fellowshipSpecialties, medicalSchools, residencyPrograms } from './reference';
import { users } from './users';

const userId = () =>
  uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * Replace-style saves insert a whole list in one transaction, where every row gets the same
 * created_at; this column is what keeps the user's order.
 */
const displayOrder = () => integer().notNull().default(0);

// ── professional_identity ───────────────────────────────────────────────────────────────────

/** One specialty derived from a registry taxonomy entry. */
export interface NpiSpecialty {
  name: string;
  code: string;
  is_primary: boolean;
}

export interface IdentityCredential {
  /** `degree` for registry-derived credentials. */
  type: string;
  name: string;
  verified?: boolean;
}

export interface IdentityLicense {
  number: string;
  state: string;
  status: LicenseStatus;
  taxonomy_code?: string;
}

export interface IdentityCertification {
  name: string;
  issuer?: string;
  year?: number;
}

export const professionalIdentity = pgTable(
  'professional_identity',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userId().unique('professional_identity_user_id_unique'),
    npiNumber: text().unique('professional_identity_npi_number_unique'),
    fullLegalName: text(),
    firstName: text(),
    lastName: text(),
    preferredName: text(),
    pronouns: text(),
    professionalEmail: text(),
    jobTitle: text(),
    department: text(),
    division: text(),
    section: text(),
    primarySpecialty: text(),
    matchedSpecialtyConfidence: real(),
    isAutoPopulated: boolean().notNull().default(false),
    autoPopulatedAt: timestamp({ withTimezone: true }),
    /** Field name → true when the user edited a field a directory import must not overwrite. */
    manualOverrideFlags: jsonb().$type<Record<string, boolean>>().notNull().default({}),
    npiSpecialties: jsonb().$type<NpiSpecialty[]>().notNull().default([]),
    credentials: jsonb().$type<IdentityCredential[]>().notNull().default([]),
    primarySpecialties: jsonb().$type<string[]>().notNull().default([]),
    additionalSpecialties: jsonb().$type<string[]>().notNull().default([]),
    licenses: jsonb().$type<IdentityLicense[]>().notNull().default([]),
    certifications: jsonb().$type<IdentityCertification[]>().notNull().default([]),
    academicTitles: jsonb().$type<string[]>().notNull().default([]),
    profilePhoto: text(),
    // Organisation-unit ids from the hospital's taxonomy, not section ids of the profile.
    departmentId: text(),
    divisionId: text(),
    sectionId: text(),
    npiRawData: jsonb().$type<Record<string, unknown>>(),
    // updated_at doubles as the spec's last_updated.
    ...timestamps,
  },
  (t) => [
    check('professional_identity_npi_number_format', sql`${t.npiNumber} ~ '^[0-9]{10}$'`),
    // The public directory finds providers by any part of their specialty.
    index('professional_identity_primary_specialty_trgm_idx').using('gin', t.primarySpecialty.op('gin_trgm_ops')).with({ fastupdate: false }),
    // FHIR's specialty search at directory scale (issue 36): a registry code (`npi_specialties @> [{code}]`)
    // and a specialty by name (`lower(primary_specialty) = …`), each through its own index.
    index('professional_identity_npi_specialties_idx').using('gin', t.npiSpecialties.op('jsonb_path_ops')),
    index('professional_identity_primary_specialty_lower_idx').on(sql`lower(${t.primarySpecialty})`),
    check('professional_identity_confidence_range', sql`${t.matchedSpecialtyConfidence} between 0 and 1`),
  ],
);

// ── education_training ──────────────────────────────────────────────────────────────────────

export const educationTraining = pgTable(
  'education_training',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userId(),
    institutionName: text(),
    educationType: text().notNull(),
    degree: text(),
    fieldOfStudy: text(),
    startDate: date({ mode: 'string' }),
    endDate: date({ mode: 'string' }),
    graduationYear: integer(),
    isCurrent: boolean().notNull().default(false),
    description: text(),
    source: text().notNull().default('user'),
    dataSource: text(),
    // Residency records
    programId: uuid().references(() => residencyPrograms.id, { onDelete: 'set null' }),
    programName: text(),
    medicalSchoolId: text().references(() => medicalSchools.id, { onDelete: 'set null' }),
    medicalSchoolName: text(),
    startYear: integer(),
    endYear: integer(),
    // Fellowship records
    parentSpecialty: text(),
    fellowshipSpecialtyId: uuid().references(() => fellowshipSpecialties.id, { onDelete: 'set null' }),
    fellowshipSpecialtyName: text(),
    completionYear: integer(),
    location: text(),
    displayOrder: displayOrder(),
    ...timestamps,
  },
  (t) => [
    index('education_training_user_idx').on(t.userId, t.displayOrder),
    check('education_training_education_type_check', inList(t.educationType, EDUCATION_TYPES)),
    check('education_training_source_check', inList(t.source, EDUCATION_SOURCES)),
    check('education_training_data_source_check', inList(t.dataSource, DATA_SOURCES)),
  ],
);

// ── practice_essentials ─────────────────────────────────────────────────────────────────────

export const practiceEssentials = pgTable('practice_essentials', {
  id: uuid().primaryKey().defaultRandom(),
  userId: userId().unique('practice_essentials_user_id_unique'),
  acceptingNewPatients: boolean(),
  ageGroupsTreated: jsonb().$type<string[]>().notNull().default([]),
  patientAgeGroups: jsonb().$type<string[]>().notNull().default([]),
  appointmentTypes: jsonb().$type<string[]>().notNull().default([]),
  schedulingNotes: text(),
  practiceName: text(),
  practiceType: text(),
  hospitalAffiliations: jsonb().$type<string[]>().notNull().default([]),
  groupAffiliations: jsonb().$type<string[]>().notNull().default([]),
  telehealthServices: jsonb().$type<string[]>().notNull().default([]),
  practiceFocus: text(),
  ...timestamps,
});

// ── locations (the user's own practice locations) ───────────────────────────────────────────

export const locations = pgTable(
  'locations',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userId(),
    /** Set when the user picked one of the hospital's locations. */
    predefinedLocationId: uuid().references(() => hospitalLocations.id, { onDelete: 'set null' }),
    locationName: text().notNull(),
    // Explicit names: camelCase would map to address_line1, the spec's stored variant says address_line_1.
    addressLine1: text('address_line_1'),
    addressLine2: text('address_line_2'),
    city: text(),
    state: text(),
    postalCode: text(),
    country: text(),
    phone: text(),
    fax: text(),
    website: text(),
    isPrimary: boolean().notNull().default(false),
    acceptsNewPatients: boolean(),
    telehealthAvailable: boolean().notNull().default(false),
    floor: text(),
    suiteOfficeNumber: text(),
    specialNotes: text(),
    displayOrder: displayOrder(),
    ...timestamps,
    /** The ZIP's centroid (else the city's), set when the section is saved, for the directory's distance search. */
    latitude: doublePrecision(),
    longitude: doublePrecision(),
  },
  (t) => [
    index('locations_user_idx').on(t.userId, t.displayOrder),
    // A place search first keeps the locations inside the radius's bounding box.
    index('locations_coordinates_idx')
      .on(t.latitude, t.longitude)
      .where(sql`${t.latitude} is not null`),
    index('locations_predefined_location_idx').on(t.predefinedLocationId),
    uniqueIndex('locations_one_primary_per_user')
      .on(t.userId)
      .where(sql`${t.isPrimary}`),
  ],
);

// ── biography ───────────────────────────────────────────────────────────────────────────────

export const biography = pgTable('biography', {
  id: uuid().primaryKey().defaultRandom(),
  userId: userId().unique('biography_user_id_unique'),
  professionalSummary: text().notNull().default('Professional biography pending'),
  personalInterests: text(),
  publicSummary: text(),
  awardsHonors: text(),
  memberships: text(),
  volunteerWork: text(),
  languagesSpoken: text(),
  ...timestamps,
});

// ── publications, clinical_trials, media_press (hand-entered or discovered) ─────────────────

/**
 * Columns a discovered item carries. Rows typed by the user have no discovery data and status
 * `manual`. Dates from PubMed, ClinicalTrials.gov and news sources are often partial
 * ("2021 Mar", "2019-07"), so those tables keep them as text rather than lose precision.
 */
const discoveryColumns = () => ({
  discoveredAt: timestamp({ withTimezone: true }),
  searchQuery: text(),
  confidenceScore: real(),
  rejectionReason: text(),
});

export const publications = pgTable(
  'publications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userId(),
    title: text().notNull(),
    authors: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    journalName: text(),
    publicationDate: text(),
    volume: text(),
    issue: text(),
    pages: text(),
    doi: text(),
    pmid: text(),
    publicationType: text().notNull().default('peer_reviewed'),
    abstract: text(),
    keywords: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isFeatured: boolean().notNull().default(false),
    status: text().notNull().default('manual'),
    ...discoveryColumns(),
    displayOrder: displayOrder(),
    ...timestamps,
  },
  (t) => [
    index('publications_user_status_idx').on(t.userId, t.status),
    index('publications_user_pmid_idx').on(t.userId, t.pmid),
    index('publications_user_doi_idx').on(t.userId, t.doi),
    check('publications_status_check', inList(t.status, DISCOVERED_ITEM_STATUSES)),
    check('publications_confidence_range', sql`${t.confidenceScore} between 0 and 1`),
  ],
);

export const clinicalTrials = pgTable(
  'clinical_trials',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userId(),
    trialTitle: text().notNull(),
    nctNumber: text(),
    phase: text(),
    status: text().notNull().default('recruiting'),
    startDate: text(),
    completionDate: text(),
    sponsor: text(),
    role: text().notNull().default('investigator'),
    description: text(),
    conditionsStudied: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // The trial's own status is `status`; this one is the user's decision about showing it.
    userStatus: text().notNull().default('manual'),
    ...discoveryColumns(),
    displayOrder: displayOrder(),
    ...timestamps,
  },
  (t) => [
    index('clinical_trials_user_status_idx').on(t.userId, t.userStatus),
    index('clinical_trials_user_nct_idx').on(t.userId, t.nctNumber),
    check('clinical_trials_user_status_check', inList(t.userStatus, TRIAL_USER_STATUSES)),
    check('clinical_trials_confidence_range', sql`${t.confidenceScore} between 0 and 1`),
  ],
);

export const mediaPress = pgTable(
  'media_press',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userId(),
    title: text().notNull(),
    // The discovery flow writes news_article explicitly; article is the hand-entry default.
    mediaType: text().notNull().default('article'),
    publicationSource: text(),
    date: text(),
    url: text(),
    description: text(),
    isFeatured: boolean().notNull().default(false),
    status: text().notNull().default('manual'),
    ...discoveryColumns(),
    displayOrder: displayOrder(),
    ...timestamps,
  },
  (t) => [
    index('media_press_user_status_idx').on(t.userId, t.status),
    index('media_press_user_url_idx').on(t.userId, t.url),
    check('media_press_status_check', inList(t.status, DISCOVERED_ITEM_STATUSES)),
    check('media_press_confidence_range', sql`${t.confidenceScore} between 0 and 1`),
  ],
);

// ── medical_expertise ───────────────────────────────────────────────────────────────────────

/**
 * The user's chosen terms. term_id points into the hospital's term table or the default one
 * (looked up in that order), so it is not a foreign key; term and term_type are kept so the
 * choice still reads correctly if the term is later removed.
 */
export const userMedicalExpertise = pgTable(
  'user_medical_expertise',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userId(),
    specialtyName: text(),
    termId: text().notNull(),
    termType: text(),
    term: text(),
    displayOrder: displayOrder(),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_medical_expertise_user_idx').on(t.userId, t.displayOrder),
    // Providers with a term, found from a hospital term's synonym.
    index('user_medical_expertise_term_id_idx').on(t.termId),
    // The public directory finds providers by a condition or procedure: "asthma" in any term.
    index('user_medical_expertise_term_trgm_idx').using('gin', t.term.op('gin_trgm_ops')).with({ fastupdate: false }),
    check('user_medical_expertise_term_type_check', inList(t.termType, TERM_TYPES)),
  ],
);

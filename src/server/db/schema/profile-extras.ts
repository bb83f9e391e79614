/** Per-user lists that sit beside the nine sections (languages, licenses, social media, …). */
import { boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { LANGUAGE_PROFICIENCIES, LICENSE_STATUSES, PROVENANCE_SOURCES } from '../../../shared/enums';
import { inList, timestamps } from './columns';
import { users } from './users';

const userId = () =>
  uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Keeps the user's order through replace-style saves, where all rows share one created_at. */
const displayOrder = () => integer().notNull().default(0);

export const languagesSpoken = pgTable(
  'languages_spoken',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userId(),
    // Validated against the languages reference list by the service; not a foreign key so
    // re-seeding the reference list never blocks on users' rows.
    languageCode: text().notNull(),
    languageName: text().notNull(),
    proficiency: text().notNull().default('basic'),
    displayOrder: integer().notNull().default(1),
    isFromYext: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    unique('languages_spoken_user_language_unique').on(t.userId, t.languageCode),
    index('languages_spoken_user_order_idx').on(t.userId, t.displayOrder),
    check('languages_spoken_proficiency_check', inList(t.proficiency, LANGUAGE_PROFICIENCIES)),
  ],
);

export const professionalLicenses = pgTable(
  'professional_licenses',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userId(),
    licenseName: text(),
    licenseNumber: text().notNull(),
    issuingState: text().notNull(),
    issuingAuthority: text(),
    issueDate: date({ mode: 'string' }),
    expirationDate: date({ mode: 'string' }),
    status: text().notNull().default('active'),
    isVerified: boolean().notNull().default(false),
    displayOrder: displayOrder(),
    ...timestamps,
  },
  (t) => [
    // Across all users: 'A license with this number already exists for this state'.
    unique('professional_licenses_state_number_unique').on(t.issuingState, t.licenseNumber),
    index('professional_licenses_user_idx').on(t.userId, t.displayOrder),
    check('professional_licenses_status_check', inList(t.status, LICENSE_STATUSES)),
  ],
);

export const socialMedia = pgTable(
  'social_media',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userId(),
    platform: text().notNull(),
    username: text(),
    profileUrl: text(),
    isVisible: boolean().notNull().default(true),
    displayOrder: displayOrder(),
    ...timestamps,
  },
  (t) => [index('social_media_user_idx').on(t.userId, t.displayOrder)],
);

export const boardCertifications = pgTable(
  'board_certifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userId(),
    certificationBoard: text().notNull(),
    specialty: text(),
    certificationYear: integer(),
    expirationYear: integer(),
    status: text().notNull().default('active'),
    displayOrder: displayOrder(),
    ...timestamps,
  },
  (t) => [index('board_certifications_user_idx').on(t.userId, t.displayOrder)],
);

export const hospitalAffiliations = pgTable(
  'hospital_affiliations',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userId(),
    hospitalName: text().notNull(),
    department: text(),
    title: text(),
    startYear: integer(),
    isPrimary: boolean().notNull().default(false),
    displayOrder: displayOrder(),
    ...timestamps,
  },
  (t) => [index('hospital_affiliations_user_idx').on(t.userId, t.displayOrder)],
);

export const awardsRecognitions = pgTable(
  'awards_recognitions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userId(),
    awardName: text().notNull(),
    awardingOrganization: text(),
    awardYear: integer(),
    description: text(),
    displayOrder: displayOrder(),
    ...timestamps,
  },
  (t) => [index('awards_recognitions_user_idx').on(t.userId, t.displayOrder)],
);

export const insuranceAccepted = pgTable(
  'insurance_accepted',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userId(),
    insuranceName: text().notNull(),
    planType: text(),
    displayOrder: displayOrder(),
    ...timestamps,
  },
  (t) => [index('insurance_accepted_user_idx').on(t.userId, t.displayOrder)],
);

// ── field_provenance ────────────────────────────────────────────────────────────────────────

/**
 * Where each profile field's current value came from and when it was written. Single-row sections
 * record one row per field (`firstName`, `professionalSummary`, …); a list section records the list
 * as a whole under the field `items` (replace-style saves rewrite every row, so the list is the unit).
 */
export const fieldProvenance = pgTable(
  'field_provenance',
  {
    userId: userId(),
    sectionId: text().notNull(),
    field: text().notNull(),
    source: text().notNull(),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sectionId, t.field] }), check('field_provenance_source_check', inList(t.source, PROVENANCE_SOURCES))],
);

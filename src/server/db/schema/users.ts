import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DIRECTORY_STATUSES, USER_STATUSES, USER_TIERS } from '../../../shared/enums';
import { inList, timestamps } from './columns';
import { authUsers } from './auth';
import { hospitals } from './hospitals';

/** Providers (physicians, clinicians and their staff). Admins live in admin_users. */
export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    // The sign-in account; null only while an account is being removed.
    authUserId: text()
      .unique('users_auth_user_id_unique')
      .references(() => authUsers.id, { onDelete: 'set null' }),
    email: text().notNull(),
    fullName: text().notNull(),
    firstName: text(),
    lastName: text(),
    jobTitle: text().notNull(),
    organization: text(),
    // Unique: sign-in completion retries without the NPI when another provider already holds it.
    npiNumber: text().unique('users_npi_number_unique'),
    hospitalId: uuid().references(() => hospitals.id, { onDelete: 'set null' }),
    status: text().notNull().default('active'),
    tier: text().notNull().default('beta'),
    emailVerified: boolean().notNull().default(false),
    agreedToTerms: boolean().notNull().default(false),
    agreedToPrivacy: boolean().notNull().default(false),
    lastLoginAt: timestamp({ withTimezone: true }),
    profileCompletionPercentage: integer().notNull().default(0),
    // Bumped by database triggers whenever this row, any of the provider's profile rows or their
    // hospital's name or section permissions change (migration 0006): the key of the read cache.
    profileVersion: bigint({ mode: 'number' }).notNull().default(0),
    // For each profile table, the profile_version its last change made (migration 0035, decision 0036):
    // a cached read of an older version re-reads only the tables changed since.
    sectionVersions: jsonb().$type<Record<string, number>>().notNull().default({}),
    ...timestamps,
  },
  (t) => [
    // Case-insensitive so "A@x.org" and "a@x.org" cannot become two accounts.
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_hospital_idx').on(t.hospitalId),
    // The public directory finds a provider by any part of their name, and by a misspelt one.
    index('users_full_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')).with({ fastupdate: false }),
    check('users_status_check', inList(t.status, USER_STATUSES)),
    check('users_tier_check', inList(t.tier, USER_TIERS)),
    check('users_npi_number_format', sql`${t.npiNumber} ~ '^[0-9]{10}$'`),
    check('users_profile_completion_range', sql`${t.profileCompletionPercentage} between 0 and 100`),
  ],
);

export const HOSPITAL_REQUEST_STATUSES = ['pending', 'approved', 'declined', 'cancelled'] as const;

/**
 * A provider without a hospital asks to join one; the hospital's (or a system) administrator
 * approves, which assigns the provider, or declines. At most one request per provider is pending.
 */
export const hospitalJoinRequests = pgTable(
  'hospital_join_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: uuid()
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    message: text(),
    status: text().notNull().default('pending'),
    // The administrator who decided; plain text so removing an administrator keeps the history.
    decidedBy: text(),
    decidedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('hospital_join_requests_one_pending')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    index('hospital_join_requests_hospital_status_idx').on(t.hospitalId, t.status, t.createdAt),
    check('hospital_join_requests_status_check', inList(t.status, HOSPITAL_REQUEST_STATUSES)),
  ],
);

/**
 * A provider's listing in their hospital's public directory. Public only while the status is
 * `published`, the listing's hospital is the provider's hospital, and both are active with the
 * hospital's directory on: moving or deactivating either takes the page down at once.
 */
export const directoryListings = pgTable(
  'directory_listings',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: uuid()
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    status: text().notNull().default('draft'),
    // Why the listing is where it is: the hospital's reason for a takedown, or what the approver must check.
    reason: text(),
    // The identity check of the last request to publish (e-mail confirmed, registry name against the profile's).
    identityCheck: jsonb().$type<Record<string, unknown>>(),
    // Unique in the hospital: /find/<hospital slug>/<slug>.
    slug: text().notNull(),
    requestedAt: timestamp({ withTimezone: true }),
    decidedBy: text(),
    decidedAt: timestamp({ withTimezone: true }),
    publishedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('directory_listings_hospital_slug_unique').on(t.hospitalId, t.slug),
    index('directory_listings_hospital_status_idx').on(t.hospitalId, t.status),
    check('directory_listings_status_check', inList(t.status, DIRECTORY_STATUSES)),
  ],
);

export const NPI_CLAIM_STATUSES = ['open', 'granted', 'refused'] as const;

/**
 * A provider's claim to an NPI another account holds (decision 0020): the real clinician proves it
 * is theirs (the registry's name, the hospital's roster, a confirmed e-mail) and a system
 * administrator decides. Granting moves the number to the claimant and takes the holder's listing down.
 */
export const npiClaims = pgTable(
  'npi_claims',
  {
    id: uuid().primaryKey().defaultRandom(),
    npiNumber: text().notNull(),
    claimantUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Who held the number when the claim was made; null once that account is gone.
    holderUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    note: text(),
    status: text().notNull().default('open'),
    // What the decider sees: the registry's name and each side's name check and confirmed e-mail.
    evidence: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    decidedBy: text(),
    decidedAt: timestamp({ withTimezone: true }),
    decisionNote: text(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('npi_claims_one_open_per_claimant')
      .on(t.npiNumber, t.claimantUserId)
      .where(sql`${t.status} = 'open'`),
    index('npi_claims_status_created_idx').on(t.status, t.createdAt),
    check('npi_claims_status_check', inList(t.status, NPI_CLAIM_STATUSES)),
    check('npi_claims_npi_format', sql`${t.npiNumber} ~ '^[0-9]{10}$'`),
  ],
);

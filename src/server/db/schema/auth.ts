import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export interface SignupMetadata {
  full_name: string;
  first_name?: string;
  last_name?: string;
  credential?: string;
  specialty?: string;
  job_title?: string;
  npi_number?: string;
  hospital_id?: string;
  hospitalName?: string;
  agreed_to_terms: boolean;
  agreed_to_privacy: boolean;
  data_source: 'npi_registry' | 'yext';
  /** A profile still has to be created from this record (the pending profile setup). */
  pending_profile_setup: boolean;
  needs_directory_population: boolean;
  directory_populated_at?: string;
}

/**
 * Authentication accounts, owned by Better Auth (its user / session / account / verification
 * models). They are separate from the profile rows: a provider's `users` row and an admin's
 * `admin_users` row point here through `auth_user_id`.
 */
export const authUsers = pgTable(
  'auth_users',
  {
    id: text().primaryKey(),
    name: text().notNull().default(''),
    email: text().notNull(),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    // The spec's sign-up metadata (names, NPI, hospital, agreements, data source, population flags).
    // It doubles as the pending profile setup until the provider's users row exists.
    metadata: jsonb().$type<SignupMetadata>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('auth_users_email_unique').on(sql`lower(${t.email})`)],
);

export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text().primaryKey(),
    token: text().notNull().unique('auth_sessions_token_unique'),
    userId: text()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ipAddress: text(),
    userAgent: text(),
    // provider sessions slide on activity (idle timeout); admin sessions end 8 hours after sign-in.
    kind: text().notNull().default('provider'),
    lastActiveAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId), check('auth_sessions_kind_check', sql`${t.kind} in ('provider', 'admin')`)],
);

export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_accounts_user_idx').on(t.userId)],
);

export const authVerifications = pgTable(
  'auth_verifications',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    // Ours, not Better Auth's: which sign-in a magic link was sent for ('admin' or 'provider'),
    // written when the link is mailed; the callback follows it, never the client's flag.
    linkKind: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auth_verifications_identifier_idx').on(t.identifier),
    check('auth_verifications_link_kind_check', sql`${t.linkKind} is null or ${t.linkKind} in ('admin', 'provider')`),
  ],
);

/** Development outbox: outgoing mail when no SMTP server is configured (never in production). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text().primaryKey(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    kind: text().notNull(),
    links: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt)],
);

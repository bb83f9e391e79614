import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ROSTER_EMAIL_KINDS, ROSTER_EMAIL_STATUSES, ROSTER_ROW_OUTCOMES, ROSTER_ROW_STATES, ROSTER_UPLOAD_STATUSES } from '../../../shared/schemas/roster';
import { adminUsers } from './admin';
import { createdAt, inList } from './columns';
import { hospitals } from './hospitals';
import { users } from './users';

/**
 * A hospital's roster upload (issue 37): the file as checked, before anything is sent. `checked`
 * means every row was looked at and the accepted ones wait for the pre-filling job (item 2), which
 * the admin starts (`drafting`) and which ends `drafted`.
 */
export const rosterUploads = pgTable(
  'roster_uploads',
  {
    id: uuid().primaryKey().defaultRandom(),
    hospitalId: uuid()
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    uploadedBy: uuid().references(() => adminUsers.id, { onDelete: 'set null' }),
    status: text().notNull().default('checked'),
    totalRows: integer().notNull(),
    acceptedRows: integer().notNull(),
    refusedRows: integer().notNull(),
    draftingStartedBy: uuid().references(() => adminUsers.id, { onDelete: 'set null' }),
    draftingStartedAt: timestamp({ withTimezone: true }),
    draftingFinishedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('roster_uploads_hospital_idx').on(t.hospitalId, t.createdAt), check('roster_uploads_status_check', inList(t.status, ROSTER_UPLOAD_STATUSES))],
);

/**
 * One line of a roster upload, refused ones included (their reason shown and downloadable).
 * `fields` keeps the cells as given so a refused row goes back to the admin unchanged.
 */
export const rosterRows = pgTable(
  'roster_rows',
  {
    id: uuid().primaryKey().defaultRandom(),
    uploadId: uuid()
      .notNull()
      .references(() => rosterUploads.id, { onDelete: 'cascade' }),
    // Kept here too so "already on this hospital's roster" is one indexed look-up.
    hospitalId: uuid()
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    line: integer().notNull(),
    npi: text().notNull(),
    email: text().notNull(),
    name: text(),
    department: text(),
    location: text(),
    specialty: text(),
    state: text().notNull(),
    refusalReason: text(),
    // The registry said this NPI is an individual's; false when it could not be asked (the job asks again).
    registryChecked: boolean().notNull().default(false),
    fields: jsonb().$type<string[]>().notNull(),
    // The pre-filling job (item 2): the profile it made or linked, how, and why a row failed.
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    outcome: text(),
    failureReason: text(),
    draftedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('roster_rows_upload_idx').on(t.uploadId, t.line),
    index('roster_rows_hospital_npi_idx').on(t.hospitalId, t.npi),
    index('roster_rows_hospital_email_idx').on(t.hospitalId, sql`lower(${t.email})`),
    check('roster_rows_state_check', inList(t.state, ROSTER_ROW_STATES)),
    check('roster_rows_refusal_check', sql`(${t.state} = 'refused') = (${t.refusalReason} is not null)`),
    check('roster_rows_failure_check', sql`(${t.state} = 'failed') = (${t.failureReason} is not null)`),
    check('roster_rows_outcome_check', inList(t.outcome, ROSTER_ROW_OUTCOMES)),
    // The job takes its next batch of an upload by state.
    index('roster_rows_upload_state_idx').on(t.uploadId, t.state, t.line),
    index('roster_rows_user_idx').on(t.userId),
  ],
);

/**
 * The invitation to claim a roster draft (issue 37 item 4): one per drafted row whose outcome is
 * `created`. The link's token is stored only as its SHA-256 (as a session token would be), bound to
 * the e-mail it was sent to, single-use (`claimed_at`) and expiring (`expires_at`, a setting); each
 * e-mail (a reminder too) issues a new link and the older ones stop working. The unsubscribe link
 * (item 5) is signed with the app's secret instead of stored, so every e-mail's link keeps working. `opened_at` is the first time the
 * link was opened; `bounced_at` is set when the mail server refused the address.
 */
export const rosterInvitations = pgTable(
  'roster_invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    rowId: uuid()
      .notNull()
      .unique('roster_invitations_row_unique')
      .references(() => rosterRows.id, { onDelete: 'cascade' }),
    hospitalId: uuid()
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    email: text().notNull(),
    tokenHash: text().notNull().unique('roster_invitations_token_unique'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    openedAt: timestamp({ withTimezone: true }),
    claimedAt: timestamp({ withTimezone: true }),
    bouncedAt: timestamp({ withTimezone: true }),
    bounceReason: text(),
    unsubscribedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('roster_invitations_hospital_idx').on(t.hospitalId, t.createdAt), index('roster_invitations_user_idx').on(t.userId)],
);

/**
 * Every e-mail sent for a roster invitation, the invitation itself and each reminder (items 4–5).
 * The row is written (`sending`) before the mail server is called and marked `sent` or `failed`
 * after, so a process killed in between leaves `sending`, which is never sent again on its own:
 * at most one invitation per person, and the admin sees the ones to check. A scheduled reminder has
 * its `sequence` (1 after the first interval, 2 after the second…), unique per invitation, so two
 * workers cannot both send it; one sent by an admin has none.
 */
export const rosterEmails = pgTable(
  'roster_emails',
  {
    id: uuid().primaryKey().defaultRandom(),
    invitationId: uuid()
      .notNull()
      .references(() => rosterInvitations.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    sequence: integer(),
    sentBy: uuid().references(() => adminUsers.id, { onDelete: 'set null' }),
    status: text().notNull().default('sending'),
    error: text(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('roster_emails_invitation_idx').on(t.invitationId, t.createdAt),
    uniqueIndex('roster_emails_scheduled_unique').on(t.invitationId, t.kind, t.sequence),
    check('roster_emails_kind_check', inList(t.kind, ROSTER_EMAIL_KINDS)),
    check('roster_emails_status_check', inList(t.status, ROSTER_EMAIL_STATUSES)),
  ],
);

import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { APPOINTMENT_REQUEST_STATUSES } from '../../../shared/schemas/appointment-requests';
import { inList, timestamps } from './columns';
import { hospitals } from './hospitals';
import { users } from './users';

/**
 * Patients' appointment requests from the public profile pages (decision 0021). Health information:
 * `sealed` holds the contact details, the reason and the rest of the form as one AES-256-GCM value
 * (lib/secret-box.ts, ENCRYPTION_KEY), so a dump or a backup shows none of it. Rows are deleted after
 * the hospital's retention (hospitals.appointment_retention_days) by a daily job.
 */
export const appointmentRequests = pgTable(
  'appointment_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    hospitalId: uuid()
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    providerUserId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().notNull().default('new'),
    sealed: text().notNull(),
    /** The administrator's or provider's e-mail who last moved it (no details of the request). */
    statusChangedBy: text(),
    ...timestamps,
  },
  (t) => [
    index('appointment_requests_hospital_created_idx').on(t.hospitalId, t.createdAt),
    index('appointment_requests_provider_created_idx').on(t.providerUserId, t.createdAt),
    index('appointment_requests_created_idx').on(t.createdAt),
    check('appointment_requests_status_check', inList(t.status, APPOINTMENT_REQUEST_STATUSES)),
    check('appointment_requests_sealed_check', sql`${t.sealed} like 'v1.%'`),
  ],
);

/** State kept for the listing-service (Yext) and registry integrations. */
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PENDING_UPDATE_STATUSES, YEXT_SYNC_STATUSES, YEXT_SYNC_TYPES } from '../../../shared/enums';
import { adminUsers } from './admin';
import { createdAt, inList, newestFirst, timestamps } from './columns';
import { hospitals } from './hospitals';
import { users } from './users';

/** The last listing-service record fetched for a provider and what became of it. */
export const userYextData = pgTable(
  'user_yext_data',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .unique('user_yext_data_user_id_unique')
      .references(() => users.id, { onDelete: 'cascade' }),
    hospitalId: uuid().references(() => hospitals.id, { onDelete: 'set null' }),
    npiNumber: text(),
    yextRawData: jsonb().$type<Record<string, unknown>>(),
    /** Section ids that were filled from the record. */
    mappedSections: jsonb().$type<string[]>().notNull().default([]),
    /** Section id → error text; null when the mapping had no errors. */
    mappingErrors: jsonb().$type<Record<string, string>>(),
    ...timestamps,
  },
  (t) => [index('user_yext_data_hospital_idx').on(t.hospitalId)],
);

/** One run of the hospital expertise-term sync from the listing service. */
export const yextSyncLogs = pgTable(
  'yext_sync_logs',
  {
    id: uuid().primaryKey().defaultRandom(),
    hospitalId: uuid()
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    syncType: text().notNull().default('manual'),
    initiatedBy: uuid().references(() => adminUsers.id, { onDelete: 'set null' }),
    status: text().notNull().default('running'),
    totalEntitiesFetched: integer().notNull().default(0),
    termsAdded: integer().notNull().default(0),
    termsUpdated: integer().notNull().default(0),
    termsDeleted: integer().notNull().default(0),
    error: text(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('yext_sync_logs_hospital_started_idx').on(t.hospitalId, newestFirst(t.startedAt)),
    check('yext_sync_logs_sync_type_check', inList(t.syncType, YEXT_SYNC_TYPES)),
    check('yext_sync_logs_status_check', inList(t.status, YEXT_SYNC_STATUSES)),
  ],
);

/** A directory value that differs from the profile, offered to the provider to accept or dismiss. */
export const pendingUpdates = pgTable(
  'pending_updates',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sectionId: text().notNull(),
    field: text().notNull(),
    currentValue: jsonb(),
    newValue: jsonb(),
    /** Where the new value came from, e.g. yext or npi_registry. */
    source: text().notNull(),
    status: text().notNull().default('pending'),
    createdAt: createdAt(),
    resolvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('pending_updates_user_status_idx').on(t.userId, t.status, newestFirst(t.createdAt)),
    check('pending_updates_status_check', inList(t.status, PENDING_UPDATE_STATUSES)),
  ],
);

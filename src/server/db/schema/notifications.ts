import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, newestFirst, timestamps } from './columns';
import { users } from './users';

/** In-app notifications (the original kept them in local storage; here they follow the user across devices). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    title: text().notNull(),
    message: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    isRead: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_read_created_idx').on(t.userId, t.isRead, newestFirst(t.createdAt))],
);

/**
 * The spec names these settings but not their default values; the defaults chosen here are
 * in-app and e-mail on, SMS off, weekly schedule off (Monday 09:00 when enabled), every category on.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .unique('notification_settings_user_id_unique')
      .references(() => users.id, { onDelete: 'cascade' }),
    emailEnabled: boolean().notNull().default(true),
    smsEnabled: boolean().notNull().default(false),
    inAppEnabled: boolean().notNull().default(true),
    scheduleEnabled: boolean().notNull().default(false),
    /** 0 = Sunday … 6 = Saturday. */
    scheduleDay: integer().notNull().default(1),
    /** Hour of day, 0–23. */
    scheduleHour: integer().notNull().default(9),
    publications: boolean().notNull().default(true),
    clinicalTrials: boolean().notNull().default(true),
    mediaPress: boolean().notNull().default(true),
    profileUpdates: boolean().notNull().default(true),
    systemUpdates: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check('notification_settings_schedule_day_range', sql`${t.scheduleDay} between 0 and 6`),
    check('notification_settings_schedule_hour_range', sql`${t.scheduleHour} between 0 and 23`),
  ],
);

/**
 * A provider's inbox revision (decision 0038): moved by triggers (migration 0037) in the same
 * transaction as any change to their notifications or pending updates, whichever code path makes it.
 * The dashboard rendered by the server is sent again while it and the rest of the page's state are
 * unchanged. Its own table, not a column of `users`: a change of the users row moves the profile's
 * version, and a notification should not make the profile be read again.
 */
export const memberInboxRevisions = pgTable('member_inbox_revisions', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  revision: bigint({ mode: 'number' }).notNull().default(0),
});

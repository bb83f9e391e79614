import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { JOB_STATUSES } from '../../../shared/enums';
import { createdAt, inList } from './columns';

/**
 * Background work (issue filing, listing-service sync, scheduled discovery, mail). Workers claim a
 * due row with FOR UPDATE SKIP LOCKED, so jobs survive restarts and never run twice at once.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    queue: text().notNull().default('default'),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    status: text().notNull().default('queued'),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    lastError: text(),
    lockedBy: text(),
    lockedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('jobs_status_run_at_idx').on(t.status, t.runAt),
    check('jobs_status_check', inList(t.status, JOB_STATUSES)),
    check('jobs_attempts_check', sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
  ],
);

/** Rate-limit attempts (one row per key and instant) shared by every app process; see auth/rate-limit.ts. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text().notNull(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'rate_limit_counters_pk', columns: [t.key, t.windowStart] }),
    // Expired windows are swept by age.
    index('rate_limit_counters_window_start_idx').on(t.windowStart),
  ],
);

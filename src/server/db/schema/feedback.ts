import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { FEEDBACK_CATEGORIES, FEEDBACK_STATUSES, USER_TIERS } from '../../../shared/enums';
import { inList, newestFirst, timestamps } from './columns';
import { users } from './users';

/** Captured by the widget: what the browser was doing when the user wrote the feedback. */
export interface FeedbackTechnicalContext {
  browser?: string;
  os?: string;
  userAgent?: string;
  consoleErrors?: unknown[];
  networkErrors?: unknown[];
  navigation?: unknown[];
}

export interface FeedbackApplicationContext {
  currentRoute?: string;
}

export const feedbackSubmissions = pgTable(
  'feedback_submissions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Copied at submission time so the admin list still shows who wrote it as they were then.
    userEmail: text().notNull(),
    userTier: text().notNull().default('beta'),
    category: text().notNull().default('bug'),
    severity: integer().notNull().default(3),
    title: text().notNull(),
    description: text().notNull(),
    reproductionSteps: text(),
    technicalContext: jsonb().$type<FeedbackTechnicalContext>().notNull().default({}),
    applicationContext: jsonb().$type<FeedbackApplicationContext>().notNull().default({}),
    screenshotUrl: text(),
    status: text().notNull().default('submitted'),
    linearIssueId: text(),
    linearIssueIdentifier: text(),
    linearIssueUrl: text(),
    processedAt: timestamp({ withTimezone: true }),
    archivedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // Serves the user's own list and the hourly/daily rate-limit counts.
    index('feedback_submissions_user_created_idx').on(t.userId, newestFirst(t.createdAt)),
    index('feedback_submissions_created_idx').on(newestFirst(t.createdAt)),
    check('feedback_submissions_category_check', inList(t.category, FEEDBACK_CATEGORIES)),
    check('feedback_submissions_status_check', inList(t.status, FEEDBACK_STATUSES)),
    check('feedback_submissions_user_tier_check', inList(t.userTier, USER_TIERS)),
    check('feedback_submissions_severity_range', sql`${t.severity} between 1 and 5`),
  ],
);

export const feedbackAnalytics = pgTable(
  'feedback_analytics',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .unique('feedback_analytics_user_id_unique')
      .references(() => users.id, { onDelete: 'cascade' }),
    feedbackCount: integer().notNull().default(0),
    lastFeedbackAt: timestamp({ withTimezone: true }),
    categoriesSubmitted: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    averageSeverity: real(),
    issuesResolved: integer().notNull().default(0),
    satisfactionScore: real(),
    ...timestamps,
  },
  (t) => [check('feedback_analytics_average_severity_range', sql`${t.averageSeverity} between 1 and 5`)],
);

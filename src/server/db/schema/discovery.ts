import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, real, text, unique, uuid } from 'drizzle-orm/pg-core';
import { DISCOVERY_ITEM_TYPES } from '../../../shared/enums';
import { createdAt, inList, newestFirst } from './columns';
import { users } from './users';

/** One search run for publications, trials or media; the items themselves land in those tables. */
export const discoverySessions = pgTable(
  'discovery_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionType: text().notNull(),
    searchQuery: text(),
    totalFound: integer().notNull().default(0),
    isAutoSearch: boolean().notNull().default(false),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('discovery_sessions_user_created_idx').on(t.userId, newestFirst(t.createdAt)),
    check('discovery_sessions_session_type_check', inList(t.sessionType, DISCOVERY_ITEM_TYPES)),
  ],
);

/** Items a user turned down, so discovery never offers them again. */
export const rejectedItems = pgTable(
  'rejected_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemType: text().notNull(),
    /** PMID or DOI for publications, NCT number for trials, URL for media. */
    externalId: text().notNull(),
    itemTitle: text(),
    rejectionReason: text(),
    searchQuery: text(),
    confidenceScore: real(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    unique('rejected_items_user_type_external_unique').on(t.userId, t.itemType, t.externalId),
    check('rejected_items_item_type_check', inList(t.itemType, DISCOVERY_ITEM_TYPES)),
    check('rejected_items_confidence_range', sql`${t.confidenceScore} between 0 and 1`),
  ],
);

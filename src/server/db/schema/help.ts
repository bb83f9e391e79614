import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';

export const helpCategories = pgTable(
  'help_categories',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    /** A lucide icon name. */
    icon: text(),
    description: text(),
    displayOrder: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [index('help_categories_display_order_idx').on(t.displayOrder)],
);

export const helpFaqs = pgTable(
  'help_faqs',
  {
    id: uuid().primaryKey().defaultRandom(),
    categoryId: uuid()
      .notNull()
      .references(() => helpCategories.id, { onDelete: 'cascade' }),
    question: text().notNull(),
    /** Markdown. */
    answer: text().notNull(),
    displayOrder: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [index('help_faqs_category_order_idx').on(t.categoryId, t.displayOrder)],
);

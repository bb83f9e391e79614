import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PROMPT_TYPES } from '../../../shared/enums';
import { adminUsers } from './admin';
import { inList, NIL_UUID, timestamps } from './columns';
import { hospitals } from './hospitals';

/** Biography-writing prompts. A null hospital_id is a global template every hospital sees. */
export const promptTemplates = pgTable(
  'prompt_templates',
  {
    id: uuid().primaryKey().defaultRandom(),
    hospitalId: uuid().references(() => hospitals.id, { onDelete: 'cascade' }),
    promptType: text().notNull(),
    promptName: text().notNull(),
    promptContent: text().notNull(),
    description: text(),
    isActive: boolean().notNull().default(true),
    isDefault: boolean().notNull().default(false),
    version: integer().notNull().default(1),
    // Set null so deleting an admin keeps the templates they wrote.
    createdBy: uuid().references(() => adminUsers.id, { onDelete: 'set null' }),
    updatedBy: uuid().references(() => adminUsers.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('prompt_templates_hospital_type_idx').on(t.hospitalId, t.promptType),
    // One default per hospital and type; coalesce makes all global (null-hospital) defaults collide too.
    uniqueIndex('prompt_templates_one_default_per_scope')
      .on(sql`coalesce(${t.hospitalId}, ${sql.raw(`'${NIL_UUID}'::uuid`)})`, t.promptType)
      .where(sql`${t.isDefault}`),
    check('prompt_templates_prompt_type_check', inList(t.promptType, PROMPT_TYPES)),
    check('prompt_templates_version_positive', sql`${t.version} >= 1`),
  ],
);

/** One row per saved version of a template, written when the template changes. */
export const promptTemplateHistory = pgTable(
  'prompt_template_history',
  {
    id: uuid().primaryKey().defaultRandom(),
    templateId: uuid()
      .notNull()
      .references(() => promptTemplates.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    hospitalId: uuid(),
    promptType: text().notNull(),
    promptName: text().notNull(),
    promptContent: text().notNull(),
    description: text(),
    isActive: boolean().notNull(),
    isDefault: boolean().notNull(),
    changedBy: uuid().references(() => adminUsers.id, { onDelete: 'set null' }),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('prompt_template_history_template_version_unique').on(t.templateId, t.version),
    check('prompt_template_history_prompt_type_check', inList(t.promptType, PROMPT_TYPES)),
  ],
);

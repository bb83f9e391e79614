import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { adminUsers } from './admin';
import { newestFirst, timestamps } from './columns';
import { hospitals } from './hospitals';

export const hospitalBrandSettings = pgTable('hospital_brand_settings', {
  id: uuid().primaryKey().defaultRandom(),
  hospitalId: uuid()
    .notNull()
    .unique('hospital_brand_settings_hospital_id_unique')
    .references(() => hospitals.id, { onDelete: 'cascade' }),
  brandVoice: text(),
  toneGuidelines: text(),
  writingStyleNotes: text(),
  autoApplyToPrompts: boolean().notNull().default(false),
  updatedBy: uuid().references(() => adminUsers.id, { onDelete: 'set null' }),
  ...timestamps,
});

export const brandGuidelineDocuments = pgTable(
  'brand_guideline_documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    hospitalId: uuid()
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    fileName: text().notNull(),
    /** Key in the file store (local folder or S3); `url` is what the browser is given. */
    storageKey: text().notNull(),
    url: text(),
    mimeType: text(),
    sizeBytes: bigint({ mode: 'number' }),
    isActive: boolean().notNull().default(true),
    isPrimary: boolean().notNull().default(false),
    uploadedBy: uuid().references(() => adminUsers.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    // Listing is active, primary first, newest first; a hospital has few documents, so the hospital prefix does the work.
    index('brand_guideline_documents_hospital_created_idx').on(t.hospitalId, newestFirst(t.createdAt)),
    // "Primary" is meaningful only if there is at most one among a hospital's active documents.
    uniqueIndex('brand_guideline_documents_one_primary_per_hospital')
      .on(t.hospitalId)
      .where(sql`${t.isPrimary} and ${t.isActive}`),
    check('brand_guideline_documents_size_nonnegative', sql`${t.sizeBytes} >= 0`),
  ],
);

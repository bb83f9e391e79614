import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { TERM_TYPES, YEXT_TERM_ENTITY_TYPES } from '../../../shared/enums';
import { inList, timestamps } from './columns';
import { hospitals } from './hospitals';
import { hospitalSpecialtyTaxonomiesPoc } from './taxonomy';

/** The default expertise terms (conditions, procedures, reasons for visit) per specialty. */
export const medicalExpertiseTerms = pgTable(
  'medical_expertise_terms',
  {
    id: uuid().primaryKey().defaultRandom(),
    specialtyName: text().notNull(),
    /** CON-, PROC- or REAS- prefixed; the same term may appear under several specialties. */
    termId: text().notNull(),
    term: text().notNull(),
    termType: text().notNull(),
    isActive: boolean().notNull().default(true),
    isYextSourced: boolean().notNull().default(false),
    yextEntityId: text(),
    yextEntityType: text(),
    ...timestamps,
  },
  (t) => [
    unique('medical_expertise_terms_term_specialty_unique').on(t.termId, t.specialtyName),
    // Leading specialty_name serves "terms of a specialty"; the rest matches the listing order.
    index('medical_expertise_terms_specialty_idx').on(t.specialtyName, t.termType, t.term),
    // Term search is a case-insensitive "contains" (ILIKE '%…%'), which only trigrams can index.
    // fastupdate off: PGlite has no autovacuum, so a pending list left by a bulk insert would be
    // scanned by every search until someone ran VACUUM.
    index('medical_expertise_terms_term_trgm_idx').using('gin', t.term.op('gin_trgm_ops')).with({ fastupdate: false }),
    check('medical_expertise_terms_term_type_check', inList(t.termType, TERM_TYPES)),
    check('medical_expertise_terms_yext_entity_type_check', inList(t.yextEntityType, YEXT_TERM_ENTITY_TYPES)),
  ],
);

/** A hospital's own copy of the expertise terms (copied from the defaults, uploaded, synced or custom). */
export const hospitalExpertiseTerms = pgTable(
  'hospital_expertise_terms',
  {
    id: uuid().primaryKey().defaultRandom(),
    hospitalId: uuid()
      .notNull()
      .references(() => hospitals.id, { onDelete: 'cascade' }),
    hospitalSpecialtyTaxonomyId: uuid().references(() => hospitalSpecialtyTaxonomiesPoc.id, {
      onDelete: 'set null',
    }),
    termId: text().notNull(),
    term: text().notNull(),
    termType: text().notNull(),
    isActive: boolean().notNull().default(true),
    // An admin-created term is custom; copies of the defaults and synced terms set false.
    isCustom: boolean().notNull().default(true),
    isYextSourced: boolean().notNull().default(false),
    yextEntityId: text(),
    yextEntityType: text(),
    lastSyncedFromYextAt: timestamp({ withTimezone: true }),
    specialtyName: text(),
    sortOrder: integer().notNull().default(0),
    searchKeywords: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    synonyms: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [
    // specialty_name may be null (e.g. listing-service terms); NULLS NOT DISTINCT keeps those unique too.
    unique('hospital_expertise_terms_hospital_term_specialty_unique').on(t.hospitalId, t.termId, t.specialtyName).nullsNotDistinct(),
    // Search within one hospital: uuid equality and trigram "contains" in one GIN index (needs btree_gin).
    index('hospital_expertise_terms_hospital_term_trgm_idx').using('gin', t.hospitalId, t.term.op('gin_trgm_ops')).with({ fastupdate: false }),
    // Ranked search: prefix matches are a range of this index (LIKE 'abc%' under the C collation), and
    // the other matches of a common query are found walking it in order, without sorting them all.
    index('hospital_expertise_terms_hospital_lower_term_idx').on(t.hospitalId, sql`(lower(${t.term}) collate "C")`, t.id),
    index('hospital_expertise_terms_hospital_type_term_idx').on(t.hospitalId, t.termType, t.term),
    // Listing order: a common short query matches thousands of terms, and walking this index in term
    // order finds the first page without sorting them all.
    index('hospital_expertise_terms_hospital_term_order_idx').on(t.hospitalId, t.term, t.id),
    index('hospital_expertise_terms_hospital_yext_entity_idx').on(t.hospitalId, t.yextEntityId),
    // The few terms with synonyms or search keywords, which the public directory search also reads.
    index('hospital_expertise_terms_hospital_synonyms_idx')
      .on(t.hospitalId)
      .where(sql`cardinality(${t.synonyms}) > 0 or cardinality(${t.searchKeywords}) > 0`),
    index('hospital_expertise_terms_taxonomy_idx').on(t.hospitalSpecialtyTaxonomyId),
    check('hospital_expertise_terms_term_type_check', inList(t.termType, TERM_TYPES)),
    check('hospital_expertise_terms_yext_entity_type_check', inList(t.yextEntityType, YEXT_TERM_ENTITY_TYPES)),
  ],
);

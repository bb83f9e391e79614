import { containsPattern, lowerPrefixPattern } from '../../lib/like';
import { and, asc, count, eq, getTableColumns, ilike, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ALL_SPECIALTIES,
  SPECIALTY_FALLBACKS,
  TERM_MESSAGES,
  termInputSchema,
  termTypeFromId,
  type TermSearchQuery,
  type termUpdateSchema,
} from '../../../shared/schemas/terms';
import type { AdminActor } from '../../auth/policies';
import { analyzeAfterBulkWrite, perDatabase, rowsOf, type Database } from '../../db/client';
import {
  hospitalExpertiseTerms as hospitalTerms,
  hospitals,
  medicalExpertiseTerms as defaultTerms,
  medicalSpecialtyTaxonomy,
  professionalIdentity,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { recordAudit } from '../audit/service';
import { findHospitalForAdmin } from '../hospitals/service';
import { cachedTermSearch, termSearchKey } from './search-cache';

export const BULK_BATCH_SIZE = 100;
const TERMS_BY_SPECIALTY_LIMIT = 50_000;

export interface TermDto {
  id: string;
  termId: string;
  term: string;
  termType: string;
  specialtyName: string | null;
  isActive: boolean;
  source: 'hospital' | 'default' | 'placeholder';
  isCustom?: boolean;
  isYextSourced?: boolean;
  yextEntityId?: string | null;
  yextEntityType?: string | null;
  sortOrder?: number;
  synonyms?: string[];
  searchKeywords?: string[];
}

type HospitalTermRow = typeof hospitalTerms.$inferSelect;
type DefaultTermRow = typeof defaultTerms.$inferSelect;

export const fromHospitalRow = (row: HospitalTermRow): TermDto => ({
  id: row.id,
  termId: row.termId,
  term: row.term,
  termType: row.termType,
  specialtyName: row.specialtyName,
  isActive: row.isActive,
  source: 'hospital',
  isCustom: row.isCustom,
  isYextSourced: row.isYextSourced,
  yextEntityId: row.yextEntityId,
  yextEntityType: row.yextEntityType,
  sortOrder: row.sortOrder,
  synonyms: row.synonyms,
  searchKeywords: row.searchKeywords,
});

export const fromDefaultRow = (row: DefaultTermRow): TermDto => ({
  id: row.id,
  termId: row.termId,
  term: row.term,
  termType: row.termType,
  specialtyName: row.specialtyName,
  isActive: row.isActive,
  source: 'default',
  isYextSourced: row.isYextSourced,
});

/** Above this many matches a search's total is "1,000+": counting further would visit every match. */
export const MATCH_COUNT_CAP = 1000;

/** Matches of `where`, counted exactly up to the cap (one LIMITed statement). */
async function cappedCount(db: Database, table: typeof hospitalTerms | typeof defaultTerms, where: SQL | undefined) {
  const matches = db
    .select({ one: sql<number>`1`.as('one') })
    .from(table)
    .where(where)
    .limit(MATCH_COUNT_CAP + 1)
    .as('matches');
  const [row] = await db.select({ n: count() }).from(matches);
  const n = Number(row?.n ?? 0);
  return { totalCount: Math.min(n, MATCH_COUNT_CAP), totalCountCapped: n > MATCH_COUNT_CAP };
}

/** The hospital term lower-cased under the C collation: the expression its ranked-search index holds. */
const lowerTerm = sql`(lower(${hospitalTerms.term}) collate "C")`;

/**
 * Search of a hospital's terms (spec §7): active only unless asked, case-insensitive "contains" on
 * the term — and on the term id for listing-service terms — paged with the total. A text search
 * ranks terms that start with the text first, then the others, each alphabetically; listing-service
 * terms go by type, then term; no text, by term. A text search is one statement while it matches at
 * most 1,000 terms (fetched through the trigram index, counted with a window, sorted); a common text
 * takes a second that walks the ordered index for the prefix range and the first other matches.
 */
export async function searchHospitalTerms(db: Database, hospitalId: string, query: TermSearchQuery) {
  const conditions: Array<SQL | undefined> = [eq(hospitalTerms.hospitalId, hospitalId)];
  if (query.activeOnly) conditions.push(eq(hospitalTerms.isActive, true));
  if (query.yextOnly) conditions.push(eq(hospitalTerms.isYextSourced, true));
  if (query.termType) conditions.push(eq(hospitalTerms.termType, query.termType));
  if (query.specialty) conditions.push(eq(hospitalTerms.specialtyName, query.specialty));
  const offset = (query.page - 1) * query.pageSize;
  const page = (where: SQL | undefined, ...order: SQL[]) =>
    db
      .select()
      .from(hospitalTerms)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(offset);

  if (!query.q) {
    const where = and(...conditions);
    const order = query.yextOnly
      ? [asc(hospitalTerms.termType), asc(hospitalTerms.term), asc(hospitalTerms.id)]
      : [asc(hospitalTerms.term), asc(hospitalTerms.id)];
    const [rows, [total]] = await Promise.all([page(where, ...order), db.select({ n: count() }).from(hospitalTerms).where(where)]);
    return { items: rows.map(fromHospitalRow), totalCount: Number(total?.n ?? 0), totalCountCapped: false };
  }

  const contains = containsPattern(query.q);
  if (query.yextOnly) {
    const where = and(...conditions, or(ilike(hospitalTerms.term, contains), ilike(hospitalTerms.termId, contains)));
    const [rows, total] = await Promise.all([
      page(where, asc(hospitalTerms.termType), asc(hospitalTerms.term), asc(hospitalTerms.id)),
      cappedCount(db, hospitalTerms, where),
    ]);
    return { items: rows.map(fromHospitalRow), ...total };
  }

  const statements = hospitalSearchStatements(db, { activeOnly: query.activeOnly, termType: Boolean(query.termType), specialty: Boolean(query.specialty) });
  const lower = query.q.toLowerCase();
  const values = {
    hospitalId,
    termType: query.termType ?? null,
    specialty: query.specialty ?? null,
    contains,
    lower,
    upper: `${lower}${PREFIX_RANGE_END}`,
    limit: query.pageSize,
    offset,
    enough: offset + query.pageSize,
  };
  const rows = (await statements.search.execute(values)) as Array<HospitalTermRow & { matchCount: number }>;
  // A page past the last match has no row to carry the count: count again (rare, and LIMITed).
  const n = rows[0] ? Number(rows[0].matchCount) : offset > 0 ? Math.min(Number((await statements.count.execute(values))[0]?.n ?? 0), MATCH_COUNT_CAP + 1) : 0;
  return {
    items: rows.map(({ matchCount: _, ...row }) => fromHospitalRow(row)),
    totalCount: Math.min(n, MATCH_COUNT_CAP),
    totalCountCapped: n > MATCH_COUNT_CAP,
  };
}

/**
 * Appended to a lower-cased text, the end of the range of terms that start with it: under the C
 * collation a term starts with `abc` exactly when `abc` <= term < `abc` + U+10FFFF, the last code
 * point (a noncharacter no term holds). A range, unlike LIKE 'abc%', stays a range of the ordered
 * index in a plan made once for any text.
 */
const PREFIX_RANGE_END = '\u{10FFFF}';

interface SearchFilters {
  activeOnly: boolean;
  termType: boolean;
  specialty: boolean;
}

/**
 * The statements of a hospital's text search for one combination of filters, built once per database
 * handle and prepared on each connection (decision 0014). Values come as placeholders: hospitalId,
 * termType, specialty, contains (the ILIKE pattern), lower and upper (the lower-cased text and the end
 * of its prefix range), limit, offset and enough (offset + limit).
 * - `search`, one statement for any text. `matches` takes up to 1,001 matches through the trigram
 *   index, and its count picks one of two pages; the other is never executed (a one-time filter):
 *   - at most 1,000 matches: those matches ranked on narrow rows (id and the lower-cased term), so the
 *     sort holds 1,001 small rows;
 *   - more (a common text): the first prefix matches (a range of the ordered index) and the first
 *     other matches (walked in the same order), `enough` of each, ranked. Counting further would
 *     visit every match, and ranking the first 1,001 found would not give the first page.
 *   The page's whole rows are joined at the end, each with the capped count.
 * - `count`: the capped count, for a page past the last match.
 */
function buildSearchStatements(db: Database, filters: SearchFilters, key: string) {
  const base = and(
    eq(hospitalTerms.hospitalId, sql.placeholder('hospitalId')),
    filters.activeOnly ? eq(hospitalTerms.isActive, true) : undefined,
    filters.termType ? eq(hospitalTerms.termType, sql.placeholder('termType')) : undefined,
    filters.specialty ? eq(hospitalTerms.specialtyName, sql.placeholder('specialty')) : undefined,
  );
  const contains = ilike(hospitalTerms.term, sql.placeholder('contains'));
  const lower = sql.placeholder('lower');
  const startsWith = (lowered: SQLWrapper) => sql`starts_with(${lowered}, ${lower})`;
  const inPrefixRange = sql`(${lowerTerm} >= ${lower} and ${lowerTerm} < ${sql.placeholder('upper')})`;
  const rank = (lowered: SQLWrapper, id: SQLWrapper) => [sql`${startsWith(lowered)} desc`, asc(lowered), asc(id)];

  const matches = db.$with('matches').as(
    db
      .select({ id: hospitalTerms.id, lowered: sql<string>`${lowerTerm}`.as('lowered') })
      .from(hospitalTerms)
      .where(and(base, contains))
      .limit(MATCH_COUNT_CAP + 1),
  );
  const matchCount = sql<number>`(select count(*) from ${matches})`;
  const few = db
    .select({ id: matches.id })
    .from(matches)
    .where(sql`${matchCount} <= ${MATCH_COUNT_CAP}`)
    .orderBy(...rank(matches.lowered, matches.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  const firstOf = (condition: SQL) =>
    db
      .select({ id: hospitalTerms.id, lowered: sql<string>`${lowerTerm}`.as('lowered') })
      .from(hospitalTerms)
      .where(and(base, condition))
      .orderBy(asc(lowerTerm), asc(hospitalTerms.id))
      .limit(sql.placeholder('enough'));
  // The other matches are tested on the lower-cased term, which is what ILIKE does in a UTF-8 database:
  // the trigram index (on the term) cannot serve this test, so the plan, made once for any text, walks
  // the ordered index until it has enough instead of fetching and sorting every match.
  const containsLowered = sql`${lowerTerm} like lower(${sql.placeholder('contains')})`;
  const candidates = sql`(${firstOf(inPrefixRange)}) union all (${firstOf(sql`${containsLowered} and not ${inPrefixRange}`)})`;
  const common = sql`select "id" from (${candidates}) "candidates" where ${matchCount} > ${MATCH_COUNT_CAP} order by ${sql.join(rank(sql`"lowered"`, sql`"id"`), sql`, `)} limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
  const search = db
    .with(matches)
    .select({ ...getTableColumns(hospitalTerms), matchCount: matchCount.mapWith(Number) })
    .from(hospitalTerms)
    .where(inArray(hospitalTerms.id, sql`((${few}) union all (${common}))`))
    .orderBy(...rank(lowerTerm, hospitalTerms.id))
    .prepare(`vitae_terms_search_${key}`);

  const capped = db
    .select({ one: sql<number>`1`.as('one') })
    .from(hospitalTerms)
    .where(and(base, contains))
    .limit(MATCH_COUNT_CAP + 1)
    .as('capped');
  const countStatement = db.select({ n: count() }).from(capped).prepare(`vitae_terms_count_${key}`);

  return { search, count: countStatement };
}

/** Statements built once per database handle and set of filters (decision 0014), under `name`. */
const preparedSearches = perDatabase(() => new Map<string, unknown>());

function preparedFor<T>(db: Database, name: string, build: () => T): T {
  const built = preparedSearches(db);
  if (!built.has(name)) built.set(name, build());
  return built.get(name) as T;
}

const filterKey = (...flags: boolean[]) => flags.map(Number).join('');

function hospitalSearchStatements(db: Database, filters: SearchFilters) {
  const key = filterKey(filters.activeOnly, filters.termType, filters.specialty);
  return preparedFor(db, `hospital_${key}`, () => buildSearchStatements(db, filters, key));
}

/**
 * A text search of the defaults for one combination of filters: the page, each row with the number
 * of matches. The page sorts every match (they are at most the 13,000 defaults), so the count costs
 * nothing more. Values: contains, prefix (lower-cased LIKE pattern), termType, specialty, limit, offset.
 */
function defaultSearchStatement(db: Database, filters: SearchFilters & { byTerm: boolean }) {
  const key = filterKey(filters.activeOnly, filters.termType, filters.specialty, filters.byTerm);
  return preparedFor(db, `default_${key}`, () => {
    const where = and(
      filters.activeOnly ? eq(defaultTerms.isActive, true) : undefined,
      filters.termType ? eq(defaultTerms.termType, sql.placeholder('termType')) : undefined,
      filters.specialty ? eq(defaultTerms.specialtyName, sql.placeholder('specialty')) : undefined,
      ilike(defaultTerms.term, sql.placeholder('contains')),
    );
    return db
      .select({ ...getTableColumns(defaultTerms), matchCount: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(defaultTerms)
      .where(where)
      .orderBy(
        ...(filters.byTerm
          ? [sql`(lower(${defaultTerms.term}) like ${sql.placeholder('prefix')}) desc`, ...defaultListing(true)]
          : [...matchQuality, ...defaultListing(false)]),
      )
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`vitae_default_terms_search_${key}`);
  });
}

/**
 * How well a default term matches the text, best first, before any specialty (issue 35 item 8: a
 * search for "hypertension" listed every cardiovascular term before "Essential (primary) hypertension"
 * of the other specialties): the term itself, then terms that start with it, then terms with a word
 * that starts with it, then the shorter term (the text is more of it). Ties keep the spec's listing.
 */
const matchQuality = [
  sql`(lower(${defaultTerms.term}) = ${sql.placeholder('exact')}) desc`,
  sql`(lower(${defaultTerms.term}) like ${sql.placeholder('prefix')}) desc`,
  sql`((' ' || regexp_replace(lower(${defaultTerms.term}), '[^[:alnum:]]+', ' ', 'g')) like ${sql.placeholder('wordPrefix')}) desc`,
  sql`length(${defaultTerms.term})`,
];

/** The defaults' listing order; by term (lower case, C collation) when merged with a hospital's own terms, which rank that way. */
const defaultListing = (byTerm: boolean) =>
  byTerm
    ? [asc(sql`(lower(${defaultTerms.term}) collate "C")`), asc(defaultTerms.id)]
    : [asc(defaultTerms.specialtyName), asc(defaultTerms.termType), asc(defaultTerms.term), asc(defaultTerms.id)];

/** Search of the default terms, ordered by specialty, type, term (spec §7); with a text, by how well each matches first (matchQuality). */
export async function searchDefaultTerms(db: Database, query: TermSearchQuery, options: { byTerm?: boolean } = {}) {
  const conditions: Array<SQL | undefined> = [];
  if (query.activeOnly) conditions.push(eq(defaultTerms.isActive, true));
  if (query.termType) conditions.push(eq(defaultTerms.termType, query.termType));
  if (query.specialty) conditions.push(eq(defaultTerms.specialtyName, query.specialty));
  if (query.q) conditions.push(ilike(defaultTerms.term, containsPattern(query.q)));
  const where = and(...conditions);
  const offset = (query.page - 1) * query.pageSize;
  if (!query.q) {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(defaultTerms)
        .where(where)
        .orderBy(...defaultListing(Boolean(options.byTerm)))
        .limit(query.pageSize)
        .offset(offset),
      db.select({ n: count() }).from(defaultTerms).where(where),
    ]);
    return { items: rows.map(fromDefaultRow), totalCount: Number(total?.n ?? 0), totalCountCapped: false };
  }
  const statement = defaultSearchStatement(db, {
    activeOnly: query.activeOnly,
    termType: Boolean(query.termType),
    specialty: Boolean(query.specialty),
    byTerm: Boolean(options.byTerm),
  });
  const rows = await statement.execute({
    contains: containsPattern(query.q),
    prefix: lowerPrefixPattern(query.q),
    exact: query.q.trim().toLowerCase(),
    wordPrefix: `% ${lowerPrefixPattern(query.q.trim())}`,
    termType: query.termType ?? null,
    specialty: query.specialty ?? null,
    limit: query.pageSize,
    offset,
  });
  // A page past the last match has no row to carry the count: count again (rare, and LIMITed).
  if (!rows[0]) return { items: [], ...(offset > 0 ? await cappedCount(db, defaultTerms, where) : { totalCount: 0, totalCountCapped: false }) };
  const total = rows[0].matchCount;
  return {
    items: rows.map(({ matchCount: _, ...row }) => fromDefaultRow(row)),
    totalCount: Math.min(total, MATCH_COUNT_CAP),
    totalCountCapped: total > MATCH_COUNT_CAP,
  };
}

/** Every term search and lookup of a provider asks this first: built once per database (decision 0014). */
const termSourceStatement = perDatabase((db) =>
  db
    .select({
      scope: hospitals.expertiseTermsScope,
      dataSource: hospitals.dataSource,
      // Written out: inside a select from hospitals, Drizzle would leave a bare "id" the subquery reads as its own.
      hasTerms: sql<boolean>`exists (select 1 from hospital_expertise_terms t where t.hospital_id = "hospitals"."id" and t.is_active)`,
      revision: hospitals.termsRevision,
    })
    .from(hospitals)
    .where(eq(hospitals.id, sql.placeholder('hospitalId')))
    .limit(1)
    .prepare('vitae_provider_term_source'),
);

/**
 * Where a hospital's providers pick terms from, in one statement: the defaults while it has no active
 * terms of its own; then its own only, or its own plus the defaults, as its admin chose. A hospital
 * whose data source is the listing service takes its terms from its own table only (spec §6: the
 * listing service's terms replace the default table), whatever the scope setting says.
 */
export async function providerTermSource(db: Database, hospitalId: string | null): Promise<'default' | 'hospital' | 'hospital_and_default'> {
  if (!hospitalId) return 'default';
  return (await termSourceOf(db, hospitalId)).source;
}

/** The term source and the hospital's terms revision (what a cached search is keyed by), in one statement. */
async function termSourceOf(db: Database, hospitalId: string) {
  const [row] = await termSourceStatement(db).execute({ hospitalId });
  const revision = Number(row?.revision ?? 0);
  if (!row?.hasTerms) return { source: 'default' as const, revision };
  return { source: row.scope === 'own_only' || row.dataSource === 'yext' ? ('hospital' as const) : ('hospital_and_default' as const), revision };
}

/** Ranked the way both searches rank: terms that start with the text first, then by term. */
function mergedOrder(q: string | undefined) {
  const prefix = q?.trim().toLowerCase() ?? '';
  const key = (term: TermDto) => term.term.toLowerCase();
  return (a: TermDto, b: TermDto) => {
    if (prefix) {
      const starts = Number(key(b).startsWith(prefix)) - Number(key(a).startsWith(prefix));
      if (starts !== 0) return starts;
    }
    return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
  };
}

/**
 * The hospital's own terms and the defaults as one ranked list: the first (page × size) of each are
 * enough to cut any page; a default whose id the hospital also has is the hospital's. The total adds
 * both (capped like each search), less the duplicates seen.
 */
async function searchOwnAndDefaultTerms(db: Database, hospitalId: string, query: TermSearchQuery) {
  const enough = { ...query, page: 1, pageSize: query.page * query.pageSize };
  const [own, defaults] = await Promise.all([searchHospitalTerms(db, hospitalId, enough), searchDefaultTerms(db, enough, { byTerm: true })]);
  const ownIds = new Set(own.items.map((term) => term.termId));
  const others = defaults.items.filter((term) => !ownIds.has(term.termId));
  const merged = [...own.items, ...others].sort(mergedOrder(query.q));
  const offset = (query.page - 1) * query.pageSize;
  const sum = own.totalCount + defaults.totalCount - (defaults.items.length - others.length);
  const capped = own.totalCountCapped || defaults.totalCountCapped || sum > MATCH_COUNT_CAP;
  return { items: merged.slice(offset, offset + query.pageSize), totalCount: Math.min(sum, MATCH_COUNT_CAP), totalCountCapped: capped };
}

export async function searchTermsForProvider(db: Database, hospitalId: string | null, query: TermSearchQuery) {
  if (!hospitalId) return { source: 'default' as const, ...(await searchDefaultTerms(db, query)) };
  const { source, revision } = await termSourceOf(db, hospitalId);
  // Cached under the hospital's terms revision, read afresh just now: an entry is never stale (search-cache.ts).
  return cachedTermSearch(db, termSearchKey(hospitalId, revision, source, query), async () => {
    if (source === 'hospital') return { source: 'hospital' as const, ...(await searchHospitalTerms(db, hospitalId, query)) };
    if (source === 'hospital_and_default') return { source: 'hospital_and_default' as const, ...(await searchOwnAndDefaultTerms(db, hospitalId, query)) };
    return { source: 'default' as const, ...(await searchDefaultTerms(db, query)) };
  });
}

/**
 * Terms by id (spec §5): ids de-duplicated, the hospital's terms first, then the defaults; an id
 * found nowhere becomes a placeholder typed by its prefix under 'All Specialties'.
 */
export async function lookupTermsByIds(db: Database, hospitalId: string | null, ids: string[]): Promise<TermDto[]> {
  const unique = [...new Set(ids.map((id) => id.trim()).filter(Boolean))];
  if (unique.length === 0) return [];
  const found = new Map<string, TermDto>();
  if (hospitalId) {
    const rows = await db
      .select()
      .from(hospitalTerms)
      .where(and(eq(hospitalTerms.hospitalId, hospitalId), inArray(hospitalTerms.termId, unique)))
      .orderBy(asc(hospitalTerms.specialtyName));
    for (const row of rows) if (!found.has(row.termId)) found.set(row.termId, fromHospitalRow(row));
  }
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) {
    const rows = await db.select().from(defaultTerms).where(inArray(defaultTerms.termId, missing)).orderBy(asc(defaultTerms.specialtyName));
    for (const row of rows) if (!found.has(row.termId)) found.set(row.termId, fromDefaultRow(row));
  }
  return unique.map(
    (termId) =>
      found.get(termId) ?? {
        id: termId,
        termId,
        term: termId,
        termType: termTypeFromId(termId),
        specialtyName: ALL_SPECIALTIES,
        isActive: true,
        source: 'placeholder' as const,
      },
  );
}

/** Terms of a specialty, with the spec's fallbacks for specialties that have none of their own. */
export async function termsBySpecialty(db: Database, hospitalId: string | null, specialty: string) {
  const source = await providerTermSource(db, hospitalId);
  const read = async (names: readonly string[]) => {
    let own: TermDto[] = [];
    if (source !== 'default') {
      const rows = await db
        .select()
        .from(hospitalTerms)
        .where(and(eq(hospitalTerms.hospitalId, hospitalId!), eq(hospitalTerms.isActive, true), inArray(hospitalTerms.specialtyName, [...names])))
        .orderBy(asc(hospitalTerms.termType), asc(hospitalTerms.term))
        .limit(TERMS_BY_SPECIALTY_LIMIT);
      own = rows.map(fromHospitalRow);
      if (source === 'hospital') return own;
    }
    const ownIds = new Set(own.map((term) => term.termId));
    const rows = await db
      .select()
      .from(defaultTerms)
      .where(and(eq(defaultTerms.isActive, true), inArray(defaultTerms.specialtyName, [...names])))
      .orderBy(asc(defaultTerms.termType), asc(defaultTerms.term))
      .limit(TERMS_BY_SPECIALTY_LIMIT);
    if (own.length === 0) return rows.map(fromDefaultRow);
    return [...own, ...rows.map(fromDefaultRow).filter((term) => !ownIds.has(term.termId))];
  };
  const exact = await read([specialty]);
  if (exact.length > 0) return { specialty, fallbackFrom: null, items: exact };
  // Own keys only: a specialty named like an object's built-in ("toString") has no fallbacks.
  const fallbacks = Object.hasOwn(SPECIALTY_FALLBACKS, specialty) ? SPECIALTY_FALLBACKS[specialty] : undefined;
  if (!fallbacks) return { specialty, fallbackFrom: null, items: [] };
  // A term listed under two fallback specialties appears once.
  const seen = new Set<string>();
  const items = (await read(fallbacks)).filter((term) => (seen.has(term.termId) ? false : (seen.add(term.termId), true)));
  return { specialty, fallbackFrom: fallbacks, items };
}

/** NPI specialties matched to taxonomy specialties by trigram similarity; only matches above 0.3 count. */
export const SPECIALTY_MATCH_THRESHOLD = 0.3;

/**
 * The taxonomy specialty closest to a registry specialty name, with its trigram similarity (0–1,
 * two decimals); null when nothing passes the threshold. NPPES describes taxonomies as
 * "Classification, Specialization"; the specific part matches best.
 */
export async function bestSpecialtyMatch(db: Pick<Database, 'execute'>, name: string) {
  const candidate = name.includes(',') ? name.split(',').at(-1)!.trim() : name;
  const result = await db.execute(sql`
    select specialty, greatest(similarity(specialty, ${candidate}), similarity(specialty, ${name}))::float as confidence
    from medical_specialty_taxonomy
    where is_active
    order by confidence desc, specialty
    limit 1`);
  const [best] = rowsOf<{ specialty: string; confidence: number }>(result);
  if (!best || !(Number(best.confidence) > SPECIALTY_MATCH_THRESHOLD)) return null;
  return { specialty: best.specialty, confidence: Math.round(Number(best.confidence) * 100) / 100 };
}

/**
 * The taxonomy specialties of the provider's own registry record (issue 35 item 8): each NPPES
 * taxonomy is matched by its NUCC code, which the taxonomy carries, so an internist is offered
 * Internal Medicine and never a specialty that merely reads alike. A registry taxonomy the taxonomy
 * does not list (a student, a nurse practitioner) suggests nothing; only a specialty stored without a
 * code falls back to the closest name. `matchedBy` says which.
 */
export async function specialtySuggestions(db: Database, userId: string) {
  const [identity] = await db
    .select({ npiSpecialties: professionalIdentity.npiSpecialties })
    .from(professionalIdentity)
    .where(eq(professionalIdentity.userId, userId))
    .limit(1);
  const registry = (identity?.npiSpecialties ?? []).filter((s) => s.name);
  const codes = [...new Set(registry.map((s) => s.code).filter((code): code is string => Boolean(code)))];
  const byCode = new Map(
    codes.length === 0
      ? []
      : (
          await db
            .select({ code: medicalSpecialtyTaxonomy.specialtyCode, specialty: medicalSpecialtyTaxonomy.specialty })
            .from(medicalSpecialtyTaxonomy)
            .where(and(inArray(medicalSpecialtyTaxonomy.specialtyCode, codes), eq(medicalSpecialtyTaxonomy.isActive, true)))
        ).map((row) => [row.code, row.specialty]),
  );
  const suggestions: Array<{ npiSpecialty: string; specialty: string; confidence: number; matchedBy: 'code' | 'name' }> = [];
  const seen = new Set<string>();
  // The primary taxonomy first.
  for (const entry of [...registry].sort((a, b) => Number(Boolean(b.is_primary)) - Number(Boolean(a.is_primary)))) {
    let match: { specialty: string; confidence: number; matchedBy: 'code' | 'name' } | null = null;
    if (entry.code) {
      const specialty = byCode.get(entry.code);
      if (specialty) match = { specialty, confidence: 1, matchedBy: 'code' };
    } else {
      const named = await bestSpecialtyMatch(db, entry.name);
      if (named) match = { ...named, matchedBy: 'name' };
    }
    if (match && !seen.has(match.specialty)) {
      seen.add(match.specialty);
      suggestions.push({ npiSpecialty: entry.name, ...match });
    }
  }
  return { items: suggestions };
}

// ── Admin writes ────────────────────────────────────────────────────────────────────────────

type TermInput = z.output<typeof termInputSchema>;

export interface RowReport {
  created: number;
  failed: number;
  errors: string[];
}

/** Validates raw rows; returns the valid ones and `Row N: message` for the others. */
export function validateTermRows(rows: unknown[], lineOf: (index: number) => number = (index) => index + 1) {
  const valid: Array<{ line: number; term: TermInput }> = [];
  const errors: string[] = [];
  rows.forEach((row, index) => {
    const parsed = termInputSchema.safeParse(row);
    if (parsed.success) valid.push({ line: lineOf(index), term: parsed.data });
    else errors.push(`Row ${lineOf(index)}: ${parsed.error.issues[0]?.message ?? 'invalid term'}`);
  });
  return { valid, errors };
}

const toHospitalValues = (hospitalId: string, term: TermInput) => ({
  hospitalId,
  termId: term.termId,
  term: term.term,
  termType: term.termType,
  specialtyName: term.specialtyName,
  isActive: term.isActive,
  sortOrder: term.sortOrder,
  searchKeywords: term.searchKeywords,
  synonyms: term.synonyms,
  isCustom: true,
});

export async function createHospitalTerm(db: Database, actor: AdminActor, hospitalId: string, input: TermInput) {
  const hospital = await findHospitalForAdmin(db, actor, hospitalId);
  try {
    const [row] = await db.insert(hospitalTerms).values(toHospitalValues(hospital.id, input)).returning();
    await recordAudit(db, actor, {
      action: 'expertise_term.create',
      targetType: 'hospital_expertise_term',
      targetId: row!.id,
      hospitalId: hospital.id,
      summary: { after: { termId: row!.termId, term: row!.term } },
    });
    return fromHospitalRow(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(TERM_MESSAGES.duplicate, { field: 'termId' });
    throw error;
  }
}

async function findHospitalTerm(db: Database, hospitalId: string, id: string) {
  const [row] = await db
    .select()
    .from(hospitalTerms)
    .where(and(eq(hospitalTerms.id, id), eq(hospitalTerms.hospitalId, hospitalId)))
    .limit(1);
  if (!row) throw AppError.notFound(TERM_MESSAGES.notFound);
  return row;
}

export async function updateHospitalTerm(db: Database, actor: AdminActor, hospitalId: string, id: string, input: z.output<typeof termUpdateSchema>) {
  const hospital = await findHospitalForAdmin(db, actor, hospitalId);
  const before = await findHospitalTerm(db, hospital.id, id);
  try {
    const [after] = await db
      .update(hospitalTerms)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(hospitalTerms.id, before.id))
      .returning();
    await recordAudit(db, actor, {
      action: 'expertise_term.update',
      targetType: 'hospital_expertise_term',
      targetId: before.id,
      hospitalId: hospital.id,
      summary: { before: Object.fromEntries(Object.keys(input).map((k) => [k, (before as Record<string, unknown>)[k]])), after: input },
    });
    return fromHospitalRow(after!);
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(TERM_MESSAGES.duplicate);
    throw error;
  }
}

export async function deleteHospitalTerm(db: Database, actor: AdminActor, hospitalId: string, id: string) {
  const hospital = await findHospitalForAdmin(db, actor, hospitalId);
  const before = await findHospitalTerm(db, hospital.id, id);
  await db.delete(hospitalTerms).where(eq(hospitalTerms.id, before.id));
  await recordAudit(db, actor, {
    action: 'expertise_term.delete',
    targetType: 'hospital_expertise_term',
    targetId: before.id,
    hospitalId: hospital.id,
    summary: { before: { termId: before.termId, term: before.term } },
  });
  return { deleted: true };
}

/** Bulk create in batches of 100; duplicates and invalid rows are reported, the rest are kept. */
export async function bulkCreateHospitalTerms(db: Database, actor: AdminActor, hospitalId: string, rows: unknown[]): Promise<RowReport> {
  const hospital = await findHospitalForAdmin(db, actor, hospitalId);
  const { valid, errors } = validateTermRows(rows);
  let created = 0;
  for (let i = 0; i < valid.length; i += BULK_BATCH_SIZE) {
    const batch = valid.slice(i, i + BULK_BATCH_SIZE);
    const inserted = await db
      .insert(hospitalTerms)
      .values(batch.map((entry) => toHospitalValues(hospital.id, entry.term)))
      .onConflictDoNothing()
      .returning({ termId: hospitalTerms.termId, specialtyName: hospitalTerms.specialtyName });
    created += inserted.length;
    const insertedKeys = new Set(inserted.map((r) => `${r.termId}\u0000${r.specialtyName ?? ''}`));
    for (const entry of batch) {
      const key = `${entry.term.termId}\u0000${entry.term.specialtyName ?? ''}`;
      if (!insertedKeys.has(key)) errors.push(`Row ${entry.line}: ${TERM_MESSAGES.duplicate} (${entry.term.termId})`);
      else insertedKeys.delete(key);
    }
  }
  await analyzeAfterBulkWrite(db, hospitalTerms, created);
  const report = { created, failed: rows.length - created, errors };
  await recordAudit(db, actor, {
    action: 'expertise_term.bulk_create',
    targetType: 'hospital',
    targetId: hospital.id,
    hospitalId: hospital.id,
    summary: { created: report.created, failed: report.failed },
  });
  return report;
}

/**
 * Replaces all of a hospital's terms in one transaction. Every row must be valid: one bad row and
 * nothing changes.
 */
export async function replaceHospitalTerms(
  db: Database,
  actor: AdminActor,
  hospitalId: string,
  /** The new terms, or a thunk that reads them (an upload), called once the hospital is known to be the admin's. */
  source: unknown[] | (() => Promise<{ rows: unknown[]; lineOf?: (index: number) => number }>),
) {
  const hospital = await findHospitalForAdmin(db, actor, hospitalId);
  const { rows, lineOf } = Array.isArray(source) ? { rows: source, lineOf: undefined } : await source();
  const { valid, errors } = validateTermRows(rows, lineOf);
  const seen = new Set<string>();
  for (const entry of valid) {
    const key = `${entry.term.termId}\u0000${entry.term.specialtyName ?? ''}`;
    if (seen.has(key)) errors.push(`Row ${entry.line}: ${TERM_MESSAGES.duplicate} (${entry.term.termId})`);
    seen.add(key);
  }
  if (errors.length > 0) {
    throw new AppError('TERMS_INVALID', 400, `The file has ${errors.length} invalid row${errors.length === 1 ? '' : 's'}; nothing was changed.`, {
      errors: errors.slice(0, 200),
    });
  }
  const previous = await db.select({ n: count() }).from(hospitalTerms).where(eq(hospitalTerms.hospitalId, hospital.id));
  await db.transaction(async (tx) => {
    await tx.delete(hospitalTerms).where(eq(hospitalTerms.hospitalId, hospital.id));
    for (let i = 0; i < valid.length; i += 1000) {
      await tx.insert(hospitalTerms).values(valid.slice(i, i + 1000).map((entry) => toHospitalValues(hospital.id, entry.term)));
    }
  });
  await analyzeAfterBulkWrite(db, hospitalTerms, Number(previous[0]?.n ?? 0) + valid.length);
  await recordAudit(db, actor, {
    action: 'expertise_term.replace_all',
    targetType: 'hospital',
    targetId: hospital.id,
    hospitalId: hospital.id,
    summary: { before: { count: Number(previous[0]?.n ?? 0) }, after: { count: valid.length } },
  });
  return { created: valid.length, failed: 0, errors: [] as string[] };
}

/**
 * Copies the active default terms into a hospital with one INSERT … SELECT; terms the hospital
 * already has are left alone, and its providers then see its own terms only. Returns how many were created.
 */
export async function copyDefaultTermsToHospital(db: Database, actor: AdminActor, hospitalId: string) {
  const hospital = await findHospitalForAdmin(db, actor, hospitalId);
  const result = await db.execute(sql`
    with inserted as (
      insert into hospital_expertise_terms (hospital_id, term_id, term, term_type, specialty_name, is_active, is_custom)
      select ${hospital.id}::uuid, term_id, term, term_type, specialty_name, true, false
      from medical_expertise_terms
      where is_active
      on conflict do nothing
      returning 1
    )
    select count(*)::int as created_count from inserted`);
  const createdCount = Number(rowsOf<{ created_count: number }>(result)[0]?.created_count ?? 0);
  await analyzeAfterBulkWrite(db, hospitalTerms, createdCount);
  // The hospital now holds the defaults itself: its providers see its own terms only, not each default twice.
  await db.update(hospitals).set({ expertiseTermsScope: 'own_only' }).where(eq(hospitals.id, hospital.id));
  await recordAudit(db, actor, {
    action: 'expertise_term.copy_defaults',
    targetType: 'hospital',
    targetId: hospital.id,
    hospitalId: hospital.id,
    summary: { createdCount },
  });
  return { success: true, created_count: createdCount };
}

// ── Default terms (system admins) ───────────────────────────────────────────────────────────

export async function createDefaultTerm(db: Database, actor: AdminActor, input: TermInput) {
  if (!input.specialtyName) throw AppError.validation('Specialty is required for a default term', { field: 'specialtyName' });
  try {
    const [row] = await db
      .insert(defaultTerms)
      .values({ termId: input.termId, term: input.term, termType: input.termType, specialtyName: input.specialtyName, isActive: input.isActive })
      .returning();
    await recordAudit(db, actor, {
      action: 'default_term.create',
      targetType: 'medical_expertise_term',
      targetId: row!.id,
      summary: { after: { termId: row!.termId, term: row!.term } },
    });
    return fromDefaultRow(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(TERM_MESSAGES.duplicate, { field: 'termId' });
    throw error;
  }
}

export async function updateDefaultTerm(db: Database, actor: AdminActor, id: string, input: z.output<typeof termUpdateSchema>) {
  const [before] = await db.select().from(defaultTerms).where(eq(defaultTerms.id, id)).limit(1);
  if (!before) throw AppError.notFound(TERM_MESSAGES.notFound);
  const { sortOrder: _s, searchKeywords: _k, synonyms: _y, ...columns } = input;
  if (columns.specialtyName === null) throw AppError.validation('Specialty is required for a default term', { field: 'specialtyName' });
  const [after] = await db
    .update(defaultTerms)
    .set({ ...columns, specialtyName: columns.specialtyName ?? undefined, updatedAt: new Date() })
    .where(eq(defaultTerms.id, id))
    .returning();
  await recordAudit(db, actor, { action: 'default_term.update', targetType: 'medical_expertise_term', targetId: id, summary: { after: input } });
  return fromDefaultRow(after!);
}

export async function deleteDefaultTerm(db: Database, actor: AdminActor, id: string) {
  const [before] = await db.select().from(defaultTerms).where(eq(defaultTerms.id, id)).limit(1);
  if (!before) throw AppError.notFound(TERM_MESSAGES.notFound);
  await db.delete(defaultTerms).where(eq(defaultTerms.id, id));
  await recordAudit(db, actor, {
    action: 'default_term.delete',
    targetType: 'medical_expertise_term',
    targetId: id,
    summary: { before: { termId: before.termId, term: before.term } },
  });
  return { deleted: true };
}

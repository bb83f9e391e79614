import { asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { AppDeps } from '../../app';
import { namedQueries, perDatabase, withGenericPlans, type Database } from '../../db/client';
import { hospitalLocations, hospitals, medicalSpecialtyTaxonomy, publicIdentity, publicListings, publicLocations } from '../../db/schema';
import type { AppBindings } from '../../http/types';
import { publicProfileOf } from '../directory/public-profile';
import { readFullProfile, type ProfileReadCache } from '../profile/read';
import { cacheableProviderSearch, cachedProviderMatch, DIRECTORY_REVISIONS, directoryRevisions, keptAnswers, type KeptAnswer } from './search-cache';
import {
  capabilityStatement,
  endpointResource,
  FHIR_TYPES,
  healthcareServiceResource,
  INCLUDES,
  insurancePlanResource,
  locationResources,
  NOT_FILLED,
  notFilledMessage,
  operationOutcome,
  organizationResource,
  practitionerResource,
  practitionerRoleResource,
  siteLocationResource,
  REVINCLUDES,
  SEARCH_PARAMETERS,
  type DirectoryHospital,
  type FhirResource,
  type FhirType,
  type OutcomeCode,
  type PublishedProvider,
  type ServiceSummary,
} from './resources';
import { fhirLocations, FhirError, insurancePlans, parseCriterion, UUID_PATTERN, whereOf, type Criterion } from './search';

/**
 * `/fhir/r4`: a read-only FHIR R4 provider directory of what hospitals publish (issue T2 3/5 item 4),
 * answering Plan-Net 1.1.0's search table where the data can (issue T3 3/7 item 3, decision 0022).
 * Public like the directory's pages and read through the same gate (the public_* views, decision 0020).
 */

const FHIR_JSON = 'application/fhir+json; charset=utf-8';
const DEFAULT_COUNT = 20;
const MAX_COUNT = 100;
/** At most this many resources are added by one `_revinclude` or `HealthcareService:location` (a hospital has thousands); an outcome entry says so. */
const INCLUDE_LIMIT = 100;
/** A HealthcareService lists at most this many of its clinicians' locations. */
const SERVICE_LOCATION_LIMIT = 500;
const ID_PATTERN = /^[A-Za-z0-9\-.]{1,64}$/;

/** Parameters of the result, accepted on every search: the page, and `_summary=count` (the total alone). */
const RESULT_PARAMETERS = ['_count', '_offset', '_summary'];
/** `_summary` values we answer; `true`, `text` and `data` would need trimmed resources we do not build. */
const SUMMARY_VALUES = new Set(['count', 'false']);

/** `Prefer: handling=strict` (FHIR search, section 3.1.1.4): unknown or unsupported parameters are an error, not ignored. */
const wantsStrictHandling = (prefer: string | undefined) => /(^|[,;\s])handling\s*=\s*"?strict"?(\s*[,;]|\s*$)/i.test(prefer ?? '');

/**
 * Whether this resource understands a parameter: a declared name with a declared modifier or chain,
 * a result parameter, an `_include`/`_revinclude` it answers, or a line of Plan-Net's table the data
 * cannot fill (understood, and answered with its OperationOutcome).
 */
function understood(type: FhirType, key: string, value: string) {
  if (RESULT_PARAMETERS.includes(key)) return key !== '_summary' || SUMMARY_VALUES.has(value);
  if (key === '_include' || key === '_revinclude')
    return (key === '_include' ? INCLUDES : REVINCLUDES)[type].includes(value) || !!NOT_FILLED[`${type}?${key}=${value}`];
  const c = parseCriterion(key, value);
  if (NOT_FILLED[`${type}?${c.name}`]) return true;
  const parameter = SEARCH_PARAMETERS[type].find((p) => p.name === c.name);
  if (!parameter) return false;
  if (c.chain)
    return (
      parameter.type === 'reference' &&
      (!c.modifier || c.modifier === parameter.target) &&
      (!!parameter.chain?.includes(c.chain.name) || !!NOT_FILLED[`${parameter.target}?${c.chain.name}`])
    );
  if (c.modifier) return !!parameter.modifiers?.includes(c.modifier) || (parameter.type === 'reference' && c.modifier === parameter.target);
  return true;
}

/**
 * The request's parameters split into those this resource understands (they are searched by, and
 * only they appear in the bundle's self link) and the rest, which FHIR's default lenient handling
 * leaves out (https://hl7.org/fhir/R4/search.html#errors).
 */
function acceptedParameters(url: URL, type: FhirType) {
  const accepted = new URLSearchParams();
  const ignored: string[] = [];
  for (const [name, value] of url.searchParams) {
    if (understood(type, name, value)) accepted.append(name, value);
    else if (!ignored.includes(name)) ignored.push(name);
  }
  return { accepted, ignored };
}

interface SearchResult {
  matches: FhirResource[];
  included: FhirResource[];
  /** Notes for the client (an include cut short), as `search.mode = outcome` entries. */
  outcomes?: string[];
  total: number;
  page: { count: number; offset: number };
  /** A provider search whose answer may be kept (decision 0037): what it was built from. */
  builtFrom?: Omit<KeptAnswer, 'body'>;
}

/** Digits only: `Number()` would also take `0x10`, `1e3`, ` 5` and the empty string (as 0). */
const WHOLE_NUMBER = /^\d{1,9}$/;

function paging(params: URLSearchParams) {
  const rawCount = params.get('_count') ?? undefined;
  const rawOffset = params.get('_offset') ?? undefined;
  if (rawCount !== undefined && !WHOLE_NUMBER.test(rawCount)) throw new FhirError(400, 'invalid', '_count must be a whole number (digits only)');
  if (rawOffset !== undefined && !WHOLE_NUMBER.test(rawOffset)) throw new FhirError(400, 'invalid', '_offset must be a whole number (digits only)');
  const countValue = rawCount === undefined ? DEFAULT_COUNT : Number(rawCount);
  const offsetValue = rawOffset === undefined ? 0 : Number(rawOffset);
  if (offsetValue > 100_000) throw new FhirError(400, 'invalid', '_offset must be a whole number up to 100000');
  return { count: Math.min(countValue, MAX_COUNT), offset: offsetValue };
}

// ── Reads ───────────────────────────────────────────────────────────────────────────────────

const HOSPITAL_FIELDS = {
  id: hospitals.id,
  name: hospitals.name,
  slug: sql<string>`${hospitals.directorySlug}`,
  address: hospitals.address,
  contactPhone: hospitals.contactPhone,
  contactEmail: hospitals.contactEmail,
  updatedAt: hospitals.updatedAt,
};

const hospitalOf = (row: {
  id: string;
  name: string;
  slug: string;
  address: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  updatedAt: Date;
}): DirectoryHospital => ({
  ...row,
  updatedAt: new Date(row.updatedAt).toISOString(),
});

/**
 * The searches' and includes' statements, named by their shape (db/client.ts, decision 0030): a
 * PractitionerRole search spent 2 ms parsing and 5 ms planning its statement through the public views
 * for 1.5 ms of execution. Shapes differ by parameters, chains and the page's length.
 */
const named = namedQueries('vitae_fhir', 48);

/** The total that rides on each row of a page (`count(*) over ()`). */
const TOTAL = sql<number>`count(*) over ()`.mapWith(Number);

/**
 * The total of a page read with TOTAL: the match is worked out once, instead of once for the page and
 * again by a count beside it. An empty page says nothing of the total unless it is a first page that
 * asked for rows; then (a page past the end, or `_count=0`) the total is counted on its own.
 */
async function totalOf(rows: Array<{ total: number }>, limit: number, offset: number, countAll: () => Promise<Array<{ value: number }>>) {
  if (rows.length > 0) return rows[0]!.total;
  if (offset === 0 && limit > 0) return 0;
  return (await countAll())[0]?.value ?? 0;
}

async function hospitalsWhere(db: Database, where: SQL, limit: number, offset: number) {
  const rows = await db
    .select({ ...HOSPITAL_FIELDS, total: TOTAL })
    .from(hospitals)
    .where(where)
    .orderBy(asc(hospitals.name), asc(hospitals.id))
    .limit(limit)
    .offset(offset);
  const total = await totalOf(rows, limit, offset, () => db.select({ value: count() }).from(hospitals).where(where));
  return { hospitals: rows.map(({ total: _total, ...row }) => hospitalOf(row)), total };
}

/** Each hospital's HealthcareService facts in two statements: its clinicians' specialties (NUCC) and the first of their locations. */
async function serviceSummaries(db: Database, hospitalIds: string[]): Promise<Map<string, ServiceSummary>> {
  const summaries = new Map(hospitalIds.map((id) => [id, { specialties: [], locationIds: [] } as ServiceSummary]));
  if (!hospitalIds.length) return summaries;
  const wanted = sql.join(
    hospitalIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const validCode = sql`s->>'code' ~ '^[0-9A-Z]{9}X$'`;
  const [specialties, locations] = await Promise.all([
    db
      .select({ hospitalId: sql<string>`x.hospital_id`, code: sql<string>`x.code`, display: sql<string>`min(x.display)` })
      .from(
        sql`(select ${publicIdentity.hospitalId} as hospital_id, s->>'code' as code, s->>'name' as display
               from ${publicIdentity}, jsonb_array_elements(${publicIdentity.npiSpecialties}) s
              where ${publicIdentity.hospitalId} in (${wanted}) and ${validCode}
             union all
             select ${publicIdentity.hospitalId}, ${medicalSpecialtyTaxonomy.specialtyCode}, ${medicalSpecialtyTaxonomy.specialty}
               from ${publicIdentity} join ${medicalSpecialtyTaxonomy}
                 on lower(${medicalSpecialtyTaxonomy.specialty}) = lower(${publicIdentity.primarySpecialty})
                 or exists (select 1 from jsonb_array_elements_text(${publicIdentity.additionalSpecialties}) a where lower(a) = lower(${medicalSpecialtyTaxonomy.specialty}))
              where ${publicIdentity.hospitalId} in (${wanted}) and ${medicalSpecialtyTaxonomy.specialtyCode} is not null
                and not exists (select 1 from jsonb_array_elements(${publicIdentity.npiSpecialties}) s where ${validCode})) as x`,
      )
      .groupBy(sql`x.hospital_id`, sql`x.code`)
      .orderBy(sql`x.code`),
    db
      .select({ id: sql<string>`x.id`, hospitalId: sql<string>`x.hospital_id` })
      .from(
        sql`(select ${publicLocations.id} as id, ${publicLocations.hospitalId} as hospital_id,
                    row_number() over (partition by ${publicLocations.hospitalId} order by ${publicLocations.userId}, ${publicLocations.displayOrder}, ${publicLocations.id}) as n
               from ${publicLocations} where ${publicLocations.hospitalId} in (${wanted})) as x`,
      )
      .where(sql`x.n <= ${SERVICE_LOCATION_LIMIT}`)
      .orderBy(sql`x.n`),
  ]);
  for (const row of specialties) summaries.get(row.hospitalId)?.specialties.push({ code: row.code, display: row.display });
  for (const row of locations) summaries.get(row.hospitalId)?.locationIds.push(row.id);
  return summaries;
}

async function serviceResources(db: Database, list: DirectoryHospital[]) {
  const summaries = await serviceSummaries(
    db,
    list.map((h) => h.id),
  );
  return list.map((h) => healthcareServiceResource(h, summaries.get(h.id)!));
}

const uniqueHospitals = (providers: PublishedProvider[]) => [...new Map(providers.map((p) => [p.hospital.id, p.hospital])).values()];

/**
 * The published providers `ids` as a FHIR resource shows them besides their profiles, in one prepared
 * statement, in id order: each one's slug, profile_version and hospital, and the public hospital sites
 * its offices were picked from (a Location's partOf).
 */
const listingsStatement = perDatabase((db) =>
  db
    .select({
      userId: publicListings.userId,
      slug: publicListings.slug,
      version: publicListings.profileVersion,
      hospital: HOSPITAL_FIELDS,
      sites: sql<Array<[string, string]>>`(select coalesce(json_agg(json_build_array(o.id, o.predefined_location_id) order by o.id), '[]'::json)
        from public_locations o
        where o.user_id = ${publicListings.userId} and o.predefined_location_id in (select s.id from hospital_locations s where s.is_active))`,
    })
    .from(publicListings)
    .innerJoin(hospitals, eq(hospitals.id, publicListings.hospitalId))
    .where(sql`${publicListings.userId} = any(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(asc(publicListings.userId))
    .prepare('vitae_fhir_listings'),
);

/** What a kept answer is checked by (decision 0037): the profile versions of the published providers `ids`, in id order, and every hospital's directory revision. */
const versionsStatement = perDatabase((db) =>
  db
    .select({ userId: publicListings.userId, version: publicListings.profileVersion, revision: DIRECTORY_REVISIONS })
    .from(publicListings)
    .where(sql`${publicListings.userId} = any(${sql.placeholder('ids')}::uuid[])`)
    .orderBy(asc(publicListings.userId))
    .prepare('vitae_fhir_versions'),
);

const idsParameter = (ids: string[]) => ({ ids: `{${ids.join(',')}}` });

/** Published providers' versions in id order, as a kept answer compares them. */
const versionsText = (rows: Array<{ userId: string; version: number }>) => rows.map((row) => `${row.userId}:${row.version}`).join(',');

/** Whether a kept answer is still what its search would answer now: the same revisions and the same providers at the same versions. */
async function stillCurrent(db: Database, kept: KeptAnswer) {
  if (kept.ids.length === 0) return (await directoryRevisions(db)) === kept.revision;
  const rows = await versionsStatement(db).execute(idsParameter(kept.ids));
  return rows[0]?.revision === kept.revision && versionsText(rows) === kept.versions;
}

/**
 * Each provider's public profile (the directory's rules), with NUCC codes for their specialties: the
 * published providers `ids`, in that order. `versions`: each one's profile_version as the search
 * read it; without them (a kept match, decision 0034), the listings' statement reads them first and the
 * profiles are read under those. Also returns, as `versions`, what a kept answer of these providers is
 * checked by (decision 0037): for each published one, the version of the profile read that was used.
 */
async function loadProviders(
  db: Database,
  ids: string[],
  cache?: ProfileReadCache,
  versions?: Map<string, number>,
): Promise<{ list: PublishedProvider[]; versions: string }> {
  if (ids.length === 0) return { list: [], versions: '' };
  const listingsRead = listingsStatement(db).execute(idsParameter(ids));
  const profilesRead = async () => {
    const known = versions ?? new Map((await listingsRead).map((row) => [row.userId, row.version]));
    // Through the process's cache under each provider's profile_version.
    return Promise.all(ids.map((id) => (cache ? cache.read(db, id, known.get(id)) : readFullProfile(db, id))));
  };
  const [listingRows, reads] = await Promise.all([listingsRead, profilesRead()]);
  const listings = new Map(listingRows.map((row) => [row.userId, row]));
  const partOf = new Map(listingRows.flatMap((row) => row.sites));
  const profiles = reads.map((read) => (read ? { read, profile: publicProfileOf(read) } : null));
  const names = [
    ...new Set(
      profiles
        .flatMap((p) => (p && p.profile.specialtyCodes.length === 0 ? [p.profile.primarySpecialty, ...p.profile.additionalSpecialties] : []))
        .filter((n): n is string => !!n),
    ),
  ];
  const codes = names.length
    ? await db
        .select({ name: medicalSpecialtyTaxonomy.specialty, code: medicalSpecialtyTaxonomy.specialtyCode })
        .from(medicalSpecialtyTaxonomy)
        .where(
          sql`lower(${medicalSpecialtyTaxonomy.specialty}) in (${sql.join(
            names.map((n) => sql`${n.toLowerCase()}`),
            sql`, `,
          )})`,
        )
    : [];
  const codeByName = new Map(codes.filter((c) => c.code).map((c) => [c.name.toLowerCase(), c.code!]));
  const list = ids.flatMap((id, index) => {
    const entry = profiles[index];
    const listing = listings.get(id);
    if (!entry || !listing) return [];
    const { read, profile } = entry;
    const specialties = profile.specialtyCodes.length
      ? profile.specialtyCodes.map((s) => ({ code: s.code, display: s.name }))
      : [profile.primarySpecialty, ...profile.additionalSpecialties]
          .filter((n): n is string => !!n)
          .flatMap((name) => (codeByName.has(name.toLowerCase()) ? [{ code: codeByName.get(name.toLowerCase())!, display: name }] : []));
    return [
      { userId: id, slug: listing.slug, updatedAt: read.user.updatedAt.toISOString(), hospital: hospitalOf(listing.hospital), profile, specialties, partOf },
    ];
  });
  // The versions the profiles were read at, not the listings': a change between the search and the
  // listings' statement would otherwise be recorded as seen by a profile read before it.
  const readAt = new Map(ids.map((id, index) => [id, reads[index]?.user.profileVersion ?? -1]));
  return { list, versions: versionsText(listingRows.map((row) => ({ userId: row.userId, version: readAt.get(row.userId) ?? -1 }))) };
}

// ── Responses ───────────────────────────────────────────────────────────────────────────────

function fhirJson(c: Context<AppBindings>, body: unknown, status: 200 | 400 | 404 | 414 | 429 | 500 = 200) {
  return fhirText(c, JSON.stringify(body), status);
}

/** A FHIR answer already written out (a kept one, decision 0037). */
function fhirText(c: Context<AppBindings>, text: string, status: 200 | 400 | 404 | 414 | 429 | 500 = 200) {
  c.header('Content-Type', FHIR_JSON);
  c.header('Cache-Control', status === 200 ? 'public, no-cache' : 'no-store');
  return c.body(text, status);
}

/** A refused public request (the guard in app.ts): an OperationOutcome, like every FHIR error. */
export function fhirRefusal(c: Context<AppBindings>, status: 400 | 414 | 429, message: string) {
  const code: OutcomeCode = status === 429 ? 'throttled' : status === 414 ? 'too-long' : 'invalid';
  return fhirJson(c, operationOutcome(code, message), status);
}

/** `accepted`: the parameters the search used; the links carry only these. `countOnly`: `_summary=count`, the total without entries. */
function bundle(
  pathname: string,
  baseUrl: string,
  { matches, included, outcomes = [], total, page }: SearchResult,
  accepted: URLSearchParams,
  countOnly = false,
) {
  const self = `${baseUrl}${pathname.replace(/^\/fhir\/r4/, '')}`;
  if (countOnly) {
    const query = accepted.toString();
    return { resourceType: 'Bundle', type: 'searchset', total, link: [{ relation: 'self', url: `${self}${query ? `?${query}` : ''}` }] };
  }
  const link = (offset: number) => {
    const params = new URLSearchParams(accepted);
    params.set('_count', String(page.count));
    params.set('_offset', String(offset));
    return `${self}?${params.toString()}`;
  };
  const links = [{ relation: 'self', url: link(page.offset) }];
  if (page.offset + page.count < total && page.count > 0) links.push({ relation: 'next', url: link(page.offset + page.count) });
  if (page.offset > 0) links.push({ relation: 'previous', url: link(Math.max(0, page.offset - page.count)) });
  const seen = new Set<string>();
  const entry = [...matches.map((resource) => ({ resource, mode: 'match' })), ...included.map((resource) => ({ resource, mode: 'include' }))]
    .filter(({ resource }) => {
      const key = `${resource.resourceType}/${resource.id}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map(({ resource, mode }) => ({ fullUrl: `${baseUrl}/${resource.resourceType}/${resource.id}`, resource, search: { mode } }))
    .concat(
      outcomes.map((note) => ({
        resource: operationOutcome('too-costly', note, 'information') as unknown as FhirResource,
        search: { mode: 'outcome' },
      })) as never[],
    );
  return { resourceType: 'Bundle', type: 'searchset', total, link: links, entry };
}

export function fhirRoutes(deps: AppDeps, profileCache?: ProfileReadCache) {
  const db = deps.database.publicReadDb;
  const baseUrl = `${deps.env.appUrl}/fhir/r4`;
  const providers = async (ids: string[], versions?: Map<string, number>) => (await loadProviders(db, ids, profileCache, versions)).list;

  /**
   * A page of published providers matching `where` (a condition on public_listings). `cacheable`: the
   * search's parameters are all ones the directory revisions cover, so the match is kept under them
   * (decision 0034); the profiles are read anew either way.
   */
  const providerPage = async (where: SQL, limit: number, offset: number, cacheable = false) => {
    const pageOf = (on: Database) =>
      on
        .select({ id: publicListings.userId, version: publicListings.profileVersion, total: TOTAL })
        .from(publicListings)
        .where(where)
        .orderBy(asc(publicListings.fullName), asc(publicListings.userId))
        .limit(limit)
        .offset(offset);
    let found: Array<{ id: string; version: number }> | undefined;
    const find = async (onRevision?: (revision: string) => void) => {
      const rows = await withGenericPlans(db, async (on) => {
        if (onRevision) onRevision(await directoryRevisions(on));
        return named(pageOf(on));
      });
      found = rows;
      return { ids: rows.map((r) => r.id), total: await totalOf(rows, limit, offset, () => db.select({ value: count() }).from(publicListings).where(where)) };
    };
    // A kept match is found by the page statement's text and values.
    const key = () => {
      const { sql: text, params } = pageOf(db).toSQL();
      return JSON.stringify([text, params]);
    };
    const { match, revision } = cacheable ? await cachedProviderMatch(db, key(), find) : { match: await find(), revision: undefined };
    // A kept match carries no versions: the providers' listings read them now, so a profile is never older than its last change.
    const { list, versions } = await loadProviders(db, match.ids, profileCache, found ? new Map(found.map((r) => [r.id, r.version])) : undefined);
    // What a kept answer is checked against (decision 0037): only for a match kept under the revisions.
    const builtFrom = revision === undefined ? undefined : { revision, ids: match.ids, versions };
    return { list, total: match.total, builtFrom };
  };

  /** Locations matching `where` (on fhir_locations): offices through their providers' profiles (only theirs are read), hospital sites from their rows. */
  const locationsWhere = async (where: SQL, limit: number, offset: number) => {
    const rows = await named(
      db
        .select({
          id: sql<string>`fhir_locations.id`,
          kind: sql<number>`fhir_locations.kind`,
          userId: sql<string | null>`fhir_locations.user_id`,
          version: sql<number | null>`fhir_locations.profile_version`,
          total: TOTAL,
        })
        .from(fhirLocations)
        .where(where)
        .orderBy(
          sql`fhir_locations.kind`,
          sql`fhir_locations.sort_name`,
          sql`fhir_locations.user_id`,
          sql`fhir_locations.display_order`,
          sql`fhir_locations.created_at`,
          sql`fhir_locations.id`,
        )
        .limit(limit)
        .offset(offset),
    );
    const total = await totalOf(rows, limit, offset, () => db.select({ value: count() }).from(fhirLocations).where(where));
    const offices = rows.filter((row) => row.userId);
    const siteIds = rows.filter((row) => !row.userId).map((row) => row.id);
    const [owners, siteRows] = await Promise.all([
      providers([...new Set(offices.map((row) => row.userId!))], new Map(offices.map((row) => [row.userId!, Number(row.version)]))),
      siteIds.length
        ? db
            .select({ site: hospitalLocations, hospital: HOSPITAL_FIELDS })
            .from(hospitalLocations)
            .innerJoin(hospitals, eq(hospitals.id, hospitalLocations.hospitalId))
            .where(inArray(hospitalLocations.id, siteIds))
        : Promise.resolve([]),
    ]);
    const byId = new Map([
      ...owners.flatMap(locationResources).map((location) => [location.id, location] as const),
      ...siteRows.map((row) => [row.site.id, siteLocationResource(row.site, hospitalOf(row.hospital))] as const),
    ]);
    const siteHospitals = siteRows.map((row) => hospitalOf(row.hospital));
    return { locations: rows.flatMap((row) => (byId.has(row.id) ? [byId.get(row.id)!] : [])), owners, siteHospitals, total };
  };
  const locationsByIds = async (ids: string[]) =>
    ids.length ? (await locationsWhere(whereOf('Location', [{ key: '_id', name: '_id', values: ids }]), ids.length, 0)).locations : [];

  /** Providers of these hospitals for a `_revinclude`, at most INCLUDE_LIMIT (one more is read to know whether it was cut). */
  const providersOfHospitals = async (hospitalIds: string[]) => {
    if (!hospitalIds.length) return { list: [], cut: false };
    const rows = await db
      .select({ id: publicListings.userId, version: publicListings.profileVersion })
      .from(publicListings)
      .where(inArray(publicListings.hospitalId, hospitalIds))
      .orderBy(asc(publicListings.fullName), asc(publicListings.userId))
      .limit(INCLUDE_LIMIT + 1);
    const kept = rows.slice(0, INCLUDE_LIMIT);
    return {
      list: await providers(
        kept.map((r) => r.id),
        new Map(kept.map((r) => [r.id, r.version])),
      ),
      cut: rows.length > INCLUDE_LIMIT,
    };
  };
  const cutNote = (what: string) => `${what} lists the first ${INCLUDE_LIMIT} resources; search them directly to page through all of them`;

  /** `cacheable`: a provider search whose match may be kept (decision 0034). */
  type Run = (where: SQL, page: { count: number; offset: number }, include: Set<string>, revinclude: Set<string>, cacheable?: boolean) => Promise<SearchResult>;

  const runs: Record<FhirType, Run> = {
    Practitioner: async (where, page, _include, revinclude, cacheable) => {
      const { list, total, builtFrom } = await providerPage(where, page.count, page.offset, cacheable);
      return {
        matches: list.map(practitionerResource),
        included: revinclude.has('PractitionerRole:practitioner') ? list.map(practitionerRoleResource) : [],
        total,
        page,
        builtFrom,
      };
    },
    PractitionerRole: async (where, page, include, _revinclude, cacheable) => {
      const { list, total, builtFrom } = await providerPage(where, page.count, page.offset, cacheable);
      const their = uniqueHospitals(list);
      const included = [
        ...(include.has('PractitionerRole:practitioner') ? list.map(practitionerResource) : []),
        ...(include.has('PractitionerRole:organization') ? their.map(organizationResource) : []),
        ...(include.has('PractitionerRole:location') ? list.flatMap(locationResources) : []),
        ...(include.has('PractitionerRole:service') ? await serviceResources(db, their) : []),
        ...(include.has('PractitionerRole:endpoint') ? their.map((h) => endpointResource(h, baseUrl)) : []),
      ];
      // Services read their hospitals' clinicians, which nothing a kept answer checks covers.
      return { matches: list.map(practitionerRoleResource), included, total, page, builtFrom: include.has('PractitionerRole:service') ? undefined : builtFrom };
    },
    Location: async (where, page, include, revinclude) => {
      const { locations, owners, siteHospitals, total } = await locationsWhere(where, page.count, page.offset);
      const matchedOwners = owners.filter((p) => p.profile.locations.some((l) => locations.some((m) => m.id === l.id)));
      // A site's hospital counts for its Organization and Endpoint; its clinicians' service lists their offices, not the sites.
      const offices = uniqueHospitals(matchedOwners);
      const all = [...new Map([...offices, ...siteHospitals].map((h) => [h.id, h])).values()];
      const parents = [...new Set(locations.flatMap((l) => (l.partOf as { reference: string } | undefined)?.reference.replace('Location/', '') ?? []))];
      const included = [
        ...(include.has('Location:organization') ? all.map(organizationResource) : []),
        ...(include.has('Location:endpoint') ? all.map((h) => endpointResource(h, baseUrl)) : []),
        ...(include.has('Location:partof') ? await locationsByIds(parents) : []),
        ...(revinclude.has('PractitionerRole:location') ? matchedOwners.map(practitionerRoleResource) : []),
        ...(revinclude.has('HealthcareService:location') ? await serviceResources(db, offices) : []),
      ];
      return { matches: locations, included, total, page };
    },
    Organization: async (where, page, include, revinclude) => {
      const { hospitals: list, total } = await hospitalsWhere(db, where, page.count, page.offset);
      const roles = revinclude.has('PractitionerRole:organization') ? await providersOfHospitals(list.map((h) => h.id)) : { list: [], cut: false };
      const included = [
        ...(include.has('Organization:endpoint') || revinclude.has('Endpoint:organization') ? list.map((h) => endpointResource(h, baseUrl)) : []),
        ...(revinclude.has('HealthcareService:organization') ? await serviceResources(db, list) : []),
        ...roles.list.map(practitionerRoleResource),
      ];
      return {
        matches: list.map(organizationResource),
        included,
        outcomes: roles.cut ? [cutNote('_revinclude=PractitionerRole:organization')] : [],
        total,
        page,
      };
    },
    HealthcareService: async (where, page, include, revinclude) => {
      const { hospitals: list, total } = await hospitalsWhere(db, where, page.count, page.offset);
      const services = await serviceResources(db, list);
      const locationIds = services.flatMap((s) =>
        ((s.location as Array<{ reference: string }> | undefined) ?? []).map((l) => l.reference.slice('Location/'.length)),
      );
      const roles = revinclude.has('PractitionerRole:service') ? await providersOfHospitals(list.map((h) => h.id)) : { list: [], cut: false };
      const locationsCut = include.has('HealthcareService:location') && locationIds.length > INCLUDE_LIMIT;
      const included = [
        ...(include.has('HealthcareService:organization') ? list.map(organizationResource) : []),
        ...(include.has('HealthcareService:endpoint') ? list.map((h) => endpointResource(h, baseUrl)) : []),
        ...(include.has('HealthcareService:location') ? await locationsByIds(locationIds.slice(0, INCLUDE_LIMIT)) : []),
        ...roles.list.map(practitionerRoleResource),
      ];
      const outcomes = [
        ...(roles.cut ? [cutNote('_revinclude=PractitionerRole:service')] : []),
        ...(locationsCut ? [cutNote('_include=HealthcareService:location')] : []),
      ];
      return { matches: services, included, outcomes, total, page };
    },
    Endpoint: async (where, page, include) => {
      const { hospitals: list, total } = await hospitalsWhere(db, where, page.count, page.offset);
      return {
        matches: list.map((h) => endpointResource(h, baseUrl)),
        included: include.has('Endpoint:organization') ? list.map(organizationResource) : [],
        total,
        page,
      };
    },
    InsurancePlan: async (where, page) => {
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: sql<string>`insurance_plans.id`, name: sql<string>`insurance_plans.name`, updatedAt: sql<string>`insurance_plans.updated_at` })
          .from(insurancePlans)
          .where(where)
          .orderBy(sql`lower(insurance_plans.name)`, sql`insurance_plans.id`)
          .limit(page.count)
          .offset(page.offset),
        db.select({ value: count() }).from(insurancePlans).where(where),
      ]);
      return {
        matches: rows.map((row) => insurancePlanResource({ id: row.id, name: row.name, updatedAt: new Date(row.updatedAt).toISOString() })),
        included: [],
        total: total?.value ?? 0,
        page,
      };
    },
  };

  /** Drops a parameter sent without a value (`name=`), as if absent. */
  const criteriaOf = (accepted: URLSearchParams): Criterion[] =>
    [...accepted]
      .filter(([key]) => !RESULT_PARAMETERS.includes(key) && key !== '_include' && key !== '_revinclude')
      .map(([key, value]) => parseCriterion(key, value))
      .filter((c) => c.values.length > 0);

  /**
   * A search-type interaction: the parameters the resource understands are searched by, all of them
   * together; the rest are left out (or, with `Prefer: handling=strict`, refused by name). A line of
   * Plan-Net's table the data cannot fill is refused with an OperationOutcome naming it.
   * `_summary=count` answers the total alone.
   */
  const search = (type: FhirType) => async (c: Context<AppBindings>) => {
    const url = new URL(c.req.url);
    const { accepted, ignored } = acceptedParameters(url, type);
    if (ignored.length && wantsStrictHandling(c.req.header('prefer'))) {
      throw new FhirError(400, 'not-supported', `Unknown or unsupported search parameters for ${type}: ${ignored.join(', ')}`);
    }
    const page = paging(accepted);
    const include = new Set(accepted.getAll('_include'));
    const revinclude = new Set(accepted.getAll('_revinclude'));
    for (const [kind, values] of [
      ['_include', include],
      ['_revinclude', revinclude],
    ] as const) {
      for (const value of values)
        if (NOT_FILLED[`${type}?${kind}=${value}`]) throw new FhirError(400, 'not-supported', notFilledMessage(`${type}?${kind}=${value}`));
    }
    const criteria = criteriaOf(accepted);
    const where = whereOf(type, criteria);
    const countOnly = accepted.get('_summary') === 'count';
    const cacheable = cacheableProviderSearch(criteria);
    // A provider search answers what it kept while that is still what it would build (decision 0037).
    const answerKey = `${url.pathname}?${accepted.toString()}`;
    const kept = cacheable && (type === 'Practitioner' || type === 'PractitionerRole') ? keptAnswers(db).get(answerKey) : undefined;
    if (kept && (await stillCurrent(db, kept))) return fhirText(c, kept.body);
    // The count needs no page: a page of none still carries the total.
    const result = await runs[type](
      where,
      countOnly ? { count: 0, offset: 0 } : page,
      countOnly ? new Set() : include,
      countOnly ? new Set() : revinclude,
      cacheable,
    );
    const body = JSON.stringify(bundle(url.pathname, baseUrl, result, accepted, countOnly));
    if (result.builtFrom) keptAnswers(db).set(answerKey, { ...result.builtFrom, body });
    return fhirText(c, body);
  };

  /** `GET /fhir/r4/:type/:id`: the search by _id, answered as the resource or 404. */
  const read = (type: FhirType) => async (c: Context<AppBindings>) => {
    const id = c.req.param('id') ?? '';
    const found =
      ID_PATTERN.test(id) && UUID_PATTERN.test(id)
        ? await runs[type](whereOf(type, [{ key: '_id', name: '_id', values: [id] }]), { count: 1, offset: 0 }, new Set(), new Set())
        : null;
    const resource = found?.matches.find((r) => r.id === id);
    if (!resource) throw new FhirError(404, 'not-found', `${type}/${id} is not known`);
    return fhirJson(c, resource);
  };

  const app = new Hono<AppBindings>();
  app.onError((error, c) => {
    if (error instanceof FhirError) return fhirJson(c, operationOutcome(error.code, error.message), error.status);
    deps.logger.error({ err: error }, 'FHIR request failed');
    return fhirJson(c, operationOutcome('exception', 'The directory could not be read'), 500);
  });
  app.get('/fhir/r4/metadata', (c) => fhirJson(c, capabilityStatement(baseUrl)));
  for (const type of FHIR_TYPES) {
    app.get(`/fhir/r4/${type}`, search(type));
    app.get(`/fhir/r4/${type}/:id`, read(type));
  }
  // Resource types of Plan-Net's table the data cannot fill at all (OrganizationAffiliation): named, not merely unknown.
  for (const type of Object.keys(NOT_FILLED).filter((line) => !line.includes('?'))) {
    app.get(`/fhir/r4/${type}/*`, (c) => fhirJson(c, operationOutcome('not-supported', notFilledMessage(type)), 404));
    app.get(`/fhir/r4/${type}`, (c) => fhirJson(c, operationOutcome('not-supported', notFilledMessage(type)), 404));
  }
  app.all('/fhir/r4/*', (c) => fhirJson(c, operationOutcome('not-supported', `${c.req.method} ${c.req.path} is not part of this read-only directory`), 404));
  return app;
}

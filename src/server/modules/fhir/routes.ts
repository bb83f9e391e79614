import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { AppDeps } from '../../app';
import type { Database } from '../../db/client';
import { hospitals, medicalSpecialtyTaxonomy, publicIdentity, publicListings, publicLocations } from '../../db/schema';
import type { AppBindings } from '../../http/types';
import { containsPattern } from '../../lib/like';
import { publicProfileOf } from '../directory/public-profile';
import { readFullProfile, type ProfileReadCache } from '../profile/read';
import {
  capabilityStatement,
  healthcareServiceResource,
  locationResources,
  NPI_SYSTEM,
  NUCC_SYSTEM,
  operationOutcome,
  organizationResource,
  practitionerResource,
  practitionerRoleResource,
  PRACTITIONER_ROLE_INCLUDES,
  SEARCH_PARAMETERS,
  type DirectoryHospital,
  type FhirResource,
  type OutcomeCode,
  type PublishedProvider,
} from './resources';

/**
 * `/fhir/r4`: a read-only FHIR R4 provider directory of what hospitals publish (issue T2 3/5 item 4).
 * Public like the directory's pages and read through the same gate (the public_* views, decision 0020).
 */

const FHIR_JSON = 'application/fhir+json; charset=utf-8';
const DEFAULT_COUNT = 20;
const MAX_COUNT = 100;
/** How many providers a Location or HealthcareService search looks through. */
const SCAN_LIMIT = 1000;
const ID_PATTERN = /^[A-Za-z0-9\-.]{1,64}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

class FhirError extends Error {
  constructor(
    readonly status: 400 | 404,
    readonly code: 'not-found' | 'invalid' | 'not-supported',
    message: string,
  ) {
    super(message);
  }
}

type ResourceType = keyof typeof SEARCH_PARAMETERS;

/** Parameters of the result, accepted on every search: the page, and `_summary=count` (the total alone). */
const RESULT_PARAMETERS = ['_count', '_offset', '_summary'];
/** `_summary` values we answer; `true`, `text` and `data` would need trimmed resources we do not build. */
const SUMMARY_VALUES = new Set(['count', 'false']);

/** Each resource's accepted parameter names: its search parameters with their modifiers, and the result parameters. */
const ACCEPTED: Record<ResourceType, ReadonlySet<string>> = Object.fromEntries(
  Object.entries(SEARCH_PARAMETERS).map(([type, parameters]) => [
    type,
    new Set([
      ...parameters.flatMap((p) => [p.name, ...(p.modifiers ?? []).map((modifier) => `${p.name}:${modifier}`)]),
      ...RESULT_PARAMETERS,
      ...(type === 'PractitionerRole' ? ['_include'] : []),
    ]),
  ]),
) as unknown as Record<ResourceType, ReadonlySet<string>>;

/** `Prefer: handling=strict` (FHIR search, section 3.1.1.4): unknown or unsupported parameters are an error, not ignored. */
const wantsStrictHandling = (prefer: string | undefined) => /(^|[,;\s])handling\s*=\s*"?strict"?(\s*[,;]|\s*$)/i.test(prefer ?? '');

/**
 * The request's parameters split into those this resource understands (they are searched by, and
 * only they appear in the bundle's self link) and the rest, which FHIR's default lenient handling
 * leaves out (https://hl7.org/fhir/R4/search.html#errors).
 */
function acceptedParameters(url: URL, type: ResourceType) {
  const accepted = new URLSearchParams();
  const ignored: string[] = [];
  for (const [name, value] of url.searchParams) {
    const understood = ACCEPTED[type].has(name) && (name !== '_summary' || SUMMARY_VALUES.has(value));
    if (understood) accepted.append(name, value);
    else if (!ignored.includes(name)) ignored.push(name);
  }
  return { accepted, ignored };
}

const listParam = (value: string | undefined) => (value ? value.split(',').map((v) => v.trim()).filter(Boolean) : []);

/** `Practitioner/abc` or `abc` → `abc`; ids that are not ours match nothing. */
function referenceIds(value: string | undefined, type: string) {
  return listParam(value).map((v) => (v.startsWith(`${type}/`) ? v.slice(type.length + 1) : v)).filter((id) => UUID_PATTERN.test(id));
}

/** `system|code`, `|code` or `code`; a system other than `expected` matches nothing. */
function tokenValues(value: string | undefined, expected: string) {
  return listParam(value).flatMap((token) => {
    const bar = token.indexOf('|');
    if (bar === -1) return [token];
    const system = token.slice(0, bar);
    return system === '' || system === expected ? [token.slice(bar + 1)] : [];
  });
}

/** The search parameters: a request's query string, or `_id` alone for a read. */
interface Query {
  get(key: string): string | undefined;
  all(key: string): string[];
}

const queryOf = (params: URLSearchParams): Query => ({ get: (key) => params.get(key) ?? undefined, all: (key) => params.getAll(key) });
const idQuery = (id: string): Query => ({ get: (key) => (key === '_id' ? id : undefined), all: () => [] });

interface SearchResult {
  matches: FhirResource[];
  included: FhirResource[];
  total: number;
  page: { count: number; offset: number };
}

/** Digits only: `Number()` would also take `0x10`, `1e3`, ` 5` and the empty string (as 0). */
const WHOLE_NUMBER = /^\d{1,9}$/;

function paging(q: Query) {
  const rawCount = q.get('_count');
  const rawOffset = q.get('_offset');
  if (rawCount !== undefined && !WHOLE_NUMBER.test(rawCount)) throw new FhirError(400, 'invalid', '_count must be a whole number (digits only)');
  if (rawOffset !== undefined && !WHOLE_NUMBER.test(rawOffset)) throw new FhirError(400, 'invalid', '_offset must be a whole number (digits only)');
  const countValue = rawCount === undefined ? DEFAULT_COUNT : Number(rawCount);
  const offsetValue = rawOffset === undefined ? 0 : Number(rawOffset);
  if (offsetValue > 100_000) throw new FhirError(400, 'invalid', '_offset must be a whole number up to 100000');
  return { count: Math.min(countValue, MAX_COUNT), offset: offsetValue };
}

/** `active`: every published resource is active, so `true` narrows nothing and `false` matches nothing. */
function activeOnly(q: Query) {
  const value = q.get('active');
  if (value === undefined || value === 'true') return true;
  if (value === 'false') return false;
  throw new FhirError(400, 'invalid', 'active must be true or false');
}

/** Published providers whose whole name or last name is exactly `name` (FHIR's `:exact`: case and accents count), through the public gate. */
async function exactNameIds(db: Database, name: string) {
  const rows = await db
    .select({ id: publicListings.userId })
    .from(publicListings)
    .where(or(eq(publicListings.fullName, name), eq(publicListings.lastName, name)))
    .limit(SCAN_LIMIT);
  return rows.map((row) => row.id);
}

/** Both lists when both are given: a search by `_id` and `name:exact` matches what both name. */
const intersect = (a: string[] | undefined, b: string[] | undefined) => (a && b ? a.filter((id) => b.includes(id)) : (a ?? b));

// ── Reads ───────────────────────────────────────────────────────────────────────────────────

async function directoryHospitalsWhere(db: Database, where?: SQL) {
  const rows = await db
    .select({ id: hospitals.id, name: hospitals.name, slug: sql<string>`${hospitals.directorySlug}`, address: hospitals.address, contactPhone: hospitals.contactPhone, contactEmail: hospitals.contactEmail })
    .from(hospitals)
    .where(and(eq(hospitals.isActive, true), eq(hospitals.directoryEnabled, true), sql`${hospitals.directorySlug} is not null`, where))
    .orderBy(asc(hospitals.name));
  return rows as DirectoryHospital[];
}

interface ProviderFilters {
  ids?: string[];
  npis?: string[];
  name?: string;
  organizations?: string[];
  locationIds?: string[];
  specialtyCodes?: string[];
}

/**
 * The published providers matching the filters: one page of ids and the total. Every filter reads the
 * public views (decision 0020), so a section the hospital hides cannot be searched by.
 */
async function publishedProviderIds(db: Database, filters: ProviderFilters, limit: number, offset: number) {
  const conditions: Array<SQL | undefined> = [];
  if (filters.ids) conditions.push(filters.ids.length ? inArray(publicListings.userId, filters.ids) : sql`false`);
  if (filters.npis) {
    conditions.push(filters.npis.length ? sql`${publicListings.userId} in (select ${publicIdentity.userId} from ${publicIdentity} where ${inArray(publicIdentity.npiNumber, filters.npis)})` : sql`false`);
  }
  if (filters.name) conditions.push(ilike(publicListings.fullName, containsPattern(filters.name)));
  if (filters.organizations) conditions.push(filters.organizations.length ? inArray(publicListings.hospitalId, filters.organizations) : sql`false`);
  if (filters.locationIds) {
    conditions.push(
      filters.locationIds.length ? sql`${publicListings.userId} in (select ${publicLocations.userId} from ${publicLocations} where ${inArray(publicLocations.id, filters.locationIds)})` : sql`false`,
    );
  }
  if (filters.specialtyCodes) {
    conditions.push(
      filters.specialtyCodes.length
        ? sql`${publicListings.userId} in (select ${publicIdentity.userId} from ${publicIdentity} where ${or(
            ...filters.specialtyCodes.map((code) => sql`${publicIdentity.npiSpecialties} @> ${JSON.stringify([{ code }])}::jsonb`),
            sql`lower(${publicIdentity.primarySpecialty}) in (select lower(${medicalSpecialtyTaxonomy.specialty}) from ${medicalSpecialtyTaxonomy} where ${inArray(medicalSpecialtyTaxonomy.specialtyCode, filters.specialtyCodes)})`,
          )})`
        : sql`false`,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: publicListings.userId, version: publicListings.profileVersion })
      .from(publicListings)
      .where(where)
      .orderBy(asc(publicListings.fullName), asc(publicListings.userId))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(publicListings).where(where),
  ]);
  return { ids: rows.map((row) => row.id), versions: new Map(rows.map((row) => [row.id, row.version])), total: total?.value ?? 0 };
}

/** Each provider's public profile (the directory's rules), with NUCC codes for their specialties. */
async function loadProviders(db: Database, ids: string[], cache?: ProfileReadCache, versions?: Map<string, number>): Promise<PublishedProvider[]> {
  if (ids.length === 0) return [];
  const [listingRows, reads] = await Promise.all([
    db
      .select({ userId: publicListings.userId, slug: publicListings.slug, hospital: { id: hospitals.id, name: hospitals.name, slug: sql<string>`${hospitals.directorySlug}`, address: hospitals.address, contactPhone: hospitals.contactPhone, contactEmail: hospitals.contactEmail } })
      .from(publicListings)
      .innerJoin(hospitals, eq(hospitals.id, publicListings.hospitalId))
      .where(inArray(publicListings.userId, ids)),
    // Through the process's cache when the search read each provider's profile_version.
    Promise.all(ids.map((id) => (cache ? cache.read(db, id, versions?.get(id)) : readFullProfile(db, id)))),
  ]);
  const listings = new Map(listingRows.map((row) => [row.userId, row]));
  const profiles = reads.map((read) => (read ? { read, profile: publicProfileOf(read) } : null));
  const names = [...new Set(profiles.flatMap((p) => (p && p.profile.specialtyCodes.length === 0 ? [p.profile.primarySpecialty, ...p.profile.additionalSpecialties] : [])).filter((n): n is string => !!n))];
  const codes = names.length
    ? await db
        .select({ name: medicalSpecialtyTaxonomy.specialty, code: medicalSpecialtyTaxonomy.specialtyCode })
        .from(medicalSpecialtyTaxonomy)
        .where(sql`lower(${medicalSpecialtyTaxonomy.specialty}) in (${sql.join(names.map((n) => sql`${n.toLowerCase()}`), sql`, `)})`)
    : [];
  const codeByName = new Map(codes.filter((c) => c.code).map((c) => [c.name.toLowerCase(), c.code!]));
  return ids.flatMap((id, index) => {
    const entry = profiles[index];
    const listing = listings.get(id);
    if (!entry || !listing) return [];
    const { read, profile } = entry;
    const specialties = profile.specialtyCodes.length
      ? profile.specialtyCodes.map((s) => ({ code: s.code, display: s.name }))
      : [profile.primarySpecialty, ...profile.additionalSpecialties]
          .filter((n): n is string => !!n)
          .flatMap((name) => (codeByName.has(name.toLowerCase()) ? [{ code: codeByName.get(name.toLowerCase())!, display: name }] : []));
    return [{ userId: id, slug: listing.slug, updatedAt: read.user.updatedAt.toISOString(), hospital: listing.hospital as DirectoryHospital, profile, specialties }];
  });
}

// ── Responses ───────────────────────────────────────────────────────────────────────────────

function fhirJson(c: Context<AppBindings>, body: unknown, status: 200 | 400 | 404 | 414 | 429 | 500 = 200) {
  c.header('Content-Type', FHIR_JSON);
  c.header('Cache-Control', status === 200 ? 'public, no-cache' : 'no-store');
  return c.body(JSON.stringify(body), status);
}

/** A refused public request (the guard in app.ts): an OperationOutcome, like every FHIR error. */
export function fhirRefusal(c: Context<AppBindings>, status: 400 | 414 | 429, message: string) {
  const code: OutcomeCode = status === 429 ? 'throttled' : status === 414 ? 'too-long' : 'invalid';
  return fhirJson(c, operationOutcome(code, message), status);
}

/** `accepted`: the parameters the search used; the links carry only these. `countOnly`: `_summary=count`, the total without entries. */
function bundle(c: Context<AppBindings>, baseUrl: string, { matches, included, total, page }: SearchResult, accepted: URLSearchParams, countOnly = false) {
  const url = new URL(c.req.url);
  const self = `${baseUrl}${url.pathname.replace(/^\/fhir\/r4/, '')}`;
  if (countOnly) {
    const query = accepted.toString();
    return fhirJson(c, { resourceType: 'Bundle', type: 'searchset', total, link: [{ relation: 'self', url: `${self}${query ? `?${query}` : ''}` }] });
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
    .map(({ resource, mode }) => ({ fullUrl: `${baseUrl}/${resource.resourceType}/${resource.id}`, resource, search: { mode } }));
  return fhirJson(c, { resourceType: 'Bundle', type: 'searchset', total, link: links, entry });
}

export function fhirRoutes(deps: AppDeps, profileCache?: ProfileReadCache) {
  const db = deps.database.publicDb;
  const baseUrl = `${deps.env.appUrl}/fhir/r4`;

  const idsOf = (q: Query) => (q.get('_id') !== undefined ? { ids: listParam(q.get('_id')).filter((id) => UUID_PATTERN.test(id)) } : {});

  const searchPractitioners = async (q: Query): Promise<SearchResult> => {
    const page = paging(q);
    const exact = q.get('name:exact');
    const exactIds = exact !== undefined ? await exactNameIds(db, exact.slice(0, 200)) : undefined;
    const wantedIds = intersect(idsOf(q).ids, exactIds);
    const filters: ProviderFilters = {
      ...(wantedIds ? { ids: wantedIds } : {}),
      ...(q.get('identifier') !== undefined ? { npis: tokenValues(q.get('identifier'), NPI_SYSTEM) } : {}),
      ...(q.get('name') ? { name: q.get('name')!.slice(0, 100) } : {}),
    };
    const { ids, versions, total } = await publishedProviderIds(db, filters, page.count, page.offset);
    return { matches: (await loadProviders(db, ids, profileCache, versions)).map(practitionerResource), included: [], total, page };
  };

  const searchRoles = async (q: Query): Promise<SearchResult> => {
    const page = paging(q);
    const filters: ProviderFilters = {
      ...idsOf(q),
      ...(q.get('practitioner') !== undefined ? { ids: referenceIds(q.get('practitioner'), 'Practitioner') } : {}),
      ...(q.get('organization') !== undefined ? { organizations: referenceIds(q.get('organization'), 'Organization') } : {}),
      ...(q.get('location') !== undefined ? { locationIds: referenceIds(q.get('location'), 'Location') } : {}),
      ...(q.get('specialty') !== undefined ? { specialtyCodes: tokenValues(q.get('specialty'), NUCC_SYSTEM) } : {}),
    };
    const includes = new Set(q.all('_include'));
    for (const include of includes) {
      if (!(PRACTITIONER_ROLE_INCLUDES as readonly string[]).includes(include)) {
        throw new FhirError(400, 'not-supported', `_include=${include} is not supported; use PractitionerRole:practitioner, PractitionerRole:organization or PractitionerRole:location`);
      }
    }
    const { ids, versions, total } = await publishedProviderIds(db, filters, page.count, page.offset);
    const providers = await loadProviders(db, ids, profileCache, versions);
    const included = [
      ...(includes.has('PractitionerRole:practitioner') ? providers.map(practitionerResource) : []),
      ...(includes.has('PractitionerRole:organization') ? providers.map((p) => organizationResource(p.hospital)) : []),
      ...(includes.has('PractitionerRole:location') ? providers.flatMap(locationResources) : []),
    ];
    return { matches: providers.map(practitionerRoleResource), included, total, page };
  };

  /** Locations and services come from the providers a hospital publishes (at most SCAN_LIMIT). */
  const providersOf = async (organizations?: string[]) => {
    const { ids, versions } = await publishedProviderIds(db, organizations ? { organizations } : {}, SCAN_LIMIT, 0);
    return loadProviders(db, ids, profileCache, versions);
  };

  const searchLocations = async (q: Query): Promise<SearchResult> => {
    const page = paging(q);
    const organizations = q.get('organization') !== undefined ? referenceIds(q.get('organization'), 'Organization') : undefined;
    const wanted = q.get('_id') !== undefined ? listParam(q.get('_id')).filter((id) => UUID_PATTERN.test(id)) : null;
    // The page of locations is cut in SQL (public_locations), and only its providers' profiles are read.
    const where = and(
      organizations ? (organizations.length ? inArray(publicLocations.hospitalId, organizations) : sql`false`) : undefined,
      wanted ? (wanted.length ? inArray(publicLocations.id, wanted) : sql`false`) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({ id: publicLocations.id, userId: publicLocations.userId, version: publicListings.profileVersion })
        .from(publicLocations)
        .innerJoin(publicListings, eq(publicListings.userId, publicLocations.userId))
        .where(where)
        .orderBy(asc(publicListings.fullName), asc(publicLocations.userId), asc(publicLocations.displayOrder), asc(publicLocations.createdAt), asc(publicLocations.id))
        .limit(page.count)
        .offset(page.offset),
      db.select({ value: count() }).from(publicLocations).where(where),
    ]);
    const owners = [...new Set(rows.map((row) => row.userId))];
    const providers = await loadProviders(db, owners, profileCache, new Map(rows.map((row) => [row.userId, row.version])));
    const byId = new Map(providers.flatMap(locationResources).map((location) => [location.id, location]));
    return { matches: rows.flatMap((row) => (byId.has(row.id) ? [byId.get(row.id)!] : [])), included: [], total: total?.value ?? 0, page };
  };

  const searchOrganizations = async (q: Query): Promise<SearchResult> => {
    const page = paging(q);
    const ids = q.get('_id') !== undefined ? listParam(q.get('_id')).filter((id) => UUID_PATTERN.test(id)) : null;
    const name = q.get('name');
    const exact = q.get('name:exact');
    const rows = await directoryHospitalsWhere(
      db,
      and(
        ids ? (ids.length ? inArray(hospitals.id, ids) : sql`false`) : undefined,
        name ? ilike(hospitals.name, containsPattern(name.slice(0, 100))) : undefined,
        exact !== undefined ? eq(hospitals.name, exact.slice(0, 200)) : undefined,
      ),
    );
    return { matches: rows.slice(page.offset, page.offset + page.count).map(organizationResource), included: [], total: rows.length, page };
  };

  const searchServices = async (q: Query): Promise<SearchResult> => {
    const page = paging(q);
    const ids = q.get('_id') !== undefined ? listParam(q.get('_id')).filter((id) => UUID_PATTERN.test(id)) : null;
    const organizations = q.get('organization') !== undefined ? referenceIds(q.get('organization'), 'Organization') : null;
    const wanted = ids && organizations ? ids.filter((id) => organizations.includes(id)) : (ids ?? organizations);
    const rows = await directoryHospitalsWhere(db, wanted ? (wanted.length ? inArray(hospitals.id, wanted) : sql`false`) : undefined);
    const pageRows = rows.slice(page.offset, page.offset + page.count);
    const services = await Promise.all(pageRows.map(async (hospital) => healthcareServiceResource(hospital, await providersOf([hospital.id]))));
    return { matches: services, included: [], total: rows.length, page };
  };

  type Search = (q: Query) => Promise<SearchResult>;
  /**
   * A search-type interaction: the parameters the resource understands are searched by; the rest are
   * left out (or, with `Prefer: handling=strict`, refused by name). `active=false` matches nothing;
   * `_summary=count` answers the total alone.
   */
  const search = (type: ResourceType, run: Search) => async (c: Context<AppBindings>) => {
    const { accepted, ignored } = acceptedParameters(new URL(c.req.url), type);
    if (ignored.length && wantsStrictHandling(c.req.header('prefer'))) {
      throw new FhirError(400, 'not-supported', `Unknown or unsupported search parameters for ${type}: ${ignored.join(', ')}`);
    }
    const q = queryOf(accepted);
    const page = paging(q);
    const countOnly = q.get('_summary') === 'count';
    if (!activeOnly(q)) return bundle(c, baseUrl, { matches: [], included: [], total: 0, page }, accepted, countOnly);
    // The count needs no page: a page of none still carries the total.
    const counted = countOnly ? queryOf(new URLSearchParams([...accepted, ['_count', '0']].filter(([name], index, all) => name !== '_count' || index === all.length - 1))) : q;
    return bundle(c, baseUrl, await run(counted), accepted, countOnly);
  };
  /** `GET /fhir/r4/:type/:id`: the search by _id, answered as the resource or 404. */
  const read = (type: string, run: Search) => async (c: Context<AppBindings>) => {
    const id = c.req.param('id') ?? '';
    const resource = ID_PATTERN.test(id) ? (await run(idQuery(id))).matches.find((r) => r.id === id) : undefined;
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
  app.get('/fhir/r4/Practitioner', search('Practitioner', searchPractitioners));
  app.get('/fhir/r4/Practitioner/:id', read('Practitioner', searchPractitioners));
  app.get('/fhir/r4/PractitionerRole', search('PractitionerRole', searchRoles));
  app.get('/fhir/r4/PractitionerRole/:id', read('PractitionerRole', searchRoles));
  app.get('/fhir/r4/Location', search('Location', searchLocations));
  app.get('/fhir/r4/Location/:id', read('Location', searchLocations));
  app.get('/fhir/r4/Organization', search('Organization', searchOrganizations));
  app.get('/fhir/r4/Organization/:id', read('Organization', searchOrganizations));
  app.get('/fhir/r4/HealthcareService', search('HealthcareService', searchServices));
  app.get('/fhir/r4/HealthcareService/:id', read('HealthcareService', searchServices));
  app.all('/fhir/r4/*', (c) => fhirJson(c, operationOutcome('not-supported', `${c.req.method} ${c.req.path} is not part of this read-only directory`), 404));
  return app;
}

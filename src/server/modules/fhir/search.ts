import { sql, type SQL } from 'drizzle-orm';
import { hospitalLocations, hospitals, medicalSpecialtyTaxonomy, publicIdentity, publicInsurance, publicListings, publicLocations } from '../../db/schema';
import { containsPattern, startsWithPattern } from '../../lib/like';
import {
  NOT_FILLED,
  notFilledMessage,
  NPI_SYSTEM,
  NUCC_SYSTEM,
  ORG_TYPE_SYSTEM,
  PROVIDER_ROLE_SYSTEM,
  ROLE_BY_NUCC_PREFIX,
  SEARCH_PARAMETERS,
  SERVICE_CATEGORY,
  serviceName,
  type FhirType,
} from './resources';

/**
 * Each FHIR search parameter as one SQL condition on the rows behind a resource (decision 0022):
 * providers are `public_listings` rows, locations `public_locations`, hospitals (Organization,
 * HealthcareService, Endpoint) `hospitals` with a public directory, insurance plans the names in
 * `public_insurance`. Every provider fact is read through the public gate (decision 0020). A chained
 * parameter (`location.address-city=Chicago`) is the target's condition as a sub-select of its ids,
 * so a search stays one statement however it is combined.
 */

export class FhirError extends Error {
  constructor(
    readonly status: 400 | 404,
    readonly code: 'not-found' | 'invalid' | 'not-supported',
    message: string,
  ) {
    super(message);
  }
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One parameter of a request: `name[:modifier][.chained[:modifier]]=value[,value…]`. */
export interface Criterion {
  key: string;
  name: string;
  modifier?: string;
  chain?: { name: string; modifier?: string };
  values: string[];
}

export const listParam = (value: string | undefined) =>
  value
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : [];

export function parseCriterion(key: string, value: string): Criterion {
  const dot = key.indexOf('.');
  const [name = '', modifier] = (dot === -1 ? key : key.slice(0, dot)).split(':');
  const chained = dot === -1 ? undefined : key.slice(dot + 1).split(':');
  return {
    key,
    name,
    ...(modifier ? { modifier } : {}),
    ...(chained ? { chain: { name: chained[0] ?? '', ...(chained[1] ? { modifier: chained[1] } : {}) } } : {}),
    values: listParam(value),
  };
}

/** The table-line key of a parameter, `<type>?<name>`: throws the OperationOutcome for a line the data cannot fill. */
export function refuseNotFilled(type: string, name: string) {
  const line = `${type}?${name}`;
  if (NOT_FILLED[line]) throw new FhirError(400, 'not-supported', notFilledMessage(line));
}

/** `name` searches contain the text (as before Plan-Net's table was followed); `:contains` says the same, `:exact` is whole. */
const modifierCheck = (c: Criterion) => {
  if (c.modifier && c.modifier !== 'exact' && c.modifier !== 'contains')
    throw new FhirError(400, 'not-supported', `${c.key}: the modifier :${c.modifier} is not supported (use :exact or :contains)`);
  return c.key;
};

const or = (parts: SQL[]) => (parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`);
const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const uuids = (values: string[]) => values.filter((v) => UUID_PATTERN.test(v));

/** `Practitioner/abc`, a URL ending in it, or `abc` → `abc`; a reference to another type, or an id that is not ours, matches nothing. */
export function referenceIds(values: string[], type: string) {
  const pattern = new RegExp(`^(?:.*/)?${type}/([^/]+)$`);
  return uuids(values.flatMap((v) => (pattern.test(v) ? [pattern.exec(v)![1]!] : v.includes('/') ? [] : [v])));
}

/** `system|code`, `|code` or `code`; a system other than `expected` matches nothing. */
export function tokenValues(values: string[], expected: string) {
  return values.flatMap((token) => {
    const bar = token.indexOf('|');
    if (bar === -1) return [token];
    const system = token.slice(0, bar);
    return system === '' || system === expected ? [token.slice(bar + 1)] : [];
  });
}

/** FHIR string matching: starts with (case-insensitive) by default, `:contains`, `:exact`; any of the columns. */
function stringMatch(columns: SQL[], c: { values: string[]; modifier?: string }, key: string) {
  if (c.modifier && c.modifier !== 'exact' && c.modifier !== 'contains')
    throw new FhirError(400, 'not-supported', `${key}: the modifier :${c.modifier} is not supported (use :exact or :contains)`);
  return or(
    c.values.flatMap((raw) => {
      const value = raw.slice(0, 200);
      return columns.map((column) =>
        c.modifier === 'exact'
          ? sql`${column} = ${value}`
          : c.modifier === 'contains'
            ? sql`${column} ilike ${containsPattern(value)}`
            : sql`${column} ilike ${startsWithPattern(value)}`,
      );
    }),
  );
}

/** A text that is one line (a hospital's address): "starts with" means a word of it starts with the text. */
function wordMatch(column: SQL, c: { values: string[]; modifier?: string }, key: string) {
  if (c.modifier) return stringMatch([column], c, key);
  return or(c.values.map((value) => sql`(' ' || regexp_replace(${column}, '[,;/]', ' ', 'g')) ilike ${`% ${startsWithPattern(value.slice(0, 200))}`}`));
}

const DATE = /^(eq|ne|gt|lt|ge|le|sa|eb)?(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/;

/** `_lastUpdated`: the value's precision is a range (2026-11 is the whole month); each prefix compares with it. */
function dateMatch(column: SQL, values: string[], key: string) {
  return or(
    values.map((value) => {
      const m = DATE.exec(value);
      if (!m) throw new FhirError(400, 'invalid', `${key}: "${value}" is not a FHIR date (e.g. ge2026-01-01 or lt2026-11-27T12:00:00Z)`);
      const [, prefix = 'eq', year, month, day, hour, minute, second, fraction, zone] = m;
      const parts = [
        Number(year),
        month ? Number(month) - 1 : 0,
        day ? Number(day) : 1,
        hour ? Number(hour) : 0,
        minute ? Number(minute) : 0,
        second ? Number(second) : 0,
      ];
      const offset = zone && zone !== 'Z' ? (zone.startsWith('-') ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6))) : 0;
      const startMs =
        Date.UTC(parts[0]!, parts[1]!, parts[2]!, parts[3]!, parts[4]!, parts[5]!) + (fraction ? Math.round(Number(fraction) * 1000) : 0) - offset * 60_000;
      const start = new Date(startMs);
      const end = new Date(startMs);
      if (fraction) end.setTime(startMs + 1);
      else if (second) end.setTime(startMs + 1000);
      else if (minute) end.setTime(startMs + 60_000);
      else if (day) end.setUTCDate(end.getUTCDate() + 1);
      else if (month) end.setUTCMonth(end.getUTCMonth() + 1);
      else end.setUTCFullYear(end.getUTCFullYear() + 1);
      if (Number.isNaN(start.getTime())) throw new FhirError(400, 'invalid', `${key}: "${value}" is not a date`);
      const [s, e] = [start.toISOString(), end.toISOString()];
      switch (prefix) {
        case 'ne':
          return sql`(${column} < ${s}::timestamptz or ${column} >= ${e}::timestamptz)`;
        case 'gt':
        case 'sa':
          return sql`${column} >= ${e}::timestamptz`;
        case 'lt':
        case 'eb':
          return sql`${column} < ${s}::timestamptz`;
        case 'ge':
          return sql`${column} >= ${s}::timestamptz`;
        case 'le':
          return sql`${column} < ${e}::timestamptz`;
        default:
          return sql`(${column} >= ${s}::timestamptz and ${column} < ${e}::timestamptz)`;
      }
    }),
  );
}

/** `true` narrows nothing (every published resource is active), `false` matches nothing. */
function activeMatch(values: string[]) {
  if (values.length !== 1 || (values[0] !== 'true' && values[0] !== 'false')) throw new FhirError(400, 'invalid', 'active must be true or false');
  return values[0] === 'true' ? sql`true` : sql`false`;
}

/**
 * Providers (public_identity rows) with one of the NUCC codes: the registry's, else their specialty's by
 * name through the taxonomy. Each way is its own branch of a union, so each reads its own index
 * (migration 0031); written as one OR, PostgreSQL read every provider (180 ms at 50,000, 8 ms now).
 */
function specialtyCondition(codes: string[]) {
  if (!codes.length) return sql`false`;
  const byRegistryCode = codes.map(
    (code) => sql`select ${publicIdentity.userId} from ${publicIdentity} where ${publicIdentity.npiSpecialties} @> ${JSON.stringify([{ code }])}::jsonb`,
  );
  const byName = sql`select ${publicIdentity.userId} from ${publicIdentity} where lower(${publicIdentity.primarySpecialty}) in (select lower(${medicalSpecialtyTaxonomy.specialty}) from ${medicalSpecialtyTaxonomy} where ${medicalSpecialtyTaxonomy.specialtyCode} in (${list(codes)}))`;
  return sql`${publicListings.userId} in (${sql.join([...byRegistryCode, byName], sql` union all `)})`;
}

/** Providers whose specialty codes fall in the NUCC groupings of the roles asked. */
function roleCondition(roles: string[]) {
  const prefixes = ROLE_BY_NUCC_PREFIX.filter((role) => roles.includes(role.code)).flatMap((role) => role.prefixes);
  if (!prefixes.length) return sql`false`;
  const patterns = prefixes.map((prefix) => `${prefix}%`);
  return sql`${publicListings.userId} in (select ${publicIdentity.userId} from ${publicIdentity} where ${or([
    sql`exists (select 1 from jsonb_array_elements(${publicIdentity.npiSpecialties}) s where ${or(patterns.map((p) => sql`s->>'code' like ${p}`))})`,
    sql`lower(${publicIdentity.primarySpecialty}) in (select lower(${medicalSpecialtyTaxonomy.specialty}) from ${medicalSpecialtyTaxonomy} where ${or(patterns.map((p) => sql`${medicalSpecialtyTaxonomy.specialtyCode} like ${p}`))})`,
  ])})`;
}

type Handler = (c: Criterion) => SQL;

interface Table {
  /** The resource's id in its row. */
  id: SQL;
  /** `select <id> from <from> where <where>`: its ids, for a chain. */
  from: SQL;
  where: SQL;
  params: Record<string, Handler>;
}

/** A reference parameter: its ids, or a chained parameter of the target, as a set of target ids fed to `via`. */
function referenceHandler(type: FhirType, name: string, target: FhirType, via: (targetIds: SQL) => SQL): Handler {
  return (c) => {
    if (c.chain) {
      const allowed = SEARCH_PARAMETERS[type].find((p) => p.name === name)?.chain ?? [];
      refuseNotFilled(target, c.chain.name);
      if (!allowed.includes(c.chain.name)) throw new FhirError(400, 'not-supported', `${c.key}: ${name} can be chained with ${allowed.join(', ')}`);
      const inner = TABLES[target];
      return via(
        sql`(select ${inner.id} from ${inner.from} where ${inner.where} and ${condition(target, { key: c.key, name: c.chain.name, modifier: c.chain.modifier, values: c.values })})`,
      );
    }
    if (c.modifier && c.modifier !== target)
      throw new FhirError(400, 'not-supported', `${c.key}: the modifier :${c.modifier} is not supported (${name} refers to ${target})`);
    const ids = referenceIds(c.values, target);
    return ids.length ? via(sql`(${list(ids)})`) : sql`false`;
  };
}

const ids = (column: SQL) => (c: Criterion) => {
  const wanted = uuids(c.values);
  return wanted.length ? sql`${column} in (${list(wanted)})` : sql`false`;
};

const identityText = (column: SQL) => (c: Criterion) =>
  sql`${publicListings.userId} in (select ${publicIdentity.userId} from ${publicIdentity} where ${stringMatch([column], c, c.key)})`;

const listing = sql`${publicListings}`;
const directoryOpen = sql`${hospitals.isActive} and ${hospitals.directoryEnabled} and ${hospitals.directorySlug} is not null`;

/** Insurance plans: one per accepted name, case and surrounding spaces aside; its id is that name's md5 as a uuid. */
export const insurancePlans = sql`(select md5(lower(btrim(${publicInsurance.insuranceName})))::uuid as id, min(${publicInsurance.insuranceName}) as name, max(${publicListings.updatedAt}) as updated_at
  from ${publicInsurance} join ${publicListings} on ${publicListings.userId} = ${publicInsurance.userId}
  group by lower(btrim(${publicInsurance.insuranceName}))) as insurance_plans`;

/**
 * The hospital sites (hospital_locations) that are public: active, of a hospital with an open
 * directory, and picked by a published provider for an office the gate shows. A site is published
 * as the Location that office is part of (Plan-Net `partof`), never on its own.
 */
export const publicSiteCondition = sql`${hospitalLocations.isActive} and ${hospitalLocations.hospitalId} in (select ${hospitals.id} from ${hospitals} where ${directoryOpen})
  and ${hospitalLocations.id} in (select ${publicLocations.predefinedLocationId} from ${publicLocations} where ${publicLocations.predefinedLocationId} is not null)`;

/**
 * Every public Location's searchable facts as one row: providers' offices (public_locations, kind 0)
 * and the hospital sites they are part of (kind 1).
 */
export const fhirLocations = sql`(select ${publicLocations.id} as id, 0 as kind, ${publicLocations.hospitalId} as hospital_id, ${publicLocations.userId} as user_id,
        ${publicLocations.addressLine1} as address_line_1, ${publicLocations.addressLine2} as address_line_2, ${publicLocations.city} as city,
        ${publicLocations.state} as state, ${publicLocations.postalCode} as postal_code,
        (select ${hospitalLocations.id} from ${hospitalLocations} where ${hospitalLocations.id} = ${publicLocations.predefinedLocationId} and ${hospitalLocations.isActive}) as part_of,
        ${publicListings.updatedAt} as updated_at, ${publicListings.fullName} as sort_name, ${publicLocations.displayOrder} as display_order,
        ${publicLocations.createdAt} as created_at, ${publicListings.profileVersion} as profile_version
   from ${publicLocations} join ${publicListings} on ${publicListings.userId} = ${publicLocations.userId}
  union all
  select ${hospitalLocations.id}, 1, ${hospitalLocations.hospitalId}, null, coalesce(${hospitalLocations.addressLine1}, ${hospitalLocations.address}),
        ${hospitalLocations.addressLine2}, ${hospitalLocations.city}, ${hospitalLocations.state}, coalesce(${hospitalLocations.postalCode}, ${hospitalLocations.zipCode}),
        null, ${hospitalLocations.updatedAt}, ${hospitalLocations.name}, 0, ${hospitalLocations.createdAt}, null
   from ${hospitalLocations} where ${publicSiteCondition}) as fhir_locations`;

const hospitalTable = (params: Record<string, Handler>): Table => ({
  id: sql`${hospitals.id}`,
  from: sql`${hospitals}`,
  where: directoryOpen,
  params: { _id: ids(sql`${hospitals.id}`), _lastUpdated: (c) => dateMatch(sql`${hospitals.updatedAt}`, c.values, c.key), ...params },
});

const providerParams = (type: 'Practitioner' | 'PractitionerRole'): Record<string, Handler> => ({
  _id: ids(sql`${publicListings.userId}`),
  _lastUpdated: (c) => dateMatch(sql`${publicListings.updatedAt}`, c.values, c.key),
  active: (c) => activeMatch(c.values),
  ...(type === 'Practitioner'
    ? {
        identifier: (c) => {
          const npis = tokenValues(c.values, NPI_SYSTEM);
          return npis.length
            ? sql`${publicListings.userId} in (select ${publicIdentity.userId} from ${publicIdentity} where ${publicIdentity.npiNumber} in (${list(npis)}))`
            : sql`false`;
        },
        name: (c) =>
          c.modifier === 'exact'
            ? or(c.values.map((v) => sql`(${publicListings.fullName} = ${v.slice(0, 200)} or ${publicListings.lastName} = ${v.slice(0, 200)})`))
            : stringMatch([sql`${publicListings.fullName}`], { values: c.values, modifier: 'contains' }, modifierCheck(c)),
        family: identityText(sql`${publicIdentity.lastName}`),
        given: identityText(sql`${publicIdentity.firstName}`),
      }
    : {
        practitioner: referenceHandler('PractitionerRole', 'practitioner', 'Practitioner', (target) => sql`${publicListings.userId} in ${target}`),
        organization: referenceHandler('PractitionerRole', 'organization', 'Organization', (target) => sql`${publicListings.hospitalId} in ${target}`),
        location: referenceHandler(
          'PractitionerRole',
          'location',
          'Location',
          (target) => sql`${publicListings.userId} in (select ${publicLocations.userId} from ${publicLocations} where ${publicLocations.id} in ${target})`,
        ),
        service: referenceHandler('PractitionerRole', 'service', 'HealthcareService', (target) => sql`${publicListings.hospitalId} in ${target}`),
        endpoint: referenceHandler('PractitionerRole', 'endpoint', 'Endpoint', (target) => sql`${publicListings.hospitalId} in ${target}`),
        specialty: (c) => specialtyCondition(tokenValues(c.values, NUCC_SYSTEM)),
        role: (c) => roleCondition(tokenValues(c.values, PROVIDER_ROLE_SYSTEM)),
      }),
});

const orgType = (c: Criterion) => (tokenValues(c.values, ORG_TYPE_SYSTEM).includes('prvgrp') ? sql`true` : sql`false`);

export const TABLES: Record<FhirType, Table> = {
  Practitioner: { id: sql`${publicListings.userId}`, from: listing, where: sql`true`, params: providerParams('Practitioner') },
  PractitionerRole: { id: sql`${publicListings.userId}`, from: listing, where: sql`true`, params: providerParams('PractitionerRole') },
  Location: {
    id: sql`fhir_locations.id`,
    from: fhirLocations,
    where: sql`true`,
    params: {
      _id: ids(sql`fhir_locations.id`),
      _lastUpdated: (c) => dateMatch(sql`fhir_locations.updated_at`, c.values, c.key),
      organization: referenceHandler('Location', 'organization', 'Organization', (target) => sql`fhir_locations.hospital_id in ${target}`),
      endpoint: referenceHandler('Location', 'endpoint', 'Endpoint', (target) => sql`fhir_locations.hospital_id in ${target}`),
      partof: referenceHandler('Location', 'partof', 'Location', (target) => sql`fhir_locations.part_of in ${target}`),
      address: (c) =>
        stringMatch(
          [
            sql`fhir_locations.address_line_1`,
            sql`fhir_locations.address_line_2`,
            sql`fhir_locations.city`,
            sql`fhir_locations.state`,
            sql`fhir_locations.postal_code`,
          ],
          c,
          c.key,
        ),
      'address-city': (c) => stringMatch([sql`fhir_locations.city`], c, c.key),
      'address-state': (c) => stringMatch([sql`fhir_locations.state`], c, c.key),
      'address-postalcode': (c) => stringMatch([sql`fhir_locations.postal_code`], c, c.key),
    },
  },
  Organization: hospitalTable({
    // Contains, not starts with, as before Plan-Net's table was followed (decision 0008): kept for the clients that rely on it.
    name: (c) => stringMatch([sql`${hospitals.name}`], { values: c.values, modifier: c.modifier === 'exact' ? 'exact' : 'contains' }, modifierCheck(c)),
    address: (c) => wordMatch(sql`${hospitals.address}`, c, c.key),
    type: orgType,
    endpoint: referenceHandler('Organization', 'endpoint', 'Endpoint', (target) => sql`${hospitals.id} in ${target}`),
    active: (c) => activeMatch(c.values),
  }),
  HealthcareService: hospitalTable({
    name: (c) => stringMatch([sql`(${hospitals.name} || ${serviceName('')})`], c, c.key),
    specialty: (c) =>
      sql`${hospitals.id} in (select ${publicListings.hospitalId} from ${publicListings} where ${specialtyCondition(tokenValues(c.values, NUCC_SYSTEM))})`,
    'service-category': (c) => (tokenValues(c.values, SERVICE_CATEGORY.system).includes(SERVICE_CATEGORY.code) ? sql`true` : sql`false`),
    organization: referenceHandler('HealthcareService', 'organization', 'Organization', (target) => sql`${hospitals.id} in ${target}`),
    location: referenceHandler(
      'HealthcareService',
      'location',
      'Location',
      (target) => sql`${hospitals.id} in (select ${publicLocations.hospitalId} from ${publicLocations} where ${publicLocations.id} in ${target})`,
    ),
    endpoint: referenceHandler('HealthcareService', 'endpoint', 'Endpoint', (target) => sql`${hospitals.id} in ${target}`),
    active: (c) => activeMatch(c.values),
  }),
  Endpoint: hospitalTable({
    organization: referenceHandler('Endpoint', 'organization', 'Organization', (target) => sql`${hospitals.id} in ${target}`),
  }),
  InsurancePlan: {
    id: sql`insurance_plans.id`,
    from: insurancePlans,
    where: sql`true`,
    params: {
      _id: ids(sql`insurance_plans.id`),
      _lastUpdated: (c) => dateMatch(sql`insurance_plans.updated_at`, c.values, c.key),
      name: (c) => stringMatch([sql`insurance_plans.name`], c, c.key),
    },
  },
};

/** One parameter of a search as SQL on the type's row; a line of the table the data cannot fill is refused by name. */
export function condition(type: FhirType, c: Criterion): SQL {
  refuseNotFilled(type, c.name);
  const handler = TABLES[type].params[c.name];
  if (!handler) throw new FhirError(400, 'not-supported', `${c.key} is not a search parameter of ${type} here`);
  return handler(c);
}

/** Every parameter of a search, ANDed (a parameter repeated must hold each time; its comma-separated values are ORed). */
export function whereOf(type: FhirType, criteria: Criterion[]) {
  return sql.join([TABLES[type].where, ...criteria.map((c) => condition(type, c))], sql` and `);
}

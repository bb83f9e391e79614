import { z } from 'zod';
import { CACHE_TTL_MS } from '../../../shared/limits';
import { caseRegistryName, splitCredentials } from '../../../shared/names';
import { npiRecordSchema, type NpiAddress, type NpiRecord, type NpiTaxonomy } from '../../../shared/npi';
import { HttpError, fetchWithPolicy } from '../../lib/http';
import { TtlCache } from './cache';
import { NPI_REGISTRY_MESSAGES, NpiRegistryError, type NpiRegistry } from './types';

/** CMS's public NPPES API; NPI_REGISTRY_URL points elsewhere only for tests and local fakes. */
export const NPPES_DEFAULT_URL = 'https://npiregistry.cms.hhs.gov/api/';
export const NPPES_API_VERSION = '2.1';

export interface NppesRegistryOptions {
  baseUrl?: string;
  timeoutMs?: number;
  retries?: number;
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  cacheTtlMs?: number;
  cacheMaxEntries?: number;
  now?: () => number;
}

// ---------------------------------------------------------------------------------------------
// NPPES wire format, read leniently: unknown fields pass, optional fields may be missing or null,
// and identifiers are accepted as strings or numbers because v2.0 sent numbers where v2.1 sends strings.

const wireText = z.string().nullish();
const wireId = z.union([z.string(), z.number()]).transform(String);

const wireBasicSchema = z.looseObject({
  first_name: wireText,
  last_name: wireText,
  middle_name: wireText,
  name_prefix: wireText,
  name_suffix: wireText,
  credential: wireText,
  sex: wireText,
  gender: wireText,
  enumeration_date: wireText,
  last_updated: wireText,
  status: wireText,
  organization_name: wireText,
});

const wireAddressSchema = z.looseObject({
  address_purpose: wireText,
  address_1: wireText,
  address_2: wireText,
  city: wireText,
  state: wireText,
  postal_code: wireId.nullish(),
  country_code: wireText,
  telephone_number: wireText,
  fax_number: wireText,
});

const wireTaxonomySchema = z.looseObject({
  code: z.string(),
  desc: wireText,
  primary: z.union([z.boolean(), z.string()]).nullish(),
  state: wireText,
  license: wireText,
  taxonomy_group: wireText,
});

const wireResultSchema = z.looseObject({
  number: wireId,
  enumeration_type: wireText,
  created_epoch: wireId.nullish(),
  last_updated_epoch: wireId.nullish(),
  basic: wireBasicSchema.default({}),
  addresses: z.array(wireAddressSchema).nullish(),
  taxonomies: z.array(wireTaxonomySchema).nullish(),
});

const wireErrorSchema = z.looseObject({
  description: wireText,
  field: wireText,
  number: wireId.nullish(),
});

const wireResponseSchema = z
  .looseObject({
    result_count: z.number().nullish(),
    results: z.array(wireResultSchema).nullish(),
    Errors: z.array(wireErrorSchema).nullish(),
  })
  .refine((body) => body.results != null || body.result_count != null || body.Errors != null, {
    error: 'neither results nor Errors',
  });

export type NppesResult = z.infer<typeof wireResultSchema>;

// ---------------------------------------------------------------------------------------------
// Mapping to our record.

/** NPPES fills unused name parts with "--"; an empty part is no part. */
function clean(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed && trimmed !== '--' ? trimmed : null;
}

function isPrimary(value: boolean | string | null | undefined) {
  return value === true || (typeof value === 'string' && /^(y|yes|true)$/i.test(value.trim()));
}

function toAddress(address: z.infer<typeof wireAddressSchema>): NpiAddress {
  return {
    address_1: clean(address.address_1) ?? '',
    address_2: clean(address.address_2),
    city: clean(address.city) ?? '',
    state: clean(address.state) ?? '',
    postal_code: clean(address.postal_code) ?? '',
    country_code: clean(address.country_code) ?? '',
    telephone_number: clean(address.telephone_number),
    fax_number: clean(address.fax_number),
  };
}

function toTaxonomy(taxonomy: z.infer<typeof wireTaxonomySchema>): NpiTaxonomy {
  return {
    ...taxonomy,
    code: taxonomy.code.trim(),
    desc: clean(taxonomy.desc) ?? '',
    primary: isPrimary(taxonomy.primary),
    state: clean(taxonomy.state),
    license: clean(taxonomy.license),
    taxonomy_group: taxonomy.taxonomy_group ?? null,
  };
}

/**
 * One taxonomy per code. Real records list a code twice (one primary, one not, licensed in different
 * states) in 6–8 % of individuals; the primary entry wins, otherwise the first.
 */
function uniqueTaxonomies(taxonomies: NpiTaxonomy[]): NpiTaxonomy[] {
  const byCode = new Map<string, NpiTaxonomy>();
  for (const taxonomy of taxonomies) {
    const kept = byCode.get(taxonomy.code);
    if (!kept || (taxonomy.primary && !kept.primary)) byCode.set(taxonomy.code, taxonomy);
  }
  return [...byCode.values()];
}

const casedName = (value: string | null) => (value ? caseRegistryName(value) : null);

/** Individual providers only: an organization (NPI-2) is not someone who can hold a Vitae profile. */
export function mapNppesResult(result: NppesResult): NpiRecord | null {
  if (result.enumeration_type && result.enumeration_type !== 'NPI-1') return null;
  const basic = result.basic;
  // NPPES writes names in capitals; the record carries them as people write them.
  const firstName = casedName(clean(basic.first_name));
  const lastName = casedName(clean(basic.last_name));
  if (!firstName || !lastName) return null;

  const addresses = result.addresses ?? [];
  const location = addresses.find((address) => address.address_purpose?.toUpperCase() === 'LOCATION') ?? addresses[0];
  const listed = (result.taxonomies ?? []).map(toTaxonomy);
  const taxonomies = uniqueTaxonomies(listed);
  const primary = taxonomies.find((taxonomy) => taxonomy.primary) ?? taxonomies[0];
  const credential = clean(basic.credential);

  // One license is often listed under several taxonomies; saving it twice would trip the
  // "license already exists for this state" rule, so each (state, number) appears once. A code listed
  // twice usually carries two states' licenses, so licenses come from every listed entry.
  const seenLicenses = new Set<string>();
  const licenses: NpiRecord['licenses'] = [];
  for (const taxonomy of listed) {
    if (!taxonomy.license) continue;
    const key = `${taxonomy.state ?? ''}|${taxonomy.license}`;
    if (seenLicenses.has(key)) continue;
    seenLicenses.add(key);
    licenses.push({
      license_number: taxonomy.license,
      state: taxonomy.state,
      taxonomy_code: taxonomy.code,
      taxonomy_desc: taxonomy.desc,
      status: 'active',
    });
  }

  return {
    npi_number: result.number.trim(),
    first_name: firstName,
    last_name: lastName,
    middle_name: casedName(clean(basic.middle_name)),
    name_prefix: clean(basic.name_prefix),
    name_suffix: clean(basic.name_suffix),
    credential,
    gender: clean(basic.sex) ?? clean(basic.gender),
    enumeration_date: clean(basic.enumeration_date),
    last_updated: clean(basic.last_updated),
    status: clean(basic.status)?.toUpperCase() === 'A' ? 'active' : 'deactivated',
    primary_address: location ? toAddress(location) : null,
    primary_taxonomy: primary ? { code: primary.code, desc: primary.desc, state: primary.state, license: primary.license, primary: primary.primary } : null,
    licenses,
    specialties: taxonomies.map((taxonomy) => ({ name: taxonomy.desc, code: taxonomy.code, is_primary: taxonomy.primary })),
    credentials: splitCredentials(credential).map((value) => ({ type: 'degree', value, verified: true })),
    taxonomies,
  };
}

function invalidResponse(cause: unknown, status?: number) {
  return new NpiRegistryError('invalid_response', NPI_REGISTRY_MESSAGES.invalidResponse, status, { cause });
}

/** Reads one NPPES answer: the record, null for "no such individual", or an NpiRegistryError. */
export function parseNppesResponse(npi: string, payload: unknown, status?: number): NpiRecord | null {
  const parsed = wireResponseSchema.safeParse(payload);
  if (!parsed.success) throw invalidResponse(parsed.error, status);
  const body = parsed.data;

  const firstError = body.Errors?.[0];
  if (firstError) {
    const description = clean(firstError.description);
    // NPPES reports query problems (bad number, missing version) as 200 + Errors; its description says which.
    throw new NpiRegistryError('rejected', description ?? NPI_REGISTRY_MESSAGES.invalidResponse, status, {
      cause: body.Errors,
    });
  }

  // number= is an exact match, but a record for a different NPI must never be shown as this one.
  const match = (body.results ?? []).find((result) => result.number.trim() === npi);
  if (!match) return null;
  if (match.enumeration_type?.toUpperCase() === 'NPI-2') {
    throw new NpiRegistryError('organization', NPI_REGISTRY_MESSAGES.organization, status);
  }
  const record = mapNppesResult(match);
  if (!record) return null;
  const checked = npiRecordSchema.safeParse(record);
  if (!checked.success) throw invalidResponse(checked.error, status);
  return checked.data;
}

export function createNppesRegistry(options: NppesRegistryOptions = {}): NpiRegistry {
  const { baseUrl = NPPES_DEFAULT_URL, timeoutMs, retries, fetchImpl, sleep, cacheTtlMs = CACHE_TTL_MS, cacheMaxEntries = 500, now = Date.now } = options;
  const cache = new TtlCache<string, NpiRecord | null>(cacheTtlMs, cacheMaxEntries, now);
  // A double-clicked "Look up" or two tabs should cost NPPES one request, not two.
  const inFlight = new Map<string, Promise<NpiRecord | null>>();

  async function fetchRecord(npi: string): Promise<NpiRecord | null> {
    const url = new URL(baseUrl);
    url.searchParams.set('version', NPPES_API_VERSION);
    url.searchParams.set('number', npi);

    let response: Response;
    let text: string;
    try {
      response = await fetchWithPolicy(url, {
        method: 'GET',
        headers: { accept: 'application/json' },
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
        ...(retries === undefined ? {} : { retries }),
        ...(fetchImpl ? { fetchImpl } : {}),
        ...(sleep ? { sleep } : {}),
      });
      text = await response.text();
    } catch (error) {
      const status = error instanceof HttpError ? error.status : undefined;
      throw new NpiRegistryError('unavailable', NPI_REGISTRY_MESSAGES.unavailable, status, { cause: error });
    }
    if (!response.ok) {
      throw new NpiRegistryError('unavailable', NPI_REGISTRY_MESSAGES.unavailable, response.status, {
        cause: new HttpError(`Request failed with status code ${response.status}`, response.status, text.slice(0, 500)),
      });
    }

    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch (error) {
      throw invalidResponse(error, response.status);
    }
    return parseNppesResponse(npi, payload, response.status);
  }

  return {
    async lookup(npi) {
      const cached = cache.get(npi);
      if (cached !== undefined) return cached;
      const pending = inFlight.get(npi);
      if (pending) return pending;

      const request = fetchRecord(npi).then((record) => {
        cache.set(npi, record);
        return record;
      });
      inFlight.set(npi, request);
      try {
        return await request;
      } finally {
        inFlight.delete(npi);
      }
    },
  };
}

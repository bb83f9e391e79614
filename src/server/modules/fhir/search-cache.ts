import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { perDatabase, type Database } from '../../db/client';
import type { Criterion } from './search';

/**
 * Which providers a FHIR Practitioner or PractitionerRole search finds, in which order, and how many,
 * cached per process under every hospital's directory revision (decision 0034, after decision 0032's
 * directory search). Only the match is kept: the resources are built from the providers' profiles read
 * anew (through the profile cache, under each one's current `profile_version`) on every request.
 *
 * A search is kept only when each of its parameters reads what the revision's triggers cover: the
 * public listings and identities (migrations 0023 and 0032: directory_listings, professional_identity,
 * the users' names, status and hospital, the hospital's switches and hidden sections) and the specialty
 * taxonomy (migration 0034 bumps every hospital with any change to it). `_lastUpdated` (a listing's
 * change time moves with every save) and chained parameters (a hospital's name, a site's address) are
 * searched every time.
 *
 * Why it is never stale: as for the directory search, each bump locks its hospital's row until its
 * transaction ends, so a hospital's revision names exactly the changes committed up to it. A search
 * that missed reads the revisions first in its own transaction and the match after it on the same
 * connection, so the match is at least as new as the revisions it is kept under; a later request uses
 * it only when it reads the same revisions itself.
 */
const ENTRIES = 1_000;

const CACHEABLE_PARAMETERS: ReadonlySet<string> = new Set([
  '_id',
  'active',
  'identifier',
  'name',
  'family',
  'given',
  'practitioner',
  'organization',
  'specialty',
  'role',
]);

/** Whether a provider search's match may be kept: every parameter on the list, none chained. */
export const cacheableProviderSearch = (criteria: Criterion[]) => criteria.every((c) => CACHEABLE_PARAMETERS.has(c.name) && !c.chain);

export interface ProviderMatch {
  ids: string[];
  total: number;
}

const caches = perDatabase(() => new LRUCache<string, ProviderMatch>({ max: ENTRIES }));

/** Every hospital's directory revision, as one short text: a change to any of them is a new text. */
const revisionStatement = perDatabase((db) =>
  db
    .select({ revision: sql<string>`md5(coalesce(string_agg(id::text || ':' || directory_revision, ',' order by id), ''))` })
    .from(sql`hospitals`)
    .prepare('vitae_fhir_revision'),
);

export async function directoryRevisions(db: Database): Promise<string> {
  const [row] = await revisionStatement(db).execute();
  return row?.revision ?? '';
}

/**
 * The match kept for `key` (the search statement's text and parameters) under the revisions read now,
 * else `find()`'s, which reads the revisions first in its own transaction (`onRevision`) and is kept
 * under them.
 */
export async function cachedProviderMatch(
  db: Database,
  key: string,
  find: (onRevision: (revision: string) => void) => Promise<ProviderMatch>,
): Promise<ProviderMatch> {
  const cache = caches(db);
  const now = await directoryRevisions(db);
  const hit = cache.get(`${now}\0${key}`);
  if (hit) return hit;
  let revision: string | undefined;
  const match = await find((read) => (revision = read));
  if (revision !== undefined) cache.set(`${revision}\0${key}`, match);
  return match;
}

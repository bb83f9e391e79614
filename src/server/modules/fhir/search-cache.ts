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
export const DIRECTORY_REVISIONS = sql<string>`(select md5(coalesce(string_agg(r.id::text || ':' || r.directory_revision, ',' order by r.id), '')) from hospitals r)`;

const revisionStatement = perDatabase((db) =>
  db
    .select({ revision: DIRECTORY_REVISIONS })
    .from(sql`(select 1) as one`)
    .prepare('vitae_fhir_revision'),
);

export async function directoryRevisions(db: Database): Promise<string> {
  const [row] = await revisionStatement(db).execute();
  return row?.revision ?? '';
}

/**
 * The match kept for `key` (the search statement's text and parameters) under the revisions read now,
 * else `find()`'s, which reads the revisions first in its own transaction (`onRevision`) and is kept
 * under them. `revision`: what the match is kept under, read before it was found.
 */
export async function cachedProviderMatch(
  db: Database,
  key: string,
  find: (onRevision: (revision: string) => void) => Promise<ProviderMatch>,
): Promise<{ match: ProviderMatch; revision: string | undefined }> {
  const cache = caches(db);
  const now = await directoryRevisions(db);
  const hit = cache.get(`${now}\0${key}`);
  if (hit) return { match: hit, revision: now };
  let revision: string | undefined;
  const match = await find((read) => (revision = read));
  if (revision !== undefined) cache.set(`${revision}\0${key}`, match);
  return { match, revision };
}

/**
 * A provider search's whole answer (decision 0037), kept with what it was built from: the revisions
 * its match is kept under (read before the match was found), and its providers' profile versions as
 * the answer read them (`versions`, as text). It is answered again only while a new read of both gives
 * the same. The revisions cover the match, the taxonomy's codes, the listings' slugs and hospitals,
 * the hospitals' own fields and their sites (migrations 0032, 0034 and 0036); the versions cover each
 * profile, read under its version.
 */
export interface KeptAnswer {
  revision: string;
  ids: string[];
  versions: string;
  body: string;
}

/** A page of 100 providers' resources is about 200 KB; the answers of a process take at most this many characters. */
const ANSWER_CHARACTERS = 16_000_000;

export const keptAnswers = perDatabase(
  () =>
    new LRUCache<string, KeptAnswer>({
      max: ENTRIES,
      maxSize: ANSWER_CHARACTERS,
      sizeCalculation: (answer) => answer.body.length + answer.versions.length + 40 * answer.ids.length + 1,
    }),
);

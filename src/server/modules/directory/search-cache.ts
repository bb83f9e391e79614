import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { perDatabase, type Database } from '../../db/client';
import { hospitals } from '../../db/schema';
import { etagOf } from '../../render/document';
import type { DirectorySearch, DirectorySearchResult } from './service';

/**
 * The public directory search, cached per process under the hospital's revisions (decision 0032):
 * hospitals.directory_revision, bumped by triggers (migration 0032) in the same transaction as any
 * change to what the search reads through the public views, and hospitals.terms_revision (migration
 * 0030), bumped with the hospital's terms and the default terms the search and its suggestions read.
 *
 * Why it is never stale: a revision's value names exactly the changes committed up to it (each bump
 * locks the hospital's row until its transaction ends, so they commit in the order of their values).
 * A search that missed reads the revisions in the first statement of its own transaction and
 * everything else after it on the same connection, so what it found is at least as new as the
 * revisions it is kept under. A later request serves it only when it reads the same revisions itself;
 * anything the search could show that changed since has bumped them. This holds on a replica too: the
 * revisions and the search are read from one server.
 *
 * A page of results is at most 24 short rows and the facets a few dozen values: a few kilobytes each,
 * a few megabytes for the whole cache.
 */
const ENTRIES = 1_000;

export interface DirectoryRevision {
  directory: number;
  terms: number;
}

const caches = perDatabase(() => new LRUCache<string, DirectorySearchResult>({ max: ENTRIES }));

/** The revisions every public search reads first: built once per database (decision 0014). */
const revisionStatement = perDatabase((db) =>
  db
    .select({ directory: hospitals.directoryRevision, terms: hospitals.termsRevision })
    .from(hospitals)
    .where(eq(hospitals.id, sql.placeholder('hospitalId')))
    .limit(1)
    .prepare('vitae_directory_revision'),
);

function searchKey(hospitalId: string, revision: DirectoryRevision, search: DirectorySearch) {
  return JSON.stringify([
    hospitalId,
    revision.directory,
    revision.terms,
    search.query,
    search.location,
    search.radius ?? null,
    search.language,
    search.insurance ?? '',
    search.specialty ?? '',
    search.acceptingNewPatients,
    search.videoVisits,
    search.page,
  ]);
}

/**
 * The cached answer to `search` while the hospital's revisions are those it was found under, else
 * `find()`'s, kept under the revisions its own transaction read. `known`: the revisions as this request
 * already read them (with the hospital's row); without, they are read here.
 */
export async function cachedDirectorySearch(
  db: Database,
  hospitalId: string,
  search: DirectorySearch,
  find: () => Promise<{ result: DirectorySearchResult; revision: DirectoryRevision | null }>,
  known?: DirectoryRevision,
): Promise<DirectorySearchResult> {
  const cache = caches(db);
  const now = known ?? (await revisionStatement(db).execute({ hospitalId }))[0];
  const hit = now ? cache.get(searchKey(hospitalId, now, search)) : undefined;
  if (hit) return hit;
  const { result, revision } = await find();
  if (revision) cache.set(searchKey(hospitalId, revision, search), result);
  return result;
}

/** Pages rendered from cached answers and reads, kept by size (a search page is 30 to 60 KB, a profile page 20 to 40). */
const RENDERED_BYTES = 16 * 1_048_576;
const sourceIds = new WeakMap<object, number>();
let lastSourceId = 0;
const renderedPages = new LRUCache<string, { html: string; etag: string }>({ maxSize: RENDERED_BYTES, sizeCalculation: (page) => page.html.length * 2 });

/**
 * The page `render()` makes from `source`, with its ETag, made once per source object: a cached
 * search answer is the same object for as long as the hospital's revisions stand, and a cached profile
 * read for as long as the provider's profile_version (profile/read.ts). `variant` names everything
 * else the page is made of (the address it is served from, the language, the hospital's row, …).
 * A source read anew is a new object, so its page is made anew.
 */
export function pageMadeOnce(source: object, variant: string, render: () => string) {
  let id = sourceIds.get(source);
  if (id === undefined) {
    id = lastSourceId += 1;
    sourceIds.set(source, id);
  }
  const key = `${id}\0${variant}`;
  let page = renderedPages.get(key);
  if (!page) {
    const html = render();
    page = { html, etag: etagOf(html) };
    renderedPages.set(key, page);
  }
  return page;
}

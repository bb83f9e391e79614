import { LRUCache } from 'lru-cache';
import type { TermSearchQuery } from '../../../shared/schemas/terms';
import { perDatabase, type Database } from '../../db/client';

/**
 * A provider's term search, cached per process under the hospital's terms revision
 * (hospitals.terms_revision, bumped by triggers in the same transaction as any change to the
 * hospital's terms or to the default terms; migration 0030). Every search reads the revision afresh
 * in the statement that already decides the term source, so an entry is only ever served while
 * nothing it shows has changed: never stale, in any process. Providers of a hospital type the same
 * first letters ("car", "diab"), and a text of a few letters over 50,000 terms costs the database a
 * few milliseconds of trigram matches; the entry costs a lookup.
 *
 * Entries are bounded (a page is at most `pageSize` terms; most are 20): a few megabytes at most.
 */
const ENTRIES = 500;

export type CachedSearch = { source: string } & Record<string, unknown>;

const caches = perDatabase(() => new LRUCache<string, CachedSearch>({ max: ENTRIES }));

export function termSearchKey(hospitalId: string, revision: number, source: string, query: TermSearchQuery) {
  return JSON.stringify([
    hospitalId,
    revision,
    source,
    query.q ?? null,
    query.termType ?? null,
    query.specialty ?? null,
    query.yextOnly,
    query.activeOnly,
    query.page,
    query.pageSize,
  ]);
}

/** The cached answer under `key`, else `compute()`'s, kept. Callers must not change what they get. */
export async function cachedTermSearch<T extends CachedSearch>(db: Database, key: string, compute: () => Promise<T>): Promise<T> {
  const cache = caches(db);
  const hit = cache.get(key);
  if (hit) return hit as T;
  const value = await compute();
  cache.set(key, value);
  return value;
}

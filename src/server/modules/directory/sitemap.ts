import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { publicListings } from '../../db/schema';
import { LOCALES } from './i18n/locale';

/**
 * A hospital's sitemap, split into files a search engine accepts. A sitemap file holds at most 50,000
 * URLs (sitemaps.org); every page is listed once per language, so a file holds this many pages. The
 * hospital's search page is the first page of its first file, then its providers by slug.
 */
export const SITEMAP_PAGES_PER_FILE = Math.floor(50_000 / LOCALES.length);

/** How many files a hospital's sitemap takes for this many published providers (at least one). */
export function sitemapFileCount(providers: number, pagesPerFile = SITEMAP_PAGES_PER_FILE) {
  return Math.max(1, Math.ceil((providers + 1) / pagesPerFile));
}

/** Which providers (by their place in slug order) file `part` (1-based) lists, and whether it starts with the search page. */
export function sitemapFileRange(part: number, pagesPerFile = SITEMAP_PAGES_PER_FILE) {
  return part === 1
    ? { withSearchPage: true, offset: 0, limit: pagesPerFile - 1 }
    : { withSearchPage: false, offset: part * pagesPerFile - pagesPerFile - 1, limit: pagesPerFile };
}

/** The file's name under /find/:hospital/: the first keeps the address search engines already know. */
export const sitemapFileName = (part: number) => (part === 1 ? 'sitemap.xml' : `sitemap-${part}.xml`);

/**
 * One sitemap file's provider slugs, in one statement through the gate. (The sitemap used to page
 * through the directory search 24 at a time: at 50,000 providers that was over 2,000 searches.)
 */
export async function publishedProviderSlugs(db: Database, hospitalId: string, offset: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ slug: publicListings.slug })
    .from(publicListings)
    .where(eq(publicListings.hospitalId, hospitalId))
    .orderBy(asc(publicListings.slug))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => row.slug);
}

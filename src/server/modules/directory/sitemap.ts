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

/**
 * Where the sitemaps are. A sitemap may list only URLs under its own folder (sitemaps.org, "Sitemap
 * file location"; Search Console calls the others "URL not allowed"), and every page is listed in
 * English under /find and in Spanish under /es/find: so the files are at the site's root, the only
 * folder both are under. `/sitemap.xml` is the index robots.txt names; `/sitemap-find.xml` holds the
 * directory's own page; each hospital has `/sitemap-find-<slug>.xml`, then `.2.xml`, `.3.xml` … when
 * it outgrows one file (a slug never holds a dot).
 */
export const SITEMAP_INDEX_PATH = '/sitemap.xml';
export const DIRECTORY_SITEMAP_PATH = '/sitemap-find.xml';

/** A hospital's sitemap file `part` (1-based). */
export const hospitalSitemapPath = (hospitalSlug: string, part: number) => `/sitemap-find-${hospitalSlug}${part === 1 ? '' : `.${part}`}.xml`;

/** The hospital and part a root file name stands for (`sitemap-find-northfield.2.xml`), or null. */
export function parseHospitalSitemapFile(file: string): { hospitalSlug: string; part: number } | null {
  const match = /^sitemap-find-([a-z0-9-]{1,60})(?:\.([2-9]|[1-9][0-9]{1,3}))?\.xml$/.exec(file);
  return match ? { hospitalSlug: match[1]!, part: match[2] ? Number(match[2]) : 1 } : null;
}

/**
 * Where a hospital's sitemap file was until its move to the root (`/find/<slug>/sitemap.xml`,
 * `/find/<slug>/sitemap-2.xml`): the part it stands for, or null. Those addresses redirect, permanently.
 */
export function formerSitemapPart(file: string): number | null {
  if (file === 'sitemap.xml') return 1;
  const match = /^sitemap-([2-9]|[1-9][0-9]{1,3})\.xml$/.exec(file);
  return match ? Number(match[1]) : null;
}

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

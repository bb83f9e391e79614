import { describe, expect, it } from 'vitest';
import { SITEMAP_PAGES_PER_FILE, sitemapFileCount, sitemapFileName, sitemapFileRange } from './sitemap';

describe('a hospital sitemap split into files', () => {
  it('keeps each file within the 50,000 URLs a sitemap may hold, with every page in both languages', () => {
    expect(SITEMAP_PAGES_PER_FILE).toBe(25_000);
  });

  it('needs a second file only once the search page and the providers pass one file', () => {
    expect(sitemapFileCount(0)).toBe(1);
    expect(sitemapFileCount(24_999)).toBe(1);
    expect(sitemapFileCount(25_000)).toBe(2);
    expect(sitemapFileCount(50_000)).toBe(3);
  });

  it('lists every provider exactly once across the files, the search page first', () => {
    // Small files so the whole walk is checked: 3 pages a file, 10 providers (11 pages, 4 files).
    const providers = Array.from({ length: 10 }, (_, i) => i);
    const files = Array.from({ length: sitemapFileCount(providers.length, 3) }, (_, i) => sitemapFileRange(i + 1, 3));
    expect(files).toHaveLength(4);
    const listed = files.map((range) => [...(range.withSearchPage ? ['search'] : []), ...providers.slice(range.offset, range.offset + range.limit)]);
    expect(listed).toEqual([
      ['search', 0, 1],
      [2, 3, 4],
      [5, 6, 7],
      [8, 9],
    ]);
  });

  it('keeps the first file at the address search engines already know', () => {
    expect([1, 2, 12].map(sitemapFileName)).toEqual(['sitemap.xml', 'sitemap-2.xml', 'sitemap-12.xml']);
  });
});

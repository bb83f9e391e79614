import { describe, expect, it } from 'vitest';
import { formerSitemapPart, hospitalSitemapPath, parseHospitalSitemapFile, SITEMAP_PAGES_PER_FILE, sitemapFileCount, sitemapFileRange } from './sitemap';

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

  it('names each hospital file at the root, and reads the name back', () => {
    expect([1, 2, 12].map((part) => hospitalSitemapPath('north-field-2', part))).toEqual([
      '/sitemap-find-north-field-2.xml',
      '/sitemap-find-north-field-2.2.xml',
      '/sitemap-find-north-field-2.12.xml',
    ]);
    // A slug that ends in a number is not read as a part: only a dot starts one.
    expect(parseHospitalSitemapFile('sitemap-find-north-field-2.xml')).toEqual({ hospitalSlug: 'north-field-2', part: 1 });
    expect(parseHospitalSitemapFile('sitemap-find-north-field-2.12.xml')).toEqual({ hospitalSlug: 'north-field-2', part: 12 });
    for (const file of ['sitemap-find.xml', 'sitemap-find-a.1.xml', 'sitemap-find-a.02.xml', 'sitemap-find-a.b.xml', 'sitemap-find-A.xml'])
      expect(parseHospitalSitemapFile(file), file).toBeNull();
  });

  it('reads the former names under /find/<hospital>/ as their parts', () => {
    expect(['sitemap.xml', 'sitemap-2.xml', 'sitemap-12.xml'].map(formerSitemapPart)).toEqual([1, 2, 12]);
    for (const file of ['sitemap-1.xml', 'sitemap-x.xml', 'sitemap-.xml']) expect(formerSitemapPart(file), file).toBeNull();
  });
});

import { parsePageMetadata, type PageMetadata } from './metadata';
import { createSafeFetcher, type SafeFetchOptions } from './safe-fetch';

export { blockedReason } from './address-policy';
export { normalizeDate, parsePageMetadata, type PageMetadata } from './metadata';
export { createSafeFetcher, SafeFetchError, type LookupFn, type SafeFetchOptions, type Transport, type TransportRequest } from './safe-fetch';

export interface WebPageInfo extends PageMetadata {
  requestedUrl: string;
  /** Where the page ended up after redirects. */
  url: string;
}

/** Reads a news or media page's own metadata (Open Graph, title, description) through the SSRF-safe fetcher. */
export interface WebPageReader {
  read(url: string): Promise<WebPageInfo>;
}

export function createWebPageReader(options: SafeFetchOptions = {}): WebPageReader {
  const fetchPage = createSafeFetcher(options);
  return {
    async read(url) {
      const page = await fetchPage(url);
      return { requestedUrl: page.requestedUrl, url: page.url, ...parsePageMetadata(page.html, page.url) };
    },
  };
}

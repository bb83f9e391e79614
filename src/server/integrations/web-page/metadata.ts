import { decodeEntities } from '../../lib/html-text';

/**
 * Open Graph and meta tags of a page, read as the page states them. Nothing is guessed: a field the
 * page does not carry stays null.
 */

export interface PageMetadata {
  title: string | null;
  description: string | null;
  siteName: string | null;
  /** article:published_time as written (usually ISO 8601). */
  publishedTime: string | null;
}

const clean = (value: string | undefined, max: number) => {
  if (value === undefined) return null;
  const text = decodeEntities(value).replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, max) : null;
};

function attributesOf(tag: string) {
  const attributes = new Map<string, string>();
  const pattern = /([^\s=/>"']+)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  for (const match of tag.replace(/^<meta/i, '').matchAll(pattern)) {
    const name = match[1]!.toLowerCase();
    if (!attributes.has(name)) attributes.set(name, match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

export function parsePageMetadata(html: string): PageMetadata {
  // Comments, scripts and styles can contain tag-like text that is not the page's metadata.
  const markup = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, '');
  const meta = new Map<string, string>();
  for (const [tag] of markup.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = attributesOf(tag);
    const key = (attributes.get('property') ?? attributes.get('name') ?? attributes.get('itemprop'))?.toLowerCase();
    const content = attributes.get('content');
    if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
  }
  const titleTag = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(markup)?.[1];
  return {
    title: clean(meta.get('og:title'), 1000) ?? clean(titleTag, 1000),
    description: clean(meta.get('og:description'), 5000) ?? clean(meta.get('description'), 5000),
    siteName: clean(meta.get('og:site_name'), 300),
    publishedTime: clean(meta.get('article:published_time'), 40),
  };
}

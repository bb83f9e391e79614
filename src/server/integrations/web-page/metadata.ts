import { Parser } from 'htmlparser2';

/**
 * A news or media page's own metadata, read as the page states it: Open Graph and meta tags,
 * schema.org JSON-LD and microdata, `<time datetime>`. Nothing is guessed from the page's text; a
 * field the page does not state stays null (the site name falls back to the page's host).
 *
 * Parsed with htmlparser2 (forgiving, streaming, entities decoded); the rules of which tag wins are
 * ours and listed in docs/decisions/0007-page-metadata-rules.md.
 */

export interface PageMetadata {
  title: string | null;
  description: string | null;
  /** og:site_name, the JSON-LD publisher's name, else the page's host without "www.". */
  siteName: string | null;
  /** The publication date in ISO 8601 ("2016-04-19T18:52:32-07:00", or "2016-05-24" when the page gives no time). */
  publishedTime: string | null;
}

const clean = (value: string | undefined | null, max: number) => {
  if (value === undefined || value === null) return null;
  const text = value.replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, max) : null;
};

// ── Dates ───────────────────────────────────────────────────────────────────────────────────

const pad = (value: number) => String(value).padStart(2, '0');
const MIN_YEAR = 1900;

function plausibleYear(year: number) {
  return year >= MIN_YEAR && year <= new Date().getUTCFullYear() + 1;
}

/**
 * A stated date in ISO 8601, keeping the page's own offset (the local date is the publication date
 * readers saw). ISO forms, "2016-04-25 23:37:17", "20160524" and the forms Date.parse reads
 * ("Tue, 24 May 2016 13:30:03 GMT", "May 24, 2016"); anything else is null.
 */
export function normalizeDate(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(text);
  if (iso) {
    const [, y, mo, d, h, mi, s, , zone] = iso;
    const year = Number(y);
    if (!plausibleYear(year) || Number(mo) < 1 || Number(mo) > 12 || Number(d) < 1 || Number(d) > 31) return null;
    if (h === undefined) return `${y}-${mo}-${d}`;
    if (Number(h) > 23 || Number(mi) > 59) return null;
    const offset = !zone ? '' : zone.toUpperCase() === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
    return `${y}-${mo}-${d}T${h}:${mi}:${s ?? '00'}${offset}`;
  }
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (compact) return plausibleYear(Number(compact[1])) ? `${compact[1]}-${compact[2]}-${compact[3]}` : null;
  // Words only where a year is stated: "May 24, 2016", "24 May 2016 13:30 GMT".
  if (!/\b\d{4}\b/.test(text) || !/[a-z]/i.test(text)) return null;
  const parsed = Date.parse(text);
  if (Number.isNaN(parsed)) return null;
  const date = new Date(parsed);
  if (!plausibleYear(date.getUTCFullYear())) return null;
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  return /\d{1,2}:\d{2}/.test(text) ? `${day}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}Z` : day;
}

// ── JSON-LD ─────────────────────────────────────────────────────────────────────────────────

interface LinkedData {
  datePublished: string | null;
  dateCreated: string | null;
  publisher: string | null;
}

/** The first datePublished, dateCreated and publisher name among the page's JSON-LD objects (and their @graph). */
function readLinkedData(blocks: string[]): LinkedData {
  const found: LinkedData = { datePublished: null, dateCreated: null, publisher: null };
  const nameOf = (value: unknown): string | null => {
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) return value.map(nameOf).find(Boolean) ?? null;
    if (value && typeof value === 'object' && typeof (value as { name?: unknown }).name === 'string') return (value as { name: string }).name;
    return null;
  };
  const visit = (node: unknown, depth: number) => {
    if (depth > 6 || !node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1);
      return;
    }
    const record = node as Record<string, unknown>;
    if (!found.datePublished && typeof record.datePublished === 'string') found.datePublished = record.datePublished;
    if (!found.dateCreated && typeof record.dateCreated === 'string') found.dateCreated = record.dateCreated;
    if (!found.publisher) found.publisher = clean(nameOf(record.publisher), 300);
    if (record['@graph']) visit(record['@graph'], depth + 1);
    if (record.mainEntity) visit(record.mainEntity, depth + 1);
  };
  for (const block of blocks) {
    try {
      visit(JSON.parse(block), 0);
    } catch {
      // A broken block is the page's problem; the other blocks and tags still count.
    }
  }
  return found;
}

// ── The page ────────────────────────────────────────────────────────────────────────────────

/** Meta names some sites use for the publication date, after article:published_time. */
const DATE_META_NAMES = [
  'article:published_time',
  'og:article:published_time',
  'datepublished',
  'pubdate',
  'publishdate',
  'publish-date',
  'date',
  'dc.date.issued',
  'dcterms.date',
  'dc.date',
  'sailthru.date',
  'parsely-pub-date',
];

const hostOf = (url: string | undefined) => {
  if (!url) return null;
  try {
    const host = new URL(url).hostname;
    // An address is not a name.
    if (/^[\d.]+$/.test(host) || host.startsWith('[')) return null;
    return host.replace(/^www\./i, '') || null;
  } catch {
    return null;
  }
};

export function parsePageMetadata(html: string, pageUrl?: string): PageMetadata {
  const meta = new Map<string, string>();
  const jsonLd: string[] = [];
  let title: string | null = null;
  let itempropDate: string | null = null;
  let timeDate: string | null = null;

  // Text is collected for three elements: <title>, JSON-LD scripts, and an itemprop="datePublished" without a content attribute.
  let capture: { kind: 'title' | 'jsonld' | 'itemprop'; tag: string; depth: number; text: string } | null = null;
  let svgDepth = 0;
  let depth = 0;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        depth += 1;
        if (name === 'svg') svgDepth += 1;
        if (capture) return;
        if (name === 'meta') {
          const key = (attributes.property ?? attributes.name ?? attributes.itemprop)?.trim().toLowerCase();
          const content = attributes.content;
          if (key && content !== undefined && !meta.has(key)) meta.set(key, content);
          return;
        }
        if (name === 'title' && title === null && svgDepth === 0) capture = { kind: 'title', tag: name, depth, text: '' };
        else if (name === 'script' && attributes.type?.trim().toLowerCase() === 'application/ld+json') capture = { kind: 'jsonld', tag: name, depth, text: '' };
        const itemprop = attributes.itemprop?.trim().toLowerCase();
        if (itempropDate === null && itemprop === 'datepublished') {
          const stated = attributes.content ?? attributes.datetime;
          if (stated !== undefined) itempropDate = stated;
          else if (!capture) capture = { kind: 'itemprop', tag: name, depth, text: '' };
        }
        if (name === 'time' && timeDate === null && attributes.datetime) timeDate = attributes.datetime;
      },
      ontext(text) {
        if (capture) capture.text += text;
      },
      onclosetag(name) {
        if (capture && name === capture.tag && depth === capture.depth) {
          if (capture.kind === 'title') title = clean(capture.text, 1000);
          else if (capture.kind === 'jsonld') jsonLd.push(capture.text);
          else itempropDate = capture.text;
          capture = null;
        }
        if (name === 'svg') svgDepth = Math.max(0, svgDepth - 1);
        depth -= 1;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  const linked = readLinkedData(jsonLd);
  const publishedTime =
    normalizeDate(meta.get('article:published_time')) ??
    normalizeDate(linked.datePublished) ??
    normalizeDate(itempropDate) ??
    DATE_META_NAMES.slice(1)
      .map((name) => normalizeDate(meta.get(name)))
      .find(Boolean) ??
    normalizeDate(timeDate) ??
    normalizeDate(linked.dateCreated);

  return {
    title: clean(meta.get('og:title'), 1000) ?? title,
    description: clean(meta.get('og:description'), 5000) ?? clean(meta.get('description'), 5000),
    siteName: clean(meta.get('og:site_name'), 300) ?? linked.publisher ?? hostOf(pageUrl),
    publishedTime,
  };
}

import { plainText } from '../../lib/html-text';
import { requestJson, type HttpOptions } from '../../lib/http';
import { createRateLimiter, type RateLimiter } from './rate-limiter';

/**
 * PubMed through NCBI E-utilities: esearch finds PMIDs for a query, esummary returns each article's
 * citation. Every request carries `tool` and `email` (NCBI asks for both) and `api_key` when one is
 * configured, and goes through a client-side limiter (3/s, or 10/s with a key).
 */

export const PUBMED_DEFAULT_BASE_URL = 'https://eutils.ncbi.nlm.nih.gov/entrez/eutils';

export interface PubmedClientOptions {
  baseUrl?: string;
  apiKey?: string;
  tool?: string;
  email?: string;
  fetchImpl?: typeof fetch;
  limiter?: RateLimiter;
  /** Passed to the outbound policy; tests shorten retries. */
  http?: Pick<HttpOptions, 'retries' | 'initialDelayMs' | 'timeoutMs' | 'sleep'>;
}

/** esearch.fcgi?retmode=json */
export interface EsearchResponse {
  esearchresult?: { count?: string; retmax?: string; retstart?: string; idlist?: string[]; querytranslation?: string; ERROR?: string };
  error?: string;
}

export interface EsummaryAuthor {
  name: string;
  authtype?: string;
  clusterid?: string;
}

export interface EsummaryArticleId {
  idtype: string;
  idtypen?: number;
  value: string;
}

/** One `result[uid]` entry of esummary.fcgi?db=pubmed&retmode=json (fields we read). */
export interface EsummaryDocument {
  uid: string;
  pubdate?: string;
  epubdate?: string;
  source?: string;
  fulljournalname?: string;
  authors?: EsummaryAuthor[];
  title?: string;
  volume?: string;
  issue?: string;
  pages?: string;
  elocationid?: string;
  pubtype?: string[];
  articleids?: EsummaryArticleId[];
  error?: string;
}

export interface EsummaryResponse {
  result?: { uids?: string[] } & Record<string, EsummaryDocument | string[] | undefined>;
  error?: string;
}

/** A PubMed article in the shape of our publications table; the title as plain text (PubMed's inline markup removed). */
export interface PubmedArticle {
  pmid: string;
  title: string;
  /** Everyone listed, in order: people ("Kane JL Jr") and groups ("GENCODE Consortium"). */
  authors: string[];
  /** The people only (authtype "Author"): what the provider's name is matched against. */
  personalAuthors: string[];
  journalName: string | null;
  publicationDate: string | null;
  volume: string | null;
  issue: string | null;
  pages: string | null;
  doi: string | null;
  publicationTypes: string[];
}

const text = (value: string | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** Maps one esummary document; null for entries PubMed reports as errors or without a title. */
export function mapEsummaryDocument(doc: EsummaryDocument): PubmedArticle | null {
  if (!doc || doc.error || !text(doc.title)) return null;
  const listed = (doc.authors ?? []).map((a) => ({ name: a.name?.trim() ?? '', person: !a.authtype || a.authtype === 'Author' })).filter((a) => a.name);
  const ids = doc.articleids ?? [];
  const pmid = ids.find((id) => id.idtype === 'pubmed')?.value ?? doc.uid;
  const doiFromIds = ids.find((id) => id.idtype === 'doi')?.value;
  const doiFromLocation = /^doi:\s*(\S+)/i.exec(doc.elocationid ?? '')?.[1];
  return {
    pmid,
    title: plainText(doc.title!),
    authors: listed.map((a) => a.name),
    personalAuthors: listed.filter((a) => a.person).map((a) => a.name),
    journalName: text(doc.fulljournalname) ?? text(doc.source),
    publicationDate: text(doc.pubdate) ?? text(doc.epubdate),
    volume: text(doc.volume),
    issue: text(doc.issue),
    pages: text(doc.pages),
    doi: text(doiFromIds ?? doiFromLocation)?.toLowerCase() ?? null,
    publicationTypes: doc.pubtype ?? [],
  };
}

export interface AuthorQueryInput {
  firstName: string | null;
  middleName: string | null;
  lastName: string;
}

/** PubMed quotes nothing here: brackets and quotes in a name would change the query's meaning. */
const queryText = (value: string) =>
  value
    .replace(/["[\]()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** "Doe JM[Author]": last name and the first and middle initials, PubMed's author index form. */
export function authorTerm({ firstName, middleName, lastName }: AuthorQueryInput): string {
  const initials = [firstName, middleName]
    .map(
      (part) =>
        part
          ?.normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .match(/[A-Za-z]/)?.[0]
          ?.toUpperCase() ?? '',
    )
    .join('');
  return `${queryText(lastName)}${initials ? ` ${initials}` : ''}[Author]`;
}

export function affiliationTerm(affiliation: string) {
  return `${queryText(affiliation)}[Affiliation]`;
}

/** ORCID iDs are indexed as author identifiers. */
export function orcidTerm(orcid: string) {
  return `${orcid}[auid]`;
}

export interface PubmedClient {
  esearch(term: string, options?: { retmax?: number }): Promise<{ count: number; ids: string[] }>;
  esummary(ids: string[]): Promise<PubmedArticle[]>;
}

/** NCBI counts requests per key (or per address without one), so clients in one process share a limiter. */
const sharedLimiters = new Map<string, RateLimiter>();

function sharedLimiter(baseUrl: string, apiKey: string | undefined) {
  const key = `${baseUrl}|${apiKey ?? ''}`;
  let limiter = sharedLimiters.get(key);
  if (!limiter) {
    limiter = createRateLimiter({ limit: apiKey ? 10 : 3 });
    sharedLimiters.set(key, limiter);
  }
  return limiter;
}

export function createPubmedClient(options: PubmedClientOptions = {}): PubmedClient {
  const baseUrl = (options.baseUrl ?? PUBMED_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const limiter = options.limiter ?? sharedLimiter(baseUrl, options.apiKey);

  const call = async <T>(endpoint: string, params: Record<string, string>) => {
    const url = new URL(`${baseUrl}/${endpoint}`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    url.searchParams.set('tool', options.tool ?? 'vitae');
    if (options.email) url.searchParams.set('email', options.email);
    if (options.apiKey) url.searchParams.set('api_key', options.apiKey);
    await limiter.acquire();
    return requestJson<T>(url, { ...options.http, ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}) });
  };

  return {
    async esearch(term, { retmax = 50 } = {}) {
      const body = await call<EsearchResponse>('esearch.fcgi', { db: 'pubmed', retmode: 'json', term, retmax: String(retmax), sort: 'pub_date' });
      const result = body.esearchresult;
      if (!result || body.error || result.ERROR) throw new Error(`PubMed search failed: ${body.error ?? result?.ERROR ?? 'no result'}`);
      return { count: Number(result.count ?? 0), ids: result.idlist ?? [] };
    },
    async esummary(ids) {
      if (ids.length === 0) return [];
      const body = await call<EsummaryResponse>('esummary.fcgi', { db: 'pubmed', retmode: 'json', id: ids.join(',') });
      if (!body.result || body.error) throw new Error(`PubMed summary failed: ${body.error ?? 'no result'}`);
      const uids = body.result.uids ?? ids;
      return uids
        .map((uid) => body.result![uid])
        .filter((doc): doc is EsummaryDocument => !!doc && !Array.isArray(doc))
        .map(mapEsummaryDocument)
        .filter((article): article is PubmedArticle => article !== null);
    },
  };
}

/**
 * A loopback stand-in for NCBI E-utilities (esearch.fcgi and esummary.fcgi with retmode=json),
 * speaking their wire format: esearch `{ header, esearchresult: { count, retmax, retstart, idlist } }`
 * with counts as strings, esummary `{ header, result: { uids: [...], '<pmid>': {...} } }`, and the
 * `{ error: 'API rate limit exceeded' }` answer with status 429.
 *
 * Search is an approximation of PubMed's: `Lastname FM[Author]` matches authors whose name starts
 * with that text (PubMed's initial truncation), `…[Affiliation]` matches the words of an article's
 * affiliations (kept on the fake's article, as esummary does not return them), `…[auid]` matches
 * an ORCID iD, and clauses are joined with AND.
 *
 * In tests: `const fake = await startFakePubmed()` and point PUBMED_BASE_URL at `fake.url`.
 * Stand-alone, for the browser tests: `npx tsx tests/fakes/pubmed.ts` (PORT optional) prints the
 * PUBMED_BASE_URL line and keeps serving until interrupted.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

export interface FakeArticle {
  pmid: string;
  title: string;
  authors: string[];
  source: string;
  fulljournalname: string;
  pubdate: string;
  volume?: string;
  issue?: string;
  pages?: string;
  doi?: string;
  pubtype?: string[];
  /** Not part of esummary; used by [Affiliation] searches. */
  affiliations?: string[];
  /** Not part of esummary; used by [auid] searches. */
  orcids?: string[];
  /** Group authors ("GENCODE Consortium"), sent with authtype "CollectiveName" after the people. */
  collectiveAuthors?: string[];
}

/** The browser tests' provider: Margaret Okafor, cardiologist at Northfield Health (the demo hospital). */
export const FAKE_PUBMED_ARTICLES: FakeArticle[] = [
  {
    pmid: '38000001',
    title: 'Sex differences in outcomes after transcatheter aortic valve replacement.',
    authors: ['Okafor MA', 'Lindqvist P', 'Haddad R'],
    source: 'J Am Coll Cardiol',
    fulljournalname: 'Journal of the American College of Cardiology',
    pubdate: '2024 Mar 12',
    volume: '83',
    issue: '10',
    pages: '1001-1012',
    doi: '10.1016/j.jacc.2024.01.001',
    pubtype: ['Journal Article'],
    affiliations: ['Division of Cardiology, Northfield Health, Evanston, IL, USA.'],
  },
  {
    pmid: '37000002',
    title: 'Remote monitoring of patients with heart failure: a randomized trial.',
    authors: ['Haddad R', 'Okafor M'],
    source: 'Circ Heart Fail',
    fulljournalname: 'Circulation. Heart failure',
    pubdate: '2023 Nov',
    volume: '16',
    issue: '11',
    pages: 'e010002',
    doi: '10.1161/CIRCHEARTFAILURE.123.010002',
    pubtype: ['Journal Article', 'Randomized Controlled Trial'],
    affiliations: ['Northfield Health, Evanston, IL, USA.'],
  },
  {
    pmid: '36000003',
    title: 'Statin adherence in community cardiology practice.',
    authors: ['Chen L', 'Okafor MA'],
    source: 'Am Heart J',
    fulljournalname: 'American heart journal',
    pubdate: '2022 Jun',
    volume: '248',
    pages: '55-63',
    doi: '10.1016/j.ahj.2022.02.003',
    pubtype: ['Journal Article'],
    affiliations: ['Lakeshore Cardiology Institute, Chicago, IL, USA.'],
  },
  {
    pmid: '35000004',
    title: 'Soil microbiome diversity in tropical agriculture.',
    authors: ['Okafor MC', 'Adeyemi T'],
    source: 'Appl Soil Ecol',
    fulljournalname: 'Applied soil ecology',
    pubdate: '2021',
    volume: '160',
    pages: '103850',
    doi: '10.1016/j.apsoil.2020.103850',
    pubtype: ['Journal Article'],
    affiliations: ['Department of Soil Science, University of Nigeria, Nsukka.'],
  },
];

export interface FakePubmedRequest {
  endpoint: 'esearch' | 'esummary' | 'other';
  params: Record<string, string>;
  at: number;
}

export type FakePubmedMode = 'normal' | 'http500' | 'rateLimited';

export interface FakePubmed {
  /** PUBMED_BASE_URL for this fake. */
  url: string;
  requests: FakePubmedRequest[];
  articles: FakeArticle[];
  setMode(mode: FakePubmedMode): void;
  close(): Promise<void>;
}

const normalize = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, ' ')
    .trim();

function matchesClause(article: FakeArticle, clause: string) {
  const match = /^\(?\s*(.+?)\s*\[(author|au|affiliation|ad|auid)\]\s*\)?$/i.exec(clause.trim());
  if (!match) return false;
  const value = normalize(match[1]!);
  const field = match[2]!.toLowerCase();
  if (field === 'author' || field === 'au') return article.authors.some((author) => normalize(author).startsWith(value));
  if (field === 'affiliation' || field === 'ad') {
    const words = value.split(' ').filter(Boolean);
    return (article.affiliations ?? []).some((affiliation) => words.every((word) => normalize(affiliation).split(' ').includes(word)));
  }
  return (article.orcids ?? []).some((orcid) => normalize(orcid) === value);
}

export function searchArticles(articles: FakeArticle[], term: string) {
  const clauses = term.split(/\s+AND\s+/i);
  return articles.filter((article) => clauses.every((clause) => matchesClause(article, clause)));
}

function esummaryDocument(article: FakeArticle) {
  return {
    uid: article.pmid,
    pubdate: article.pubdate,
    epubdate: '',
    source: article.source,
    authors: [
      ...article.authors.map((name) => ({ name, authtype: 'Author', clusterid: '' })),
      ...(article.collectiveAuthors ?? []).map((name) => ({ name, authtype: 'CollectiveName', clusterid: '' })),
    ],
    lastauthor: article.authors.at(-1) ?? '',
    title: article.title,
    sorttitle: article.title.toLowerCase(),
    volume: article.volume ?? '',
    issue: article.issue ?? '',
    pages: article.pages ?? '',
    lang: ['eng'],
    nlmuniqueid: '0000000',
    issn: '',
    essn: '',
    pubtype: article.pubtype ?? ['Journal Article'],
    recordstatus: 'PubMed - indexed for MEDLINE',
    pubstatus: '4',
    articleids: [{ idtype: 'pubmed', idtypen: 1, value: article.pmid }, ...(article.doi ? [{ idtype: 'doi', idtypen: 3, value: article.doi }] : [])],
    fulljournalname: article.fulljournalname,
    elocationid: article.doi ? `doi: ${article.doi}` : '',
    doctype: 'citation',
    sortpubdate: `${article.pubdate.slice(0, 4)}/01/01 00:00`,
  };
}

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * An article from a real esummary DocSum (the XML form, version 1, as recorded in
 * `tests/fixtures/real/pubmed/`): its items become the fields the JSON form carries, with the XML's
 * entities decoded, so a title arrives with PubMed's inline markup (`B<sup>0</sup>AT1`) as it does
 * from the JSON service.
 */
export function articleFromDocsum(xml: string, extra: Pick<FakeArticle, 'affiliations' | 'orcids'> = {}): FakeArticle {
  const decode = (value: string) => value.replace(/&(lt|gt|amp|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]!);
  const items = (name: string) => [...xml.matchAll(new RegExp(`<Item Name="${name}" Type="[A-Za-z]+">([^<]*)</Item>`, 'g'))].map((m) => decode(m[1]!));
  const item = (name: string) => items(name)[0] ?? '';
  const pmid = /<Id>(\d+)<\/Id>/.exec(xml)?.[1];
  if (!pmid) throw new Error('No <Id> in the DocSum');
  return {
    pmid,
    title: item('Title'),
    authors: items('Author'),
    source: item('Source'),
    fulljournalname: item('FullJournalName'),
    pubdate: item('PubDate'),
    volume: item('Volume'),
    issue: item('Issue'),
    pages: item('Pages'),
    doi: item('DOI') || undefined,
    pubtype: items('PubType'),
    ...extra,
  };
}

export async function startFakePubmed(options: { port?: number; articles?: FakeArticle[] } = {}): Promise<FakePubmed> {
  const requests: FakePubmedRequest[] = [];
  const articles = options.articles ?? FAKE_PUBMED_ARTICLES;
  let mode: FakePubmedMode = 'normal';

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const params = Object.fromEntries(url.searchParams);
    const endpoint = url.pathname.endsWith('/esearch.fcgi') ? 'esearch' : url.pathname.endsWith('/esummary.fcgi') ? 'esummary' : 'other';
    requests.push({ endpoint, params, at: Date.now() });
    if (mode === 'http500') return send(res, 500, { error: 'Internal server error' });
    if (mode === 'rateLimited') return send(res, 429, { error: 'API rate limit exceeded', api_key: params.api_key ?? '', count: '4', limit: '3' });
    if (params.db !== 'pubmed') return send(res, 200, { error: 'Invalid db name specified' });

    if (endpoint === 'esearch') {
      const retmax = Number(params.retmax ?? 20);
      const hits = searchArticles(articles, params.term ?? '').sort((a, b) => b.pubdate.localeCompare(a.pubdate));
      return send(res, 200, {
        header: { type: 'esearch', version: '0.3' },
        esearchresult: {
          count: String(hits.length),
          retmax: String(Math.min(retmax, hits.length)),
          retstart: '0',
          idlist: hits.slice(0, retmax).map((a) => a.pmid),
          translationset: [],
          querytranslation: params.term ?? '',
        },
      });
    }
    if (endpoint === 'esummary') {
      const ids = (params.id ?? '').split(',').filter(Boolean);
      const result: Record<string, unknown> = { uids: ids };
      for (const id of ids) {
        const article = articles.find((a) => a.pmid === id);
        result[id] = article ? esummaryDocument(article) : { uid: id, error: 'cannot get document summary' };
      }
      return send(res, 200, { header: { type: 'esummary', version: '0.3' }, result });
    }
    return send(res, 404, { error: 'Unknown endpoint' });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/entrez/eutils`,
    requests,
    articles,
    setMode: (next) => {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakePubmed({ port: Number(process.env.PORT ?? 0) });
  console.log(`PUBMED_BASE_URL=${fake.url}`);
  process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
}

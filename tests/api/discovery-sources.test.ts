/**
 * The discovery sources on their own: the SSRF guard of the media reader (with a connector that
 * records and blocks every attempt, so nothing here can leave the machine), page metadata, the
 * PubMed client (parameters, mapping, the 3/s limiter) and the ClinicalTrials.gov client.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CT_OVERALL_STATUSES,
  CT_STATUS_MAP,
  createClinicalTrialsClient,
  mapOverallStatus,
  mapStudy,
  officialQuery,
} from '../../src/server/integrations/clinical-trials';
import { authorTerm, createPubmedClient, createRateLimiter, mapEsummaryDocument, searchPublications } from '../../src/server/integrations/pubmed';
import {
  blockedReason,
  createSafeFetcher,
  createWebPageReader,
  normalizeDate,
  parsePageMetadata,
  SafeFetchError,
  type LookupFn,
  type Transport,
  type TransportRequest,
} from '../../src/server/integrations/web-page';
import { markdownToText } from '../../src/server/lib/markdown-text';
import {
  FAKE_STUDIES,
  searchStudies,
  startFakeClinicalTrials,
  studyFromRecorded,
  toStudy,
  type FakeClinicalTrials,
  type RecordedStudy,
} from '../fakes/clinical-trials';
import { parsePubmedAuthor, scoreMatch } from '../../src/shared/confidence';
import { articleFromDocsum, FAKE_PUBMED_ARTICLES, startFakePubmed, type FakePubmed } from '../fakes/pubmed';

const realDocsum = (pmid: string) => readFileSync(new URL(`../fixtures/real/pubmed/esummary-${pmid}.docsum.xml`, import.meta.url), 'utf8');

// ── SSRF ────────────────────────────────────────────────────────────────────────────────────

/** Records every DNS question and every connection attempt; connects to nothing. */
function blockingConnector(dns: Record<string, string[]> = {}, answer?: (request: TransportRequest) => Response) {
  const lookups: string[] = [];
  const connections: Array<{ url: string; address: string }> = [];
  const lookup: LookupFn = async (hostname) => {
    lookups.push(hostname);
    const addresses = dns[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const transport: Transport = async (request) => {
    connections.push({ url: request.url.toString(), address: request.address });
    if (answer) return answer(request);
    throw new Error('the test connector blocks every connection');
  };
  return { lookup, transport, lookups, connections };
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SafeFetchError);
    return error as SafeFetchError;
  }
  throw new Error('expected the fetch to be refused');
}

describe('media reader SSRF guard', () => {
  it.each([
    ['http://localhost/admin', 'loopback'],
    ['http://127.0.0.1/', 'loopback'],
    ['http://127.0.0.2:8080/', 'loopback'],
    ['http://2130706433/', 'loopback'],
    ['http://0x7f.1/', 'loopback'],
    ['http://10.1.2.3/', 'private'],
    ['http://172.16.0.1/', 'private'],
    ['http://172.31.255.254/', 'private'],
    ['http://192.168.1.1/router', 'private'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local'],
    ['http://100.64.0.1/', 'carrier-grade NAT'],
    ['http://[::1]/', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://[::ffff:10.0.0.1]/', 'private'],
    ['http://[64:ff9b::a9fe:a9fe]/', 'link-local'],
    ['http://[fc00::1]/', 'unique-local'],
    ['http://[fd12:3456::1]/', 'unique-local'],
    ['http://[fe80::1]/', 'link-local'],
    ['http://0.0.0.0/', 'unspecified'],
    ['http://[::]/', 'unspecified'],
    ['http://224.0.0.251/', 'multicast'],
    ['http://[ff02::1]/', 'multicast'],
  ])('refuses %s (%s) before any connection', async (url, reason) => {
    const connector = blockingConnector();
    const error = await refusal(createSafeFetcher(connector)(url));
    expect(error.code).toBe('BLOCKED_ADDRESS');
    expect(error.message).toContain(`${reason} addresses are not allowed`);
    expect(connector.connections).toEqual([]);
  });

  it.each(['file:///etc/passwd', 'gopher://example.com:70/_GET', 'ftp://example.com/', 'javascript:alert(1)', 'data:text/html,hi'])(
    'refuses the scheme of %s',
    async (url) => {
      const connector = blockingConnector();
      const error = await refusal(createSafeFetcher(connector)(url));
      expect(error.code).toBe('UNSUPPORTED_SCHEME');
      expect(connector.lookups).toEqual([]);
      expect(connector.connections).toEqual([]);
    },
  );

  it('refuses a public host name whose DNS answer is private, and one that mixes public and private answers', async () => {
    const connector = blockingConnector({
      'intranet.example.com': ['10.0.0.7'],
      'mixed.example.com': ['93.184.216.34', '192.168.0.10'],
      'v6.example.com': ['fd00::5'],
    });
    const fetchPage = createSafeFetcher(connector);
    expect((await refusal(fetchPage('https://intranet.example.com/'))).message).toBe(
      'Refused to fetch intranet.example.com: private addresses are not allowed',
    );
    expect((await refusal(fetchPage('https://mixed.example.com/'))).code).toBe('BLOCKED_ADDRESS');
    expect((await refusal(fetchPage('https://v6.example.com/'))).message).toContain('unique-local');
    expect(connector.lookups).toEqual(['intranet.example.com', 'mixed.example.com', 'v6.example.com']);
    expect(connector.connections).toEqual([]);
  });

  it('re-checks every redirect: a hop to a private address is refused before connecting to it', async () => {
    const connector = blockingConnector(
      { 'news.example.com': ['93.184.216.34'], 'cdn.example.net': ['93.184.216.35'], 'sneaky.example.org': ['127.0.0.1'] },
      (request) => {
        const routes: Record<string, string> = {
          'http://news.example.com/story': 'http://cdn.example.net/story',
          'http://cdn.example.net/story': 'http://192.168.1.1/admin',
          'http://news.example.com/dns': 'http://sneaky.example.org/',
        };
        return new Response(null, { status: 302, headers: { location: routes[request.url.toString()]! } });
      },
    );
    const fetchPage = createSafeFetcher(connector);
    const error = await refusal(fetchPage('http://news.example.com/story'));
    expect(error.message).toBe('Refused to fetch 192.168.1.1: private addresses are not allowed');
    expect(connector.connections).toEqual([
      { url: 'http://news.example.com/story', address: '93.184.216.34' },
      { url: 'http://cdn.example.net/story', address: '93.184.216.35' },
    ]);
    expect((await refusal(fetchPage('http://news.example.com/dns'))).message).toBe('Refused to fetch sneaky.example.org: loopback addresses are not allowed');
    expect(connector.connections).toHaveLength(3);
  });

  it('follows at most three redirects and pins each connection to the checked address', async () => {
    let hop = 0;
    const connector = blockingConnector(
      { 'loop.example.com': ['93.184.216.34'] },
      () => new Response(null, { status: 301, headers: { location: `/hop${(hop += 1)}` } }),
    );
    const error = await refusal(createSafeFetcher(connector)('http://loop.example.com/'));
    expect(error.code).toBe('TOO_MANY_REDIRECTS');
    expect(connector.connections.map((c) => c.url)).toEqual([
      'http://loop.example.com/',
      'http://loop.example.com/hop1',
      'http://loop.example.com/hop2',
      'http://loop.example.com/hop3',
    ]);
    expect(connector.connections.every((c) => c.address === '93.184.216.34')).toBe(true);
  });

  it('reads only text/html, at most the byte limit, within the time limit', async () => {
    const dns = { 'site.example.com': ['93.184.216.34'] };
    const pdf = blockingConnector(dns, () => new Response('%PDF', { headers: { 'content-type': 'application/pdf' } }));
    expect((await refusal(createSafeFetcher(pdf)('https://site.example.com/a.pdf'))).code).toBe('NOT_HTML');

    const big = `<html><head><title>Big page</title></head><body>${'x'.repeat(50_000)}</body></html>`;
    const large = blockingConnector(dns, () => new Response(big, { headers: { 'content-type': 'text/html' } }));
    const page = await createSafeFetcher({ ...large, maxBytes: 1000 })('https://site.example.com/');
    expect(page.truncated).toBe(true);
    expect(page.html.length).toBe(1000);

    const slow = blockingConnector(dns, (request) => {
      const body = new ReadableStream({
        start(controller) {
          request.signal.addEventListener('abort', () => controller.error(new Error('aborted')));
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/html' } });
    });
    expect((await refusal(createSafeFetcher({ ...slow, timeoutMs: 50 })('https://site.example.com/'))).code).toBe('TIMEOUT');
  });

  it('reaches loopback only with allowLoopbackForTests, and never the other private ranges', async () => {
    const connector = blockingConnector({}, () => new Response('<title>Loopback fake</title>', { headers: { 'content-type': 'text/html' } }));
    const allowed = createWebPageReader({ ...connector, allowLoopbackForTests: true });
    expect((await allowed.read('http://127.0.0.1:9/page')).title).toBe('Loopback fake');
    expect((await refusal(allowed.read('http://10.0.0.1/'))).code).toBe('BLOCKED_ADDRESS');
    expect((await refusal(allowed.read('http://169.254.169.254/'))).code).toBe('BLOCKED_ADDRESS');
    expect(connector.connections).toHaveLength(1);
  });

  it('classifies addresses', () => {
    expect(blockedReason('93.184.216.34')).toBeNull();
    expect(blockedReason('2606:2800:220:1:248:1893:25c8:1946')).toBeNull();
    expect(blockedReason('2002:c0a8:0101::1')).toBe('private');
    expect(blockedReason('198.18.0.1')).toBe('reserved');
    expect(blockedReason('not an address')).toBe('reserved');
  });
});

describe('page metadata', () => {
  it('reads Open Graph and meta tags as written and invents nothing', () => {
    const html = `<html><head>
      <!-- <meta property="og:title" content="Commented out"> -->
      <title>  Site &ndash; Title  </title>
      <meta name="description" content="Plain description">
      <meta content='Quoted &quot;OG&quot; title' property='og:title'>
      <meta property="og:site_name" content="Daily News">
      <meta property="article:published_time" content="2024-02-01T08:00:00+01:00">
      <script>var s = '<meta property="og:description" content="from a script">';</script>
    </head></html>`;
    expect(parsePageMetadata(html)).toEqual({
      title: 'Quoted "OG" title',
      description: 'Plain description',
      siteName: 'Daily News',
      publishedTime: '2024-02-01T08:00:00+01:00',
    });
    expect(parsePageMetadata('<html><head><title>Only a title</title></head></html>')).toEqual({
      title: 'Only a title',
      description: null,
      siteName: null,
      publishedTime: null,
    });
    expect(parsePageMetadata('<p>nothing</p>')).toEqual({ title: null, description: null, siteName: null, publishedTime: null });
    expect(parsePageMetadata('<p>nothing</p>', 'https://www.example.org/a')).toMatchObject({ siteName: 'example.org' });
  });

  // Pages saved from the real sites by the metascraper project (tests/fixtures/real/web-pages).
  const TITLES: Record<string, string> = {
    reuters: 'Silicon Valley venture capitalists raise more money, give less away',
    anandtech: 'AMD Launches Ryzen PRO CPUs: Enhanced Security, Longer Warranty, Better Quality',
    'the-register': 'EMC makes a LEAP forward with Virtustream and more',
    wsj: 'Funding Snapshot: Software Development Platform CircleCI Raises $18M',
    zdnet: 'Email security startup Agari raises $22 million to help enterprises fight phishing attacks | ZDNet',
    segment: 'Scaling NSQ to 750 Billion Messages',
    reactpodcast: '117: Tom Preston-Werner on RedwoodJS | React Podcast',
    'smitten-kitchen': 'cucumber yogurt raita salad | smitten kitchen',
  };
  const page = (name: string) => readFileSync(new URL(`../fixtures/real/web-pages/${name}.html`, import.meta.url), 'utf8');

  it.each([
    ['reuters', 'http://www.reuters.com/article/us-venture-fundraising-idUSKCN0Y41DQ', '2016-05-13T16:43:53+00:00', 'Reuters'],
    // JSON-LD datePublished; the publisher's name stands in for a missing og:site_name.
    ['anandtech', 'http://www.anandtech.com/show/11591', '2017-06-29', 'AnandTech'],
    ['the-register', 'http://www.theregister.co.uk/2016/05/03/emc_world_virtustream_announcement', '2016-05-03T16:26:13Z', 'The Register'],
    ['wsj', 'http://www.wsj.com/articles/funding-snapshot-software-development-platform-circleci-raises-18m-1463398202', '2016-05-16T11:30:00Z', 'WSJ'],
    // itemprop="datePublished" on a <time>, written with a space.
    ['zdnet', 'http://www.zdnet.com/article/email-security-startup-agari-raises-22-million', '2016-05-24T13:30:03', 'ZDNet'],
    // Only <time datetime>.
    ['segment', 'https://segment.com/blog/scaling-nsq', '2016-05-16T00:00:00+00:00', 'Segment Blog'],
    // No stated date: none is made up (a text-scanning scraper dates this page "today"); the host names the site.
    ['reactpodcast', 'https://reactpodcast.com/episodes/117', null, 'React Podcast'],
    ['smitten-kitchen', 'http://smittenkitchen.com/blog/2016/05/cucumber-yogurt-raita-salad', null, 'smittenkitchen.com'],
  ])('reads the date and site name of a real page: %s', (name, url, date, site) => {
    const metadata = parsePageMetadata(page(name), url);
    expect(metadata.publishedTime).toBe(date);
    expect(metadata.siteName).toBe(site);
    expect(metadata.title).toBe(TITLES[name]);
  });

  it('normalises stated dates to ISO 8601 and refuses what is not a date', () => {
    expect(normalizeDate('2016-04-19T18:52:32-0700')).toBe('2016-04-19T18:52:32-07:00');
    expect(normalizeDate('2016-05-24 13:30')).toBe('2016-05-24T13:30:00');
    expect(normalizeDate('20160524')).toBe('2016-05-24');
    expect(normalizeDate('Tue, 24 May 2016 13:30:03 GMT')).toBe('2016-05-24T13:30:03Z');
    expect(normalizeDate('May 24, 2016')).toBe('2016-05-24');
    for (const bad of ['yesterday', '2 hours ago', '1999-13-01', '0001-01-01', '12345', '']) expect(normalizeDate(bad)).toBeNull();
  });

  it('takes the JSON-LD of a @graph, skips a broken block and prefers the stated publication date', () => {
    const html = `<script type="application/ld+json">{ broken</script>
      <script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebSite","name":"x"},{"@type":"NewsArticle","dateModified":"2021-02-02","datePublished":"2021-01-05T10:00:00+02:00","publisher":{"@type":"Organization","name":"Health Daily"}}]}</script>
      <time datetime="2020-12-31">earlier</time><span itemprop="datePublished">March 3, 2020</span>`;
    expect(parsePageMetadata(html)).toMatchObject({ publishedTime: '2021-01-05T10:00:00+02:00', siteName: 'Health Daily' });
    expect(parsePageMetadata('<div><span itemprop="datePublished">March 3, 2020</span><time datetime="2020-12-31"></time></div>')).toMatchObject({
      publishedTime: '2020-03-03',
    });
  });
});

// ── PubMed ──────────────────────────────────────────────────────────────────────────────────

let pubmed: FakePubmed;
let trials: FakeClinicalTrials;

beforeAll(async () => {
  pubmed = await startFakePubmed();
  trials = await startFakeClinicalTrials();
});
afterAll(async () => {
  await pubmed?.close();
  await trials?.close();
});

describe('PubMed client', () => {
  it('builds the author term from the name and initials', () => {
    expect(authorTerm({ firstName: 'Margaret', middleName: 'Adaeze', lastName: 'Okafor' })).toBe('Okafor MA[Author]');
    expect(authorTerm({ firstName: 'Émile', middleName: null, lastName: 'Zola' })).toBe('Zola E[Author]');
    expect(authorTerm({ firstName: null, middleName: null, lastName: 'Doe [x]' })).toBe('Doe x[Author]');
  });

  it('sends tool, email and api_key, narrows by affiliation and ORCID, and maps esummary to publication fields', async () => {
    pubmed.articles[0]!.orcids = ['0000-0002-1825-0097'];
    const client = createPubmedClient({
      baseUrl: pubmed.url,
      apiKey: 'ncbi-key',
      tool: 'vitae',
      email: 'ops@vitae.test',
      limiter: createRateLimiter({ limit: 100 }),
    });
    const before = pubmed.requests.length;
    const result = await searchPublications(client, {
      firstName: 'Margaret',
      middleName: null,
      lastName: 'Okafor',
      affiliation: 'Northfield Health',
      orcid: '0000-0002-1825-0097',
    });
    const calls = pubmed.requests.slice(before);
    expect(calls.map((c) => c.params.term ?? c.params.id)).toEqual([
      'Okafor M[Author]',
      'Okafor M[Author] AND Northfield Health[Affiliation]',
      '0000-0002-1825-0097[auid]',
      '38000001,37000002,36000003,35000004',
    ]);
    expect(calls.every((c) => c.params.tool === 'vitae' && c.params.email === 'ops@vitae.test' && c.params.api_key === 'ncbi-key')).toBe(true);
    expect(result.query).toBe('Okafor M[Author]');
    expect(result.articles[0]).toEqual({
      pmid: '38000001',
      title: 'Sex differences in outcomes after transcatheter aortic valve replacement.',
      authors: ['Okafor MA', 'Lindqvist P', 'Haddad R'],
      personalAuthors: ['Okafor MA', 'Lindqvist P', 'Haddad R'],
      journalName: 'Journal of the American College of Cardiology',
      publicationDate: '2024 Mar 12',
      volume: '83',
      issue: '10',
      pages: '1001-1012',
      doi: '10.1016/j.jacc.2024.01.001',
      publicationTypes: ['Journal Article'],
      matchedAffiliation: true,
      matchedOrcid: true,
    });
    expect(result.articles.map((a) => [a.pmid, a.matchedAffiliation])).toEqual([
      ['38000001', true],
      ['37000002', true],
      ['36000003', false],
      ['35000004', false],
    ]);
    delete pubmed.articles[0]!.orcids;
  });

  it('falls back to the abbreviation and elocation DOI and skips error entries', () => {
    expect(
      mapEsummaryDocument({ uid: '1', title: 'T', source: 'J X', elocationid: 'doi: 10.1/ABC', authors: [{ name: 'Group X', authtype: 'CollectiveName' }] }),
    ).toMatchObject({
      journalName: 'J X',
      doi: '10.1/abc',
      authors: ['Group X'],
      personalAuthors: [],
      volume: null,
    });
    expect(mapEsummaryDocument({ uid: '2', error: 'cannot get document summary' })).toBeNull();
  });

  it('reads real summaries: an author with a suffix is a person, inline markup leaves the title, groups stay listed', async () => {
    // Two DocSums PubMed returned in 2021 (tests/fixtures/real/pubmed), served in the JSON form.
    const kane = articleFromDocsum(realDocsum('33955247'));
    const acanthamoeba = articleFromDocsum(realDocsum('33929276'));
    expect(kane.authors).toContain('Kane JL Jr');
    expect(kane.title).toContain('B<sup>0</sup>AT1');
    expect(acanthamoeba.title).toContain('<i>Acanthamoeba</i>');
    const fake = await startFakePubmed({ articles: [kane, { ...acanthamoeba, collectiveAuthors: ['Acanthamoeba Keratitis Study Group'] }] });
    try {
      const client = createPubmedClient({ baseUrl: fake.url, limiter: { acquire: async () => {} } });
      const [first, second] = await client.esummary(['33955247', '33929276']);
      expect(first!.title).toBe('A Solid Supported Membrane-Based Technology for Electrophysical Screening of B0AT1-Modulating Compounds.');
      expect(second!.title).toBe(
        'Acanthamoeba Keratitis: an update on amebicidal and cysticidal drug screening methodologies and potential treatment with azole drugs.',
      );
      expect(first!.authors).toHaveLength(11);
      expect(first!.authors[3]).toBe('Kane JL Jr');
      expect(second!.authors.at(-1)).toBe('Acanthamoeba Keratitis Study Group');
      expect(second!.personalAuthors).toEqual(['Shing B', 'Balen M', 'McKerrow JH', 'Debnath A']);

      expect(parsePubmedAuthor('Kane JL Jr')).toEqual({ last: 'Kane', first: null, initials: 'JL', display: 'Kane JL Jr' });
      const evidence = scoreMatch(
        { firstName: 'James', middleName: 'L', lastName: 'Kane', affiliations: [], specialtyKeywords: [] },
        { people: first!.personalAuthors.map(parsePubmedAuthor).filter((p) => p !== null) },
      );
      expect(evidence.signals.filter((s) => s.matched).map((s) => s.key)).toEqual(['last_name', 'first_name', 'middle_initial']);
      expect(evidence.signals[0]!.detail).toBe('Kane JL Jr is listed');
    } finally {
      await fake.close();
    }
  });

  it('keeps a suffix apart from initials only after initials', () => {
    expect(parsePubmedAuthor('Doe JM III')).toMatchObject({ last: 'Doe', initials: 'JM' });
    expect(parsePubmedAuthor('Smith II')).toMatchObject({ last: 'Smith', initials: 'II' });
    expect(parsePubmedAuthor('de la Rosa R')).toMatchObject({ last: 'de la Rosa', initials: 'R' });
  });

  it('keeps to 3 requests a second without a key, 10 with one', async () => {
    let clock = 0;
    const limiter = createRateLimiter({
      limit: 3,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
    });
    const starts: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      await limiter.acquire();
      starts.push(clock);
    }
    expect(starts).toEqual([0, 0, 0, 1000, 1000, 1000, 2000]);

    // With the real clock, timed where the client hands each request to the network (arrival times
    // at the fake would add connection set-up noise): a fourth request waits for the next second.
    const handedOff: number[] = [];
    const timedFetch: typeof fetch = (input, init) => {
      handedOff.push(Date.now());
      return fetch(input, init);
    };
    const client = createPubmedClient({ baseUrl: pubmed.url, limiter: createRateLimiter({ limit: 3 }), fetchImpl: timedFetch });
    await Promise.all([1, 2, 3, 4].map(() => client.esearch('Okafor M[Author]')));
    expect(handedOff[2]! - handedOff[0]!).toBeLessThan(990);
    expect(handedOff[3]! - handedOff[0]!).toBeGreaterThanOrEqual(990);

    // With an API key the process-wide limiter allows 10: the 11th request waits for the next second.
    handedOff.length = 0;
    const keyed = createPubmedClient({ baseUrl: pubmed.url, apiKey: 'limit-test-key', fetchImpl: timedFetch });
    await Promise.all(Array.from({ length: 11 }, () => keyed.esearch('Okafor M[Author]')));
    expect(handedOff[9]! - handedOff[0]!).toBeLessThan(990);
    expect(handedOff[10]! - handedOff[0]!).toBeGreaterThanOrEqual(990);
  });

  it('reports PubMed errors', async () => {
    const client = createPubmedClient({ baseUrl: pubmed.url, limiter: createRateLimiter({ limit: 100 }), http: { retries: 0 } });
    pubmed.setMode('rateLimited');
    try {
      await expect(client.esearch('Okafor M[Author]')).rejects.toThrow('Request failed with status code 429');
    } finally {
      pubmed.setMode('normal');
    }
  });
});

// ── ClinicalTrials.gov ──────────────────────────────────────────────────────────────────────

describe('ClinicalTrials.gov client', () => {
  it('maps every one of the 14 overall statuses, defaulting to recruiting', () => {
    expect(CT_OVERALL_STATUSES).toHaveLength(14);
    for (const status of CT_OVERALL_STATUSES) expect(mapOverallStatus(status)).toBe(CT_STATUS_MAP[status]);
    expect(new Set(Object.values(CT_STATUS_MAP)).size).toBe(14);
    expect(mapOverallStatus(undefined)).toBe('recruiting');
    expect(mapOverallStatus('SOMETHING_NEW')).toBe('recruiting');
  });

  it('finds an official listed with a middle initial or a suffix: the words of the name, not the phrase', async () => {
    // Real officials are listed as "Jacob M Sands" for the provider Jacob Sands: a phrase query misses them.
    expect(officialQuery('Jacob Sands')).toBe('AREA[OverallOfficialName]("Jacob" AND "Sands")');
    expect(officialQuery(" Mary-Ann  O'Neil (Jr) ")).toBe('AREA[OverallOfficialName]("Mary-Ann" AND "O\'Neil" AND "Jr")');
    const study = { ...FAKE_STUDIES[0]!, nctId: 'NCT09100001', officials: [{ name: 'Jacob M Sands, MD', role: 'PRINCIPAL_INVESTIGATOR' }] };
    const fake = await startFakeClinicalTrials({ studies: [study] });
    try {
      expect(searchStudies([study], 'AREA[OverallOfficialName]"Jacob Sands"')).toEqual([]);
      const client = createClinicalTrialsClient({ baseUrl: fake.url });
      expect((await client.searchByOfficial('Jacob Sands')).studies.map((s) => s.nctNumber)).toEqual(['NCT09100001']);
    } finally {
      await fake.close();
    }
  });

  it('searches by overall official across pages and reads single studies', async () => {
    const many = Array.from({ length: 3 }, (_, i) => ({ ...FAKE_STUDIES[0]!, nctId: `NCT0900000${i}` }));
    const paged = await startFakeClinicalTrials({ studies: many });
    try {
      const client = createClinicalTrialsClient({ baseUrl: paged.url });
      const result = await client.searchByOfficial('Margaret Okafor', { pageSize: 2 });
      expect(result.query).toBe('AREA[OverallOfficialName]("Margaret" AND "Okafor")');
      expect(result.studies.map((s) => s.nctNumber)).toEqual(['NCT09000000', 'NCT09000001', 'NCT09000002']);
      expect(paged.requests.map((r) => [r.params.pageSize, r.params.pageToken ?? null])).toEqual([
        ['2', null],
        ['2', expect.any(String)],
      ]);
    } finally {
      await paged.close();
    }
    const client = createClinicalTrialsClient({ baseUrl: trials.url });
    expect(await client.getStudy('NCT04000002')).toMatchObject({
      nctNumber: 'NCT04000002',
      trialTitle: 'Wearable ECG Screening for Atrial Fibrillation',
      status: 'completed',
      phase: 'N/A',
      startDate: '2019-09-15',
      completionDate: '2022-03-30',
      sponsor: 'Lakeshore Cardiology Institute',
      conditionsStudied: ['Atrial Fibrillation'],
      officials: [{ name: 'Margaret A. Okafor', affiliation: 'Lakeshore Cardiology Institute', role: 'STUDY_CHAIR' }],
    });
    expect(await client.getStudy('NCT99999999')).toBeNull();
    expect(trials.requests.at(-1)!.path).toBe('/api/v2/studies/NCT99999999');
  });

  it('shows the Markdown of real studies as text: escapes resolved, paragraphs and list items kept', async () => {
    // Three v2 study records recorded from the real service (tests/fixtures/real/clinicaltrials).
    const recorded = JSON.parse(readFileSync(new URL('../fixtures/real/clinicaltrials/studies-v2-excerpt.json', import.meta.url), 'utf8')) as {
      studies: Array<
        RecordedStudy & { protocolSection: { descriptionModule: { detailedDescription: string }; eligibilityModule: { eligibilityCriteria: string } } }
      >;
    };
    const byId = new Map(recorded.studies.map((study) => [study.protocolSection.identificationModule.nctId, study.protocolSection]));
    const fake = await startFakeClinicalTrials({ studies: recorded.studies.map(studyFromRecorded) });
    try {
      const client = createClinicalTrialsClient({ baseUrl: fake.url });
      const { studies } = await client.searchByOfficial('James Lewis');
      expect(studies.map((s) => s.nctNumber)).toEqual(['NCT03058679']);
      expect((await client.getStudy('NCT01126879'))!.description).toBe(
        'RATIONALE: Genistein may stop the growth of tumor cells by blocking some of the enzymes needed for cell growth.\n\nPURPOSE: This randomized phase II trial is studying how well genistein works in treating patients with prostate cancer.',
      );
    } finally {
      await fake.close();
    }

    const crohns = markdownToText(byId.get('NCT03058679')!.descriptionModule.detailedDescription);
    expect(byId.get('NCT03058679')!.descriptionModule.detailedDescription).toContain('score \\>175');
    expect(crohns).toContain('(sCDAI) score >175');
    expect(crohns).not.toContain('\\');
    expect(markdownToText(byId.get('NCT05531279')!.descriptionModule.detailedDescription)).toContain('ANC<0.5');

    const criteria = markdownToText(byId.get('NCT03058679')!.eligibilityModule.eligibilityCriteria).split('\n');
    expect(criteria.slice(0, 5)).toEqual(['Inclusion Criteria', '', '1. Age â‰¥18', "2. Documented diagnosis of Crohn's disease", '3. sCDAI score >175']);
    const bullets = markdownToText(byId.get('NCT01126879')!.eligibilityModule.eligibilityCriteria);
    expect(bullets).toMatch(/^Inclusion\n\n• Participants must have a pathologic diagnosis of prostate cancer/);
    expect(bullets).toContain('PSA >= 10, Gleason score >= 8');
  });

  it('turns Markdown into text: emphasis dropped, nested lists indented, raw HTML left as text', () => {
    expect(markdownToText('**Bold** and _it_ with `code`\n\n* one\n  * inner\n* two\n\n3. three\n4. four')).toBe(
      'Bold and it with code\n\n• one\n  • inner\n• two\n\n3. three\n4. four',
    );
    expect(markdownToText('<script>alert(1)</script> x')).toBe('<script>alert(1)</script> x');
    expect(markdownToText('')).toBe('');
  });

  it('maps protocolSection fields', () => {
    expect(mapStudy(toStudy(FAKE_STUDIES[0]!))).toMatchObject({
      nctNumber: 'NCT05000001',
      trialTitle: 'Colchicine After Myocardial Infarction in Women',
      officialTitle: 'A Randomized Trial of Low-Dose Colchicine After Myocardial Infarction in Women',
      status: 'recruiting',
      overallStatus: 'RECRUITING',
      phase: 'Phase 3',
      completionDate: '2026-12',
      description: 'Does colchicine reduce recurrent events after a heart attack in women?',
      keywords: ['cardiology', 'inflammation'],
      locations: ['Northfield Health Evanston Hospital, Evanston, Illinois'],
    });
    expect(mapStudy({ protocolSection: { identificationModule: { briefTitle: 'No id' } } })).toBeNull();
  });
});

it('the default fake data set is the browser tests’ provider', () => {
  expect(FAKE_PUBMED_ARTICLES.every((a) => a.authors.some((name) => name.startsWith('Okafor M')))).toBe(true);
});

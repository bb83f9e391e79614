/**
 * The discovery flow against the loopback PubMed and ClinicalTrials.gov fakes (and a loopback page
 * server for media): runs, confidence ordering with evidence, approval into the profile, rejections
 * that never come back, ownership, bulk failure counts, notifications, the scheduled search.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type AppDeps } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import {
  discoverySessions,
  hospitalSectionPermissions,
  jobs,
  mailOutbox,
  notificationSettings,
  professionalIdentity,
  publications,
  rejectedItems,
  users,
} from '../../src/server/db/schema';
import { SECTION_IDS } from '../../src/shared/limits';
import { loadEnv } from '../../src/server/env';
import { createClinicalTrialsClient } from '../../src/server/integrations/clinical-trials';
import { createPubmedClient, createRateLimiter } from '../../src/server/integrations/pubmed';
import { createWebPageReader, type LookupFn } from '../../src/server/integrations/web-page';
import { createWorker } from '../../src/server/jobs/queue';
import { createLogger } from '../../src/server/lib/logger';
import { createDiscoveryJobHandlers, SCHEDULED_DISCOVERY_JOB } from '../../src/server/modules/discovery/jobs';
import type { DiscoverySources } from '../../src/server/modules/discovery/sources';
import { migrationsDir } from '../../src/server/paths';
import type { DiscoveryItem, DiscoveryRunResult } from '../../src/shared/schemas/discovery';
import { startFakeClinicalTrials, type FakeClinicalTrials, type FakeStudyInput } from '../fakes/clinical-trials';
import { startFakePubmed, type FakeArticle, type FakePubmed } from '../fakes/pubmed';
import { browserClient, type BrowserClient } from '../support/clients';
import { createHospital, uniqueSuffix } from '../support/factories';
import { createTestApp, TEST_ORIGIN } from '../support/test-app';
import { createTestDatabase, databaseLabel } from '../support/test-database';

const ARTICLES: FakeArticle[] = [
  {
    pmid: '100003',
    title: 'Urban planning and commuting times.',
    authors: ['Doe JM'],
    source: 'Cities',
    fulljournalname: 'Cities',
    pubdate: '2020',
    doi: '10.1000/cities.2020.3',
    affiliations: ['Department of Geography, Elsewhere University'],
  },
  {
    pmid: '100001',
    title: 'Cardiologic outcomes after heart failure admission.',
    authors: ['Smith A', 'Doe JM'],
    source: 'J Cardiol',
    fulljournalname: 'Journal of cardiology',
    pubdate: '2024 Jan',
    volume: '12',
    issue: '3',
    pages: '100-110',
    doi: '10.1000/jc.2024.1',
    affiliations: ['Northfield Health, Evanston, IL'],
  },
  {
    pmid: '100002',
    title: 'Knee replacement outcomes in older adults.',
    authors: ['Doe JM', 'Roe B'],
    source: 'Orthop Today',
    fulljournalname: 'Orthopedics today',
    pubdate: '2023 May',
    doi: '10.1000/ot.2023.2',
    affiliations: ['Northfield Health, Evanston, IL'],
  },
];

const STUDIES: FakeStudyInput[] = [
  {
    nctId: 'NCT10000001',
    briefTitle: 'Heart Failure Telemonitoring',
    overallStatus: 'ACTIVE_NOT_RECRUITING',
    phases: ['PHASE2', 'PHASE3'],
    startDate: '2022-01',
    completionDate: '2025-06',
    leadSponsor: 'Northfield Health',
    conditions: ['Heart Failure'],
    keywords: ['cardiology'],
    officials: [{ name: 'Jane M. Doe, MD', affiliation: 'Northfield Health', role: 'PRINCIPAL_INVESTIGATOR' }],
  },
  {
    nctId: 'NCT10000002',
    briefTitle: 'Asthma Inhaler Adherence',
    overallStatus: 'WITHDRAWN',
    leadSponsor: 'Other Place Clinic',
    conditions: ['Asthma'],
    officials: [{ name: 'Jane Doe', affiliation: 'Other Place Clinic', role: 'STUDY_DIRECTOR' }],
  },
];

interface Harness {
  app: ReturnType<typeof createApp>;
  db: Database;
  deps: AppDeps;
  close(): Promise<void>;
}

let pubmed: FakePubmed;
let trials: FakeClinicalTrials;
let pages: Server;
let pagesUrl: string;
let h: Harness;
let hospitalId: string;
let sources: Partial<DiscoverySources>;
const logger = createLogger({ level: 'silent', environment: 'test' });

/** A page server on loopback; the media reader may reach it only because the test allows loopback. */
async function startPages() {
  const server = createServer((req, res) => {
    if (req.url === '/news/heart-clinic') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><title>Fallback title</title>
        <meta property="og:title" content="Dr. Jane Doe opens heart clinic &amp; research lab">
        <meta property="og:description" content="The Northfield Health cardiologist will lead the new clinic.">
        <meta property="og:site_name" content="Evanston Daily">
        <meta property="article:published_time" content="2024-04-02T09:30:00Z">
        </head><body>…</body></html>`);
      return;
    }
    if (req.url === '/news/bare') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><head><title>Community health fair</title></head><body></body></html>');
      return;
    }
    if (req.url === '/news/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
      return;
    }
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('missing');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The app as createTestApp builds it, plus discovery sources pointed at the fakes. */
async function createHarness(discoverySources: Partial<DiscoverySources>): Promise<Harness> {
  const database = await createTestDatabase();
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: TEST_ORIGIN, TRUST_PROXY: 'true' });
  const deps: AppDeps & { discoverySources: Partial<DiscoverySources> } = { env, database, logger, migrationsDir, discoverySources };
  return { app: createApp(deps), db: database.db, deps, close: () => database.close() };
}

beforeAll(async () => {
  pubmed = await startFakePubmed({ articles: ARTICLES });
  trials = await startFakeClinicalTrials({ studies: STUDIES });
  ({ server: pages, url: pagesUrl } = await startPages());
  // Every lookup answers loopback, so nothing a test names can leave the machine.
  const lookup: LookupFn = async () => [{ address: '127.0.0.1', family: 4 }];
  sources = {
    pubmed: createPubmedClient({
      baseUrl: pubmed.url,
      tool: 'vitae-test',
      email: 'dev@vitae.test',
      limiter: createRateLimiter({ limit: 1000 }),
      http: { retries: 0 },
    }),
    clinicalTrials: createClinicalTrialsClient({ baseUrl: trials.url, http: { retries: 0 } }),
    webPages: createWebPageReader({ allowLoopbackForTests: true, lookup }),
  };
  h = await createHarness(sources);
  hospitalId = (await createHospital({ database: { db: h.db } } as never, { name: 'Northfield Health' })).id;
});
afterAll(async () => {
  await h?.close();
  await pubmed?.close();
  await trials?.close();
  await new Promise((resolve) => pages?.close(resolve));
});

/** A signed-in provider, Jane Marie Doe, cardiologist at Northfield Health. */
async function provider(options: { fullName?: string; identity?: boolean } = {}) {
  const client = browserClient(h.app);
  const email = `disc.${uniqueSuffix()}@example.org`;
  const response = await client.post(
    '/api/auth/sign-up',
    { email, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName: options.fullName ?? 'Jane Doe', hospitalId },
    { 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 250)}` },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  const [user] = await h.db.select().from(users).where(eq(users.email, email));
  if (options.identity !== false) {
    const identity = { firstName: 'Jane', lastName: 'Doe', fullLegalName: 'Jane Marie Doe', primarySpecialty: 'Cardiology' };
    await h.db
      .insert(professionalIdentity)
      .values({ userId: user!.id, ...identity })
      .onConflictDoUpdate({ target: professionalIdentity.userId, set: identity });
  }
  return { client, user: user! };
}

async function run(client: BrowserClient, body: Record<string, unknown> = { types: ['publications', 'clinical_trials'] }) {
  const response = await client.post('/api/discovery/run', body);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as DiscoveryRunResult;
}

async function pending(client: BrowserClient, type?: string) {
  const response = await client.get(`/api/discovery/items?status=pending${type ? `&type=${type}` : ''}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { items: DiscoveryItem[]; counts: Record<string, number> };
}

const byExternal = (items: DiscoveryItem[], id: string) => items.find((item) => item.externalId === id)!;

describe(`discovery (${databaseLabel})`, () => {
  it('answers 401 "User not authenticated" without a provider session', async () => {
    const anonymous = browserClient(h.app);
    for (const [method, path] of [
      ['post', '/api/discovery/run'],
      ['get', '/api/discovery/items'],
      ['patch', '/api/discovery/items/publications/00000000-0000-0000-0000-000000000000'],
      ['post', '/api/discovery/items/bulk'],
      ['get', '/api/discovery/sessions'],
    ] as const) {
      const response = await (method === 'get' ? anonymous.get(path) : anonymous[method](path, {}));
      expect(response.status, path).toBe(401);
      expect((await response.json()).error.message).toBe('User not authenticated');
    }
  });

  it('validates the run request', async () => {
    const { client } = await provider();
    const none = await client.post('/api/discovery/run', { types: [] });
    expect(none.status).toBe(400);
    expect((await none.json()).error.message).toBe('Choose at least one kind of item to search for');
    const badUrl = await client.post('/api/discovery/run', { types: ['media'], mediaUrls: ['file:///etc/passwd'] });
    expect((await badUrl.json()).error.message).toBe('Enter a full web address starting with http:// or https://');
  });

  it('runs a search: one session per type, pending items with confidence and evidence, PubMed asked politely', async () => {
    const { client, user } = await provider();
    const before = pubmed.requests.length;
    const result = await run(client);
    expect(result.totals).toEqual({ found: 5, added: 5, skippedRejected: 0, skippedExisting: 0 });
    expect(result.results.map((r) => [r.type, r.added])).toEqual([
      ['publications', 3],
      ['clinical_trials', 2],
    ]);
    expect(result.results[0]!.searchQuery).toBe('Doe JM[Author]');
    expect(result.results[1]!.searchQuery).toBe('AREA[OverallOfficialName]("Jane" AND "Doe")');

    const calls = pubmed.requests.slice(before);
    expect(calls.map((c) => c.endpoint)).toEqual(['esearch', 'esearch', 'esummary']);
    expect(calls[1]!.params.term).toBe('Doe JM[Author] AND Northfield Health[Affiliation]');
    expect(
      calls.every((c) => c.params.tool === 'vitae-test' && c.params.email === 'dev@vitae.test' && c.params.db === 'pubmed' && c.params.retmode === 'json'),
    ).toBe(true);
    expect(trials.requests.at(-1)!.params).toMatchObject({ 'query.term': 'AREA[OverallOfficialName]("Jane" AND "Doe")', format: 'json' });

    const sessions = await h.db.select().from(discoverySessions).where(eq(discoverySessions.userId, user.id));
    expect(sessions.map((s) => [s.sessionType, s.totalFound, s.isAutoSearch]).sort()).toEqual([
      ['clinical_trials', 2, false],
      ['publications', 3, false],
    ]);

    const { items, counts } = await pending(client);
    expect(counts).toEqual({ publications: 3, clinical_trials: 2, media_press: 0 });
    const trial = byExternal(items, 'NCT10000001');
    expect(trial).toMatchObject({
      type: 'clinical_trials',
      status: 'pending',
      sourceUrl: 'https://clinicaltrials.gov/study/NCT10000001',
      details: {
        trialStatus: 'active_not_recruiting',
        phase: 'Phase 2/Phase 3',
        role: 'principal_investigator',
        sponsor: 'Northfield Health',
        conditionsStudied: ['Heart Failure'],
      },
    });
    expect(byExternal(items, 'NCT10000002').details).toMatchObject({ trialStatus: 'withdrawn', role: 'study_director', phase: null });
    const article = byExternal(items, '100001');
    expect(article).toMatchObject({
      searchQuery: 'Doe JM[Author]',
      details: {
        authors: ['Smith A', 'Doe JM'],
        journalName: 'Journal of cardiology',
        publicationDate: '2024 Jan',
        volume: '12',
        issue: '3',
        pages: '100-110',
        doi: '10.1000/jc.2024.1',
        pmid: '100001',
      },
    });

    // Pending items are not part of the profile yet.
    const section = await (await client.get('/api/profile/sections/publications')).json();
    expect(section.data.items).toEqual([]);
  });

  it('orders items by confidence within a run and shows which signals matched', async () => {
    const { client } = await provider();
    await run(client, { types: ['publications'] });
    const { items } = await pending(client, 'publications');
    expect(items.map((i) => i.externalId)).toEqual(['100001', '100002', '100003']);
    const scores = items.map((i) => i.confidenceScore);
    expect(scores[0]).toBeGreaterThan(scores[1]!);
    expect(scores[1]).toBeGreaterThan(scores[2]!);
    const matched = (item: DiscoveryItem) => item.evidence!.signals.filter((s) => s.matched).map((s) => s.key);
    expect(matched(items[0]!)).toEqual(['last_name', 'first_name', 'middle_initial', 'affiliation', 'specialty']);
    expect(matched(items[1]!)).toEqual(['last_name', 'first_name', 'middle_initial', 'affiliation']);
    expect(matched(items[2]!)).toEqual(['last_name', 'first_name', 'middle_initial']);
    expect(items[2]!.evidence!.signals.find((s) => s.key === 'affiliation')).toMatchObject({ matched: false });
    expect(items.every((i) => i.evidence!.defaulted === false)).toBe(true);
  });

  it('approving moves an item into its profile section; a trial gets user_status approved', async () => {
    const { client } = await provider();
    await run(client);
    const { items } = await pending(client);
    const article = byExternal(items, '100001');
    const trial = byExternal(items, 'NCT10000001');

    const approved = await client.patch(`/api/discovery/items/publications/${article.id}`, { status: 'approved' });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ id: article.id, status: 'approved' });
    expect((await client.patch(`/api/discovery/items/clinical_trials/${trial.id}`, { status: 'approved' })).status).toBe(200);

    const pubs = (await (await client.get('/api/profile/sections/publications')).json()).data.items;
    expect(pubs).toEqual([
      expect.objectContaining({ id: article.id, title: article.title, pmid: '100001', status: 'approved', confidenceScore: article.confidenceScore }),
    ]);
    const studies = (await (await client.get('/api/profile/sections/clinical_trials')).json()).data.items;
    expect(studies).toEqual([expect.objectContaining({ id: trial.id, nctNumber: 'NCT10000001', userStatus: 'approved', status: 'active_not_recruiting' })]);
    expect((await pending(client)).counts).toEqual({ publications: 2, clinical_trials: 1, media_press: 0 });
  });

  // Issue 35 item 12: the stored completion follows whenever it changes, approvals in the lab included.
  it('stores the new completion when an approved item fills a required section', async () => {
    const { client, user } = await provider();
    const requiring = await createHospital({ database: { db: h.db } } as never);
    await h.db
      .insert(hospitalSectionPermissions)
      .values(SECTION_IDS.map((sectionId) => ({ hospitalId: requiring.id, sectionId, isVisible: true, isRequired: sectionId === 'publications' })));
    await h.db.update(users).set({ hospitalId: requiring.id, profileCompletionPercentage: 0 }).where(eq(users.id, user.id));
    await run(client);
    const article = byExternal((await pending(client)).items, '100001');
    expect((await client.patch(`/api/discovery/items/publications/${article.id}`, { status: 'approved' })).status).toBe(200);
    const [stored] = await h.db.select({ value: users.profileCompletionPercentage }).from(users).where(eq(users.id, user.id));
    expect(stored!.value).toBe(100);
    expect((await (await client.get('/api/dashboard')).json()).completionPercentage).toBe(100);
  });

  it('rejected items never come back, by PMID, DOI or NCT number; approved ones are not offered twice', async () => {
    const { client, user } = await provider();
    await run(client);
    let { items } = await pending(client);
    await client.patch(`/api/discovery/items/publications/${byExternal(items, '100001').id}`, { status: 'approved' });
    const rejectedArticle = byExternal(items, '100002');
    const response = await client.patch(`/api/discovery/items/publications/${rejectedArticle.id}`, {
      status: 'rejected',
      reason: 'Not me: a different J. M. Doe',
    });
    expect(await response.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Not me: a different J. M. Doe' });
    await client.patch(`/api/discovery/items/clinical_trials/${byExternal(items, 'NCT10000002').id}`, { status: 'rejected' });

    const [row] = await h.db
      .select()
      .from(rejectedItems)
      .where(and(eq(rejectedItems.userId, user.id), eq(rejectedItems.externalId, '100002')));
    expect(row).toMatchObject({
      itemType: 'publications',
      itemTitle: 'Knee replacement outcomes in older adults.',
      rejectionReason: 'Not me: a different J. M. Doe',
      searchQuery: 'Doe JM[Author]',
      confidenceScore: rejectedArticle.confidenceScore,
      metadata: { alternateIds: ['10.1000/ot.2023.2'] },
    });

    const again = await run(client);
    expect(again.totals).toEqual({ found: 5, added: 0, skippedRejected: 2, skippedExisting: 3 });
    ({ items } = await pending(client));
    expect(items.map((i) => i.externalId).sort()).toEqual(['100003', 'NCT10000001']);

    // A rejection recorded by DOI alone keeps the article out too.
    const other = await provider();
    await h.db
      .insert(rejectedItems)
      .values({ userId: other.user.id, itemType: 'publications', externalId: '10.1000/cities.2020.3', itemTitle: 'Urban planning' });
    const result = await run(other.client, { types: ['publications'] });
    expect(result.totals).toMatchObject({ added: 2, skippedRejected: 1 });
  });

  it('updates only the owner’s items; anything else is 404', async () => {
    const owner = await provider();
    const stranger = await provider();
    await run(owner.client, { types: ['publications'] });
    const [item] = (await pending(owner.client)).items;
    const attempt = await stranger.client.patch(`/api/discovery/items/publications/${item!.id}`, { status: 'approved' });
    expect(attempt.status).toBe(404);
    expect((await stranger.client.patch(`/api/discovery/items/publications/not-a-uuid`, { status: 'approved' })).status).toBe(404);
    expect((await stranger.client.patch(`/api/discovery/items/recipes/${item!.id}`, { status: 'approved' })).status).toBe(404);
    // The right id under the wrong type is not found either.
    expect((await owner.client.patch(`/api/discovery/items/clinical_trials/${item!.id}`, { status: 'approved' })).status).toBe(404);
    const [row] = await h.db.select().from(publications).where(eq(publications.id, item!.id));
    expect(row!.status).toBe('pending');
    // Hand-entered rows are not discovery items.
    const [manual] = await h.db.insert(publications).values({ userId: owner.user.id, title: 'Typed by hand' }).returning();
    expect((await owner.client.patch(`/api/discovery/items/publications/${manual!.id}`, { status: 'rejected' })).status).toBe(404);
  });

  it('bulk updates report the failure count with the spec message', async () => {
    const owner = await provider();
    const stranger = await provider();
    await run(owner.client);
    await run(stranger.client, { types: ['publications'] });
    const mine = (await pending(owner.client)).items;
    const theirs = (await pending(stranger.client)).items;
    const response = await owner.client.post('/api/discovery/items/bulk', {
      items: [
        { type: 'publications', id: byExternal(mine, '100001').id },
        { type: 'clinical_trials', id: byExternal(mine, 'NCT10000001').id },
        { type: 'publications', id: theirs[0]!.id },
        { type: 'media', id: '00000000-0000-4000-8000-000000000000' },
      ],
      status: 'approved',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ updated: 2, failed: 2, error: 'Failed to update 2 items' });

    const rejectAll = await owner.client.post('/api/discovery/items/bulk', {
      items: (await pending(owner.client)).items.map((i) => ({ type: i.type, id: i.id })),
      status: 'rejected',
      reason: 'Cleaning up',
    });
    expect(await rejectAll.json()).toEqual({ updated: 3, failed: 0 });
    expect((await pending(owner.client)).items).toEqual([]);
    expect((await h.db.select().from(rejectedItems).where(eq(rejectedItems.userId, owner.user.id))).every((r) => r.rejectionReason === 'Cleaning up')).toBe(
      true,
    );
    expect((await pending(stranger.client)).counts.publications).toBe(3);
  });

  it('creates a notification for each run and e-mails new results when e-mail is on', async () => {
    const { client, user } = await provider();
    const result = await run(client);
    const list = await (await client.get('/api/notifications')).json();
    expect(list.unreadCount).toBe(1);
    expect(list.items[0]).toMatchObject({
      id: result.notificationId,
      type: 'discovery_results',
      title: '5 new items to review',
      message: 'Discovery found 3 publications and 2 clinical trials that may be yours. Review them in the Discovery Lab.',
      isRead: false,
      data: { link: '/discovery-lab', runId: result.runId },
    });
    const [mail] = await h.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, user.email), eq(mailOutbox.kind, 'discovery_results')));
    expect(mail).toMatchObject({ subject: '5 new items found for your Vitae profile', links: [`${TEST_ORIGIN}/discovery-lab`] });
    expect(mail!.text).toContain('Publications: 3');

    // Trials e-mails off: the next run's new trial is announced in the app only.
    await client.put('/api/notifications/settings', { categories: { clinicalTrials: false, publications: false } });
    trials.studies.push({ ...STUDIES[0]!, nctId: 'NCT10000003', briefTitle: 'Heart Failure Exercise Study' });
    try {
      const second = await run(client, { types: ['clinical_trials'] });
      expect(second.totals.added).toBe(1);
    } finally {
      trials.studies.pop();
    }
    const mails = await h.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, user.email), eq(mailOutbox.kind, 'discovery_results')));
    expect(mails).toHaveLength(1);
    const after = await (await client.get('/api/notifications')).json();
    expect(after.items.map((n: { title: string }) => n.title)).toEqual(['1 new item to review', '5 new items to review']);
  });

  it('reads media pages’ own metadata, leaves missing fields null and refuses redirects to private addresses', async () => {
    const { client } = await provider();
    const result = await run(client, {
      types: ['media'],
      mediaUrls: [`${pagesUrl}/news/heart-clinic#top`, `${pagesUrl}/news/bare`, `${pagesUrl}/news/to-metadata`, `${pagesUrl}/news/missing`],
    });
    const media = result.results[0]!;
    expect(media).toMatchObject({ type: 'media_press', found: 2, added: 2 });
    expect(media.errors).toEqual([
      { source: `${pagesUrl}/news/to-metadata`, message: 'Refused to fetch 169.254.169.254: link-local addresses are not allowed' },
      { source: `${pagesUrl}/news/missing`, message: 'The page answered with status 404' },
    ]);
    const { items } = await pending(client, 'media');
    const clinic = items.find((i) => i.title.startsWith('Dr. Jane Doe'))!;
    expect(clinic).toMatchObject({
      title: 'Dr. Jane Doe opens heart clinic & research lab',
      externalId: `${pagesUrl}/news/heart-clinic`,
      details: {
        mediaType: 'news_article',
        publicationSource: 'Evanston Daily',
        date: '2024-04-02',
        description: 'The Northfield Health cardiologist will lead the new clinic.',
      },
    });
    // "cardiologist" in the description counts for the Cardiology specialty.
    expect(clinic.evidence!.signals.filter((s) => s.matched).map((s) => s.key)).toEqual(['last_name', 'first_name', 'affiliation', 'specialty']);
    const bare = items.find((i) => i.title === 'Community health fair')!;
    expect(bare.details).toMatchObject({ publicationSource: null, date: null, description: null });
    expect(bare.confidenceScore).toBeLessThan(clinic.confidenceScore);

    // A rejected link is not fetched again.
    await client.patch(`/api/discovery/items/media/${bare.id}`, { status: 'rejected' });
    const again = await run(client, { types: ['media'], mediaUrls: [`${pagesUrl}/news/bare`] });
    expect(again.results[0]).toMatchObject({ added: 0, skippedRejected: 1 });
  });

  it('keeps the other source’s results when one source is down', async () => {
    const { client } = await provider();
    pubmed.setMode('http500');
    try {
      const result = await run(client);
      expect(result.results[0]).toMatchObject({
        type: 'publications',
        added: 0,
        errors: [{ source: 'PubMed', message: 'PubMed could not be searched right now. Try again later.' }],
      });
      expect(result.results[1]).toMatchObject({ type: 'clinical_trials', added: 2, errors: [] });
    } finally {
      pubmed.setMode('normal');
    }
    const list = await (await client.get('/api/notifications')).json();
    expect(list.items[0].message).toContain('Some sources could not be searched.');
  });

  it('asks for a name before searching by name', async () => {
    const { client } = await provider({ fullName: 'Cher', identity: false });
    const response = await client.post('/api/discovery/run', { types: ['publications'] });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe('Add your first and last name to your profile before running discovery');
  });

  it('lists the sessions newest first with their counts', async () => {
    const { client } = await provider();
    await run(client, { types: ['publications'] });
    await run(client, { types: ['clinical_trials'] });
    const { items } = await (await client.get('/api/discovery/sessions')).json();
    expect(
      items.map((s: { sessionType: string; added: number; totalFound: number; isAutoSearch: boolean }) => [
        s.sessionType,
        s.totalFound,
        s.added,
        s.isAutoSearch,
      ]),
    ).toEqual([
      ['clinical_trials', 2, 2, false],
      ['publications', 3, 3, false],
    ]);
    expect(items[0]).not.toHaveProperty('evidence');
  });
});

describe(`scheduled discovery (${databaseLabel})`, () => {
  it('queues the next slot (UTC) when the schedule is turned on and drops it when turned off', async () => {
    const { client, user } = await provider();
    const saved = await (
      await client.put('/api/notifications/settings', { scheduleEnabled: true, scheduleDay: 3, scheduleHour: 14, frequency: 'weekly' })
    ).json();
    const runAt = new Date(saved.nextScheduledRun);
    expect(runAt.getUTCDay()).toBe(3);
    expect(runAt.getUTCHours()).toBe(14);
    expect(runAt.getTime()).toBeGreaterThan(Date.now());
    const queued = await h.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, SCHEDULED_DISCOVERY_JOB), eq(jobs.status, 'queued')));
    expect(queued.filter((j) => j.payload.userId === user.id)).toHaveLength(1);

    // Saving again replaces the slot instead of adding one.
    await client.put('/api/notifications/settings', { scheduleHour: 6, frequency: 'daily' });
    const settings = await (await client.get('/api/notifications/settings')).json();
    expect(settings).toMatchObject({ scheduleEnabled: true, scheduleHour: 6, frequency: 'daily' });
    const mine = async () =>
      (
        await h.db
          .select()
          .from(jobs)
          .where(and(eq(jobs.type, SCHEDULED_DISCOVERY_JOB), eq(jobs.status, 'queued')))
      ).filter((j) => j.payload.userId === user.id);
    expect(await mine()).toHaveLength(1);

    await client.put('/api/notifications/settings', { scheduleEnabled: false });
    expect(await mine()).toHaveLength(0);
    expect((await (await client.get('/api/notifications/settings')).json()).nextScheduledRun).toBeNull();
  });

  it('runs a due scheduled search once with two workers, as an auto search, and queues the next one', async () => {
    const { client, user } = await provider();
    await client.put('/api/notifications/settings', { scheduleEnabled: true, scheduleDay: 1, scheduleHour: 9, frequency: 'daily' });
    await h.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(jobs.type, SCHEDULED_DISCOVERY_JOB), eq(jobs.status, 'queued')));
    // Other providers' due jobs from earlier tests are dropped so only this one is due.
    const [ours] = (
      await h.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, SCHEDULED_DISCOVERY_JOB), eq(jobs.status, 'queued')))
    ).filter((j) => j.payload.userId === user.id);
    for (const job of await h.db.select().from(jobs).where(eq(jobs.type, SCHEDULED_DISCOVERY_JOB)))
      if (job.id !== ours!.id) await h.db.delete(jobs).where(eq(jobs.id, job.id));

    const handlers = createDiscoveryJobHandlers({ db: h.db, env: h.deps.env, logger, discoverySources: sources });
    const a = createWorker(h.db, handlers, logger);
    const b = createWorker(h.db, handlers, logger);
    const [ranA, ranB] = await Promise.all([a.drain(), b.drain()]);
    expect(ranA + ranB).toBe(1);

    const [done] = await h.db.select().from(jobs).where(eq(jobs.id, ours!.id));
    expect(done!.status).toBe('completed');
    const sessions = await h.db.select().from(discoverySessions).where(eq(discoverySessions.userId, user.id));
    expect(sessions.map((s) => [s.sessionType, s.isAutoSearch]).sort()).toEqual([
      ['clinical_trials', true],
      ['publications', true],
    ]);
    const history = await (await client.get('/api/discovery/sessions')).json();
    expect(history.items.every((s: { isAutoSearch: boolean }) => s.isAutoSearch)).toBe(true);
    const list = await (await client.get('/api/notifications')).json();
    expect(list.items[0].title).toBe('Scheduled search: 5 new items to review');

    const next = (
      await h.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.type, SCHEDULED_DISCOVERY_JOB), eq(jobs.status, 'queued')))
    ).filter((j) => j.payload.userId === user.id);
    expect(next).toHaveLength(1);
    expect(next[0]!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(next[0]!.runAt.getUTCHours()).toBe(9);
    expect(next[0]!.payload.frequency).toBe('daily');
  });

  it('does nothing for a provider who turned the schedule off', async () => {
    const { user } = await provider();
    await h.db.insert(notificationSettings).values({ userId: user.id, scheduleEnabled: false });
    const handlers = createDiscoveryJobHandlers({ db: h.db, env: h.deps.env, logger, discoverySources: sources });
    await handlers[SCHEDULED_DISCOVERY_JOB]!({ id: 'x', payload: { userId: user.id } } as never);
    expect(await h.db.select().from(discoverySessions).where(eq(discoverySessions.userId, user.id))).toEqual([]);
  });
});

/** True once env.ts declares the discovery settings (until then zod drops them and this is skipped). */
const envHasDiscoverySettings = 'PUBMED_BASE_URL' in loadEnv({ NODE_ENV: 'test', PUBMED_BASE_URL: 'http://127.0.0.1:1/x' });

describe.runIf(envHasDiscoverySettings)(`discovery wired through the environment (${databaseLabel})`, () => {
  it('reads PUBMED_* and CLINICAL_TRIALS_BASE_URL in createTestApp', async () => {
    const ctx = await createTestApp({
      PUBMED_BASE_URL: pubmed.url,
      PUBMED_TOOL: 'vitae-env',
      PUBMED_EMAIL: 'env@vitae.test',
      PUBMED_API_KEY: 'env-key',
      CLINICAL_TRIALS_BASE_URL: trials.url,
    });
    try {
      const client = browserClient(ctx.app);
      const email = `env.${uniqueSuffix()}@example.org`;
      const signUp = await client.post(
        '/api/auth/sign-up',
        { email, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName: 'Jane Doe' },
        { 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 250)}` },
      );
      expect(signUp.status).toBe(201);
      const before = pubmed.requests.length;
      const response = await client.post('/api/discovery/run', { types: ['publications', 'clinical_trials'] });
      expect(response.status).toBe(201);
      expect((await response.json()).totals.added).toBe(5);
      expect(
        pubmed.requests.slice(before).every((r) => r.params.tool === 'vitae-env' && r.params.email === 'env@vitae.test' && r.params.api_key === 'env-key'),
      ).toBe(true);
    } finally {
      await ctx.close();
    }
  });
});

/**
 * Expertise terms from the listing service's taxonomy entities: the background job, its sync log,
 * added / updated / deleted counts, the 50-per-page offset paging with its safety caps, the dry run,
 * and a failure part-way that leaves the existing terms untouched.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { hospitalExpertiseTerms, hospitals, jobs, yextSyncLogs } from '../../src/server/db/schema';
import { loadEnv } from '../../src/server/env';
import { createWorker } from '../../src/server/jobs/queue';
import { createLogger } from '../../src/server/lib/logger';
import { createSecretBox } from '../../src/server/lib/secret-box';
import { createYextJobHandlers, YEXT_TERM_SYNC_JOB } from '../../src/server/modules/yext/jobs';
import { migrationsDir } from '../../src/server/paths';
import { browserClient, type BrowserClient } from '../support/clients';
import { createAdminRow, signInAdmin, uniqueSuffix } from '../support/factories';
import { TEST_ORIGIN, type TestContext } from '../support/test-app';
import { createTestDatabase, databaseLabel } from '../support/test-database';
import { FAKE_YEXT_KEYS, startFakeYext, taxonomyEntities, type FakeYext } from '../fakes/yext';

let fake: FakeYext;
let ctx: TestContext;
let db: Database;
let termInserts: string[] = [];
const logger = createLogger({ level: 'silent', environment: 'test' });

beforeAll(async () => {
  fake = await startFakeYext();
  const database = await createTestDatabase({ onQuery: (query) => /^insert into "hospital_expertise_terms"/.test(query) && termInserts.push(query) });
  const env = {
    ...loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: TEST_ORIGIN, TRUST_PROXY: 'true' }),
    YEXT_API_URL: fake.url,
    YEXT_SANDBOX_URL: fake.sandboxUrl,
  };
  ctx = { app: createApp({ env, database, logger, migrationsDir }), database, env, close: () => database.close() };
  db = database.db;
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.reset();
});

const runJobs = () => createWorker(db, createYextJobHandlers({ db, env: ctx.env, logger }), logger).drain();

async function hospitalWithAdmin(apiKey: string = FAKE_YEXT_KEYS.production) {
  const suffix = uniqueSuffix();
  const [hospital] = await db
    .insert(hospitals)
    .values({
      name: `Terms Hospital ${suffix}`,
      code: `TS${suffix}`.toUpperCase(),
      dataSource: 'yext',
      yextApiKeyEncrypted: createSecretBox(ctx.env.encryptionKey).seal(apiKey),
    })
    .returning();
  const admin = await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital!.id });
  const client = await signInAdmin(ctx, admin.email);
  return { hospital: hospital!, admin, client, base: `/api/admin/hospitals/${hospital!.id}/yext` };
}

const yextTerms = (hospitalId: string) =>
  db
    .select()
    .from(hospitalExpertiseTerms)
    .where(and(eq(hospitalExpertiseTerms.hospitalId, hospitalId), eq(hospitalExpertiseTerms.isYextSourced, true)));

async function startSync(client: BrowserClient, base: string) {
  const response = await client.post(`${base}/term-sync`, {});
  expect(response.status, await response.clone().text()).toBe(202);
  return (await response.json()) as { syncLogId: string; dryRun: false };
}

const listRequests = (entityType: string) =>
  fake.requests.filter((r) => r.kind === 'list' && r.params.entityTypes === entityType).map((r) => Number(r.params.offset ?? 0));

describe(`term sync (${databaseLabel})`, () => {
  it('runs in the background, pages 50 at a time and reports its counts in the sync log', async () => {
    const { hospital, admin, client, base } = await hospitalWithAdmin();
    const { syncLogId } = await startSync(client, base);
    const [queued] = await db.select().from(jobs).where(eq(jobs.type, YEXT_TERM_SYNC_JOB));
    expect(queued).toMatchObject({ status: 'queued', payload: { hospitalId: hospital.id, syncLogId }, maxAttempts: 1 });
    const running = await (await client.get(`${base}/sync-logs`)).json();
    expect(running.items[0]).toMatchObject({ id: syncLogId, status: 'running', termsAdded: 0 });

    termInserts = [];
    expect(await runJobs()).toBe(1);
    // The spec's sync batch size: 210 new terms are written 25 to a statement.
    expect(termInserts).toHaveLength(Math.ceil(210 / 25));
    const logs = await (await client.get(`${base}/sync-logs`)).json();
    expect(logs.items[0]).toMatchObject({
      id: syncLogId,
      status: 'completed',
      syncType: 'manual',
      totalEntitiesFetched: 210,
      termsAdded: 210,
      termsUpdated: 0,
      termsDeleted: 0,
      error: null,
    });
    expect(logs.items[0].finishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const [log] = await db.select().from(yextSyncLogs).where(eq(yextSyncLogs.id, syncLogId));
    expect(log!.initiatedBy).toBe(admin.id);

    // A page shorter than 50 ends each type.
    expect(listRequests('taxonomy_conditionTreated')).toEqual([0, 50, 100]);
    expect(listRequests('taxonomy_procedure')).toEqual([0, 50]);
    expect(listRequests('taxonomy_reasonForVisit')).toEqual([0]);
    expect(fake.requests.every((r) => r.params.limit === '50' || r.params.limit === '1')).toBe(true);

    const terms = await yextTerms(hospital.id);
    expect(terms).toHaveLength(210);
    expect(terms.find((t) => t.termId === 'cond-0001')).toMatchObject({
      term: 'Heart failure',
      termType: 'Condition',
      yextEntityId: 'cond-0001',
      yextEntityType: 'taxonomy_conditionTreated',
      isCustom: false,
      specialtyName: null,
    });
    expect(terms.find((t) => t.termId === 'proc-0002')).toMatchObject({ termType: 'Procedure', yextEntityType: 'taxonomy_procedure' });
    expect(terms.find((t) => t.termId === 'reas-0001')).toMatchObject({ termType: 'Reason for Visit', yextEntityType: 'taxonomy_reasonForVisit' });
    expect(terms.every((t) => t.lastSyncedFromYextAt !== null)).toBe(true);
  });

  it('adds, updates and deletes against the previous sync and leaves other terms alone', async () => {
    const { hospital, client, base } = await hospitalWithAdmin();
    await startSync(client, base);
    await runJobs();
    const [custom] = await db
      .insert(hospitalExpertiseTerms)
      .values({ hospitalId: hospital.id, termId: 'CON-CUSTOM-1', term: 'Sports cardiology', termType: 'Condition', isCustom: true })
      .returning();

    const conditions = taxonomyEntities('taxonomy_conditionTreated', 120);
    conditions[0]!.name = 'Congestive heart failure';
    conditions[1]!.name = 'Atrial fibrillation (AFib)';
    fake.setTaxonomy('taxonomy_conditionTreated', conditions);
    fake.setTaxonomy('taxonomy_procedure', taxonomyEntities('taxonomy_procedure', 57, 6_000));
    fake.setTaxonomy('taxonomy_reasonForVisit', taxonomyEntities('taxonomy_reasonForVisit', 34, 7_000));

    const dry = await client.post(`${base}/term-sync`, { dryRun: true });
    expect(dry.status).toBe(200);
    expect(await dry.json()).toMatchObject({ syncLogId: null, dryRun: true, totalEntitiesFetched: 211, termsAdded: 4, termsUpdated: 2, termsDeleted: 3 });
    expect(await yextTerms(hospital.id)).toHaveLength(210);
    expect(await db.select().from(yextSyncLogs).where(eq(yextSyncLogs.hospitalId, hospital.id))).toHaveLength(1);

    const { syncLogId } = await startSync(client, base);
    await runJobs();
    const [log] = await db.select().from(yextSyncLogs).where(eq(yextSyncLogs.id, syncLogId));
    expect(log).toMatchObject({ status: 'completed', totalEntitiesFetched: 211, termsAdded: 4, termsUpdated: 2, termsDeleted: 3 });
    const terms = await yextTerms(hospital.id);
    expect(terms).toHaveLength(211);
    expect(terms.find((t) => t.termId === 'cond-0001')!.term).toBe('Congestive heart failure');
    expect(terms.some((t) => t.termId === 'proc-0058')).toBe(false);
    expect(terms.some((t) => t.termId === 'reas-0034')).toBe(true);
    const [stillThere] = await db.select().from(hospitalExpertiseTerms).where(eq(hospitalExpertiseTerms.id, custom!.id));
    expect(stillThere).toMatchObject({ term: 'Sports cardiology', isYextSourced: false });
  });

  it('stops each type at its offset cap: conditions 4000, procedures 3000, the rest 1500', async () => {
    const { client, base } = await hospitalWithAdmin();
    fake.setTaxonomy('taxonomy_conditionTreated', taxonomyEntities('taxonomy_conditionTreated', 4_120));
    fake.setTaxonomy('taxonomy_procedure', taxonomyEntities('taxonomy_procedure', 3_075, 10_000));
    fake.setTaxonomy('taxonomy_reasonForVisit', taxonomyEntities('taxonomy_reasonForVisit', 1_600, 20_000));
    const response = await client.post(`${base}/term-sync`, { dryRun: true });
    expect(response.status).toBe(200);
    const result = await response.json();
    expect(result.byType).toEqual({ taxonomy_conditionTreated: 4_000, taxonomy_procedure: 3_000, taxonomy_reasonForVisit: 1_500 });
    expect(result).toMatchObject({ totalEntitiesFetched: 8_500, termsAdded: 8_500 });
    expect(listRequests('taxonomy_conditionTreated').at(-1)).toBe(3_950);
    expect(listRequests('taxonomy_procedure').at(-1)).toBe(2_950);
    expect(listRequests('taxonomy_reasonForVisit')).toHaveLength(30);
  });

  it('a failure part-way marks the log failed and leaves the old terms as they were', async () => {
    const { hospital, client, base } = await hospitalWithAdmin();
    await startSync(client, base);
    await runJobs();
    const before = await yextTerms(hospital.id);

    fake.setTaxonomy('taxonomy_conditionTreated', taxonomyEntities('taxonomy_conditionTreated', 10));
    fake.failWhen({ entityTypes: 'taxonomy_procedure', offset: 50, status: 400, code: 9, message: 'Internal error while reading entities' });
    const { syncLogId } = await startSync(client, base);
    await runJobs();
    const [log] = await db.select().from(yextSyncLogs).where(eq(yextSyncLogs.id, syncLogId));
    expect(log).toMatchObject({ status: 'failed', error: 'YEXT API Error: Internal error while reading entities', termsAdded: 0, termsDeleted: 0 });
    expect(log!.totalEntitiesFetched).toBe(10);
    expect(log!.finishedAt).not.toBeNull();
    const [job] = await db.select().from(jobs).where(eq(jobs.type, YEXT_TERM_SYNC_JOB)).orderBy(jobs.createdAt);
    expect(job).toBeDefined();
    const after = await yextTerms(hospital.id);
    expect(after.map((t) => [t.id, t.term, t.lastSyncedFromYextAt?.toISOString()]).sort()).toEqual(
      before.map((t) => [t.id, t.term, t.lastSyncedFromYextAt?.toISOString()]).sort(),
    );

    const logs = await (await client.get(`${base}/sync-logs`)).json();
    expect(logs.items.map((l: { status: string }) => l.status)).toEqual(['failed', 'completed']);
  });

  it('records a refused key in the log and refuses a second sync while one runs', async () => {
    const refused = await hospitalWithAdmin(FAKE_YEXT_KEYS.invalid);
    const { syncLogId } = await startSync(refused.client, refused.base);
    const second = await refused.client.post(`${refused.base}/term-sync`, {});
    expect(second.status).toBe(409);
    expect((await second.json()).error.message).toBe('A YEXT term sync is already running for this hospital');
    await runJobs();
    const [log] = await db.select().from(yextSyncLogs).where(eq(yextSyncLogs.id, syncLogId));
    expect(log).toMatchObject({ status: 'failed', error: 'YEXT API key validation failed. Please check your credentials.' });

    const dry = await refused.client.post(`${refused.base}/term-sync`, { dryRun: true });
    expect(dry.status).toBe(502);
  });

  it('is for administrators of the hospital only', async () => {
    const { base } = await hospitalWithAdmin();
    const other = await hospitalWithAdmin();
    expect((await other.client.post(`${base}/term-sync`, {})).status).toBe(404);
    expect((await other.client.get(`${base}/sync-logs`)).status).toBe(404);
    expect((await browserClient(ctx.app).post(`${base}/term-sync`, {})).status).toBe(401);
    expect((await other.client.post(`${other.base}/term-sync`, { dryRun: 'yes' })).status).toBe(400);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackAnalytics, feedbackSubmissions, jobs, users } from '../../src/server/db/schema';
import { createJobHandlers } from '../../src/server/jobs/handlers';
import { createWorker } from '../../src/server/jobs/queue';
import { createLogger } from '../../src/server/lib/logger';
import { startFakeLinear, type FakeLinear } from '../fakes/linear';
import { browserClient, type BrowserClient } from '../support/clients';
import { createAdminRow, createHospital, signInAdmin, uniqueSuffix } from '../support/factories';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

let ctx: TestContext;
let linear: FakeLinear;
let hospitalA: string;
let hospitalB: string;

beforeAll(async () => {
  linear = await startFakeLinear({ apiKey: 'lin_api_test_key' });
  ctx = await createTestApp({ LINEAR_API_KEY: 'lin_api_test_key', LINEAR_TEAM_ID: 'team-vitae', LINEAR_API_URL: linear.url });
  hospitalA = (await createHospital(ctx)).id;
  hospitalB = (await createHospital(ctx)).id;
});
afterAll(async () => {
  await ctx?.close();
  await linear?.close();
});

async function provider(hospitalId: string, tier?: 'alpha' | 'beta' | 'standard') {
  const client = browserClient(ctx.app);
  const email = `fb.${uniqueSuffix()}@example.org`;
  const response = await client.post(
    '/api/auth/sign-up',
    { email, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName: 'Fay Feedback', hospitalId },
    { 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 250)}` },
  );
  expect(response.status).toBe(201);
  const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  if (tier) await ctx.database.db.update(users).set({ tier }).where(eq(users.id, user!.id));
  return { client, user: user! };
}

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Save button does nothing',
  description: 'Clicking Save on Publications shows no message.',
  reproductionSteps: '1. Open Publications\n2. Click Save',
  technicalContext: {
    browser: 'Chromium 156',
    os: 'Linux',
    userAgent: 'Mozilla/5.0',
    consoleErrors: [{ message: 'token=abc123 failed for jane@example.org' }],
  },
  applicationContext: { currentRoute: '/publications' },
  ...overrides,
});

describe(`feedback submission (${databaseLabel})`, () => {
  it('validates with the spec messages', async () => {
    const { client } = await provider(hospitalA);
    expect((await (await client.post('/api/feedback', body({ title: '   ' }))).json()).error.message).toBe('Title is required');
    expect((await (await client.post('/api/feedback', body({ description: '' }))).json()).error.message).toBe('Description is required');
    expect((await (await client.post('/api/feedback', body({ severity: 9 }))).json()).error.message).toBe('Severity must be between 1 and 5');
    expect((await (await client.post('/api/feedback', body({ category: 'rant' }))).json()).error.message).toBe('Category is required');
  });

  it('stores the submission, files a Linear issue with the right priority and moves it to in progress', async () => {
    const { client, user } = await provider(hospitalA);
    const before = linear.requests.length;
    const response = await client.post('/api/feedback', body({ severity: 5, category: 'bug' }));
    expect(response.status).toBe(201);
    const item = await response.json();
    expect(item).toMatchObject({ status: 'in_progress', category: 'bug', severity: 5, linkedIssue: { identifier: expect.stringMatching(/^VIT-/) } });
    const request = linear.requests.at(-1)!;
    expect(linear.requests.length).toBe(before + 1);
    expect(request.authorization).toBe('lin_api_test_key');
    expect(request.query).toContain('issueCreate');
    expect(request.variables.input).toMatchObject({ teamId: 'team-vitae', title: '[Beta Feedback] Save button does nothing', priority: 1 });
    const description = (request.variables.input as { description: string }).description;
    expect(description).toContain('**Severity:** 5 (Urgent)');
    expect(description).toContain('Route: /publications');
    expect(description).not.toContain('abc123');
    expect(description).not.toContain('jane@example.org');

    const [row] = await ctx.database.db.select().from(feedbackSubmissions).where(eq(feedbackSubmissions.id, item.id));
    expect(row).toMatchObject({
      userId: user.id,
      userEmail: user.email,
      userTier: 'beta',
      status: 'in_progress',
      linearIssueIdentifier: item.linkedIssue.identifier,
    });
    const [analytics] = await ctx.database.db.select().from(feedbackAnalytics).where(eq(feedbackAnalytics.userId, user.id));
    expect(analytics).toMatchObject({ feedbackCount: 1, categoriesSubmitted: ['bug'], averageSeverity: 5 });

    for (const [severity, priority] of [
      [4, 2],
      [3, 3],
      [2, 4],
      [1, 4],
    ] as const) {
      await client.post('/api/feedback', body({ severity, title: `Severity ${severity}` }));
      expect((linear.requests.at(-1)!.variables.input as { priority: number }).priority).toBe(priority);
    }
  });

  it('keeps the submission when Linear fails and files it later from the job queue', async () => {
    const { client } = await provider(hospitalA);
    linear.setMode('http500');
    const response = await client.post('/api/feedback', body({ title: 'Tracker down' }));
    expect(response.status).toBe(201);
    const item = await response.json();
    expect(item.status).toBe('submitted');
    const [job] = await ctx.database.db.select().from(jobs).where(eq(jobs.type, 'feedback.linear'));
    expect(job!.payload).toEqual({ feedbackId: item.id });

    linear.setMode('normal');
    await ctx.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job!.id));
    const logger = createLogger({ level: 'silent', environment: 'test' });
    const worker = createWorker(ctx.database.db, createJobHandlers({ db: ctx.database.db, env: ctx.env, logger }), logger);
    expect(await worker.drain()).toBe(1);
    const [row] = await ctx.database.db.select().from(feedbackSubmissions).where(eq(feedbackSubmissions.id, item.id));
    expect(row).toMatchObject({ status: 'in_progress', linearIssueId: expect.any(String) });
  });

  it('allows exactly 10 per hour, even in parallel, with the spec message', async () => {
    const { client } = await provider(hospitalA);
    const results = await Promise.all(Array.from({ length: 13 }, (_, i) => client.post('/api/feedback', body({ title: `Parallel ${i}` }))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(3);
    expect((await refused[0]!.json()).error.message).toBe('Rate limit exceeded. You can only submit 10 feedback items per hour.');
  });

  it('allows 50 per day', async () => {
    const { client, user } = await provider(hospitalA);
    // 50 earlier today, each more than an hour ago.
    await ctx.database.db.insert(feedbackSubmissions).values(
      Array.from({ length: 50 }, (_, i) => ({
        userId: user.id,
        userEmail: user.email,
        title: `Old ${i}`,
        description: 'x',
        createdAt: new Date(Date.now() - 2 * 60 * 60_000 - i * 60_000),
      })),
    );
    const response = await client.post('/api/feedback', body());
    expect(response.status).toBe(429);
    expect((await response.json()).error.message).toBe('Rate limit exceeded. You can only submit 50 feedback items per day.');
  });

  it('is for beta and alpha users while the beta-only flag is on', async () => {
    const { client } = await provider(hospitalA, 'standard');
    expect((await client.post('/api/feedback', body())).status).toBe(403);
    const { client: alpha } = await provider(hospitalA, 'alpha');
    expect((await alpha.post('/api/feedback', body())).status).toBe(201);
  });

  it('stores screenshots of real images and shows them to the author and their hospital’s admins only', async () => {
    const { client, user } = await provider(hospitalA);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const upload = (bytes: Uint8Array<ArrayBuffer>, name: string) => {
      const form = new FormData();
      form.append('file', new File([bytes], name, { type: 'image/png' }));
      return ctx.app.request('/api/feedback/screenshot', { method: 'POST', body: form, headers: { origin: TEST_ORIGIN, ...client.jar.header() } });
    };
    const stored = await upload(png, 'shot.png');
    expect(stored.status).toBe(201);
    const { url } = await stored.json();
    expect(url).toMatch(new RegExp(`^/api/feedback/screenshots/${user.id}/\\d+-[0-9a-f]+\\.png$`));
    expect((await upload(new TextEncoder().encode('<svg onload=alert(1)>'), 'shot.png')).status).toBe(415);

    const mine = await client.get(url);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('image/png');
    const { client: stranger } = await provider(hospitalA);
    expect((await stranger.get(url)).status).toBe(404);
    const adminA = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospitalA })).email);
    const adminB = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospitalB })).email);
    expect((await adminA.get(url)).status).toBe(200);
    expect((await adminB.get(url)).status).toBe(404);
    expect((await client.post('/api/feedback', body({ screenshotUrl: url }))).status).toBe(201);
    expect((await stranger.post('/api/feedback', body({ screenshotUrl: url }))).status).toBe(400);
  });
});

describe(`feedback review (${databaseLabel})`, () => {
  let adminA: BrowserClient;
  let adminB: BrowserClient;
  let system: BrowserClient;
  let ids: string[] = [];

  beforeAll(async () => {
    adminA = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospitalA })).email);
    adminB = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospitalB })).email);
    system = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'system_admin' })).email);
    const { client: fromB } = await provider(hospitalB);
    const created = await Promise.all([
      fromB.post('/api/feedback', body({ title: 'Zebra stripes misaligned', severity: 2, category: 'ux' })),
      fromB.post('/api/feedback', body({ title: 'Slow dashboard', severity: 4, category: 'performance' })),
    ]);
    ids = await Promise.all(created.map(async (r) => (await r.json()).id));
  });

  it('scopes the list: a hospital admin sees only their providers’ feedback', async () => {
    const listA = await (await adminA.get('/api/admin/feedback?q=zebra')).json();
    expect(listA).toEqual({ items: [], totalCount: 0 });
    const listB = await (await adminB.get('/api/admin/feedback?q=ZEBRA')).json();
    expect(listB.items.map((i: { id: string }) => i.id)).toEqual([ids[0]]);
    expect(listB.items[0]).toMatchObject({
      user: { email: expect.any(String), tier: 'beta' },
      metadata: { browser: 'Chromium 156', os: 'Linux', url: '/publications' },
      tags: [],
    });
    expect((await adminA.get(`/api/admin/feedback/${ids[0]}`)).status).toBe(404);
    expect((await adminA.patch(`/api/admin/feedback/${ids[0]}`, { status: 'completed' })).status).toBe(404);
    const bulk = await (await adminA.post('/api/admin/feedback/bulk', { ids, action: 'archive' })).json();
    expect(bulk).toEqual({ updated: 0, failed: 2, message: 'Failed to update 2 items' });
  });

  it('sorts by severity or date, filters by status, and searches the reporter’s e-mail', async () => {
    const bySeverity = await (await adminB.get('/api/admin/feedback?sort=severity&dir=desc')).json();
    const severities = bySeverity.items.map((i: { severity: number }) => i.severity);
    expect(severities).toEqual([...severities].sort((a, b) => b - a));
    await adminB.patch(`/api/admin/feedback/${ids[1]}`, { status: 'rejected' });
    const open = await (await adminB.get('/api/admin/feedback?status=all_but_closed')).json();
    expect(open.items.map((i: { id: string }) => i.id)).not.toContain(ids[1]);
    const rejected = await (await adminB.get('/api/admin/feedback?status=rejected')).json();
    expect(rejected.items.map((i: { id: string }) => i.id)).toEqual([ids[1]]);
    const email = (await (await adminB.get(`/api/admin/feedback/${ids[0]}`)).json()).user.email as string;
    const byEmail = await (await adminB.get(`/api/admin/feedback?q=${encodeURIComponent(email.slice(0, 12))}`)).json();
    expect(byEmail.totalCount).toBeGreaterThanOrEqual(2);
    const stats = await (await adminB.get('/api/admin/feedback/stats')).json();
    expect(stats.byCategory.ux).toBe(1);
    expect(stats.byStatus.rejected).toBe(1);
  });

  it('archives and deletes in bulk, and lets system admins set a provider’s tier', async () => {
    expect(await (await adminB.post('/api/admin/feedback/bulk', { ids: [ids[0]], action: 'archive' })).json()).toEqual({ updated: 1, failed: 0 });
    expect((await (await adminB.get('/api/admin/feedback?q=zebra')).json()).totalCount).toBe(0);
    expect((await (await adminB.get('/api/admin/feedback?q=zebra&includeArchived=true')).json()).totalCount).toBe(1);
    expect(await (await system.post('/api/admin/feedback/bulk', { ids: [ids[0]], action: 'delete' })).json()).toEqual({ updated: 1, failed: 0 });
    const { user } = await provider(hospitalA);
    expect((await adminA.patch(`/api/admin/users/${user.id}/tier`, { tier: 'alpha' })).status).toBe(403);
    expect(await (await system.patch(`/api/admin/users/${user.id}/tier`, { tier: 'alpha' })).json()).toEqual({ userId: user.id, tier: 'alpha' });
  });

  it('pages a provider’s own submissions, newest first', async () => {
    const { client } = await provider(hospitalA);
    for (const title of ['first', 'second', 'third']) await client.post('/api/feedback', body({ title }));
    const mine = await (await client.get('/api/feedback/mine?pageSize=2')).json();
    expect(mine.totalCount).toBe(3);
    expect(mine.items.map((i: { title: string }) => i.title)).toEqual(['third', 'second']);
  });
});

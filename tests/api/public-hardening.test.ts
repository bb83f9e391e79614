import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/client';
import { directoryListings, hospitals, rateLimitCounters } from '../../src/server/db/schema';
import { loadEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/lib/logger';
import { migrationsDir } from '../../src/server/paths';
import { browserClient } from '../support/clients';
import { createAdminRow, createHospital, signInAdmin, uniqueSuffix } from '../support/factories';
import { TEST_ORIGIN } from '../support/test-app';
import { createTestDatabase, databaseLabel } from '../support/test-database';

// Issue T3 1/7, the public surface under an attacker's requests: item 6 (bounded parameters and a
// per-address budget), 7 (control characters answer 400, not 500), 8 (Cache-Control of /api and of
// the sitemaps), 9 (FHIR search parameters: lenient and strict handling, _count, active, name:exact,
// _summary=count) and 10 (the hospital's internal e-mail is not published).

interface App {
  app: ReturnType<typeof createApp>;
  database: DatabaseHandle;
  /** Every log line the app wrote (JSON). */
  lines: string[];
}

/** The app on `database` (a fresh one when absent), logging into memory. */
async function appOn(overrides: Record<string, string>, database?: DatabaseHandle): Promise<App> {
  const db = database ?? (await createTestDatabase());
  const lines: string[] = [];
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'info', APP_URL: TEST_ORIGIN, TRUST_PROXY: 'true', ...overrides });
  const logger = createLogger({ level: 'info', environment: 'test', destination: { write: (line: string) => void lines.push(line) } });
  return { app: createApp({ env, database: db, logger, migrationsDir }), database: db, lines };
}

let main: App;
let hospital: typeof hospitals.$inferSelect;
let slug: string;
let providerId: string;
let ip = 0;

beforeAll(async () => {
  main = await appOn({ PUBLIC_RATE_LIMIT_PER_MINUTE: '100000' });
  const ctx = { app: main.app, database: main.database } as Parameters<typeof createHospital>[0];
  slug = `harden-${uniqueSuffix()}`;
  hospital = await createHospital(ctx, { name: `Lakeview ${uniqueSuffix()}`, contactPhone: '(312) 555-0142', contactEmail: 'it-desk@lakeview.example' });
  await main.database.db.update(hospitals).set({ directoryEnabled: true, directorySlug: slug }).where(eq(hospitals.id, hospital.id));

  // One published provider, the way a person publishes.
  const client = browserClient(main.app);
  const signedUp = await client.post(
    '/api/auth/sign-up',
    {
      email: `harden.${uniqueSuffix()}@example.org`,
      password: 'a long passphrase',
      agreedToTerms: true,
      agreedToPrivacy: true,
      fullName: 'Amara Obi',
      hospitalId: hospital.id,
    },
    { 'x-forwarded-for': `192.0.2.${(ip += 1)}` },
  );
  expect(signedUp.status).toBe(201);
  providerId = (await signedUp.json()).user.id;
  await client.put('/api/me/directory', { publish: true });
  // Published whatever the publishing rules ask first (other tests cover those): these tests are about the parameters.
  const published = await main.database.db
    .update(directoryListings)
    .set({ status: 'published', publishedAt: new Date() })
    .where(eq(directoryListings.userId, providerId))
    .returning();
  if (published.length === 0)
    await main.database.db
      .insert(directoryListings)
      .values({ userId: providerId, hospitalId: hospital.id, slug: 'amara-obi', status: 'published', publishedAt: new Date() });
});
afterAll(async () => {
  await main?.database.close();
});

const request = (path: string, headers: Record<string, string> = {}, on: App = main) => on.app.request(path, { headers });
const fhir = async (path: string, headers: Record<string, string> = {}) => {
  const response = await request(path, headers);
  return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as Record<string, unknown> };
};
const outcomeText = (body: Record<string, unknown>) => (body.issue as Array<{ diagnostics: string }>).map((i) => i.diagnostics).join(' ');

describe(`public hardening (${databaseLabel})`, () => {
  // ── Item 6 ──────────────────────────────────────────────────────────────────────────────
  it('caps the values per parameter at 20 and the query string at 2048 characters', async () => {
    const codes = (n: number) => Array.from({ length: n }, (_, i) => String(i)).join(',');
    expect((await fhir(`/fhir/r4/PractitionerRole?specialty=${codes(20)}`)).status).toBe(200);
    const tooMany = await fhir(`/fhir/r4/PractitionerRole?specialty=${codes(2500)}`.slice(0, 2000));
    expect(tooMany.status).toBe(400);
    expect(tooMany.type).toContain('application/fhir+json');
    expect(tooMany.body).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'invalid' }] });
    expect(outcomeText(tooMany.body)).toContain('“specialty” has more than 20 values');
    // Repeats count too: specialty=a&specialty=b&… is as many ORs.
    expect((await fhir(`/fhir/r4/PractitionerRole?${Array.from({ length: 21 }, (_, i) => `specialty=${i}`).join('&')}`)).status).toBe(400);

    const long = await fhir(`/fhir/r4/Practitioner?name=${'a'.repeat(2100)}`);
    expect(long.status).toBe(414);
    expect(long.body).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'too-long' }] });

    const page = await request(`/find/${slug}?q=${codes(21)}`);
    expect(page.status).toBe(400);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('“q” has more than 20 values');
    const longPage = await request(`/find/${slug}?near=${'x'.repeat(2100)}`);
    expect(longPage.status).toBe(414);
    expect(await longPage.text()).toContain('The query string is too long');
  });

  it('limits each client address across the public routes, counted in the database for every process', async () => {
    const first = await appOn({ PUBLIC_RATE_LIMIT_PER_MINUTE: '4' });
    // A second process on the same database shares the budget.
    const second = await appOn({ PUBLIC_RATE_LIMIT_PER_MINUTE: '4' }, first.database);
    try {
      const from = (address: string) => ({ 'x-forwarded-for': address });
      expect((await request('/find', from('203.0.113.50'), first)).status).toBe(200);
      expect((await request('/robots.txt', from('203.0.113.50'), second)).status).toBe(200);
      expect((await request('/fhir/r4/metadata', from('203.0.113.50'), first)).status).toBe(200);
      expect((await request('/sitemap.xml', from('203.0.113.50'), second)).status).toBe(200);

      const page = await request('/find', from('203.0.113.50'), first);
      expect(page.status).toBe(429);
      expect(Number(page.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(page.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('Too many requests');
      const api = await request('/fhir/r4/Practitioner', from('203.0.113.50'), second);
      expect(api.status).toBe(429);
      expect(Number(api.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(api.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      expect(await api.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'throttled' }] });
      expect((await request('/robots.txt', from('203.0.113.50'), first)).status).toBe(429);
      // The appointment request form (a POST) spends the same budget, before its own limits (decision 0021).
      const form = await first.app.request(`/find/${slug}/amara-obi/request`, {
        method: 'POST',
        headers: { ...from('203.0.113.50'), origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'name=Ann&phone=8475550100&patient=new',
      });
      expect(form.status).toBe(429);
      expect(await form.text()).toContain('Too many requests');
      const photo = await request(`/api/profile-photos/${providerId}/photo.jpg`, from('203.0.113.50'), second);
      expect(photo.status).toBe(429);
      expect(await photo.json()).toMatchObject({ error: { code: 'RATE_LIMIT_EXCEEDED' } });

      // Another address has its own budget; signed-in and health routes are not counted.
      expect((await request('/find', from('203.0.113.51'), second)).status).toBe(200);
      expect((await request('/api/health', from('203.0.113.50'), first)).status).toBe(200);
    } finally {
      await first.database.close();
    }
    // The setting's default is 300 a minute; 0 turns it off.
    expect(loadEnv({}).PUBLIC_RATE_LIMIT_PER_MINUTE).toBe(300);
    expect(loadEnv({ PUBLIC_RATE_LIMIT_PER_MINUTE: '0' }).PUBLIC_RATE_LIMIT_PER_MINUTE).toBe(0);
  });

  it('spends one statement of each public request on the budget, and parallel requests to two processes never pass it', async () => {
    const issued: string[] = [];
    const first = await appOn({ PUBLIC_RATE_LIMIT_PER_MINUTE: '7' }, await createTestDatabase({ onQuery: (query) => issued.push(query) }));
    const second = await appOn({ PUBLIC_RATE_LIMIT_PER_MINUTE: '7' }, first.database);
    try {
      const from = { 'x-forwarded-for': '203.0.113.60' };
      // The first request also starts the process's sweep of old counts (once a window).
      expect((await request('/robots.txt', from, first)).status).toBe(200);
      issued.length = 0;
      expect((await request('/robots.txt', from, first)).status).toBe(200);
      // The lock, the count and the record are one function call (migration 0033), not a transaction of five statements.
      const budget = issued.filter((q) => /rate_limit|advisory|^\s*(begin|commit)\b/i.test(q));
      expect(budget).toHaveLength(1);
      expect(budget[0]).toMatch(/consume_rate_limit/);

      // Parallel requests cannot both slip under the limit: the count waits for the key's lock, which
      // another session holds here (PostgreSQL; PGlite has one connection, so everything waits there).
      if (databaseLabel === 'postgres') {
        let answered = false;
        await first.database.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext('public:203.0.113.60'))`);
          const waiting = Promise.resolve(request('/robots.txt', from, second)).then((response) => {
            answered = true;
            return response;
          });
          await new Promise((resolve) => setTimeout(resolve, 400));
          expect(answered).toBe(false);
          void waiting;
        });
        await expect.poll(() => answered).toBe(true);
      }

      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => request('/robots.txt', from, i % 2 ? first : second)));
      const left = databaseLabel === 'postgres' ? 4 : 5;
      expect(answers.filter((r) => r.status === 200)).toHaveLength(left);
      expect(answers.filter((r) => r.status === 429)).toHaveLength(20 - left);
    } finally {
      await first.database.close();
    }
  });

  it('deletes the public counts that left the window, and only those', async () => {
    const fresh = await appOn({ PUBLIC_RATE_LIMIT_PER_MINUTE: '300' });
    try {
      const old = new Date(Date.now() - 5 * 60_000);
      await fresh.database.db.insert(rateLimitCounters).values([
        { key: 'public:203.0.113.77', windowStart: old, count: 1 },
        { key: 'public:203.0.113.78', windowStart: new Date(), count: 1 },
        { key: 'npi-lookup:203.0.113.77', windowStart: old, count: 1 },
      ]);
      expect((await request('/robots.txt', { 'x-forwarded-for': '203.0.113.79' }, fresh)).status).toBe(200);
      const keys = async () => (await fresh.database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((row) => row.key).sort();
      for (let i = 0; i < 50 && (await keys()).includes('public:203.0.113.77'); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await keys()).toEqual(['npi-lookup:203.0.113.77', 'public:203.0.113.78', 'public:203.0.113.79']);
    } finally {
      await fresh.database.close();
    }
  });

  // ── Item 7 ──────────────────────────────────────────────────────────────────────────────
  it.each([
    ['/fhir/r4/Practitioner?name=%00', 'name'],
    ['/fhir/r4/Practitioner?identifier=%00', 'identifier'],
    ['/fhir/r4/Organization?name=a%00b', 'name'],
    ['/fhir/r4/PractitionerRole?specialty=%1b', 'specialty'],
  ])('answers %s with a 400 OperationOutcome and logs nothing', async (path, parameter) => {
    const before = main.lines.length;
    const answer = await fhir(path);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'invalid' }] });
    expect(outcomeText(answer.body)).toContain(`“${parameter}” contains control characters`);
    expect(main.lines.slice(before)).toEqual([]);
  });

  it.each([
    ['?q=%00abc', 'q'],
    ['?near=%00', 'near'],
    ['?lang=es%0d%0a', 'lang'],
    ['?q=ok&page=%7f', 'page'],
  ])('answers /find/:slug%s with a 400 page that says what was wrong', async (query, parameter) => {
    const before = main.lines.length;
    const response = await request(`/find/${slug}${query}`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('This search could not be read');
    expect(html).toContain(`“${parameter}” contains control characters`);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(main.lines.slice(before).length).toBeLessThanOrEqual(1);
  });

  // ── Item 8 ──────────────────────────────────────────────────────────────────────────────
  it('marks every /api answer private and not to be stored, unless the route set its own', async () => {
    const provider = browserClient(main.app);
    await provider.post(
      '/api/auth/sign-up',
      {
        email: `cache.${uniqueSuffix()}@example.org`,
        password: 'a long passphrase',
        agreedToTerms: true,
        agreedToPrivacy: true,
        fullName: 'Cara Che',
        hospitalId: hospital.id,
      },
      { 'x-forwarded-for': `192.0.2.${(ip += 1)}` },
    );
    const profile = await provider.get('/api/profile');
    expect(profile.status).toBe(200);
    expect(profile.headers.get('cache-control')).toBe('private, no-store');

    const ctx = { app: main.app, database: main.database } as Parameters<typeof createAdminRow>[0];
    const admin = await createAdminRow(ctx, { role: 'system_admin' });
    const console = await signInAdmin(ctx, admin.email);
    const users = await console.get('/api/admin/users');
    expect(users.status).toBe(200);
    expect(users.headers.get('cache-control')).toBe('private, no-store');
    // Errors too: a 401, and a refusal by the body limit before any route.
    expect((await request('/api/profile')).headers.get('cache-control')).toBe('private, no-store');
    const tooLarge = await main.app.request('/api/profile/sections/biography', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, 'content-length': '99999999' },
      body: 'x'.repeat(2_000_000),
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get('cache-control')).toBe('private, no-store');
    // A route with its own choice keeps it.
    expect((await provider.get('/api/profile/export')).headers.get('cache-control')).toBe('no-store');
  });

  it('serves the sitemaps like the pages: kept but revalidated, with an ETag', async () => {
    for (const path of ['/sitemap.xml', '/sitemap-find.xml', `/sitemap-find-${slug}.xml`]) {
      const first = await request(path);
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('public, no-cache');
      expect(first.headers.get('content-type')).toContain('application/xml');
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await request(path, { 'if-none-match': etag! });
      expect(again.status).toBe(304);
    }
  });

  // ── Item 9 ──────────────────────────────────────────────────────────────────────────────
  it('leaves unsupported parameters out of the search and its self link; with Prefer: handling=strict it names them', async () => {
    const unknown = '_revinclude=Location:organization&_elements=id&practitioner.name=zzz&_summary=text&active:missing=true';
    const lenient = await fhir(`/fhir/r4/Organization?_id=${hospital.id}&${unknown}`);
    expect(lenient.status).toBe(200);
    expect(lenient.body.total).toBe(1);
    const self = new URL((lenient.body.link as Array<{ relation: string; url: string }>).find((l) => l.relation === 'self')!.url);
    expect([...self.searchParams.keys()].sort()).toEqual(['_count', '_id', '_offset']);

    const strict = await fhir(`/fhir/r4/Practitioner?name=Obi&${unknown}`, { prefer: 'handling=strict' });
    expect(strict.status).toBe(400);
    expect(strict.body).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'not-supported' }] });
    for (const name of ['_revinclude', '_elements', 'practitioner.name', '_summary', 'active:missing']) expect(outcomeText(strict.body)).toContain(name);
    // Strict with only supported parameters is an ordinary search; lenient is the default.
    expect((await fhir(`/fhir/r4/Organization?_id=${hospital.id}`, { prefer: 'handling=strict' })).body.total).toBe(1);
    expect((await fhir(`/fhir/r4/Organization?_id=${hospital.id}&_include=Organization:endpoint`, { prefer: 'handling=lenient' })).status).toBe(200);
    expect((await fhir(`/fhir/r4/Location?_include=Location:managingOrganization`, { prefer: 'return=minimal, handling=strict' })).status).toBe(400);
  });

  it.each(['0x10', '1e3', '', '-1', '2.5', ' 5'])('refuses _count=%j', async (value) => {
    const answer = await fhir(`/fhir/r4/Organization?_count=${encodeURIComponent(value)}`);
    expect(answer.status).toBe(400);
    expect(outcomeText(answer.body)).toContain('_count must be a whole number');
  });

  it('supports active, name:exact and _summary=count', async () => {
    const all = await fhir(`/fhir/r4/Organization?_id=${hospital.id}`);
    expect(all.body.total).toBe(1);
    expect((await fhir(`/fhir/r4/Organization?_id=${hospital.id}&active=true`)).body.total).toBe(1);
    const inactive = await fhir(`/fhir/r4/Organization?_id=${hospital.id}&active=false`);
    expect(inactive.body).toMatchObject({ resourceType: 'Bundle', total: 0 });
    expect(inactive.body.entry).toEqual([]);
    expect((await fhir('/fhir/r4/Practitioner?active=false')).body.total).toBe(0);
    expect((await fhir('/fhir/r4/PractitionerRole?active=false')).body.total).toBe(0);
    expect((await fhir('/fhir/r4/Organization?active=maybe')).status).toBe(400);

    // name:exact: the whole name, case and all; plain name still contains.
    expect((await fhir(`/fhir/r4/Organization?name:exact=${encodeURIComponent(hospital.name)}`)).body.total).toBe(1);
    expect((await fhir(`/fhir/r4/Organization?name:exact=${encodeURIComponent(hospital.name.toLowerCase())}`)).body.total).toBe(0);
    expect((await fhir(`/fhir/r4/Organization?name:exact=Lakeview`)).body.total).toBe(0);
    expect((await fhir(`/fhir/r4/Organization?name=Lakeview&_id=${hospital.id}`)).body.total).toBe(1);

    const exact = await fhir('/fhir/r4/Practitioner?name:exact=Amara%20Obi');
    expect(exact.body.total).toBe(1);
    expect((exact.body.entry as Array<{ resource: { id: string } }>)[0]!.resource.id).toBe(providerId);
    expect((await fhir('/fhir/r4/Practitioner?name:exact=Obi')).body.total).toBe(1);
    expect((await fhir(`/fhir/r4/Practitioner?name:exact=Amara%20Obi&_id=${providerId}`)).body.total).toBe(1);
    expect((await fhir('/fhir/r4/Practitioner?name:exact=amara%20obi')).body.total).toBe(0);
    expect((await fhir('/fhir/r4/Practitioner?name:exact=Amara%20Ob')).body.total).toBe(0);

    const counted = await fhir(`/fhir/r4/Organization?_id=${hospital.id}&_summary=count`);
    expect(counted.status).toBe(200);
    expect(counted.body).toMatchObject({ resourceType: 'Bundle', type: 'searchset', total: 1 });
    expect(counted.body.entry).toBeUndefined();
    expect((counted.body.link as Array<{ url: string }>)[0]!.url).toContain('_summary=count');
    const practitioners = await fhir('/fhir/r4/Practitioner?_summary=count');
    expect(practitioners.body.total).toBe((await fhir('/fhir/r4/Practitioner?_count=100')).body.total);
    expect(practitioners.body.entry).toBeUndefined();
  });

  it('gives the same total on every page: the first, a short one, an empty one past the end, and _count=0', async () => {
    // The page and its total are one statement (the total rides on each row); a page without rows counts on its own.
    for (const type of ['Practitioner', 'PractitionerRole', 'Organization']) {
      const all = (await fhir(`/fhir/r4/${type}?_count=100`)).body;
      const total = Number(all.total);
      expect(total, type).toBeGreaterThan(0);
      expect(
        (all.entry as unknown[]).filter((e) => (e as { search?: { mode?: string } }).search?.mode !== 'include'),
        type,
      ).toHaveLength(Math.min(total, 100));
      for (const query of ['_count=1', '_count=1&_offset=1', '_offset=99999', '_count=0']) {
        const page = (await fhir(`/fhir/r4/${type}?${query}`)).body;
        expect(page.total, `${type}?${query}`).toBe(total);
      }
      expect((await fhir(`/fhir/r4/${type}?_offset=99999`)).body.entry, type).toEqual([]);
    }
  });

  it('declares exactly the search parameters each resource supports', async () => {
    const { body } = await fhir('/fhir/r4/metadata');
    const resources = (body.rest as Array<{ resource: Array<{ type: string; searchParam: Array<{ name: string }> }> }>)[0]!.resource;
    const declared = Object.fromEntries(resources.map((r) => [r.type, r.searchParam.map((p) => p.name).sort()]));
    const results = ['_count', '_offset', '_summary'];
    expect(declared).toEqual({
      Practitioner: ['_id', '_lastUpdated', 'active', 'family', 'given', 'identifier', 'name', ...results].sort(),
      PractitionerRole: [
        '_id',
        '_lastUpdated',
        'active',
        'endpoint',
        'location',
        'organization',
        'practitioner',
        'role',
        'service',
        'specialty',
        ...results,
      ].sort(),
      Location: [
        '_id',
        '_lastUpdated',
        'address',
        'address-city',
        'address-postalcode',
        'address-state',
        'endpoint',
        'organization',
        'partof',
        ...results,
      ].sort(),
      Organization: ['_id', '_lastUpdated', 'active', 'address', 'endpoint', 'name', 'type', ...results].sort(),
      HealthcareService: ['_id', '_lastUpdated', 'active', 'endpoint', 'location', 'name', 'organization', 'service-category', 'specialty', ...results].sort(),
      Endpoint: ['_id', '_lastUpdated', 'organization', ...results].sort(),
      InsurancePlan: ['_id', '_lastUpdated', 'name', ...results].sort(),
    });
    // Every declared parameter is searched by: strict handling accepts each one.
    for (const [type, names] of Object.entries(declared)) {
      for (const name of names) {
        const value =
          name === 'active'
            ? 'true'
            : name === '_summary'
              ? 'count'
              : name === '_lastUpdated'
                ? 'ge2000-01-01'
                : name.startsWith('_c') || name.startsWith('_o')
                  ? '1'
                  : 'x';
        const answer = await fhir(`/fhir/r4/${type}?${name}=${value}`, { prefer: 'handling=strict' });
        expect(answer.status, `${type}?${name}`).toBe(200);
      }
    }
  });

  // ── Item 10 ─────────────────────────────────────────────────────────────────────────────
  it("publishes the hospital's phone but not its internal e-mail", async () => {
    const read = await fhir(`/fhir/r4/Organization/${hospital.id}`);
    expect(read.status).toBe(200);
    expect(read.body.telecom).toEqual([{ system: 'phone', value: '(312) 555-0142', use: 'work' }]);
    expect(JSON.stringify(read.body)).not.toContain('it-desk@lakeview.example');
    const roles = await fhir(`/fhir/r4/PractitionerRole?organization=${hospital.id}&_include=PractitionerRole:organization`);
    expect(JSON.stringify(roles.body)).not.toContain('it-desk@lakeview.example');
    const page = await (await request(`/find/${slug}`)).text();
    expect(page).not.toContain('it-desk@lakeview.example');
  });
});

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorBody } from '../../src/shared/errors';
import { startFakeNppes, type FakeNppes } from '../fakes/nppes';
import { browserClient, type BrowserClient } from '../support/clients';
import { createAdminRow, createHospital, signInAdmin, uniqueSuffix } from '../support/factories';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';
import { AUTHZ_MATRIX } from './authz-matrix';

/**
 * Property-based fuzzing of every JSON route: arbitrary JSON bodies (and query strings) must never
 * produce a 5xx, and every refusal must carry the error shape. FUZZ_RUNS sets the runs per route
 * (CI uses the default of 350 on the PGlite pass, 100 on the PostgreSQL pass); FUZZ_SEED replays a failure.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 350);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2_147_483_647);

let ctx: TestContext;
let nppes: FakeNppes;
let provider: BrowserClient;
let system: BrowserClient;

// Routes whose success would end the session the fuzzer is using, or send mail on every run.
const SKIP = /sign-out|sign-up|sign-in|magic-link|set-password|change-password|forgot-password|verification-email|copy-defaults|\/reset$/;

beforeAll(async () => {
  nppes = await startFakeNppes();
  ctx = await createTestApp({ NPI_REGISTRY_URL: nppes.url });
  const hospital = await createHospital(ctx);
  provider = browserClient(ctx.app);
  await provider.post(
    '/api/auth/sign-up',
    {
      email: `fuzz.${uniqueSuffix()}@example.org`,
      password: 'a long passphrase',
      agreedToTerms: true,
      agreedToPrivacy: true,
      fullName: 'Fuzz Provider',
      hospitalId: hospital.id,
    },
    { 'x-forwarded-for': '192.0.2.99' },
  );
  system = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'system_admin' })).email);
  console.log(`fuzz seed ${SEED}, ${RUNS} runs per route (replay with FUZZ_SEED=${SEED})`);
});
afterAll(async () => {
  await ctx?.close();
  await nppes?.close();
});

const ids = fc.constantFrom('6f1c2a4e-1c9b-4c59-9a43-3d1f0c9e7a10', 'not-a-uuid', '', '%00', '../../etc/passwd', '1234567893');
const concrete = (path: string, id: string) => path.replace(/:[A-Za-z]+/g, encodeURIComponent(id) || 'x');

function routes(filter: (method: string) => boolean) {
  const keys = new Set<string>();
  for (const route of ctx.app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue;
    const key = `${route.method} ${route.path}`;
    if (filter(route.method) && !SKIP.test(route.path) && key in AUTHZ_MATRIX) keys.add(key);
  }
  return [...keys].sort();
}

async function check(response: Response, label: string) {
  if (response.status >= 500) throw new Error(`${label} → ${response.status}: ${await response.text()}`);
  if (response.status >= 400) {
    const body = await response.json().catch(() => null);
    if (!isErrorBody(body)) throw new Error(`${label} → ${response.status} without the error shape`);
  }
}

describe(`fuzzing request schemas (${databaseLabel})`, () => {
  // The state-changing routes in two halves, each with its own time limit (350 runs a route take
  // about two to three minutes for half of them on the PGlite pass).
  // From the matrix (which the matrix test keeps equal to the app's routes): known before the app starts.
  const writes = Object.keys(AUTHZ_MATRIX).filter((key) => {
    const [method, path] = key.split(' ') as [string, string];
    return method !== 'GET' && path.startsWith('/api/') && !SKIP.test(path);
  });
  const halves = [writes.slice(0, Math.ceil(writes.length / 2)), writes.slice(Math.ceil(writes.length / 2))];
  it.each(halves.map((half, index) => [index + 1, half] as const))(
    'never answers a state-changing route with a 5xx, and refusals carry the error shape (part %i)',
    async (_part, half) => {
      for (const route of half) {
        const [method, path] = route.split(' ') as [string, string];
        const client = AUTHZ_MATRIX[route] === 'provider' ? provider : system;
        await fc.assert(
          fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), ids, async (body, id) => {
            const response = await ctx.app.request(concrete(path, id), {
              method,
              headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...client.jar.header() },
              body: JSON.stringify(body),
            });
            await check(response, `${route} ${JSON.stringify(body).slice(0, 200)}`);
          }),
          { numRuns: RUNS, seed: SEED },
        );
        // Malformed JSON is a 400, not a crash.
        const broken = await ctx.app.request(concrete(path, 'x'), {
          method,
          headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...client.jar.header() },
          body: '{"a":',
        });
        await check(broken, `${route} malformed JSON`);
      }
    },
    600_000,
  );

  it('never answers a read with a 5xx whatever the query string', async () => {
    const query = fc.dictionary(
      fc.constantFrom('q', 'page', 'pageSize', 'termType', 'status', 'sort', 'dir', 'hospitalId', 'specialty', 'degreeType', 'limit', 'unreadOnly'),
      fc.string({ maxLength: 40 }),
      { maxKeys: 4 },
    );
    for (const route of routes((m) => m === 'GET')) {
      const [, path] = route.split(' ') as [string, string];
      if (/export|\.csv|\/file$|screenshots|outbox|npi/.test(path)) continue;
      const client = AUTHZ_MATRIX[route] === 'provider' ? provider : system;
      await fc.assert(
        fc.asyncProperty(query, ids, async (params, id) => {
          const url = `${concrete(path, id)}?${new URLSearchParams(params).toString()}`;
          await check(await client.get(url), `GET ${url}`);
        }),
        { numRuns: Math.max(10, Math.floor(RUNS / 5)), seed: SEED },
      );
    }
  }, 600_000);

  it('round-trips valid input: a fuzzed biography saves and reads back', async () => {
    const text = fc.string({ minLength: 1, maxLength: 300 }).filter((s) => s.trim().length > 0 && !s.includes('\u0000'));
    await fc.assert(
      fc.asyncProperty(text, text, async (professionalSummary, personalInterests) => {
        const saved = await provider.put('/api/profile/sections/biography', { professionalSummary, personalInterests });
        expect(saved.status).toBe(200);
        const read = await (await provider.get('/api/profile/sections/biography')).json();
        expect(read.data.professionalSummary).toBe(professionalSummary.trim());
        expect(read.data.personalInterests).toBe(personalInterests.trim());
      }),
      { numRuns: Math.max(20, Math.floor(RUNS / 10)), seed: SEED },
    );
  }, 600_000);
});

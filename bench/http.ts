// HTTP benchmark (issue [T2 1/5]): the production build (dist/server/main.js) in its own process on
// loopback, loaded by wrk (another process), on PGlite and on PostgreSQL. The database holds what a
// real tenant holds: the demo hospital grown to 50,000 expertise terms and a provider with a full
// profile (about 27 KB). For each endpoint: req/s, p50 / p97.5 / p99 at 10 connections, and the ratio of its
// req/s to `GET /api/health` in the same run; then p50 at one connection against the raw SQL time of
// the very statements the endpoint issues (captured from the app, replayed on one connection).
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { DEMO } from '../src/server/db/seed';
import type { Database, DatabaseHandle } from '../src/server/db/client';
import { MAX_PUBLIC_PARAMETER_VALUES } from '../src/server/http/public-requests';
import { fullProfileSections } from '../tests/support/full-profile';
import {
  adminCookie,
  cpuSnapshot,
  ensureWrk,
  hospitalOfAdmin,
  percentile,
  providerCookie,
  round,
  runWrk,
  runWrkPaths,
  startBenchServer,
  startBuiltServer,
  TICKS_PER_SECOND,
  type DatabaseTarget,
} from './lib';
import { apiOn, defaultTerms, DIRECTORY_PROVIDERS, growHospitalTerms, seedDirectory, signUpFullProvider } from './seed';

export interface HttpRow {
  database: DatabaseTarget;
  endpoint: string;
  requestsPerSec: number;
  ofHealth: number | null;
  p50: number;
  p975: number;
  p99: number;
  errors: number;
  non2xx: number;
  rssMb: number;
  statements: number | null;
  oneConnectionP50: number | null;
  oneConnectionP975: number | null;
  sqlP50: number | null;
  ratio: number | null;
  /**
   * Where the machine's CPU went during the 10-connection run, per request answered, in ms: the
   * server's process (PGlite's database included), PostgreSQL's processes, and the rest (wrk, the
   * kernel's interrupts, anything else); and how much of the 2 cores stayed idle.
   */
  cpu: { appMs: number; postgresMs: number; restMs: number; idleCores: number };
}

export const HTTP_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ONE_CONNECTION_SECONDS = Math.max(2, Math.round(HTTP_SECONDS / 2));
const REPLAYS = 200;

interface Endpoint {
  name: string;
  path: string;
  method?: 'GET' | 'PUT';
  body?: string;
  as: 'anonymous' | 'provider' | 'admin';
  /** Writes: each request as the next of SAVERS providers, since one provider's saves of a section are one at a time. */
  manyProviders?: boolean;
  /**
   * A directory or FHIR search measured without its cache (decisions 0032, 0034): each request asks
   * another page or spelling in turn, more of them than a process keeps, so every one is searched in
   * the database.
   */
  uncached?: boolean;
}

/**
 * Paths of a search that each miss the cache, asking the same of the database: pages 1-1,000 of each
 * spelling, a spelling being the words (else the place) with the case of some of their first three
 * letters swapped (0-7, a bit for each letter). A FHIR search's kept match is found by its statement's
 * text and values (decision 0034), so there a spelling repeats `active=true` (which narrows nothing)
 * as many times, and the thousand pages are 11 to 20 results from offsets 0 to 99.
 */
export const uncachedPaths = (path: string, spellings: number[]) =>
  spellings.flatMap((spelling) =>
    Array.from({ length: 1000 }, (_, i) => {
      const url = new URL(path, 'http://bench');
      if (url.pathname.startsWith('/fhir/')) {
        for (let k = 0; k < spelling; k += 1) url.searchParams.append('active', 'true');
        url.searchParams.set('_count', String(11 + (i % 10)));
        url.searchParams.set('_offset', String(Math.floor(i / 10)));
        return `${url.pathname}${url.search}`;
      }
      const field = url.searchParams.has('q') ? 'q' : 'near';
      const swap = (c: string) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase());
      const text = [...url.searchParams.get(field)!].map((c, k) => (k < 3 && spelling & (1 << k) ? swap(c) : c)).join('');
      url.searchParams.set(field, text);
      url.searchParams.set('page', String(1 + i));
      return `${url.pathname}${url.search}`;
    }),
  );

/**
 * The spellings each run of an uncached row asks, none asked by another run (wrk starts each run at the
 * first path): more paths than a process keeps answers (1,000) in each timed run, so none repeats a hit.
 */
export const UNCACHED_SPELLINGS = { setUp: [7], warmUp: [6], load: [0, 1, 2, 3], single: [4, 5] };

const SAVERS = 50;

function rssMb(pid: number) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** The CPU used between two snapshots, per request answered (see `HttpRow.cpu`). */
function cpuPerRequest(before: ReturnType<typeof cpuSnapshot>, after: ReturnType<typeof cpuSnapshot>, serverPid: number, requests: number, seconds: number) {
  const used = (pid: number) => (after.processes.get(pid)?.ticks ?? 0) - (before.processes.get(pid)?.ticks ?? 0);
  let postgres = 0;
  for (const [pid, process] of after.processes) if (process.name === 'postgres') postgres += used(pid);
  const app = used(serverPid);
  const perRequest = (ticks: number) => round((1000 * ticks) / TICKS_PER_SECOND / Math.max(1, requests), 3);
  return {
    appMs: perRequest(app),
    postgresMs: perRequest(postgres),
    restMs: perRequest(Math.max(0, after.busy - before.busy - app - postgres)),
    idleCores: round((after.idle - before.idle) / TICKS_PER_SECOND / seconds, 2),
  };
}

interface Captured {
  text: string;
  params: unknown[];
}

/** The raw driver under Drizzle (PGlite or a node-postgres pool); both answer `query(text, params)`. */
type RawClient = { query(text: string, params?: unknown[]): Promise<unknown>; connect?: () => Promise<RawClient & { release(): void }> };

/** p50 of running the captured statements one after another on one connection (writes inside a rolled-back transaction). */
async function replay(database: DatabaseHandle, statements: Captured[]) {
  const pool = (database.db as unknown as { $client: RawClient }).$client;
  const writes = statements.some((s) => /^\s*(insert|update|delete)\b/i.test(s.text));
  const client = pool.connect ? await pool.connect() : pool;
  const samples: number[] = [];
  // BENCH_STATEMENTS=1 prints each statement's own p50, to see which one a request's SQL time is.
  const perStatement: number[][] | null = process.env.BENCH_STATEMENTS ? [] : null;
  try {
    for (let i = 0; i < REPLAYS + 20; i += 1) {
      const started = performance.now();
      if (writes) await client.query('begin');
      for (const [index, statement] of statements.entries()) {
        const at = performance.now();
        await client.query(statement.text, statement.params);
        if (i >= 20 && perStatement) (perStatement[index] ??= []).push(performance.now() - at);
      }
      if (writes) await client.query('rollback');
      if (i >= 20) samples.push(performance.now() - started);
    }
  } finally {
    (client as { release?: () => void }).release?.();
  }
  if (perStatement)
    for (const [index, times] of perStatement.entries())
      console.log(
        `  ${round(
          percentile(
            times.sort((a, b) => a - b),
            50,
          ),
          2,
        )} ms  ${statements[index]!.text.replace(/\s+/g, ' ').slice(0, 160)}`,
      );
  return round(
    percentile(
      samples.sort((a, b) => a - b),
      50,
    ),
    2,
  );
}

export async function benchHttp(target: DatabaseTarget, postgresUrl?: string): Promise<HttpRow[]> {
  ensureWrk();
  // 1. Set-up through the real API on an in-process server that records every statement.
  let recording: Captured[] | null = null;
  const setup = await startBenchServer(target, postgresUrl, {
    keepDatabase: true,
    onQuery: (text, params) => recording?.push({ text, params }),
  });
  const db = setup.database.db;
  const hospitalId = await hospitalOfAdmin(setup.database, DEMO.hospitalAdminEmail);
  const admin = await adminCookie(setup.base, setup.database, DEMO.hospitalAdminEmail);
  const terms = await growHospitalTerms(apiOn(setup.base, admin), db, hospitalId);
  const provider = await signUpFullProvider(setup.base, db, hospitalId);
  console.log(`  ${terms.total} terms in the hospital; the provider's profile is ${provider.profileBytes} bytes`);
  const directory = await seedDirectory(db, hospitalId, terms.defaults);
  console.log(`  ${directory.providers} published providers in the public directory (${directory.ms} ms)`);
  await analyzeAll(db);

  const codes = await specialtyCodes(db, MAX_PUBLIC_PARAMETER_VALUES);
  const fullSections = fullProfileSections({ termIds: [] });
  const savers: string[] = [];
  for (let i = 0; i < SAVERS; i += 1) savers.push(await providerCookie(setup.base));

  const biography = JSON.stringify({
    professionalSummary: 'Board-certified cardiologist caring for adults with heart rhythm disorders, from atrial fibrillation to fainting spells.',
    publicSummary: 'I help people whose heart beats too fast, too slow or irregularly.',
  });
  const endpoints: Endpoint[] = [
    { name: 'GET /api/health', path: '/api/health', as: 'anonymous' },
    { name: `GET /api/profile (full, ${Math.round(provider.profileBytes / 1024)} KB)`, path: '/api/profile', as: 'provider' },
    { name: 'GET /api/profile/sections/publications', path: '/api/profile/sections/publications', as: 'provider' },
    { name: 'GET /api/dashboard', path: '/api/dashboard', as: 'provider' },
    { name: 'GET /dashboard (page rendered by the server)', path: '/dashboard', as: 'provider' },
    { name: 'GET /api/profile/export', path: '/api/profile/export', as: 'provider' },
    { name: 'GET /api/admin/users/:id (admin view)', path: `/api/admin/users/${provider.userId}`, as: 'admin' },
    { name: 'GET /api/terms/search (3 chars, 50,000 terms)', path: '/api/terms/search?q=car&pageSize=20', as: 'provider' },
    { name: 'GET /api/terms/search (6 chars, 50,000 terms)', path: '/api/terms/search?q=cardia&pageSize=20', as: 'provider' },
    {
      name: 'PUT /api/profile/sections/biography',
      path: '/api/profile/sections/biography',
      method: 'PUT',
      body: biography,
      as: 'provider',
      manyProviders: true,
    },
    {
      name: 'PUT /api/profile/sections/practice_essentials',
      path: '/api/profile/sections/practice_essentials',
      method: 'PUT',
      body: JSON.stringify(fullSections.practice_essentials),
      as: 'provider',
      manyProviders: true,
    },
    {
      name: 'PUT /api/profile/sections/awards (a list)',
      path: '/api/profile/sections/awards',
      method: 'PUT',
      body: JSON.stringify(fullSections.awards),
      as: 'provider',
      manyProviders: true,
    },
    { name: `GET /find/northfield?q=asthma&near=600 (search, ${DIRECTORY_PROVIDERS} providers)`, path: '/find/northfield?q=asthma&near=600', as: 'anonymous' },
    { name: 'GET /find/northfield?q=kowalsky (typo, name)', path: '/find/northfield?q=kowalsky', as: 'anonymous' },
    // Distance (issue 33): every bench office is within 50 miles of Evanston, so all providers are measured and sorted.
    {
      name: `GET /find/northfield?near=Evanston, IL&radius=50 (distance, ${DIRECTORY_PROVIDERS} providers)`,
      path: '/find/northfield?near=Evanston%2C%20IL&radius=50',
      as: 'anonymous',
    },
    // Nobody found: the suggestions run the search again per dropped filter and wider radius.
    {
      name: 'GET /find/northfield?q=qzxv&near=60540&radius=5&accepting=1 (no results, suggestions)',
      path: '/find/northfield?q=qzxv&near=60540&radius=5&accepting=1',
      as: 'anonymous',
    },
    // The same searches, none answered from the cache: what a search costs the database.
    ...[
      ['asthma near 600', '/find/northfield?q=asthma&near=600'],
      ['kowalsky (typo)', '/find/northfield?q=kowalsky'],
      ['near Evanston, 50 miles', '/find/northfield?near=Evanston%2C%20IL&radius=50'],
      ['no results', '/find/northfield?q=qzxv&near=60540&radius=5&accepting=1'],
    ].map(([label, path]): Endpoint => ({
      name: `GET /find/northfield: ${label}, uncached (another page or spelling each time)`,
      path: path!,
      as: 'anonymous',
      uncached: true,
    })),
    { name: 'GET /find/northfield/bench-42 (public page)', path: '/find/northfield/bench-42', as: 'anonymous' },
    { name: 'GET /fhir/r4/PractitionerRole?specialty=… (FHIR search, 20)', path: '/fhir/r4/PractitionerRole?specialty=207RC0000X', as: 'anonymous' },
    // The same search, its match never kept (decision 0034): what it costs the database.
    {
      name: 'GET /fhir/r4/PractitionerRole?specialty=… (FHIR search, 11–20), uncached (another page each time)',
      path: '/fhir/r4/PractitionerRole?specialty=207RC0000X',
      as: 'anonymous',
      uncached: true,
    },
    // The most values a parameter may carry (issue T3 1/7 item 6: 2,500 took 0.35 s each).
    {
      name: `GET /fhir/r4/PractitionerRole?specialty=<${codes.length} codes> (FHIR search, multi-value)`,
      path: `/fhir/r4/PractitionerRole?specialty=${codes.join(',')}`,
      as: 'anonymous',
    },
    {
      name: `GET /fhir/r4/PractitionerRole?specialty=<${codes.length} codes> (FHIR search, multi-value), uncached (another page each time)`,
      path: `/fhir/r4/PractitionerRole?specialty=${codes.join(',')}`,
      as: 'anonymous',
      uncached: true,
    },
  ];
  // BENCH_ENDPOINTS (a regular expression on the names) measures some of them; health always runs, as the others' yardstick.
  const only = process.env.BENCH_ENDPOINTS ? new RegExp(process.env.BENCH_ENDPOINTS, 'i') : null;
  if (only) endpoints.splice(0, endpoints.length, ...endpoints.filter((endpoint, index) => index === 0 || only.test(endpoint.name)));
  const cookieOf = (endpoint: Endpoint) => (endpoint.as === 'provider' ? provider.cookie : endpoint.as === 'admin' ? admin : undefined);
  // State-changing requests must come from the server's own origin (APP_URL).
  const headersOf = (endpoint: Endpoint, origin: string) => {
    const cookie = cookieOf(endpoint);
    return { origin, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) };
  };

  // 2. Each endpoint's statements, as the app sends them (the session check included), timed raw.
  const sql = new Map<string, { count: number; p50: number }>();
  for (const endpoint of endpoints) {
    const variants = endpoint.uncached ? uncachedPaths(endpoint.path, UNCACHED_SPELLINGS.setUp) : [endpoint.path];
    let asked = 0;
    const request = () =>
      fetch(`${setup.base}${variants[asked++ % variants.length]}`, {
        method: endpoint.method ?? 'GET',
        headers: headersOf(endpoint, 'http://127.0.0.1'),
        body: endpoint.body,
      });
    // Every body is read to its end: a page left unread keeps its connection busy (the server cannot
    // finish writing a large one), and closing the set-up server then waited for it without end.
    await (await request()).arrayBuffer(); // warm caches and plans
    recording = [];
    const response = await request();
    const body = await response.text();
    const captured: Captured[] = recording;
    recording = null;
    if (!response.ok) throw new Error(`${endpoint.name}: ${response.status} ${body}`);
    if (process.env.BENCH_STATEMENTS) console.log(`${endpoint.name}:`);
    sql.set(endpoint.name, { count: captured.length, p50: captured.length ? await replay(setup.database, captured) : 0 });
  }
  await setup.close();

  // 3. The production build on the same database, loaded by wrk.
  const server = await startBuiltServer(target, postgresUrl, setup.scratch);
  const rows: HttpRow[] = [];
  try {
    for (const endpoint of endpoints) {
      const request = {
        url: `${server.base}${endpoint.path}`,
        method: endpoint.method,
        headers: headersOf(endpoint, server.base),
        body: endpoint.body,
        cookies: endpoint.manyProviders ? savers : undefined,
      };
      const check = await fetch(request.url, request);
      const checked = await check.text();
      if (!check.ok) throw new Error(`${endpoint.name} on the built server: ${check.status} ${checked}`);
      const run = (connections: number, seconds: number, spellings: number[]) =>
        endpoint.uncached ? runWrkPaths(server.base, uncachedPaths(endpoint.path, spellings), connections, seconds) : runWrk(request, connections, seconds);
      await run(10, 1, UNCACHED_SPELLINGS.warmUp); // warm-up
      const before = cpuSnapshot();
      const loadStarted = performance.now();
      const load = await run(10, HTTP_SECONDS, UNCACHED_SPELLINGS.load);
      const cpu = cpuPerRequest(before, cpuSnapshot(), server.pid, load.requests, (performance.now() - loadStarted) / 1000);
      const single = await run(1, ONE_CONNECTION_SECONDS, UNCACHED_SPELLINGS.single);
      const statements = sql.get(endpoint.name)!;
      rows.push({
        database: target,
        endpoint: endpoint.name,
        requestsPerSec: load.requestsPerSec,
        ofHealth: null,
        p50: load.p50,
        p975: load.p975,
        p99: load.p99,
        errors: load.errors + single.errors,
        non2xx: load.non2xx + single.non2xx,
        rssMb: rssMb(server.pid),
        statements: statements.count,
        oneConnectionP50: single.p50,
        oneConnectionP975: single.p975,
        sqlP50: statements.p50,
        ratio: statements.p50 > 0 ? round(single.p50 / statements.p50, 1) : null,
        cpu,
      });
    }
  } finally {
    await server.stop();
    // BENCH_KEEP_DATABASE=1 leaves the database for a look at its plans (EXPLAIN) after the run.
    if (process.env.BENCH_KEEP_DATABASE) console.log(`  database kept: ${server.databaseUrl ?? server.dataDir}`);
    else await server.cleanup();
  }
  const health = rows[0]!.requestsPerSec;
  for (const row of rows) row.ofHealth = round((100 * row.requestsPerSec) / health, 1);
  return rows;
}

/**
 * Statistics for the bulk-written rows, as a live database has them. Without, the first directory
 * search can be planned on an empty table's estimates: one ran for over 30 minutes on PostgreSQL
 * when autovacuum had not analyzed the new rows yet.
 */
async function analyzeAll(db: Database) {
  await db.execute(sql`analyze`);
}

/** NUCC codes of the directory's specialties first (they match), then others from the taxonomy: `n` in all. */
async function specialtyCodes(db: Database, n: number) {
  const rows = await db.execute<{ code: string }>(sql`
    select code from (
      select distinct on (t.specialty_code) t.specialty_code as code, exists (select 1 from professional_identity pi where lower(pi.primary_specialty) = lower(t.specialty)) as used
        from medical_specialty_taxonomy t where t.specialty_code is not null) c
    order by used desc, code limit ${n}`);
  return ((rows as unknown as { rows?: Array<{ code: string }> }).rows ?? (rows as unknown as Array<{ code: string }>)).map((row) => row.code);
}

export interface PublicLoadRow {
  database: DatabaseTarget;
  scenario: string;
  healthUnloadedP50: number;
  healthUnloadedP99: number;
  healthLoadedP50: number;
  healthLoadedP99: number;
  /** Loaded p99 over unloaded p99 (target: at most 2). */
  p99Ratio: number;
  publicRequestsPerSec: number;
  publicNon2xx: number;
  publicErrors: number;
  /** The machine's one-minute load average at the end: latency tails mean little on a busy machine. */
  loadAverage: number;
}

export const PUBLIC_LOAD_CLIENTS = 20;

/**
 * `GET /api/health` at one connection, alone and then while 20 connections hammer the
 * public routes (directory searches, provider pages, FHIR searches with the most values a parameter
 * may carry), on the production build: how much anonymous traffic slows what signed-in people and
 * the load balancer need. Three scenarios: the per-address limit off (every public request does its
 * work), the default limit with every request from one address (one abuser), and the default limit
 * with a random address per request (many visitors: all served, plus the limit's own cost).
 */
export async function benchPublicLoad(target: DatabaseTarget, postgresUrl?: string): Promise<PublicLoadRow[]> {
  ensureWrk();
  const setup = await startBenchServer(target, postgresUrl, { keepDatabase: true });
  const db = setup.database.db;
  const hospitalId = await hospitalOfAdmin(setup.database, DEMO.hospitalAdminEmail);
  const defaults = await defaultTerms(db);
  const directory = await seedDirectory(db, hospitalId, defaults);
  console.log(`  ${directory.providers} published providers in the public directory (${directory.ms} ms)`);
  // Statistics for the bulk-written rows, as a live database has them (without, a search's plan can pass the public statement timeout).
  await db.execute(sql`analyze`);
  const codes = await specialtyCodes(db, MAX_PUBLIC_PARAMETER_VALUES);
  await setup.close();

  const paths = [
    '/find/northfield?q=asthma&near=600',
    '/find/northfield?q=kowalsky',
    '/find/northfield?q=diabetes&lang=es&accepting=1',
    ...Array.from({ length: 20 }, (_, i) => `/find/northfield/bench-${i * 211}`),
    `/fhir/r4/PractitionerRole?specialty=${codes.join(',')}`,
    `/fhir/r4/PractitionerRole?specialty=${codes.join(',')}&_include=PractitionerRole:practitioner`,
    '/fhir/r4/Practitioner?name=garcia',
    // Not Location or HealthcareService: each reads up to 1,000 full profiles (seconds at 5,000
    // providers), which would make this a measure of that one search.
  ];
  const scenarios = [
    { scenario: 'limit off, one address', env: { PUBLIC_RATE_LIMIT_PER_MINUTE: '0' }, clientAddresses: false },
    { scenario: 'limit 300/min, one address', env: { PUBLIC_RATE_LIMIT_PER_MINUTE: '300' }, clientAddresses: false },
    { scenario: 'limit 300/min, a random address per request', env: { PUBLIC_RATE_LIMIT_PER_MINUTE: '300' }, clientAddresses: true },
  ];
  const rows: PublicLoadRow[] = [];
  try {
    for (const { scenario, env, clientAddresses } of scenarios) {
      const server = await startBuiltServer(target, postgresUrl, setup.scratch, env);
      try {
        const health = { url: `${server.base}/api/health` };
        for (const path of paths.slice(0, 4)) {
          // From an address of its own: the counts of the scenario before (same database) still hold wrk's.
          const check = await fetch(`${server.base}${path}`, { headers: { 'x-forwarded-for': `192.0.2.${rows.length + 1}` } });
          if (!check.ok) throw new Error(`${path} on the built server: ${check.status} ${(await check.text()).slice(0, 500)}`);
        }
        await runWrk(health, 1, 1); // warm-up
        await runWrkPaths(server.base, paths, PUBLIC_LOAD_CLIENTS, 2, true); // warm caches, not counted against one address
        const alone = await runWrk(health, 1, HTTP_SECONDS);
        // The hammer starts first and ends after the health run.
        const hammer = runWrkPaths(server.base, paths, PUBLIC_LOAD_CLIENTS, HTTP_SECONDS + 3, clientAddresses);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const loaded = await runWrk(health, 1, HTTP_SECONDS);
        const load = await hammer;
        rows.push({
          database: target,
          scenario,
          healthUnloadedP50: alone.p50,
          healthUnloadedP99: alone.p99,
          healthLoadedP50: loaded.p50,
          healthLoadedP99: loaded.p99,
          p99Ratio: round(loaded.p99 / alone.p99, 2),
          publicRequestsPerSec: load.requestsPerSec,
          publicNon2xx: load.non2xx,
          publicErrors: load.errors,
          loadAverage: round(loadavg()[0]!, 1),
        });
        console.log(
          `  ${scenario}: health p99 ${alone.p99} ms alone, ${loaded.p99} ms under load (${rows.at(-1)!.p99Ratio}x); public ${load.requestsPerSec} req/s, ${load.non2xx} not 2xx`,
        );
      } finally {
        await server.stop();
      }
    }
  } finally {
    await setup.scratch.cleanup();
  }
  return rows;
}

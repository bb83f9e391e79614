import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from '../src/server/app';
import { createDatabase, type DatabaseHandle } from '../src/server/db/client';
import { adminUsers, mailOutbox } from '../src/server/db/schema';
import { seedDatabase } from '../src/server/db/seed';
import { loadEnv } from '../src/server/env';
import { createLogger } from '../src/server/lib/logger';
import { migrationsDir, seedDataDir } from '../src/server/paths';
import { ensureDebianPackage } from '../scripts/ensure-debian-package.mjs';

export type DatabaseTarget = 'pglite' | 'postgres';

export interface ScratchDatabase {
  databaseUrl: string | undefined;
  dataDir: string | undefined;
  cleanup: () => Promise<void>;
}

/** A throw-away database of the chosen kind: a new PostgreSQL database, or a PGlite data folder. */
export async function scratchDatabase(target: DatabaseTarget, postgresUrl?: string): Promise<ScratchDatabase> {
  if (target === 'postgres') {
    if (!postgresUrl) throw new Error('PostgreSQL benchmark needs DATABASE_URL');
    const name = `vitae_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    return {
      databaseUrl: url.toString(),
      dataDir: undefined,
      cleanup: async () => {
        const c = new pg.Client({ connectionString: postgresUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'vitae-bench-'));
  return { databaseUrl: undefined, dataDir: dir, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** The secret both the in-process set-up server and the built server sign sessions with. */
const BENCH_AUTH_SECRET = 'vitae-bench-secret-for-loopback-only-0123456789';

/**
 * Benchmarks talk to a real server on loopback, on a fresh database of the chosen kind. With
 * `keepDatabase`, `close()` leaves the database for a built server to start on (`startBuiltServer`);
 * `onQuery` sees every statement the app sends (the HTTP bench captures an endpoint's SQL with it).
 */
export async function startBenchServer(
  target: DatabaseTarget,
  postgresUrl?: string,
  options: { onQuery?: (query: string, params: unknown[]) => void; keepDatabase?: boolean } = {},
) {
  const scratch = await scratchDatabase(target, postgresUrl);
  const database: DatabaseHandle = await createDatabase({
    ...(scratch.databaseUrl ? { databaseUrl: scratch.databaseUrl } : { dataDir: scratch.dataDir }),
    onQuery: options.onQuery,
  });
  await database.migrate(migrationsDir);
  const logger = createLogger({ level: 'silent', environment: 'bench' });
  await seedDatabase(database.db, { dataDir: seedDataDir, demo: true, logger });
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://127.0.0.1',
    AUTH_SECRET: BENCH_AUTH_SECRET,
    TRUST_PROXY: 'true',
    UPLOAD_LIMIT_BYTES: String(50 * 1_048_576),
    // One address sends every set-up request; the set-up is not what is measured.
    PUBLIC_RATE_LIMIT_PER_MINUTE: '0',
  });
  // The built app (the bench builds first), so the pages the server renders are measured as well.
  const webDir = existsSync('dist/web/index.html') ? 'dist/web' : undefined;
  const app = createApp({ env, database, logger, migrationsDir, webDir });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  // Replaying an endpoint's statements can take longer than Node's 5 s keep-alive; a connection the
  // server closed meanwhile would reset the next request. So can seeding the directory on PGlite in
  // this process (over 120 s on a loaded machine: the first sign-up after it was reset three times
  // running, the server and the client timing out the idle connection at once when the loop woke).
  (server as unknown as { keepAliveTimeout: number }).keepAliveTimeout = 30 * 60_000;
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    database,
    scratch,
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      // Nothing more is asked of it: a connection still open (a keep-alive, a body nobody read) would hold close() for its 30-minute timeout.
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      await closed;
      await database.close();
      if (!options.keepDatabase) await scratch.cleanup();
    },
  };
}

async function waitHealthy(base: string) {
  // Up to 3 minutes: a first start migrates, seeds the demo (its avatars through sharp) and loads the
  // reference data, which on this shared 2-core machine under load took over a minute.
  for (let i = 0; i < 1800; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

/**
 * The production build (dist/server/main.js, `npm run build` first) in its own process on loopback,
 * on a fresh database of the chosen kind with the demo tenant. `stop()` ends the process; `cleanup()`
 * then removes the database.
 */
export async function startBuiltServer(target: DatabaseTarget, postgresUrl?: string, existing?: ScratchDatabase, extraEnv: Record<string, string> = {}) {
  const port = 4900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  const { databaseUrl, dataDir, cleanup } = existing ?? (await scratchDatabase(target, postgresUrl));
  // BENCH_SERVER_NODE_ARGS (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof) profiles the server under load; NODE_OPTIONS refuses --cpu-prof.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server/main.js'], {
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      APP_URL: base,
      LOG_LEVEL: 'silent',
      AUTH_SECRET: BENCH_AUTH_SECRET,
      DATABASE_URL: databaseUrl ?? '',
      DATA_DIR: dataDir ?? './data-bench',
      SEED_DEMO_DATA: 'true',
      TRUST_PROXY: 'true',
      // wrk is one address asking thousands of times a second: the endpoints' own cost is measured
      // without the per-address limit, which would refuse it (the public-load run sets its own).
      PUBLIC_RATE_LIMIT_PER_MINUTE: '0',
      ...extraEnv,
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitHealthy(base);
  } catch (error) {
    await stop();
    await cleanup();
    throw error;
  }
  return { base, pid: child.pid!, databaseUrl, dataDir, stop, cleanup };
}

/** A new provider's session cookie, from signing up the way the sign-up page does. */
export async function providerCookie(base: string) {
  const signUp = await fetch(`${base}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': `192.0.2.${1 + Math.floor(Math.random() * 250)}` },
    body: JSON.stringify({
      email: `bench.${Date.now()}.${randomBytes(3).toString('hex')}@example.org`,
      password: 'a long passphrase',
      agreedToTerms: true,
      agreedToPrivacy: true,
      fullName: 'Bea Bench',
    }),
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status}`);
  return signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A signed-in admin's cookie, obtained the way a person signs in (magic link from the outbox). */
export async function adminCookie(base: string, database: DatabaseHandle, email: string) {
  const origin = { origin: 'http://127.0.0.1', 'content-type': 'application/json' };
  const requested = await fetch(`${base}/api/admin/auth/magic-link`, { method: 'POST', headers: origin, body: JSON.stringify({ email }) });
  if (!requested.ok) throw new Error(`magic link: ${requested.status}`);
  const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  const link = new URL(mail!.links[0]!);
  const verified = await fetch(`${base}/api/auth/callback`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({ token_hash: link.searchParams.get('token_hash'), type: 'magiclink', admin: true }),
  });
  if (!verified.ok) throw new Error(`callback: ${verified.status}`);
  return verified.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export async function hospitalOfAdmin(database: DatabaseHandle, email: string) {
  const [admin] = await database.db.select().from(adminUsers).where(eq(adminUsers.email, email)).limit(1);
  return admin!.hospitalId!;
}

export function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export async function timeIt<T>(fn: () => Promise<T>) {
  const started = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - started };
}

export function writeResults(name: string, results: unknown, markdown: string) {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  writeFileSync(join('bench', 'results', `${name}-${stamp}.json`), JSON.stringify(results, null, 2));
  writeFileSync(join('bench', 'results', `${name}-latest.md`), markdown);
}

/** Clock ticks a second of /proc's CPU times (USER_HZ: 100 on Linux). */
export const TICKS_PER_SECOND = 100;

/** Every process's name and CPU ticks (user + system, and system alone) from /proc/<pid>/stat; the machine's idle and interrupt ticks from /proc/stat. */
export function cpuSnapshot() {
  const processes = new Map<number, { name: string; ticks: number; system: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The name is in parentheses and may hold spaces; the fields after it are fixed.
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      processes.set(Number(entry), {
        name: stat.slice(stat.indexOf('(') + 1, close),
        ticks: Number(fields[11]) + Number(fields[12]),
        system: Number(fields[12]),
      });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  const [, user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  return { processes, idle: idle! + iowait!, interrupts: irq! + softirq!, busy: user! + nice! + system! + irq! + softirq! + steal! };
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The load generator is Debian's wrk, in its own process; installed when missing and we are root. */
export function ensureWrk() {
  ensureDebianPackage({ path: '/usr/bin/wrk', pkg: 'wrk', purpose: 'The HTTP benchmark' });
}

export interface LoadResult {
  requestsPerSec: number;
  p50: number;
  p975: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
}

/** A Lua string literal for any text (long brackets need no escaping). */
const luaString = (text: string) => `[==[${text}]==]`;

/**
 * One wrk run: `connections` keep-alive connections on one thread for `seconds`. The Lua script sets
 * the method, headers and body and prints the summary as one JSON line (latencies in ms).
 */
export async function runWrk(
  request: { url: string; method?: string; headers?: Record<string, string>; body?: string; cookies?: string[]; bodies?: string[]; clientAddresses?: boolean },
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const headers = Object.entries(request.headers ?? {})
    .map(([name, value]) => `wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`)
    .join('\n');
  // With `cookies`, each request is the next person's (in turn): many people each doing it once at a
  // time, not one person doing it many times at once.
  // With `bodies`, each request sends the next body (sign-ins spread over many accounts), from a random
  // client address when `clientAddresses` is set (X-Forwarded-For, believed with TRUST_PROXY).
  const rotateBodies = request.bodies?.length
    ? `local bodies = { ${request.bodies.map(luaString).join(', ')} }
local n = 0
request = function()
  n = n + 1
  ${request.clientAddresses ? 'wrk.headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.random(0, 255), math.random(0, 255), math.random(1, 254))' : ''}
  return wrk.format(nil, nil, nil, bodies[(n % #bodies) + 1])
end`
    : '';
  const rotate = rotateBodies
    ? rotateBodies
    : request.cookies?.length
      ? `local cookies = { ${request.cookies.map(luaString).join(', ')} }
local n = 0
request = function()
  n = n + 1
  wrk.headers["cookie"] = cookies[(n % #cookies) + 1]
  return wrk.format()
end`
      : '';
  return runWrkScript(
    `wrk.method = ${luaString(request.method ?? 'GET')}
${headers}
${request.body === undefined ? '' : `wrk.body = ${luaString(request.body)}`}
${rotate}`,
    request.url,
    connections,
    seconds,
  );
}

/**
 * wrk GETting `paths` of `base` in turn on `connections` connections; with `clientAddresses`, each
 * request names a random client address (X-Forwarded-For, believed with TRUST_PROXY), as many
 * visitors would, instead of all coming from wrk's one address.
 */
export function runWrkPaths(base: string, paths: string[], connections: number, seconds: number, clientAddresses = false): Promise<LoadResult> {
  return runWrkScript(
    `local paths = { ${paths.map(luaString).join(', ')} }
local n = 0
request = function()
  n = n + 1
  local headers = {}
  ${clientAddresses ? 'headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.random(0, 255), math.random(0, 255), math.random(1, 254))' : ''}
  return wrk.format("GET", paths[(n % #paths) + 1], headers)
end`,
    base,
    connections,
    seconds,
  );
}

async function runWrkScript(body: string, url: string, connections: number, seconds: number): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'vitae-wrk-'));
  const script = join(dir, 'request.lua');
  writeFileSync(
    script,
    `${body}
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK-JSON {"requests":%d,"durationUs":%d,"p50":%d,"p975":%d,"p99":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(97.5), latency:percentile(99),
    e.connect, e.read, e.write, e.status, e.timeout))
end
`,
  );
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, url]);
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.stderr.on('data', (chunk) => (out += chunk));
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk exited with ${code}: ${out}`))));
    });
    const line = output.split('\n').find((l) => l.startsWith('WRK-JSON '));
    if (!line) throw new Error(`wrk printed no summary: ${output}`);
    const r = JSON.parse(line.slice('WRK-JSON '.length)) as Record<string, number>;
    return {
      requests: r.requests!,
      requestsPerSec: round(r.requests! / (r.durationUs! / 1e6)),
      p50: round(r.p50! / 1000, 2),
      p975: round(r.p975! / 1000, 2),
      p99: round(r.p99! / 1000, 2),
      errors: r.connect! + r.read! + r.write! + r.timeout!,
      non2xx: r.status!,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

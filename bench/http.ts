// HTTP load benchmark (issue 11): autocannon on loopback against the production build
// (dist/server/main.js), on PGlite and on PostgreSQL. For each endpoint: req/s, p50 / p97.5 / p99,
// errors and the server's RSS; plus the database's own time for the same query, so each API
// figure reads as a ratio to the database.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDatabase } from '../src/server/db/client';
import { percentile, round, type DatabaseTarget } from './lib';

interface Row {
  database: DatabaseTarget;
  endpoint: string;
  requestsPerSec: number;
  p50: number;
  p975: number;
  p99: number;
  errors: number;
  non2xx: number;
  rssMb: number;
  dbMs: number | null;
  ratio: number | null;
}

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);

function rssMb(pid: number) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return round(kb / 1024);
  } catch {
    return 0;
  }
}

async function waitHealthy(base: string) {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not start');
}

export async function benchHttp(target: DatabaseTarget, postgresUrl?: string): Promise<Row[]> {
  const port = 4900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  let databaseUrl = '';
  let dataDir: string | undefined;
  let cleanup: () => Promise<void>;
  if (target === 'postgres') {
    const name = `vitae_http_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(postgresUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    cleanup = async () => {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'vitae-http-'));
    cleanup = async () => rmSync(dataDir!, { recursive: true, force: true });
  }
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), APP_URL: base, LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, DATA_DIR: dataDir ?? './data-bench', SEED_DEMO_DATA: 'true', TRUST_PROXY: 'true' },
  });
  const rows: Row[] = [];
  try {
    await waitHealthy(base);
    const headers = { 'content-type': 'application/json', origin: base };
    const signUp = await fetch(`${base}/api/auth/sign-up`, {
      method: 'POST',
      headers: { ...headers, 'x-forwarded-for': '192.0.2.200' },
      body: JSON.stringify({ email: `bench.${Date.now()}@example.org`, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName: 'Bea Bench' }),
    });
    const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const auth = { ...headers, cookie };
    const biography = JSON.stringify({ professionalSummary: 'Board-certified cardiologist caring for adults with heart rhythm disorders.', publicSummary: 'I help people with irregular heartbeats.' });
    const feedback = JSON.stringify({ title: 'Bench feedback', description: 'Measured under load.', technicalContext: {}, applicationContext: { currentRoute: '/dashboard' } });

    const endpoints: Array<{ name: string; opts: autocannon.Options; dbQuery?: (db: Awaited<ReturnType<typeof createDatabase>>['db']) => Promise<unknown> }> = [
      { name: 'GET /api/health', opts: { url: `${base}/api/health` } },
      { name: 'GET /api/profile', opts: { url: `${base}/api/profile`, headers: auth } },
      { name: 'GET /api/terms/search (3 chars)', opts: { url: `${base}/api/terms/search?q=car&pageSize=20`, headers: auth }, dbQuery: (db) => db.execute(sql`select * from medical_expertise_terms where is_active and term ilike '%car%' order by specialty_name, term_type, term limit 20`) },
      { name: 'GET /api/terms/search (6 chars)', opts: { url: `${base}/api/terms/search?q=cardia&pageSize=20`, headers: auth }, dbQuery: (db) => db.execute(sql`select * from medical_expertise_terms where is_active and term ilike '%cardia%' order by specialty_name, term_type, term limit 20`) },
      { name: 'PUT /api/profile/sections/biography', opts: { url: `${base}/api/profile/sections/biography`, method: 'PUT', headers: auth, body: biography } },
      { name: 'POST /api/feedback (10, the hourly limit)', opts: { url: `${base}/api/feedback`, method: 'POST', headers: auth, body: feedback, amount: 10, connections: 1 } },
    ];
    for (const endpoint of endpoints) {
      const result = await autocannon({ connections: 10, duration: DURATION, ...endpoint.opts });
      rows.push({
        database: target,
        endpoint: endpoint.name,
        requestsPerSec: round(result.requests.average),
        p50: result.latency.p50,
        p975: result.latency.p97_5,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        rssMb: rssMb(server.pid!),
        dbMs: null,
        ratio: null,
      });
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }

  // The database's own time for the same queries, on the same data, without HTTP.
  const database = await createDatabase(target === 'postgres' ? { databaseUrl } : { dataDir });
  try {
    const time = async (fn: () => Promise<unknown>) => {
      const samples: number[] = [];
      for (let i = 0; i < 50; i += 1) {
        const started = performance.now();
        await fn();
        samples.push(performance.now() - started);
      }
      return round(percentile(samples.sort((a, b) => a - b), 50), 2);
    };
    const queries: Record<string, () => Promise<unknown>> = {
      'GET /api/health': () => database.db.execute(sql`select count(*) from drizzle.__drizzle_migrations`),
      'GET /api/profile': () => database.db.execute(sql`select * from users u left join professional_identity p on p.user_id = u.id limit 1`),
      'GET /api/terms/search (3 chars)': () => database.db.execute(sql`select * from medical_expertise_terms where is_active and term ilike '%car%' order by specialty_name, term_type, term limit 20`),
      'GET /api/terms/search (6 chars)': () => database.db.execute(sql`select * from medical_expertise_terms where is_active and term ilike '%cardia%' order by specialty_name, term_type, term limit 20`),
      'PUT /api/profile/sections/biography': () =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`update biography set professional_summary = professional_summary where user_id = (select id from users limit 1)`);
        }),
    };
    for (const row of rows) {
      const query = queries[row.endpoint];
      if (!query) continue;
      row.dbMs = await time(query);
      row.ratio = row.dbMs > 0 ? round(row.p50 / row.dbMs, 1) : null;
    }
  } finally {
    await database.close();
    await cleanup();
  }
  return rows;
}

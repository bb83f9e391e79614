// HTTP load benchmark (issue 11): autocannon on loopback against the production build
// (dist/server/main.js), on PGlite and on PostgreSQL. For each endpoint: req/s, p50 / p97.5 / p99,
// errors and the server's RSS; plus the database's own time for the same query, so each API
// figure reads as a ratio to the database.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { getTableName, sql } from 'drizzle-orm';
import { createDatabase, rowsOf } from '../src/server/db/client';
import { PROFILE_TABLES } from '../src/server/modules/profile/snapshot';
import { percentile, providerCookie, round, startBuiltServer, type DatabaseTarget } from './lib';

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

export async function benchHttp(target: DatabaseTarget, postgresUrl?: string): Promise<Row[]> {
  const server = await startBuiltServer(target, postgresUrl);
  const { base } = server;
  const rows: Row[] = [];
  try {
    const headers = { 'content-type': 'application/json', origin: base };
    const auth = { ...headers, cookie: await providerCookie(base) };
    const biography = JSON.stringify({ professionalSummary: 'Board-certified cardiologist caring for adults with heart rhythm disorders.', publicSummary: 'I help people with irregular heartbeats.' });
    const feedback = JSON.stringify({ title: 'Bench feedback', description: 'Measured under load.', technicalContext: {}, applicationContext: { currentRoute: '/dashboard' } });

    const endpoints: Array<{ name: string; opts: autocannon.Options }> = [
      { name: 'GET /api/health', opts: { url: `${base}/api/health` } },
      { name: 'GET /api/profile', opts: { url: `${base}/api/profile`, headers: auth } },
      { name: 'GET /api/terms/search (3 chars)', opts: { url: `${base}/api/terms/search?q=car&pageSize=20`, headers: auth } },
      { name: 'GET /api/terms/search (6 chars)', opts: { url: `${base}/api/terms/search?q=cardia&pageSize=20`, headers: auth } },
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
        rssMb: rssMb(server.pid),
        dbMs: null,
        ratio: null,
      });
    }
  } finally {
    await server.stop();
  }

  // The database's own time for the same queries, on the same data, without HTTP.
  const database = await createDatabase(server.databaseUrl ? { databaseUrl: server.databaseUrl } : { dataDir: server.dataDir });
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
    const [benchUser] = rowsOf<{ id: string }>(await database.db.execute(sql`select id from users where email like 'bench.%' limit 1`));
    const benchUserId = benchUser!.id;
    const profileTables = Object.values(PROFILE_TABLES).map((table) => getTableName(table));
    const termSearch = async (pattern: string) => {
      await database.db.execute(sql`select * from medical_expertise_terms where is_active and term ilike ${pattern} order by specialty_name, term_type, term, id limit 20`);
      await database.db.execute(sql`select count(*) from medical_expertise_terms where is_active and term ilike ${pattern}`);
    };
    const queries: Record<string, () => Promise<unknown>> = {
      'GET /api/health': () => database.db.execute(sql`select count(*) from drizzle.__drizzle_migrations`),
      // What the endpoint reads: the user with its hospital, the sixteen profile tables, the hospital's section permissions.
      'GET /api/profile': async () => {
        await database.db.execute(sql`select u.*, h.name from users u left join hospitals h on h.id = u.hospital_id where u.id = ${benchUserId}`);
        for (const table of profileTables) await database.db.execute(sql`select * from ${sql.identifier(table)} where user_id = ${benchUserId}`);
        await database.db.execute(sql`select * from hospital_section_permissions where hospital_id is null`);
      },
      // A provider without hospital terms searches the defaults: one page and the total.
      'GET /api/terms/search (3 chars)': () => termSearch('%car%'),
      'GET /api/terms/search (6 chars)': () => termSearch('%cardia%'),
      // The write and the completion refresh: the nine sections' tables read again inside the transaction.
      'PUT /api/profile/sections/biography': () =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`update biography set professional_summary = professional_summary, updated_at = now() where user_id = ${benchUserId}`);
          for (const table of profileTables.slice(0, 10)) await tx.execute(sql`select * from ${sql.identifier(table)} where user_id = ${benchUserId}`);
          await tx.execute(sql`update users set profile_completion_percentage = profile_completion_percentage where id = ${benchUserId}`);
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
    await server.cleanup();
  }
  return rows;
}

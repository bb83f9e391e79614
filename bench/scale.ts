// Directory scale benchmark (issue [T3 5/7]): the public directory at 50,000 published providers, 20
// expertise terms each, their offices spread over the US by ZIP. The production build in its own process
// on loopback, loaded by wrk (another process). For each public search: req/s at 10 connections (and its
// ratio to `GET /api/health` in the same run), then p50 / p97.5 at one connection, against the target
// of p97.5 ≤ 25 ms.
import { sql } from 'drizzle-orm';
import { DEMO } from '../src/server/db/seed';
import { UNCACHED_SPELLINGS, uncachedPaths } from './http';
import { ensureWrk, hospitalOfAdmin, round, runWrk, runWrkPaths, startBenchServer, startBuiltServer, type DatabaseTarget } from './lib';
import { defaultTerms, seedDirectory } from './seed';

export const SCALE_PROVIDERS = Number(process.env.BENCH_SCALE_PROVIDERS ?? 50_000);
export const SCALE_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
/** The bound for one connection's p97.5 at this scale. */
export const SCALE_P975_TARGET_MS = 25;

export interface ScaleRow {
  database: DatabaseTarget;
  endpoint: string;
  matches: string;
  requestsPerSec: number;
  ofHealth: number | null;
  /** Null when not one request finished at one connection in the run's time (wrk gives up on a request after 10 s). */
  oneConnectionP50: number | null;
  oneConnectionP975: number | null;
  errors: number;
  non2xx: number;
}

/** What the page says it found ("1,234 providers"), so the row shows how much each search had to sort. */
function foundOf(html: string) {
  const match = /([\d,]+)\s+clinicians?\b/i.exec(html.replace(/<[^>]+>/g, ' '));
  return match ? match[1]! : '–';
}

export async function benchScale(target: DatabaseTarget, postgresUrl?: string): Promise<ScaleRow[]> {
  ensureWrk();
  const setup = await startBenchServer(target, postgresUrl, { keepDatabase: true });
  const db = setup.database.db;
  const hospitalId = await hospitalOfAdmin(setup.database, DEMO.hospitalAdminEmail);
  const defaults = await defaultTerms(db);
  const seeded = await seedDirectory(db, hospitalId, defaults, { providers: SCALE_PROVIDERS, spread: 'us' });
  // A database that has grown to this size has its statistics; a bulk load must gather them itself.
  await db.execute(sql`analyze`);
  console.log(`  ${seeded.providers} published providers over the US (${seeded.ms} ms)`);
  await setup.close();

  // The searches with words or a place are measured uncached (decision 0032): each request asks another
  // page or spelling of them in turn (bench/http.ts), so the database answers every one. Everyone's first
  // page has neither: it is the same answer each time, from the cache after the first.
  const uncached = ' (uncached: another page or spelling each time)';
  const endpoints: Array<{ name: string; path: string; uncached?: boolean }> = [
    { name: 'GET /api/health', path: '/api/health' },
    { name: `distance: near=Denver, CO, 50 miles${uncached}`, path: '/find/northfield?near=Denver%2C%20CO&radius=50', uncached: true },
    {
      name: `term and distance: q=asthma, near=Chicago, IL, 25 miles${uncached}`,
      path: '/find/northfield?q=asthma&near=Chicago%2C%20IL&radius=25',
      uncached: true,
    },
    { name: `term and ZIP: q=heart, near=10001, 10 miles${uncached}`, path: '/find/northfield?q=heart&near=10001&radius=10', uncached: true },
    { name: 'everyone, first page (the same answer each time: cached)', path: '/find/northfield' },
    { name: `name with a typo: q=kowalsky${uncached}`, path: '/find/northfield?q=kowalsky', uncached: true },
    { name: 'FHIR PractitionerRole?specialty=207RC0000X', path: '/fhir/r4/PractitionerRole?specialty=207RC0000X' },
  ];
  const server = await startBuiltServer(target, postgresUrl, setup.scratch);
  const rows: ScaleRow[] = [];
  try {
    for (const endpoint of endpoints) {
      const request = { url: `${server.base}${endpoint.path}` };
      const check = await fetch(request.url);
      if (!check.ok) throw new Error(`${endpoint.name}: ${check.status} ${await check.text()}`);
      const body = await check.text();
      const run = (connections: number, seconds: number, spellings: number[]) =>
        endpoint.uncached ? runWrkPaths(server.base, uncachedPaths(endpoint.path, spellings), connections, seconds) : runWrk(request, connections, seconds);
      await run(10, 1, UNCACHED_SPELLINGS.warmUp); // warm-up
      const load = await run(10, SCALE_SECONDS, UNCACHED_SPELLINGS.load);
      const single = await run(1, SCALE_SECONDS, UNCACHED_SPELLINGS.single);
      rows.push({
        database: target,
        endpoint: endpoint.name,
        matches: endpoint.path.startsWith('/find')
          ? foundOf(body)
          : endpoint.path.startsWith('/fhir')
            ? String((JSON.parse(body) as { total?: number }).total ?? '–')
            : '–',
        requestsPerSec: load.requestsPerSec,
        ofHealth: null,
        oneConnectionP50: single.requests > 0 ? single.p50 : null,
        oneConnectionP975: single.requests > 0 ? single.p975 : null,
        errors: load.errors + single.errors,
        non2xx: load.non2xx + single.non2xx,
      });
      console.log(`  ${endpoint.name}: ${load.requestsPerSec} req/s, one connection p50 ${single.p50} / p97.5 ${single.p975} ms`);
    }
  } finally {
    await server.stop();
    await server.cleanup();
  }
  const health = rows[0]!.requestsPerSec;
  for (const row of rows) row.ofHealth = round((100 * row.requestsPerSec) / health, 1);
  return rows;
}

/**
 * Public reads on a PostgreSQL streaming replica (issue [T3 5/7]): a built app process behind
 * haproxy with DATABASE_READ_URL naming a real replica of the test cluster. The directory reads from
 * it; a change on the primary reaches the public page (the lag is printed; the target is a second);
 * with the replica stopped public pages keep answering from the primary, quickly, and go back to the
 * replica once it is up again.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startCluster, waitFor, type Cluster } from './cluster';
import { startReplica, type Replica } from './replica';

const postgresUrl = process.env.DATABASE_URL;
let cluster: Cluster;
let replica: Replica;
let databaseName: string;

async function admin<T>(work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (!postgresUrl) return;
  // The database first, so the replica's copy has it; the app processes migrate and seed it, and
  // the replica follows by streaming.
  databaseName = `vitae_replica_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`create database ${databaseName}`));
  replica = await startReplica(Object.assign(new URL(postgresUrl), { pathname: `/${databaseName}` }).toString(), await freePort());
  cluster = await startCluster({
    postgresUrl,
    existingDatabaseUrl: Object.assign(new URL(postgresUrl), { pathname: `/${databaseName}` }).toString(),
    processes: 1,
    env: { DATABASE_READ_URL: replica.url, SEED_DEMO_DATA: 'true' },
  });
}, 240_000);

afterAll(async () => {
  await cluster?.close();
  replica?.close();
  if (databaseName) await admin((c) => c.query(`drop database if exists ${databaseName} with (force)`));
});

/** A demo clinician's public page, through the proxy. */
async function publicPage(path: string) {
  const started = performance.now();
  const response = await fetch(`${cluster.url}${path}`);
  return { status: response.status, body: await response.text(), ms: performance.now() - started };
}

describe.skipIf(!postgresUrl)('public reads on a streaming replica', () => {
  let profilePath: string;

  it('serves the directory from the replica', async () => {
    const [listing] = await cluster.query<{ slug: string; user_id: string }>(
      `select l.slug, l.user_id from public_listings l join hospitals h on h.id = l.hospital_id where h.directory_slug = 'northfield' order by l.slug limit 1`,
    );
    expect(listing?.slug, 'the demo seed publishes Northfield clinicians').toMatch(/^[a-z0-9-]+$/);
    profilePath = `/find/northfield/${listing!.slug}`;
    // The replica has caught up with the seed, then every public page reads from it.
    await waitFor('the replica to have the demo directory', async () => ((await publicPage(profilePath)).status === 200 ? true : undefined), 30_000, 250);
    for (let i = 0; i < 10; i += 1) {
      expect((await publicPage('/find/northfield?q=a')).status).toBe(200);
      expect((await publicPage(profilePath)).status).toBe(200);
    }
    expect(await replica.clientConnections()).toBeGreaterThan(0);
  });

  it('shows a change made on the primary on the public page, and prints how long it took', async () => {
    const [listing] = await cluster.query<{ user_id: string }>(`select l.user_id from public_listings l where l.slug = $1`, [profilePath.split('/').pop()]);
    const marker = `Replica check ${randomBytes(4).toString('hex')}`;
    const committedAt = performance.now();
    await cluster.query(
      `with b as (update biography set public_summary = $2 where user_id = $1 returning user_id)
       update users set profile_version = profile_version + 1, updated_at = now() where id in (select user_id from b)`,
      [listing!.user_id, marker],
    );
    await waitFor('the change to reach the public page', async () => ((await publicPage(profilePath)).body.includes(marker) ? true : undefined), 10_000, 20);
    const lagMs = performance.now() - committedAt;
    console.log(`[replica] a change committed on the primary showed on the public page after ${Math.round(lagMs)} ms`);
    expect(lagMs).toBeLessThan(5_000);
  });

  it('keeps public pages answering from the primary while the replica is down, and returns to it', async () => {
    replica.stop();
    const during = [];
    for (let i = 0; i < 10; i += 1) during.push(await publicPage(i % 2 ? profilePath : '/find/northfield?q=heart'));
    expect(during.map((r) => r.status)).toEqual(during.map(() => 200));
    const slowest = Math.max(...during.map((r) => r.ms));
    console.log(`[replica] replica down: 10 public pages answered by the primary, slowest ${Math.round(slowest)} ms`);
    expect(slowest).toBeLessThan(5_000);

    replica.start();
    // After its retry interval the read pool tries the replica again.
    await waitFor(
      'public reads to go back to the replica',
      async () => {
        expect((await publicPage('/find/northfield?q=heart')).status).toBe(200);
        return (await replica.clientConnections()) > 0 ? true : undefined;
      },
      30_000,
      500,
    );
  });
});

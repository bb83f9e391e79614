/**
 * The production shape, proven (issue [T2 5/5]): three built app processes on one PostgreSQL behind
 * haproxy, files on s3rver, mail through smtp-server. Everything below goes through the proxy, as a
 * browser's requests would, and lands on whichever process the proxy picks.
 */
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_NPIS, rosterOfRealRecords } from '../fakes/nppes';
import { csvFile } from '../support/clients';
import { migrationsDir } from '../../src/server/paths';
import { clusterClient, startCluster, waitFor, type Cluster, type ClusterClient } from './cluster';
import { runFailureDrill } from './failure-drill';

const postgresUrl = process.env.DATABASE_URL;
const PASSWORD = 'correct horse battery';
let cluster: Cluster;
let admin: ClusterClient;
let hospitalId: string;
let provider: ClusterClient;
let providerEmail: string;

const servedBy = (response: Response) => response.headers.get('x-served-by');
// The roster crash drill's 60 people, built from the real recorded registry answers under NPIs of their own.
const roster = rosterOfRealRecords(60, '18', 'cluster.roster');

beforeAll(async () => {
  if (!postgresUrl) return;
  cluster = await startCluster({
    postgresUrl: postgresUrl!,
    processes: 3,
    // The registry answers after a round trip, so the pre-filling is still running when a process is
    // killed; a batch whose process died is taken back after 15 s instead of 5 minutes.
    nppes: { extraResults: roster.records, latencyMs: 150 },
    env: { ROSTER_JOB_LEASE_MS: '15000' },
  });
}, 240_000);

afterAll(async () => {
  await cluster?.close();
});

describe.skipIf(!postgresUrl)('three processes behind haproxy on one PostgreSQL', () => {
  it('started together on an empty database, migrated it once and answer through the proxy in turn', async () => {
    const files = readdirSync(migrationsDir).filter((f) => f.endsWith('.sql'));
    const [applied] = await cluster.query<{ count: string }>('select count(*) from drizzle.__drizzle_migrations');
    expect(Number(applied!.count)).toBe(files.length);
    const seen = new Set<string | null>();
    for (let i = 0; i < 6; i += 1) {
      const response = await fetch(`${cluster.url}/api/health`);
      expect(response.status).toBe(200);
      seen.add(servedBy(response));
    }
    expect([...seen].sort()).toEqual(['app1', 'app2', 'app3']);
  });

  it('creates the first administrator from the CLI, mails the links over SMTP and signs in by magic link', async () => {
    const email = `ops.${Date.now()}@vitae.test`;
    const created = await cluster.cli('create-admin.js', ['--email', email, '--role', 'system_admin', '--name', 'Olu Ops']);
    expect(created.code, created.output).toBe(0);
    const invite = await cluster.waitForMail(email);
    expect(invite.links.some((l) => l.startsWith(`${cluster.url}/admin/reset-password`))).toBe(true);

    const requestedAt = Date.now();
    const requested = await clusterClient(cluster.url).post('/api/admin/auth/magic-link', { email });
    expect(requested.status, await requested.clone().text()).toBe(200);
    const mail = await cluster.waitForMail(email, requestedAt);
    expect(mail.subject).toMatch(/sign/i);
    const link = new URL(mail.links.find((l) => l.includes('/auth/callback'))!);
    expect(link.origin).toBe(cluster.url);

    admin = clusterClient(cluster.url);
    const verified = await admin.post('/api/auth/callback', { token_hash: link.searchParams.get('token_hash'), type: 'magiclink', admin: true });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toMatchObject({ redirectTo: '/admin/change-password' });
    expect((await admin.post('/api/admin/auth/set-password', { newPassword: 'a passphrase of our own' })).status).toBe(200);
    // The session is in the database: every process knows it.
    const servers = new Set<string | null>();
    for (let i = 0; i < 6; i += 1) {
      const me = await admin.get('/api/admin/me');
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ email, role: 'system_admin', must_change_password: false });
      servers.add(servedBy(me));
    }
    expect(servers.size).toBe(3);
  });

  it('takes a CSV of terms and every process searches it', async () => {
    const hospital = await admin.post('/api/admin/hospitals', { name: 'Cluster General', code: `CLUSTER${Date.now() % 100000}`, dataSource: 'npi_registry' });
    expect(hospital.status, await hospital.clone().text()).toBe(201);
    hospitalId = (await hospital.json()).id;
    const csv = [
      'term_id,term,term_type,specialty_name',
      'CL-1,Atrial fibrillation ablation,Procedure,Cardiovascular Disease',
      'CL-2,"Syncope, unexplained",Condition,Cardiovascular Disease',
      'CL-3,Heart failure clinic,Condition,Cardiovascular Disease',
    ].join('\r\n');
    const uploaded = await admin.put(`/api/admin/hospitals/${hospitalId}/terms`, csvFile(csv));
    expect(await uploaded.json()).toMatchObject({ created: 3, failed: 0 });
    const listed = await (await admin.get(`/api/admin/hospitals/${hospitalId}/terms?pageSize=10`)).json();
    expect(listed.items.map((t: { term: string }) => t.term)).toEqual(['Atrial fibrillation ablation', 'Heart failure clinic', 'Syncope, unexplained']);
  });

  it('signs a provider up with the NPI registry, and the session and term search work on every process', async () => {
    providerEmail = `provider.${Date.now()}@example.org`;
    provider = clusterClient(cluster.url);
    const before = cluster.nppes.requests.length;
    const signedUp = await provider.post('/api/auth/sign-up', {
      email: providerEmail,
      password: PASSWORD,
      agreedToTerms: true,
      agreedToPrivacy: true,
      fullName: 'Ana Cluster',
      hospitalId,
      npiNumber: FAKE_NPIS.cardiologist,
    });
    expect(signedUp.status, await signedUp.clone().text()).toBe(201);
    expect(cluster.nppes.requests.length).toBeGreaterThan(before);
    const servers = new Set<string | null>();
    for (let i = 0; i < 6; i += 1) {
      const found = await provider.get('/api/terms/search?q=syncope');
      expect(found.status).toBe(200);
      expect((await found.json()).items.map((t: { term: string }) => t.term)).toContain('Syncope, unexplained');
      servers.add(servedBy(found));
    }
    expect(servers.size).toBe(3);

    // Signing out on one process ends the session on all of them; signing in again works anywhere.
    expect((await provider.post('/api/auth/sign-out')).status).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await provider.get('/api/profile')).status).toBe(401);
    const signedIn = await provider.post('/api/auth/sign-in', { email: providerEmail, password: PASSWORD });
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
    expect((await provider.get('/api/profile')).status).toBe(200);
  });

  it('stores a feedback screenshot on the S3 server and reads it back through every process', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), Buffer.from('IHDR cluster test bytes')]);
    const form = new FormData();
    form.append('file', new File([png], 'shot.png', { type: 'image/png' }));
    const stored = await provider.post('/api/feedback/screenshot', form);
    expect(stored.status, await stored.clone().text()).toBe(201);
    const { url } = await stored.json();

    const s3 = new S3Client({
      region: 'us-east-1',
      endpoint: cluster.s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: cluster.s3.accessKeyId, secretAccessKey: cluster.s3.secretAccessKey },
    });
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: cluster.s3.bucket }));
    const key = listed.Contents?.map((o) => o.Key!).find((k) => url.endsWith(k.split('/').slice(-2).join('/')));
    expect(key).toMatch(/\.png$/);
    const object = await s3.send(new GetObjectCommand({ Bucket: cluster.s3.bucket, Key: key }));
    expect(Buffer.from(await object.Body!.transformToByteArray())).toEqual(png);

    const servers = new Set<string | null>();
    for (let i = 0; i < 3; i += 1) {
      const read = await provider.get(url);
      expect(read.status).toBe(200);
      expect(Buffer.from(await read.arrayBuffer())).toEqual(png);
      servers.add(servedBy(read));
    }
    expect(servers.size).toBe(3);
    s3.destroy();
  });

  it('runs queued jobs exactly once, whichever of the three workers claims them', async () => {
    // The tracker is down: each feedback is stored and its filing queued for a retry a minute later.
    cluster.linear.setMode('error');
    const titles = Array.from({ length: 9 }, (_, i) => `Cluster feedback ${i + 1} ${Date.now()}`);
    const ids: string[] = [];
    for (const title of titles) {
      const sent = await provider.post('/api/feedback', {
        title,
        description: 'Filed from the cluster test.',
        applicationContext: { currentRoute: '/dashboard' },
      });
      expect(sent.status, await sent.clone().text()).toBe(201);
      ids.push((await sent.json()).id);
    }
    // The tracker is back and the minute has passed: three workers poll the same queue.
    cluster.linear.setMode('normal');
    const queued = await cluster.query(
      `update jobs set run_at = now() where type = 'feedback.linear' and payload->>'feedbackId' = any($1) and status = 'queued' returning id`,
      [ids],
    );
    expect(queued).toHaveLength(ids.length);
    const done = await waitFor(
      'the tracker jobs to finish',
      async () => {
        const rows = await cluster.query<{ status: string; attempts: number; locked_by: string | null }>(
          `select status, attempts, locked_by from jobs where type = 'feedback.linear' and payload->>'feedbackId' = any($1)`,
          [ids],
        );
        return rows.every((r) => r.status === 'completed') ? rows : undefined;
      },
      30_000,
      250,
    );
    // One claim each (a second claim would have counted a second attempt), and one issue each.
    expect(done.map((r) => r.attempts)).toEqual(ids.map(() => 1));
    const created = [...cluster.linear.issues.values()].map((issue) => issue.title);
    for (const title of titles) expect(created.filter((t) => t.includes(title))).toHaveLength(1);
  });

  it('keeps every rate limit exact across processes', async () => {
    // NPI lookups: 30 a minute per address, 40 at once through the proxy (all from 127.0.0.1).
    const lookups = await Promise.all(Array.from({ length: 40 }, () => provider.get(`/api/npi/${FAKE_NPIS.familyPhysician}`)));
    expect(new Set(lookups.map(servedBy)).size).toBe(3);
    expect(lookups.filter((r) => r.status === 200)).toHaveLength(30);
    expect(lookups.filter((r) => r.status === 429)).toHaveLength(10);

    // Sign-in: 10 attempts per e-mail in 15 minutes (the one above used 1).
    const attempts = await Promise.all(
      Array.from({ length: 14 }, () => clusterClient(cluster.url).post('/api/auth/sign-in', { email: providerEmail, password: 'not the password' })),
    );
    expect(attempts.filter((r) => r.status === 401)).toHaveLength(9);
    expect(attempts.filter((r) => r.status === 429)).toHaveLength(5);

    // Admin magic links: six at once for a new administrator send exactly one; the rest meet the cooldown.
    const newcomer = `newcomer.${Date.now()}@vitae.test`;
    expect((await admin.post('/api/admin/admins', { email: newcomer, fullName: 'Nia Newcomer', role: 'hospital_admin', hospitalId })).status).toBe(201);
    await cluster.waitForMail(newcomer);
    const requestedAt = Date.now();
    const links = await Promise.all(Array.from({ length: 6 }, () => clusterClient(cluster.url).post('/api/admin/auth/magic-link', { email: newcomer })));
    expect(links.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    await cluster.waitForMail(newcomer, requestedAt);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(cluster.mail.filter((m) => m.to === newcomer && m.receivedAt >= requestedAt)).toHaveLength(1);
  });

  it('carries a roster’s pre-filling on after the process running it is killed (SIGKILL): no row done twice, none lost, no one invited twice', async () => {
    const uploaded = await admin.post(`/api/admin/hospitals/${hospitalId}/roster-uploads`, csvFile(roster.csv));
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const upload = (await uploaded.json()) as { id: string; acceptedRows: number; refusedRows: number };
    expect([upload.acceptedRows, upload.refusedRows]).toEqual([60, 0]);
    const base = `/api/admin/hospitals/${hospitalId}/roster-uploads/${upload.id}`;
    expect((await admin.post(`${base}/drafting`, {})).status).toBe(202);

    // Some rows drafted, the batch still running: kill the process that holds it, without warning.
    const running = await waitFor(
      'the pre-filling to be part way',
      async () => {
        const [row] = await cluster.query<{ drafted: string; locked_by: string | null }>(
          `select (select count(*) from roster_rows where upload_id = $1::uuid and state = 'drafted') as drafted,
                  (select locked_by from jobs where type = 'roster.draft' and status = 'running' and payload->>'uploadId' = $1::text limit 1) as locked_by`,
          [upload.id],
        );
        return row && Number(row.drafted) >= 5 && row.locked_by ? row : undefined;
      },
      90_000,
      50,
    );
    const victim = cluster.processes.find((p) => running.locked_by!.startsWith(`worker-${p.child.pid}-`))!;
    expect(victim.name).toMatch(/^app\d$/);
    victim.child.kill('SIGKILL');
    expect((await victim.exited).signal).toBe('SIGKILL');
    const [atKill] = await cluster.query<{ drafted: string }>(`select count(*) as drafted from roster_rows where upload_id = $1 and state = 'drafted'`, [
      upload.id,
    ]);
    expect(Number(atKill!.drafted)).toBeLessThan(60);
    await cluster.restart(victim.name);

    // Another process takes the batch back once its lease has run out, and the upload finishes.
    await waitFor(
      'the pre-filling to finish after the crash',
      async () => {
        const progress = await (await admin.get(`${base}/progress`)).json();
        return progress.status === 'drafted' ? progress : undefined;
      },
      150_000,
      500,
    );
    const rows = await cluster.query<{ state: string; n: string }>(`select state, count(*) as n from roster_rows where upload_id = $1 group by state`, [
      upload.id,
    ]);
    expect(rows.map((r) => [r.state, Number(r.n)])).toEqual([['drafted', 60]]);
    // One draft per person (the NPI and the e-mail each once), each made once (one audit entry each).
    const [accounts] = await cluster.query<{ n: string; npis: string; emails: string }>(
      `select count(*) as n, count(distinct npi_number) as npis, count(distinct lower(email)) as emails from users where npi_number = any($1)`,
      [roster.npis],
    );
    expect([accounts!.n, accounts!.npis, accounts!.emails].map(Number)).toEqual([60, 60, 60]);
    const [made] = await cluster.query<{ n: string }>(
      `select count(*) as n from audit_log where action = 'provider.drafted_from_roster' and summary->>'uploadId' = $1`,
      [upload.id],
    );
    expect(Number(made!.n)).toBe(60);

    // Invitations after the crash: one e-mail per person, also when the button is pressed twice.
    const sentAt = Date.now();
    expect((await admin.post(`${base}/invitations`, {})).status).toBe(202);
    expect((await admin.post(`${base}/invitations`, {})).status).toBe(202);
    const emails = new Set(
      roster.csv
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(',')[1]!),
    );
    const received = await waitFor(
      'every invitation',
      async () => {
        const mails = cluster.mail.filter((m) => m.receivedAt >= sentAt && emails.has(m.to));
        return mails.length >= 60 ? mails : undefined;
      },
      120_000,
      250,
    );
    // A moment more for any duplicate to arrive, then each address exactly once.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const perAddress = new Map<string, number>();
    for (const mail of cluster.mail.filter((m) => m.receivedAt >= sentAt && emails.has(m.to))) perAddress.set(mail.to, (perAddress.get(mail.to) ?? 0) + 1);
    expect(received.length).toBeGreaterThanOrEqual(60);
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
    expect(perAddress.size).toBe(60);
  });

  it('survives a process killed mid-load and another restarted gracefully, losing no acknowledged write', async () => {
    const report = await runFailureDrill(cluster, { hospitalId, writers: 8, readers: 4, seconds: 14 });
    console.log(`[cluster] failure drill: ${JSON.stringify(report.summary)}`);
    if (report.unexplainedFailures.length > 0) {
      // What the proxy and the processes said, so a failure seen once in CI can be placed.
      console.log(`[cluster] unexplained failures: ${JSON.stringify(report.unexplainedFailures, null, 1)}`);
      for (const log of readdirSync(cluster.logDir).filter((f) => f.endsWith('.log'))) {
        console.log(`[cluster] ${log}:\n${readFileSync(join(cluster.logDir, log), 'utf8').slice(-4000)}`);
      }
    }
    expect(report.summary.requests).toBeGreaterThan(500);
    // Only requests in flight on the killed process may fail: at most one per client loop.
    expect(report.unexplainedFailures).toEqual([]);
    expect(report.summary.failed).toBeLessThanOrEqual(12);
    expect(report.summary.failedDuringGracefulRestart).toBe(0);
    expect(report.lostWrites).toEqual([]);
    expect(report.partialSaves).toEqual([]);
    expect(report.summary.servedByRestarted).toBeGreaterThan(0);
    // Every read after an acknowledged save saw it, whichever process answered.
    expect(report.summary.staleReads).toBe(0);
  });
});

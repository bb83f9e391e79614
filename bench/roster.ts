// Issue 37 item 6: a roster of 2,000 NPIs through the real path, on the production build in its own
// process. The loopback registry serves records built from the real recorded NPPES answers
// (tests/fixtures/real/nppes), each a new valid NPI, and answers every request after a realistic round
// trip. An SMTP server on loopback receives what the app sends. Figures: rows per second of the
// check and of the pre-filling, total time, e-mails received, and the server's RSS over the run.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { DEMO } from '../src/server/db/seed';
import { rosterOfRealRecords, startFakeNppes } from '../tests/fakes/nppes';
import { round, startBuiltServer, type DatabaseTarget } from './lib';

export const ROSTER_BENCH_ROWS = Number(process.env.ROSTER_BENCH_ROWS ?? 2000);
/**
 * The registry's round trip. NPPES publishes no figure; a few hundred milliseconds per look-up is what
 * a client sees from a US data centre, so 300 ms is the default (`ROSTER_BENCH_REGISTRY_MS`).
 */
export const ROSTER_BENCH_REGISTRY_MS = Number(process.env.ROSTER_BENCH_REGISTRY_MS ?? 300);
const ADMIN = DEMO.hospitalAdminEmail;

export interface RosterBenchRow {
  database: DatabaseTarget;
  rows: number;
  registryMs: number;
  registryRequests: number;
  checkSeconds: number;
  checkRowsPerSecond: number;
  accepted: number;
  refused: number;
  draftingSeconds: number;
  draftingRowsPerSecond: number;
  drafted: number;
  failed: number;
  invitationsSeconds: number | null;
  emailsReceived: number;
  totalSeconds: number;
  rssMb: { start: number; afterCheck: number; max: number; end: number; draftingFloorFirstThird: number; draftingFloorLastThird: number };
  rssSamples: number[];
}

function rssMb(pid: number) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchRoster(target: DatabaseTarget, postgresUrl?: string): Promise<RosterBenchRow> {
  // 19xxxxxxx: a range the real fixtures and the fake's own providers do not use.
  const { records, csv, realCount } = rosterOfRealRecords(ROSTER_BENCH_ROWS, '19');
  console.log(`roster of ${ROSTER_BENCH_ROWS} NPIs built from ${realCount} real recorded individuals; registry round trip ${ROSTER_BENCH_REGISTRY_MS} ms`);
  const nppes = await startFakeNppes({ extraResults: records, latencyMs: ROSTER_BENCH_REGISTRY_MS });

  const mails: Array<{ to: string; subject: string; text: string }> = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = [parsed.to]
            .flat()
            .flatMap((a) => a?.value ?? [])
            .map((a) => (a.address ?? '').toLowerCase());
          mails.push({ to: to[0] ?? '', subject: parsed.subject ?? '', text: parsed.text ?? '' });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;

  const server = await startBuiltServer(target, postgresUrl, undefined, { NPI_REGISTRY_URL: nppes.url, SMTP_URL: smtpUrl, LOG_LEVEL: 'silent' });
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMb(server.pid)), 1000);
  try {
    const origin = { origin: server.base, 'content-type': 'application/json' };
    // The admin signs in as a person does: the magic link arrives over SMTP.
    const requested = await fetch(`${server.base}/api/admin/auth/magic-link`, { method: 'POST', headers: origin, body: JSON.stringify({ email: ADMIN }) });
    if (!requested.ok) throw new Error(`magic link: ${requested.status}`);
    let link: URL | undefined;
    for (let i = 0; i < 100 && !link; i += 1) {
      const mail = mails.find((m) => m.to === ADMIN);
      const match = mail && /https?:\/\/\S*token_hash=\S+/.exec(mail.text);
      if (match) link = new URL(match[0]);
      else await sleep(100);
    }
    if (!link) throw new Error('no magic link arrived');
    const verified = await fetch(`${server.base}/api/auth/callback`, {
      method: 'POST',
      headers: origin,
      body: JSON.stringify({ token_hash: link.searchParams.get('token_hash'), type: 'magiclink', admin: true }),
    });
    if (!verified.ok) throw new Error(`callback: ${verified.status}`);
    const cookie = verified.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const headers = { ...origin, cookie };
    const hospitals = (await (await fetch(`${server.base}/api/hospitals/options`, { headers })).json()) as { items: Array<{ id: string; name: string }> };
    const hospitalId = hospitals.items.find((h) => h.name === 'Northfield Health')!.id;
    const rosterBase = `${server.base}/api/admin/hospitals/${hospitalId}/roster-uploads`;
    const mailsBefore = mails.length;
    const rssStart = rssMb(server.pid);
    const started = performance.now();

    // 1. The upload, checked row by row (every NPI asked of the registry, a few at a time).
    const uploaded = await fetch(rosterBase, { method: 'POST', headers: { ...headers, 'content-type': 'text/csv' }, body: csv });
    if (!uploaded.ok) throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
    const upload = (await uploaded.json()) as { id: string; acceptedRows: number; refusedRows: number };
    const checkSeconds = (performance.now() - started) / 1000;
    const rssAfterCheck = rssMb(server.pid);
    console.log(`checked in ${round(checkSeconds)} s: ${upload.acceptedRows} accepted, ${upload.refusedRows} refused`);

    // 2. Pre-filling on the server's job queue; progress polled as the console does.
    const draftingStarted = performance.now();
    const firstDraftingSample = samples.length;
    const start = await fetch(`${rosterBase}/${upload.id}/drafting`, { method: 'POST', headers, body: '{}' });
    if (!start.ok) throw new Error(`start: ${start.status} ${await start.text()}`);
    let progress = { status: 'drafting', drafted: 0, failed: 0, done: 0, total: upload.acceptedRows };
    let lastReport = 0;
    while (progress.status !== 'drafted') {
      await sleep(1000);
      progress = (await (await fetch(`${rosterBase}/${upload.id}/progress`, { headers })).json()) as typeof progress;
      if (performance.now() - lastReport > 15_000) {
        lastReport = performance.now();
        console.log(
          `  pre-filling: ${progress.done} of ${progress.total} after ${round((performance.now() - draftingStarted) / 1000)} s, RSS ${rssMb(server.pid)} MB`,
        );
      }
      if (performance.now() - draftingStarted > 60 * 60_000) throw new Error('pre-filling did not finish within an hour');
    }
    const draftingSeconds = (performance.now() - draftingStarted) / 1000;
    // RSS saws with garbage collection: compare the floor of the first third of the pre-filling with
    // that of its last third, as the load bench does.
    const drafting = samples.slice(firstDraftingSample);
    const third = Math.max(1, Math.floor(drafting.length / 3));
    const floors = { first: Math.min(...drafting.slice(0, third)), last: Math.min(...drafting.slice(-third)) };
    console.log(`pre-filled in ${round(draftingSeconds)} s: ${progress.drafted} drafted, ${progress.failed} failed`);

    // 3. Invitations, when the route exists: wait until every one has reached the SMTP server.
    let invitationsSeconds: number | null = null;
    const invitingStarted = performance.now();
    const invite = await fetch(`${rosterBase}/${upload.id}/invitations`, { method: 'POST', headers, body: '{}' });
    if (invite.ok) {
      const expected = progress.drafted;
      while (mails.length - mailsBefore < expected && performance.now() - invitingStarted < 30 * 60_000) await sleep(500);
      invitationsSeconds = (performance.now() - invitingStarted) / 1000;
      console.log(`invitations: ${mails.length - mailsBefore} received in ${round(invitationsSeconds)} s`);
    } else {
      console.log(`invitations not sent (${invite.status}): the route is not there`);
    }
    const totalSeconds = (performance.now() - started) / 1000;
    return {
      database: target,
      rows: ROSTER_BENCH_ROWS,
      registryMs: ROSTER_BENCH_REGISTRY_MS,
      registryRequests: nppes.requests.length,
      checkSeconds: round(checkSeconds),
      checkRowsPerSecond: round(ROSTER_BENCH_ROWS / checkSeconds),
      accepted: upload.acceptedRows,
      refused: upload.refusedRows,
      draftingSeconds: round(draftingSeconds),
      draftingRowsPerSecond: round(progress.total / draftingSeconds),
      drafted: progress.drafted,
      failed: progress.failed,
      invitationsSeconds: invitationsSeconds === null ? null : round(invitationsSeconds),
      emailsReceived: mails.length - mailsBefore,
      totalSeconds: round(totalSeconds),
      rssMb: {
        start: rssStart,
        afterCheck: rssAfterCheck,
        max: Math.max(...samples),
        end: rssMb(server.pid),
        draftingFloorFirstThird: floors.first,
        draftingFloorLastThird: floors.last,
      },
      rssSamples: samples,
    };
  } finally {
    clearInterval(sampler);
    await server.stop();
    await server.cleanup();
    await nppes.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  }
}

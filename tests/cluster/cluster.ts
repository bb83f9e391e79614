/**
 * Vitae in its production shape, on loopback: several built app processes (`dist/server/main.js`,
 * NODE_ENV=production) on one PostgreSQL database, behind Debian's haproxy, with files on s3rver (a
 * real S3-protocol server), mail through smtp-server (a real SMTP server that keeps what it receives),
 * and the loopback NPPES and Linear fakes standing in for the outside services. The cluster test and
 * `npm run bench -- load` both start it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';
import { ensureDebianPackage } from '../../scripts/ensure-debian-package.mjs';
import { browserClient } from '../support/clients';
import { CookieJar } from '../support/cookies';
import { startFakeLinear, type FakeLinear } from '../fakes/linear';
import { startFakeNppes, type FakeNppes, type FakeNppesOptions } from '../fakes/nppes';

export const CLUSTER_AUTH_SECRET = 'vitae-cluster-secret-for-loopback-only-0123456789';
export const S3_BUCKET = 'vitae-cluster';
const S3_KEY = 'S3RVER';
const LINEAR_KEY = 'lin_api_cluster';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
  receivedAt: number;
}

export interface AppProcess {
  name: string;
  port: number;
  child: ChildProcess;
  /** Resolves when the process has exited, with its exit code or signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface Cluster {
  /** The proxy's address: what a browser would use. */
  url: string;
  databaseUrl: string;
  processes: AppProcess[];
  mail: CapturedMail[];
  s3: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string };
  nppes: FakeNppes;
  linear: FakeLinear;
  logDir: string;
  /** Starts the named process again (same port) and waits until it answers health. */
  restart(name: string): Promise<AppProcess>;
  /** Runs a built CLI (e.g. `create-admin.js`) with the cluster's configuration. */
  cli(script: string, args: string[]): Promise<{ code: number | null; output: string }>;
  waitForMail(to: string, after?: number, timeoutMs?: number): Promise<CapturedMail>;
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface ClusterOptions {
  /** A PostgreSQL URL whose role may create databases; the cluster gets a fresh database beside it. */
  postgresUrl: string;
  processes?: number;
  poolSize?: number;
  /** Run on this database (already migrated and filled) instead of a fresh one; it is left in place. */
  existingDatabaseUrl?: string;
  /**
   * Load generation only: the proxy takes the client's address from an `X-Load-Client` header when
   * there is one, so one load generator can stand for many clients (per-address limits).
   */
  simulatedClients?: boolean;
  /** Extra environment for every app process. */
  env?: Record<string, string>;
  /** Node's own arguments for every app process (the load bench's `--cpu-prof`): they are then stopped with SIGTERM, so a profile is written. */
  nodeArgs?: string[];
  /** The loopback registry's extra records and round trip (the roster crash drill). */
  nppes?: FakeNppesOptions;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`Timed out waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
}

const healthy = (url: string) => async () => {
  const response = await fetch(`${url}/api/health`);
  return response.status === 200 ? true : undefined;
};

function haproxyConfig(port: number, servers: Array<{ name: string; port: number }>, simulatedClients: boolean) {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 70s
  timeout server 70s
  timeout http-keep-alive 10s
  timeout queue 10s
  option forwardfor${simulatedClients ? ' if-none' : ''}
  option http-server-close
  # A request whose connection to a process fails (refused: the process is gone or draining) is sent
  # to another one. Nothing is replayed once a process has it: a write may have committed there, and
  # (decision 0011) haproxy 2.6's layer-7 retries brought the proxy down once in our failure drill.
  retries 3
  option redispatch 1
  retry-on conn-failure

frontend web
  bind 127.0.0.1:${port}
${simulatedClients ? '  http-request set-header X-Forwarded-For %[req.hdr(x-load-client)] if { req.hdr(x-load-client) -m found }\n' : ''}  default_backend app

backend app
  balance roundrobin
  http-response set-header X-Served-By %[srv_name]
  option httpchk GET /api/health
  http-check expect status 200
  # Quick to notice a stopping process, slow to give up on a busy one (a check may wait behind load).
  timeout check 2s
  default-server inter 250ms fall 2 rise 2
${servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`).join('\n')}
`;
}

/** Starts everything; on any failure what was started is stopped again. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const haproxyBin = ensureDebianPackage({ path: '/usr/sbin/haproxy', pkg: 'haproxy', purpose: 'The cluster test' });
  const count = options.processes ?? 3;
  const stops: Array<() => Promise<unknown> | void> = [];
  const logDir = mkdtempSync(join(tmpdir(), 'vitae-cluster-'));
  stops.push(() => rmSync(logDir, { recursive: true, force: true }));

  try {
    // A fresh database beside the given one, unless the caller brings its own.
    let databaseUrl = options.existingDatabaseUrl;
    if (!databaseUrl) {
      const name = `vitae_cluster_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: options.postgresUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      databaseUrl = Object.assign(new URL(options.postgresUrl), { pathname: `/${name}` }).toString();
      stops.push(async () => {
        const c = new pg.Client({ connectionString: options.postgresUrl });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      });
    }
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    // An idle client ended by the server (the database dropped WITH (FORCE) as a run ends) is not a failure of the test.
    pool.on('error', () => undefined);
    stops.push(() => pool.end());

    // SMTP: plain loopback, no TLS or login, every message parsed and kept.
    const mail: CapturedMail[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((parsed) => {
            const text = parsed.text ?? '';
            const to = [parsed.to]
              .flat()
              .flatMap((a) => a?.value ?? [])
              .map((a) => a.address ?? '');
            for (const address of to) {
              mail.push({
                to: address.toLowerCase(),
                subject: parsed.subject ?? '',
                text,
                links: text.match(/https?:\/\/[^\s<>"')]+/g) ?? [],
                receivedAt: Date.now(),
              });
            }
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    stops.push(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

    // S3: s3rver on a throw-away folder with the bucket made.
    const s3Dir = mkdtempSync(join(tmpdir(), 'vitae-s3-'));
    const s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: S3_BUCKET, configs: [] }] });
    const s3Info = (await s3rver.run()) as AddressInfo;
    stops.push(async () => {
      await s3rver.close();
      rmSync(s3Dir, { recursive: true, force: true });
    });
    const s3 = { endpoint: `http://127.0.0.1:${s3Info.port}`, bucket: S3_BUCKET, accessKeyId: S3_KEY, secretAccessKey: S3_KEY };

    const nppes = await startFakeNppes(options.nppes);
    stops.push(() => nppes.close());
    const linear = await startFakeLinear({ apiKey: LINEAR_KEY });
    stops.push(() => linear.close());

    const proxyPort = await freePort();
    const url = `http://127.0.0.1:${proxyPort}`;
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      APP_URL: url,
      TRUST_PROXY: 'true',
      AUTH_SECRET: CLUSTER_AUTH_SECRET,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: String(options.poolSize ?? 10),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Vitae <no-reply@vitae.test>',
      S3_BUCKET,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: S3_KEY,
      S3_SECRET_ACCESS_KEY: S3_KEY,
      S3_FORCE_PATH_STYLE: 'true',
      NPI_REGISTRY_URL: nppes.url,
      LINEAR_API_KEY: LINEAR_KEY,
      LINEAR_TEAM_ID: 'team-cluster',
      LINEAR_API_URL: linear.url,
      FEEDBACK_BETA_ONLY: 'false',
      // Longer than the proxy takes to see the 503 (2 checks 250 ms apart, each allowed 2 s on a busy
      // machine): with 1,000 ms a loaded CI run closed the listener while the proxy still sent work.
      SHUTDOWN_GRACE_MS: '3000',
      LOG_LEVEL: 'warn',
      // Every client here is 127.0.0.1 behind the proxy: one address doing what many patients do.
      PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
      ...options.env,
    };

    const processes: AppProcess[] = [];
    const spawnApp = (appName: string, port: number): AppProcess => {
      const log = createWriteStream(join(logDir, `${appName}.log`), { flags: 'a' });
      const child = spawn(process.execPath, [...(options.nodeArgs ?? []), 'dist/server/main.js'], {
        env: { ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.pipe(log);
      child.stderr!.pipe(log);
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.once('exit', (code, signal) => resolve({ code, signal })),
      );
      return { name: appName, port, child, exited };
    };
    stops.push(async () => {
      const signal = options.nodeArgs?.length ? 'SIGTERM' : 'SIGKILL';
      for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill(signal);
      await Promise.all(processes.map((p) => p.exited));
    });

    // All app processes start together on the empty database: migrations and seeding must cope.
    for (let i = 1; i <= count; i += 1) processes.push(spawnApp(`app${i}`, await freePort()));
    await Promise.all(
      processes.map((p) =>
        waitFor(`${p.name} to answer health`, healthy(`http://127.0.0.1:${p.port}`), 120_000).catch((error: Error) => {
          throw new Error(`${error.message}\n${readFileSync(join(logDir, `${p.name}.log`), 'utf8').slice(-3000)}`);
        }),
      ),
    );

    const configPath = join(logDir, 'haproxy.cfg');
    writeFileSync(configPath, haproxyConfig(proxyPort, processes, options.simulatedClients ?? false));
    const haproxy = spawn(haproxyBin, ['-db', '-f', configPath], { stdio: ['ignore', 'pipe', 'pipe'] });
    const haproxyLog = createWriteStream(join(logDir, 'haproxy.log'));
    haproxy.stdout!.pipe(haproxyLog);
    haproxy.stderr!.pipe(haproxyLog);
    const haproxyExited = new Promise((resolve) => haproxy.once('exit', resolve));
    stops.push(async () => {
      haproxy.kill('SIGTERM');
      await haproxyExited;
    });
    await waitFor('haproxy to answer', healthy(url), 20_000);

    const cluster: Cluster = {
      url,
      databaseUrl,
      processes,
      mail,
      s3,
      nppes,
      linear,
      logDir,
      async restart(appName) {
        const index = processes.findIndex((p) => p.name === appName);
        const old = processes[index]!;
        if (old.child.exitCode === null && old.child.signalCode === null) await old.exited;
        const next = spawnApp(appName, old.port);
        processes[index] = next;
        await waitFor(`${appName} to answer health again`, healthy(`http://127.0.0.1:${old.port}`), 60_000);
        return next;
      },
      cli(script, args) {
        return new Promise((resolve) => {
          const child = spawn(process.execPath, [`dist/server/${script}`, ...args], { env: { ...env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.once('exit', (code) => resolve({ code, output }));
        });
      },
      waitForMail(to, after = 0, timeoutMs = 15_000) {
        const address = to.toLowerCase();
        return waitFor(`mail to ${to}`, async () => mail.filter((m) => m.to === address && m.receivedAt >= after).at(-1), timeoutMs, 50);
      },
      async query<T>(text: string, values: unknown[] = []) {
        return (await pool.query(text, values)).rows as T[];
      },
      async close() {
        for (const stop of stops.reverse()) await stop();
      },
    };
    return cluster;
  } catch (error) {
    for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => undefined);
    throw error;
  }
}

/** A cookie-keeping HTTP client of the cluster, as a browser on the proxy's origin would be. */
export function clusterClient(baseUrl: string, jar = new CookieJar()) {
  return browserClient({ request: (path, init) => fetch(`${baseUrl}${path}`, init) }, jar, baseUrl);
}

export type ClusterClient = ReturnType<typeof clusterClient>;

// `npm run bench -- load` (PostgreSQL, DATABASE_URL): the production shape under a mixed workload.
// Three built app processes behind haproxy (the cluster of tests/cluster), wrk in its own process
// at 50 and then 200 connections for 60 s each. Printed: req/s, p50 / p99, errors, status classes,
// each process's RSS (sampled every second; growth after warm-up), PostgreSQL connections, and where the
// machine's CPU went (each app process, PostgreSQL, haproxy, wrk, anything else, idle).
import { spawn } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO } from '../src/server/db/seed';
import { clusterClient, startCluster, type Cluster } from '../tests/cluster/cluster';
import { adminCookie, cpuSnapshot, ensureWrk, hospitalOfAdmin, round, startBenchServer, TICKS_PER_SECOND } from './lib';
import { apiOn, defaultTerms, DIRECTORY_PROVIDERS, seedDirectory, signUpFullProvider } from './seed';

export const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
/**
 * LOAD_WITHOUT_SIGN_INS=1: the same mix without its 1 % of password sign-ins, to show what their
 * scrypt costs the rest (a diagnosis, not the mix; written to load-without-sign-ins-latest.md).
 */
export const WITHOUT_SIGN_INS = ['1', 'true'].includes(process.env.LOAD_WITHOUT_SIGN_INS ?? '');
const CONNECTION_STEPS = [50, 200];
const WRK_THREADS = 2;
// Long enough for the caches (profile reads, public pages) and the heaps to reach their working size.
const WARM_UP_SECONDS = 45;
const PROCESSES = 3;
const POOL_SIZE = 10;
const PUBLIC_POOL_SIZE = 5;
const FULL_PROVIDERS = 12;
/**
 * Each account may sign in 10 times in 15 minutes, so a run needs one account per 10 of its sign-ins:
 * 1 % of its requests at up to 1,600 req/s over the warm-up and both steps (264 for steps of 60 s).
 * With 120 accounts, a run at 830 req/s met the limit 4 times; 200 accounts over steps of 180 s met it
 * 1,046 times, and over steps of 60 s at 1,063 req/s twice (wrk picks each request's kind at random, so
 * some accounts get more than their share). Each refused sign-in skipped its scrypt.
 */
export const SIGN_IN_ACCOUNTS = Math.max(200, Math.ceil(((WARM_UP_SECONDS + CONNECTION_STEPS.length * LOAD_SECONDS) * 1600 * 0.01) / 10));
const PASSWORD = 'a long passphrase';

export interface LoadRow {
  connections: number;
  seconds: number;
  requestsPerSec: number;
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  status2xx: number;
  status4xx: number;
  /** Of the 4xx: a save refused while the same person's save of that section was in flight (409), and rate limits (429). */
  status409: number;
  status429: number;
  status5xx: number;
  rssMb: Record<string, { afterWarmUp: number; end: number; growthPct: number }>;
  postgresConnectionsMax: number;
  postgresConnectionsLimit: number;
  /** Cores' worth of CPU each part used over the step (2.0 is the whole machine), from /proc. */
  cpuCores: Record<string, number>;
  /**
   * Of that, what the kernel did: the share of the app processes' and PostgreSQL's CPU spent in system
   * calls (their sockets, mostly), and the machine's interrupt work (loopback and Unix-socket delivery
   * runs there too), in cores.
   */
  cpuKernel: { appsPct: number; postgresPct: number; interruptCores: number };
  /** What the database was busy with: statements active at once on average, and the statements most often active. */
  postgresBusy: { meanActive: number; top: Array<{ shape: string; sharePct: number }> };
}

const lua = (text: string) => `[==[${text}]==]`;

interface MixEntry {
  weight: number;
  method: 'GET' | 'PUT' | 'POST';
  /** Paths to cycle through; one is picked per request. */
  paths: string[];
  cookies?: string[];
  bodies?: string[];
  /** Bodies taken in turn rather than at random (one account after another). */
  rotate?: boolean;
}

/**
 * The wrk script: each thread builds 2,000 requests in the mix's proportions (a fixed seed, so every
 * run sends the same sequence), sends them round-robin, counts status classes, and prints one JSON line.
 */
function mixScript(mix: MixEntry[], origin: string) {
  const entries = mix
    .map(
      (m) =>
        `{ weight = ${m.weight}, method = ${lua(m.method)}, rotate = ${m.rotate ? 'true' : 'false'}, paths = { ${m.paths.map(lua).join(', ')} }, cookies = { ${(m.cookies ?? []).map(lua).join(', ')} }, bodies = { ${(m.bodies ?? []).map(lua).join(', ')} } }`,
    )
    .join(',\n  ');
  return `local mix = {
  ${entries}
}
local threads = {}
function setup(thread)
  table.insert(threads, thread)
  thread:set("id", #threads)
end
local thread_count = ${WRK_THREADS}
function init(args)
  math.randomseed(${Date.now() % 100000} + id * 7919)
  s2, s4, s5, s409, s429 = 0, 0, 0, 0, 0
  requests_list = {}
  local total = 0
  for _, m in ipairs(mix) do total = total + m.weight end
  for i = 1, 2000 do
    local r = math.random() * total
    local m = mix[#mix]
    for _, candidate in ipairs(mix) do
      if r < candidate.weight then m = candidate break end
      r = r - candidate.weight
    end
    local headers = { ["x-load-client"] = string.format("10.%d.%d.%d", math.random(0, 255), math.random(0, 255), math.random(1, 254)) }
    if #m.cookies > 0 then headers["cookie"] = m.cookies[math.random(#m.cookies)] end
    local body = nil
    if m.method ~= "GET" then
      headers["origin"] = ${lua(origin)}
      headers["content-type"] = "application/json"
      body = m.bodies[math.random(#m.bodies)]
    end
    if m.rotate then
      -- Built when sent: each thread takes its own half of the bodies in turn (sign-ins spread evenly
      -- over the accounts, so none meets the 10-per-15-minutes limit).
      requests_list[i] = { entry = m, headers = headers }
    else
      requests_list[i] = wrk.format(m.method, m.paths[math.random(#m.paths)], headers, body)
    end
  end
  counter = 0
  rotation = 0
end
function request()
  counter = counter + 1
  local r = requests_list[(counter % #requests_list) + 1]
  if type(r) == "string" then return r end
  rotation = rotation + 1
  local n = #r.entry.bodies
  local index = ((rotation * thread_count + id - 1) % n) + 1
  return wrk.format(r.entry.method, r.entry.paths[1], r.headers, r.entry.bodies[index])
end
function response(status, headers, body)
  if status >= 500 then s5 = s5 + 1 elseif status >= 400 then s4 = s4 + 1 else s2 = s2 + 1 end
  if status == 409 then s409 = s409 + 1 elseif status == 429 then s429 = s429 + 1 end
end
function done(summary, latency, requests)
  local a2, a4, a5, a409, a429 = 0, 0, 0, 0, 0
  for _, t in ipairs(threads) do
    a2 = a2 + t:get("s2"); a4 = a4 + t:get("s4"); a5 = a5 + t:get("s5")
    a409 = a409 + t:get("s409"); a429 = a429 + t:get("s429")
  end
  local e = summary.errors
  io.write(string.format('WRK-JSON {"requests":%d,"durationUs":%d,"p50":%d,"p99":%d,"errors":%d,"s2":%d,"s4":%d,"s5":%d,"s409":%d,"s429":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, a2, a4, a5, a409, a429))
end
`;
}

function runWrkScript(script: string, url: string, connections: number, seconds: number): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'vitae-load-'));
  const file = join(dir, 'mix.lua');
  writeFileSync(file, script);
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', [`-t${WRK_THREADS}`, `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', file, url]);
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      rmSync(dir, { recursive: true, force: true });
      const line = out.split('\n').find((l) => l.startsWith('WRK-JSON '));
      if (code !== 0 || !line) return reject(new Error(`wrk failed (${code}): ${out}`));
      resolve(JSON.parse(line.slice('WRK-JSON '.length)) as Record<string, number>);
    });
  });
}

const rssMb = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
};

/**
 * Where the CPU went between the first and the last snapshot, in cores: per app process, PostgreSQL
 * (every backend and helper), haproxy, wrk, everything else on the machine, and idle. A process that
 * started meanwhile counts from zero; one that ended counts to its last snapshot (taken every second).
 */
function cpuCores(snapshots: Array<ReturnType<typeof cpuSnapshot>>, seconds: number, apps: Map<number, string>) {
  const first = snapshots[0]!;
  const last = snapshots.at(-1)!;
  const lastSeen = new Map<number, { name: string; ticks: number; system: number }>();
  for (const snapshot of snapshots) for (const [pid, process] of snapshot.processes) lastSeen.set(pid, process);
  const parts: Record<string, number> = Object.fromEntries([...apps.values(), 'postgres', 'haproxy', 'wrk', 'other'].map((name) => [name, 0]));
  const kernel = { apps: { all: 0, system: 0 }, postgres: { all: 0, system: 0 } };
  for (const [pid, process] of lastSeen) {
    const used = process.ticks - (first.processes.get(pid)?.ticks ?? 0);
    const part = apps.get(pid) ?? (['postgres', 'haproxy', 'wrk'].includes(process.name) ? process.name : 'other');
    parts[part] = parts[part]! + used;
    const split = apps.has(pid) ? kernel.apps : part === 'postgres' ? kernel.postgres : undefined;
    if (split) {
      split.all += used;
      split.system += process.system - (first.processes.get(pid)?.system ?? 0);
    }
  }
  const cores = Object.fromEntries(Object.entries(parts).map(([name, ticks]) => [name, round(ticks / TICKS_PER_SECOND / seconds, 2)]));
  const pct = (split: { all: number; system: number }) => round((100 * split.system) / Math.max(1, split.all));
  return {
    cores: { ...cores, idle: round((last.idle - first.idle) / TICKS_PER_SECOND / seconds, 2) },
    kernel: {
      appsPct: pct(kernel.apps),
      postgresPct: pct(kernel.postgres),
      interruptCores: round((last.interrupts - first.interrupts) / TICKS_PER_SECOND / seconds, 2),
    },
  };
}

/**
 * What PostgreSQL is busy with: every 50 ms, the statements active on the database (from
 * pg_stat_activity, the sampler's own left out), each reduced to its shape (literals and parameters
 * dropped; its start and what follows its first FROM). A statement's share of the samples is its share of the database's busy
 * time, waits included; no extension or server setting is needed.
 */
function sampleActiveStatements(cluster: Cluster, databaseName: string, running: () => boolean) {
  const seen = new Map<string, number>();
  let samples = 0;
  const done = (async () => {
    while (running()) {
      const rows = await cluster.query<{ query: string }>(
        "select query from pg_stat_activity where datname = $1 and state = 'active' and pid <> pg_backend_pid()",
        [databaseName],
      );
      samples += 1;
      for (const { query } of rows) {
        const flat = query
          .replace(/'(?:[^']|'')*'/g, '?')
          .replace(/\$\d+/g, '?')
          .replace(/\s+/g, ' ')
          .trim();
        // The start says what kind of statement; what follows the first FROM says what it reads.
        const from = flat.toLowerCase().indexOf(' from ');
        const shape = from > 45 ? `${flat.slice(0, 40)} … ${flat.slice(from + 1, from + 81)}` : flat.slice(0, 120);
        seen.set(shape, (seen.get(shape) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return async () => {
    await done;
    const total = [...seen.values()].reduce((sum, n) => sum + n, 0);
    return {
      /** Statements active at once, on average (how many backends were busy). */
      meanActive: round(total / Math.max(1, samples), 2),
      top: [...seen]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([shape, n]) => ({ shape, sharePct: round((100 * n) / Math.max(1, total)) })),
    };
  };
}

/** Samples every process's RSS, the database's connection count and the machine's CPU once a second while `work` runs. */
async function sampled<T>(cluster: Cluster, work: Promise<T>) {
  const rss: Record<string, number[]> = Object.fromEntries(cluster.processes.map((p) => [p.name, []]));
  const connections: number[] = [];
  const databaseName = new URL(cluster.databaseUrl).pathname.slice(1);
  const cpu = [cpuSnapshot()];
  const started = performance.now();
  let running = true;
  const statements = sampleActiveStatements(cluster, databaseName, () => running);
  const sampler = (async () => {
    while (running) {
      cpu.push(cpuSnapshot());
      for (const p of cluster.processes) rss[p.name]!.push(rssMb(p.child.pid!));
      const [row] = await cluster.query<{ count: string }>('select count(*) from pg_stat_activity where datname = $1', [databaseName]);
      connections.push(Number(row!.count));
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();
  const result = await work;
  running = false;
  await sampler;
  cpu.push(cpuSnapshot());
  const apps = new Map(cluster.processes.map((p) => [p.child.pid!, p.name]));
  return { result, rss, connections, cpu: cpuCores(cpu, (performance.now() - started) / 1000, apps), statements: await statements() };
}

export async function benchLoad(postgresUrl: string | undefined): Promise<LoadRow[]> {
  if (!postgresUrl) throw new Error('The load benchmark runs on PostgreSQL: set DATABASE_URL.');
  ensureWrk();

  // 1. Data, through the real API of an in-process server: the demo tenant, full profiles, accounts
  //    to sign in with, and the public directory.
  const setup = await startBenchServer('postgres', postgresUrl, { keepDatabase: true });
  const db = setup.database.db;
  const hospitalId = await hospitalOfAdmin(setup.database, DEMO.hospitalAdminEmail);
  const admin = apiOn(setup.base, await adminCookie(setup.base, setup.database, DEMO.hospitalAdminEmail));
  const copied = await admin(`/api/admin/hospitals/${hospitalId}/terms/copy-defaults`, { method: 'POST', body: '{}' });
  if (!copied.ok) throw new Error(`copy defaults: ${copied.status}`);
  const defaults = await defaultTerms(db);
  const full: string[] = [];
  for (let i = 0; i < FULL_PROVIDERS; i += 1) full.push((await signUpFullProvider(setup.base, db, hospitalId, `-${i}`)).email);
  const accounts: string[] = [];
  for (let i = 0; i < SIGN_IN_ACCOUNTS; i += 1) {
    const email = `load.${Date.now()}.${i}@example.org`;
    const response = await fetch(`${setup.base}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1', 'x-forwarded-for': `192.0.2.${1 + (i % 250)}` },
      body: JSON.stringify({ email, password: PASSWORD, agreedToTerms: true, agreedToPrivacy: true, fullName: `Load Account ${i}`, hospitalId }),
    });
    if (!response.ok) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
    accounts.push(email);
  }
  await seedDirectory(db, hospitalId, defaults);
  await setup.close();
  console.log(`  data: ${FULL_PROVIDERS} full profiles, ${SIGN_IN_ACCOUNTS} accounts to sign in with, ${DIRECTORY_PROVIDERS} published providers`);

  // 2. The cluster on that database; sessions made through the proxy (production cookies).
  const cluster = await startCluster({
    postgresUrl,
    existingDatabaseUrl: setup.scratch.databaseUrl!,
    processes: PROCESSES,
    poolSize: POOL_SIZE,
    simulatedClients: true,
    // BENCH_SERVER_NODE_ARGS (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof) profiles each app process over the whole run.
    nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean),
    // EVENT_LOOP_NICE, when set, is passed on to compare the loop's priority (decision 0039) with its default.
    env: {
      SEED_DEMO_DATA: 'false',
      DATABASE_PUBLIC_POOL_SIZE: String(PUBLIC_POOL_SIZE),
      ...(process.env.EVENT_LOOP_NICE ? { EVENT_LOOP_NICE: process.env.EVENT_LOOP_NICE } : {}),
    },
  });
  try {
    const cookies: string[] = [];
    for (const email of full) {
      const client = clusterClient(cluster.url);
      const response = await client.post('/api/auth/sign-in', { email, password: PASSWORD }, { 'x-load-client': `198.51.100.${cookies.length + 1}` });
      if (response.status !== 200) throw new Error(`sign-in through the proxy: ${response.status} ${await response.text()}`);
      cookies.push(client.jar.header().cookie!);
    }
    const biographies = ['Cardiologist for adults with heart rhythm disorders.', 'I help people whose heart beats too fast, too slow or irregularly.'].map(
      (publicSummary, i) =>
        JSON.stringify({
          professionalSummary: `Board-certified cardiologist, save ${i}, caring for adults with atrial fibrillation and fainting spells.`,
          publicSummary,
        }),
    );
    const mix: MixEntry[] = [
      { weight: 30, method: 'GET', paths: ['/api/profile'], cookies },
      { weight: 10, method: 'GET', paths: ['/api/dashboard'], cookies },
      { weight: 10, method: 'PUT', paths: ['/api/profile/sections/biography'], cookies, bodies: biographies },
      { weight: 15, method: 'GET', paths: ['car', 'asth', 'diab', 'migr', 'cardia', 'syncop'].map((q) => `/api/terms/search?q=${q}&pageSize=20`), cookies },
      {
        weight: 15,
        method: 'GET',
        paths: ['asthma&near=600', 'diabetes', 'heart%20attack', 'kowalsky', 'migraine&near=602'].map((q) => `/find/northfield?q=${q}`),
      },
      { weight: 19, method: 'GET', paths: Array.from({ length: 50 }, (_, i) => `/find/northfield/bench-${i * 97}`) },
      // Sign-ins are expensive (scrypt) and limited to 10 per e-mail in 15 minutes: 1 % of the mix over SIGN_IN_ACCOUNTS accounts.
      {
        weight: WITHOUT_SIGN_INS ? 0 : 1,
        method: 'POST',
        paths: ['/api/auth/sign-in'],
        bodies: accounts.map((email) => JSON.stringify({ email, password: PASSWORD })),
        rotate: true,
      },
    ];
    const script = mixScript(mix, cluster.url);
    // The warm-up runs at the highest concurrency, so each process's heap has grown to what the load
    // needs before any RSS figure is taken.
    console.log(`  warm-up: ${WARM_UP_SECONDS} s at ${Math.max(...CONNECTION_STEPS)} connections`);
    await runWrkScript(script, cluster.url, Math.max(...CONNECTION_STEPS), WARM_UP_SECONDS);

    const rows: LoadRow[] = [];
    for (const connections of CONNECTION_STEPS) {
      console.log(`  ${connections} connections for ${LOAD_SECONDS} s…`);
      const { result, rss, connections: pgConnections, cpu, statements } = await sampled(cluster, runWrkScript(script, cluster.url, connections, LOAD_SECONDS));
      rows.push({
        connections,
        seconds: LOAD_SECONDS,
        requests: result.requests!,
        requestsPerSec: round(result.requests! / (result.durationUs! / 1e6)),
        p50: round(result.p50! / 1000, 2),
        p99: round(result.p99! / 1000, 2),
        errors: result.errors!,
        status2xx: result.s2!,
        status4xx: result.s4!,
        status409: result.s409!,
        status429: result.s429!,
        status5xx: result.s5!,
        rssMb: Object.fromEntries(
          Object.entries(rss).map(([name, samples]) => {
            // The floor (lowest sample) of the step's first and last thirds: RSS saws up and down with
            // garbage collection, and only a rising floor means memory kept.
            const third = Math.max(1, Math.floor(samples.length / 3));
            const afterWarmUp = Math.min(...samples.slice(0, third));
            const end = Math.min(...samples.slice(-third));
            return [name, { afterWarmUp: round(afterWarmUp), end: round(end), growthPct: round(((end - afterWarmUp) / afterWarmUp) * 100) }];
          }),
        ),
        postgresConnectionsMax: Math.max(...pgConnections),
        // Each process's two pools, plus the harness's own two (sampling) connections.
        postgresConnectionsLimit: PROCESSES * (POOL_SIZE + PUBLIC_POOL_SIZE) + 2,
        cpuCores: cpu.cores,
        cpuKernel: cpu.kernel,
        postgresBusy: statements,
      });
      console.log(JSON.stringify(rows.at(-1)));
    }
    return rows;
  } finally {
    await cluster.close();
    await setup.scratch.cleanup();
  }
}

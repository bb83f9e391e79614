// `npm run bench [-- terms|http|public-load|lighthouse|load|roster|sign-in|scale]`: runs the benchmarks and prints their figures; results are also written
// to bench/results/ as JSON and a Markdown table. PostgreSQL runs too when DATABASE_URL is set. `load`
// (the cluster under a mixed workload, PostgreSQL only, about 5 minutes) and `roster` (2,000 NPIs
// onboarded, about 10 minutes per database) run only when named.
import { writeResults } from './lib';
import { benchHttp, benchPublicLoad, HTTP_SECONDS, PUBLIC_LOAD_CLIENTS } from './http';
import { benchLighthouse } from './lighthouse';
import { benchLoad, LOAD_SECONDS, SIGN_IN_ACCOUNTS, WITHOUT_SIGN_INS } from './load';
import { benchRoster, ROSTER_BENCH_REGISTRY_MS, ROSTER_BENCH_ROWS } from './roster';
import { benchScale, SCALE_P975_TARGET_MS, SCALE_PROVIDERS, SCALE_SECONDS } from './scale';
import { benchSignIn, SIGN_IN_CONCURRENCIES, SIGN_IN_SECONDS } from './sign-in';
import { benchTerms } from './terms';

const which = new Set(process.argv.slice(2).filter((arg) => !arg.startsWith('-')));
const all = which.size === 0;
const postgresUrl = process.env.DATABASE_URL || undefined;
// BENCH_DATABASES=pglite or =postgres runs one of the two.
const targets = (['pglite', ...(postgresUrl ? (['postgres'] as const) : [])] as Array<'pglite' | 'postgres'>).filter(
  (target) => !process.env.BENCH_DATABASES || process.env.BENCH_DATABASES.split(',').includes(target),
);

if (all || which.has('terms')) {
  const results = [];
  for (const target of targets) {
    console.log(`\nterms benchmark on ${target}…`);
    const result = await benchTerms(target, postgresUrl);
    console.log(JSON.stringify(result, null, 2));
    results.push(result);
  }
  const lines = [
    '| database | terms | search 3 chars p50 / p95 / p97.5 (ms) | search 6 chars p50 / p95 / p97.5 (ms) | copy defaults (rows, ms) | CSV replace 17,155 rows (ms) |',
    '|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.database} | ${r.termsInHospital} | ${r.search['3-char']!.p50} / ${r.search['3-char']!.p95} / ${r.search['3-char']!.p975} | ${r.search['6-char']!.p50} / ${r.search['6-char']!.p95} / ${r.search['6-char']!.p975} | ${r.copyDefaults.created}, ${r.copyDefaults.ms} | ${r.csvReplace.ms} |`,
    ),
  ];
  console.log(`\n${lines.join('\n')}`);
  writeResults('terms', results, `# Expertise terms benchmark\n\n${new Date().toISOString()}\n\n${lines.join('\n')}\n`);
}
if (all || which.has('http')) {
  const rows = [];
  for (const target of targets) {
    console.log(`\nHTTP benchmark on ${target} (production build; run \`npm run build\` first)…`);
    rows.push(...(await benchHttp(target, postgresUrl)));
  }
  const lines = [
    '| database | endpoint | req/s | % of health | p50 ms | p97.5 ms | p99 ms | errors | 4xx/5xx | RSS MB | statements | 1 conn. p50 / p97.5 ms | SQL p50 ms | 1 conn. p50 / SQL | CPU ms per request: app / PostgreSQL / rest | idle cores |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.database} | ${r.endpoint} | ${r.requestsPerSec} | ${r.ofHealth} % | ${r.p50} | ${r.p975} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${r.rssMb} | ${r.statements ?? '–'} | ${r.oneConnectionP50} / ${r.oneConnectionP975} | ${r.sqlP50 ?? '–'} | ${r.ratio ?? '–'} | ${r.cpu.appMs} / ${r.cpu.postgresMs} / ${r.cpu.restMs} | ${r.cpu.idleCores} |`,
    ),
  ];
  console.log(`\n${lines.join('\n')}`);
  const note =
    `wrk (Debian, its own process, one thread), 10 keep-alive connections for ${HTTP_SECONDS} s per endpoint after a 1 s warm-up, against the production build in its own process on loopback. ` +
    'The demo hospital holds 50,000 expertise terms; the provider has a full profile (15 publications, 3 locations, 4 trials, 5 media items, 12 terms, every list). ' +
    '"% of health" is the endpoint\'s req/s over `GET /api/health` req/s in the same run. "statements" counts what the app sent for one request (the session check included). ' +
    'Saves (PUT) are made by 50 providers in turn, one request each, since one provider\'s saves of a section are taken one at a time. "1 conn." is wrk with one connection (no queueing); "SQL p50" replays exactly those statements with their parameters on one database connection, with no HTTP, no session and no JSON (writes inside a rolled-back transaction); the next column is their ratio. ' +
    '"CPU ms per request" divides the CPU the machine used during the 10-connection run (from /proc) by the requests answered: the server\'s process (on PGlite the database is in it), PostgreSQL\'s processes, and the rest (wrk, the kernel\'s interrupts, anything else on the machine); "idle cores" is what was left of the 2 cores. A row that leaves no core idle is limited by the CPU it costs; one that leaves cores idle, by waiting.';
  // A run of some endpoints or one database keeps the last whole table: it is written apart.
  const partial = Boolean(process.env.BENCH_ENDPOINTS) || targets.length < (postgresUrl ? 2 : 1);
  writeResults(
    partial ? 'http-partial' : 'http',
    rows,
    `# HTTP benchmark${partial ? ' (part of the endpoints or databases)' : ''}\n\n${new Date().toISOString()}\n\n${note}\n\n${lines.join('\n')}\n`,
  );
}
if (all || which.has('public-load')) {
  const rows = [];
  for (const target of targets) {
    console.log(`\n/api/health under public load on ${target} (production build)…`);
    rows.push(...(await benchPublicLoad(target, postgresUrl)));
  }
  const lines = [
    '| database | scenario | health p50 / p99 alone (ms) | health p50 / p99 under load (ms) | p99 ratio (target ≤ 2) | public req/s | public not 2xx | errors | load average |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.database} | ${r.scenario} | ${r.healthUnloadedP50} / ${r.healthUnloadedP99} | ${r.healthLoadedP50} / ${r.healthLoadedP99} | ${r.p99Ratio} | ${r.publicRequestsPerSec} | ${r.publicNon2xx} | ${r.publicErrors} | ${r.loadAverage} |`,
    ),
  ];
  console.log(`\n${lines.join('\n')}`);
  const note =
    `\`GET /api/health\` with wrk at one connection for ${HTTP_SECONDS} s, alone and then while another wrk keeps ${PUBLIC_LOAD_CLIENTS} connections on the public routes ` +
    '(directory searches, 20 provider pages, FHIR PractitionerRole searches with 20 specialty codes, the most a parameter may carry, with and without _include, a Practitioner name search, Locations), ' +
    'on the production build in its own process on loopback with 5,000 published providers. "limit off": every public request does its work; "one address": the default per-address limit meets one abuser (429 after 300 a minute); ' +
    '"a random address per request": many visitors, all served, each request also paying for the limit\'s count in the database. ' +
    "The load average is the machine's (2 cores) at the end of the run: with other work on the machine the p99 of a sub-millisecond request measures the scheduler, not the app.";
  writeResults('public-load', rows, `# /api/health under public load\n\n${new Date().toISOString()}\n\n${note}\n\n${lines.join('\n')}\n`);
}
if (all || which.has('lighthouse')) {
  console.log('\nLighthouse on the production build (Debian Chromium)…');
  const rows = await benchLighthouse();
  const lines = [
    '| page | form factor | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.formFactor} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.speedIndexMs} |`,
    ),
  ];
  console.log(`\n${lines.join('\n')}`);
  writeResults(
    'lighthouse',
    rows,
    `# Lighthouse\n\n${new Date().toISOString()}\n\nMedian of ${process.env.LIGHTHOUSE_RUNS ?? 3} runs per page. "mobile" is Lighthouse's default (simulated slow 4G, 4x CPU slowdown); "desktop" its desktop preset. The dashboard's SEO score is low on purpose: robots.txt keeps signed-in pages out of search engines. A directory search is crawlable and names the hospital's unfiltered page as its canonical, so search engines index the directory and the profiles, not every combination of filters.\n\n${lines.join('\n')}\n`,
  );
}
if (which.has('load')) {
  console.log('\nload benchmark: 3 processes behind haproxy on PostgreSQL (production build; run `npm run build` first)…');
  const rows = await benchLoad(postgresUrl);
  const processNames = Object.keys(rows[0]?.rssMb ?? {});
  const lines = [
    `| connections | req/s | p50 ms | p99 ms | requests | errors | 2xx | 4xx (409 / 429) | 5xx | ${processNames.map((n) => `${n} RSS MB (growth)`).join(' | ')} | PostgreSQL connections (max / pools) |`,
    `|---|---|---|---|---|---|---|---|---|${processNames.map(() => '---').join('|')}|---|`,
    ...rows.map(
      (r) =>
        `| ${r.connections} | ${r.requestsPerSec} | ${r.p50} | ${r.p99} | ${r.requests} | ${r.errors} | ${r.status2xx} | ${r.status4xx} (${r.status409} / ${r.status429}) | ${r.status5xx} | ${processNames.map((n) => `${r.rssMb[n]!.afterWarmUp} → ${r.rssMb[n]!.end} (${r.rssMb[n]!.growthPct} %)`).join(' | ')} | ${r.postgresConnectionsMax} / ${r.postgresConnectionsLimit} |`,
    ),
  ];
  // Where the machine's two cores went in each step.
  const cpuParts = Object.keys(rows[0]?.cpuCores ?? {});
  const cpuLines = [
    `| connections | ${cpuParts.join(' | ')} | req/s per app core |`,
    `|---|${cpuParts.map(() => '---').join('|')}|---|`,
    ...rows.map((r) => {
      const appCores = processNames.reduce((sum, n) => sum + (r.cpuCores[n] ?? 0), 0);
      return `| ${r.connections} | ${cpuParts.map((part) => r.cpuCores[part]).join(' | ')} | ${appCores > 0 ? Math.round(r.requestsPerSec / appCores) : '–'} |`;
    }),
  ];
  lines.push('', 'CPU used in each step, in cores (the machine has 2; from /proc, sampled every second):', '', ...cpuLines);
  lines.push(
    '',
    "Of that, the kernel's part: the share of the app processes' and PostgreSQL's CPU spent in system calls, and the machine's interrupt work in cores:",
    '',
    '| connections | apps in the kernel | PostgreSQL in the kernel | interrupts (cores) |',
    '|---|---|---|---|',
    ...rows.map((r) => `| ${r.connections} | ${r.cpuKernel.appsPct} % | ${r.cpuKernel.postgresPct} % | ${r.cpuKernel.interruptCores} |`),
  );
  // What PostgreSQL was busy with, from pg_stat_activity sampled every 50 ms.
  for (const r of rows) {
    lines.push(
      '',
      `PostgreSQL at ${r.connections} connections: ${r.postgresBusy.meanActive} statements active at once on average; most often active (share of samples):`,
      '',
      '| share | statement (shape) |',
      '|---|---|',
      ...r.postgresBusy.top.map((t) => `| ${t.sharePct} % | \`${t.shape.replace(/\|/g, '\\|')}\` |`),
    );
  }
  console.log(`\n${lines.join('\n')}`);
  const note =
    `wrk (Debian, its own process, two threads) through haproxy to 3 production processes (each with a pool of 10 and a public-read pool of 5) on one PostgreSQL, ${LOAD_SECONDS} s per step after a 45 s warm-up at 200 connections, on a shared 2-core machine. ` +
    (WITHOUT_SIGN_INS
      ? 'The mix WITHOUT its sign-ins (LOAD_WITHOUT_SIGN_INS=1, a diagnosis of what their scrypt costs the rest): 30 % full profile reads, 10 % dashboards, 10 % biography saves, 15 % term searches, 15 % public directory searches, 19 % public profile pages, in those proportions; each request from one of many simulated client addresses. '
      : `The mix: 30 % full profile reads, 10 % dashboards, 10 % biography saves, 15 % term searches, 15 % public directory searches, 19 % public profile pages, 1 % password sign-ins (${SIGN_IN_ACCOUNTS} accounts; each request from one of many simulated client addresses). `) +
    "RSS is sampled every second; growth compares the floor (lowest sample) of the step's first third with that of its last third, since RSS saws with garbage collection. PostgreSQL connections count pg_stat_activity for the database (the pools plus the sampler).";
  writeResults(
    WITHOUT_SIGN_INS ? 'load-without-sign-ins' : 'load',
    rows,
    `# Load benchmark\n\n${new Date().toISOString()}\n\n${note}\n\n${lines.join('\n')}\n`,
  );
}
if (all || which.has('sign-in')) {
  const rows = [];
  for (const target of targets) {
    for (const concurrency of SIGN_IN_CONCURRENCIES) {
      console.log(`\npassword sign-ins on ${target}, ${concurrency} hash(es) at once (production build)…`);
      const row = await benchSignIn(target, postgresUrl, concurrency);
      console.log(JSON.stringify(row, null, 2));
      rows.push(row);
    }
  }
  const lines = [
    '| database | hashes at once | sign-ins/s (10 conn.) | sign-in p50 / p99 ms | not 2xx | health p99 alone → during burst (ratio) | /find page p99 alone → during burst (ratio) | load average |',
    '|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.database} | ${r.hashConcurrency} | ${r.signInsPerSec} | ${r.signInP50} / ${r.signInP99} | ${r.signInNon2xx} | ${r.healthP99Alone} → ${r.healthP99DuringBurst} (${r.healthRatio}) | ${r.pageP99Alone} → ${r.pageP99DuringBurst} (${r.pageRatio}) | ${r.loadAverage} |`,
    ),
  ];
  console.log(`\n${lines.join('\n')}`);
  const note =
    `Password sign-ins (scrypt N=16384, r=16, p=1, Better Auth's format, through node:crypto in libuv's thread pool; at most "hashes at once" at a time: PASSWORD_HASH_CONCURRENCY) with wrk at 10 connections over 400 accounts, each request from a random client address; ` +
    `\`GET /api/health\` and the directory's index page at one connection for ${SIGN_IN_SECONDS} s each, first alone, then during the burst. Production build in its own process on loopback; the machine has 2 cores, which the hashing and the other requests share.`;
  writeResults('sign-in', rows, `# Password sign-in\n\n${new Date().toISOString()}\n\n${note}\n\n${lines.join('\n')}\n`);
}
if (which.has('roster')) {
  const rows = [];
  for (const target of targets) {
    console.log(`\nroster of ${ROSTER_BENCH_ROWS} NPIs on ${target} (production build)…`);
    const row = await benchRoster(target, postgresUrl);
    console.log(JSON.stringify({ ...row, rssSamples: `${row.rssSamples.length} samples` }, null, 2));
    rows.push(row);
  }
  const lines = [
    '| database | rows | check s (rows/s) | accepted / refused | pre-filling s (rows/s) | drafted / failed | invitations s | e-mails received | total s | RSS MB start / after check / max / end | RSS floor pre-filling first → last third | registry requests |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.database} | ${r.rows} | ${r.checkSeconds} (${r.checkRowsPerSecond}) | ${r.accepted} / ${r.refused} | ${r.draftingSeconds} (${r.draftingRowsPerSecond}) | ${r.drafted} / ${r.failed} | ${r.invitationsSeconds ?? '–'} | ${r.emailsReceived} | ${r.totalSeconds} | ${r.rssMb.start} / ${r.rssMb.afterCheck} / ${r.rssMb.max} / ${r.rssMb.end} | ${r.rssMb.draftingFloorFirstThird} → ${r.rssMb.draftingFloorLastThird} | ${r.registryRequests} |`,
    ),
  ];
  console.log(`\n${lines.join('\n')}`);
  const note =
    `A roster of ${ROSTER_BENCH_ROWS} NPIs (built from the real recorded NPPES individuals, each under a new NPI with a valid check digit and its own e-mail) ` +
    `uploaded to the demo hospital as its administrator, on the production build in its own process. The loopback registry answers every request after ${ROSTER_BENCH_REGISTRY_MS} ms (the real one's round trip); ` +
    'the app asks it at most 4 at a time. "check": the upload answered, every row checked (each NPI asked once). "pre-filling": from Start to the upload drafted, on the app\'s job queue ' +
    '(25 rows per job, the batch\'s NPIs asked first, then each draft written), polled once a second as the console does. "invitations": from the button to the last invitation received by the loopback SMTP server. ' +
    "RSS is the server process's, sampled every second.";
  writeResults('roster', rows, `# Roster onboarding at scale\n\n${new Date().toISOString()}\n\n${note}\n\n${lines.join('\n')}\n`);
}
if (which.has('scale')) {
  const rows = [];
  for (const target of targets) {
    console.log(`\nthe directory at ${SCALE_PROVIDERS} providers on ${target} (production build)…`);
    rows.push(...(await benchScale(target, postgresUrl)));
  }
  const lines = [
    `| database | request | found | req/s (10 connections) | % of health | 1 conn. p50 ms | 1 conn. p97.5 ms | p97.5 ≤ ${SCALE_P975_TARGET_MS} ms | errors / not 2xx |`,
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.database} | ${r.endpoint} | ${r.matches} | ${r.requestsPerSec} | ${r.ofHealth} % | ${r.oneConnectionP50 ?? 'none finished'} | ${r.oneConnectionP975 ?? 'none finished'} | ${r.endpoint.includes('health') ? '–' : r.oneConnectionP975 !== null && r.oneConnectionP975 <= SCALE_P975_TARGET_MS ? 'yes' : 'no'} | ${r.errors} / ${r.non2xx} |`,
    ),
  ];
  console.log(`\n${lines.join('\n')}`);
  const note =
    `The public directory at ${SCALE_PROVIDERS.toLocaleString('en-US')} published providers of one hospital, 20 expertise terms each, their offices spread over the US by ZIP (one ZIP in 7,919 of the package's list in turn), ` +
    `statistics gathered after the bulk load. The production build in its own process on loopback; wrk (its own process) at 10 connections for ${SCALE_SECONDS} s, then at one connection for ${SCALE_SECONDS} s. ` +
    '"found" is what the page (or the FHIR Bundle\'s total) says it matched; a page shows 20. "% of health" is the request\'s req/s over `GET /api/health` in the same run, on a shared 2-core machine.';
  writeResults('scale', rows, `# The directory at scale\n\n${new Date().toISOString()}\n\n${note}\n\n${lines.join('\n')}\n`);
}
process.exit(0);

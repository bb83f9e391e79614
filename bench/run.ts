// `npm run bench [-- terms|http|lighthouse]`: runs the benchmarks and prints their figures; results are also written
// to bench/results/ as JSON and a Markdown table. PostgreSQL runs too when DATABASE_URL is set.
import { writeResults } from './lib';
import { benchHttp } from './http';
import { benchLighthouse } from './lighthouse';
import { benchTerms } from './terms';

const which = new Set(process.argv.slice(2).filter((arg) => !arg.startsWith('-')));
const all = which.size === 0;
const postgresUrl = process.env.DATABASE_URL || undefined;
const targets: Array<'pglite' | 'postgres'> = ['pglite', ...(postgresUrl ? (['postgres'] as const) : [])];

if (all || which.has('terms')) {
  const results = [];
  for (const target of targets) {
    console.log(`\nterms benchmark on ${target}…`);
    const result = await benchTerms(target, postgresUrl);
    console.log(JSON.stringify(result, null, 2));
    results.push(result);
  }
  const lines = [
    '| database | terms | search 3 chars p50 / p95 (ms) | search 6 chars p50 / p95 (ms) | copy defaults (rows, ms) | CSV replace 17,155 rows (ms) |',
    '|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.database} | ${r.termsInHospital} | ${r.search['3-char']!.p50} / ${r.search['3-char']!.p95} | ${r.search['6-char']!.p50} / ${r.search['6-char']!.p95} | ${r.copyDefaults.created}, ${r.copyDefaults.ms} | ${r.csvReplace.ms} |`,
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
    '| database | endpoint | req/s | p50 ms | p97.5 ms | p99 ms | errors | non-2xx | RSS MB | DB p50 ms | API p50 / DB |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.database} | ${r.endpoint} | ${r.requestsPerSec} | ${r.p50} | ${r.p975} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${r.rssMb} | ${r.dbMs ?? '–'} | ${r.ratio ?? '–'} |`),
  ];
  console.log(`\n${lines.join('\n')}`);
  const note =
    `autocannon, 10 connections, ${process.env.BENCH_SECONDS ?? 8} s per endpoint, against the production build. ` +
    '"DB p50" is the same SQL the endpoint runs, issued one statement after another on one connection with no HTTP and no session; ' +
    'the API figure also carries the session check, validation, JSON and the queueing of 10 concurrent clients.';
  writeResults('http', rows, `# HTTP benchmark\n\n${new Date().toISOString()}\n\n${note}\n\n${lines.join('\n')}\n`);
}
if (all || which.has('lighthouse')) {
  console.log('\nLighthouse on the production build (Debian Chromium)…');
  const rows = await benchLighthouse();
  const lines = [
    '| page | form factor | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.page} | ${r.formFactor} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.fcpMs} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.speedIndexMs} |`),
  ];
  console.log(`\n${lines.join('\n')}`);
  writeResults(
    'lighthouse',
    rows,
    `# Lighthouse\n\n${new Date().toISOString()}\n\nMedian of ${process.env.LIGHTHOUSE_RUNS ?? 3} runs per page. "mobile" is Lighthouse's default (simulated slow 4G, 4x CPU slowdown); "desktop" its desktop preset. The dashboard's SEO score is low on purpose: robots.txt keeps signed-in pages out of search engines.\n\n${lines.join('\n')}\n`,
  );
}
process.exit(0);

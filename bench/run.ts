// `npm run bench [-- terms]`: runs the benchmarks and prints their figures; results are also written
// to bench/results/ as JSON and a Markdown table. PostgreSQL runs too when DATABASE_URL is set.
import { writeResults } from './lib';
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
process.exit(0);

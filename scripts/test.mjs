// `npm test`: every suite — unit and components, the API suite on PGlite (and again on PostgreSQL
// when DATABASE_URL is set), then, on the production build, the cluster test (PostgreSQL only) and
// the browser suite on Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { playwrightFailures, vitestFailures } from './test-failures.mjs';

const reports = mkdtempSync(join(tmpdir(), 'vitae-test-'));
const results = [];
// Named again under the summary, because CI may keep only the tail of the output.
const failures = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return child.status ?? 1;
}

function vitestStage(label, projectArgs, env = {}) {
  const file = join(reports, `${results.length}.json`);
  const status = run(label, 'npx', ['vitest', 'run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`], env);
  let passed = 0;
  let failed = status === 0 ? 0 : 1;
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests + (status !== 0 && report.numFailedTests === 0 ? 1 : 0);
    failures.push(...vitestFailures(report, label));
  }
  results.push({ label, passed, failed });
}

vitestStage('Unit and component tests', ['--project', 'unit', '--project', 'components']);
vitestStage('API tests on PGlite (embedded PostgreSQL)', ['--project', 'api'], { DATABASE_URL: '' });
if (process.env.DATABASE_URL) {
  // The fuzzer's 350 runs per route and the 20 crash rounds happen on the PGlite pass; this pass
  // repeats them more briefly, keeping the whole run well under CI's 30 minutes.
  vitestStage('API tests on PostgreSQL (DATABASE_URL)', ['--project', 'api'], {
    DATABASE_URL: process.env.DATABASE_URL,
    FUZZ_RUNS: process.env.FUZZ_RUNS ?? '100',
    FAULT_KILLS: process.env.FAULT_KILLS ?? '10',
  });
} else {
  console.log('\nDATABASE_URL is not set: the API suite ran on PGlite only (.ci/run also runs it on PostgreSQL).');
}

const chromium = ensureChromium();
if (run('Production build', 'npm', ['run', 'build']) !== 0) {
  results.push({ label: 'Production build', passed: 0, failed: 1 });
} else {
  if (process.env.DATABASE_URL) {
    // The built server as production runs it: three processes behind haproxy, S3 and SMTP servers.
    vitestStage('Cluster test (3 processes, haproxy, s3rver, smtp-server, PostgreSQL)', ['--project', 'cluster'], { DATABASE_URL: process.env.DATABASE_URL });
  } else {
    console.log('\nDATABASE_URL is not set: the cluster test (PostgreSQL only) was skipped.');
  }
  const file = join(reports, 'e2e.json');
  const status = run('Browser tests (Playwright on Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: file,
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    CHROMIUM_PATH: chromium,
  });
  let passed = 0;
  let failed = status === 0 ? 0 : 1;
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed = report.stats.expected + report.stats.flaky;
    failed = report.stats.unexpected + (status !== 0 && report.stats.unexpected === 0 ? 1 : 0);
    failures.push(...playwrightFailures(report, 'Browser tests'));
  }
  results.push({ label: 'Browser tests', passed, failed });
}

console.log('\n=== Summary ===');
for (const r of results) console.log(`${r.failed === 0 ? 'ok  ' : 'FAIL'} ${r.label}: ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
if (failures.length > 0) {
  console.log('\nFailed:');
  for (const line of failures) console.log(`  ${line}`);
}
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

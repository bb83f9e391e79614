// Serves the production build for Playwright on a fresh, throw-away PGlite data folder, with the
// loopback NPPES fake standing in for the national NPI registry.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'vitae-e2e-'));
// Schema, reference data, demo tenant and the journeys' own administrators, before the server
// takes the folder's lock.
const fixtures = spawnSync(process.execPath, ['--import', 'tsx', 'tests/support/e2e-fixtures.ts', dataDir], { stdio: 'inherit' });
if (fixtures.status !== 0) {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(fixtures.status ?? 1);
}
const port = process.env.PORT ?? '4317';
const nppesPort = process.env.E2E_NPPES_PORT ?? String(Number(port) + 1);

const pubmedPort = process.env.E2E_PUBMED_PORT ?? String(Number(port) + 2);
const trialsPort = process.env.E2E_TRIALS_PORT ?? String(Number(port) + 3);
const pubmed = spawn(process.execPath, ['--import', 'tsx', 'tests/fakes/pubmed.ts'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: pubmedPort },
});
const trials = spawn(process.execPath, ['--import', 'tsx', 'tests/fakes/clinical-trials.ts'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: trialsPort },
});

const yextPort = process.env.E2E_YEXT_PORT ?? String(Number(port) + 4);
const yext = spawn(process.execPath, ['--import', 'tsx', 'tests/fakes/yext.ts'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: yextPort },
});

const fake = spawn(process.execPath, ['--import', 'tsx', 'tests/fakes/nppes.ts'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: nppesPort },
});

const app = spawn(process.execPath, ['dist/server/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: port,
    APP_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    SEED_DEMO_DATA: 'true',
    // Every journey's browser comes from 127.0.0.1: one address, far more public pages than a person opens.
    PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
    // The same address signs up every journey's providers, more than 20 in a run with retries.
    SIGN_UP_LIMIT_PER_HOUR: '1000',
    NPI_REGISTRY_URL: `http://127.0.0.1:${nppesPort}/api/`,
    PUBMED_BASE_URL: `http://127.0.0.1:${pubmedPort}/entrez/eutils`,
    CLINICAL_TRIALS_BASE_URL: `http://127.0.0.1:${trialsPort}/api/v2`,
    YEXT_API_URL: `http://127.0.0.1:${yextPort}`,
    YEXT_SANDBOX_URL: `http://127.0.0.1:${yextPort}/sandbox`,
  },
});

const fakes = [fake, pubmed, trials, yext];
const stop = () => {
  app.kill('SIGTERM');
  for (const child of fakes) child.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
app.on('exit', (code) => {
  for (const child of fakes) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});

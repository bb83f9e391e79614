// Serves the production build for Playwright on a fresh, throw-away PGlite data folder, with the
// loopback NPPES fake standing in for the national NPI registry.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'vitae-e2e-'));
const port = process.env.PORT ?? '4317';
const nppesPort = process.env.E2E_NPPES_PORT ?? String(Number(port) + 1);

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
    NPI_REGISTRY_URL: `http://127.0.0.1:${nppesPort}/api/`,
  },
});

const stop = () => {
  app.kill('SIGTERM');
  fake.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
app.on('exit', (code) => {
  fake.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});

import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4317);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// End-to-end journeys against the production build (`npm run build` first; scripts/e2e.mjs does it),
// on Debian's Chromium: Playwright's own browser download does not work on these machines.
export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node tests/support/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(port) },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});

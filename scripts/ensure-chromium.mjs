// The browser suite drives Debian's Chromium (Playwright's own browser download does not work on
// these machines). Install it when missing and we are root; otherwise stop with a clear message.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return path;
  if (process.getuid?.() !== 0) {
    console.error(
      `\nChromium was not found at ${path}. Install it with "sudo apt-get install -y chromium" ` +
        '(or set CHROMIUM_PATH to a Chromium binary) and run the tests again.',
    );
    process.exit(1);
  }
  console.log(`\nChromium is missing: installing Debian's chromium package…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
  const install = update.status === 0 ? spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit', env }) : update;
  if (install.status !== 0 || !existsSync(path)) {
    console.error('\nCould not install chromium with apt-get. Install it by hand ("apt-get install -y chromium") and run the tests again.');
    process.exit(1);
  }
  return path;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();

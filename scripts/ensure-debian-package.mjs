// Test and benchmark set-up needs a few Debian programs (Chromium, haproxy, wrk). Each is installed
// with apt-get when it is missing and we are root; otherwise the run stops with a clear message.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Returns `path` once the program is there; `pkg` is the Debian package that provides it. */
export function ensureDebianPackage({ path, pkg, purpose }) {
  if (existsSync(path)) return path;
  if (process.getuid?.() !== 0) {
    console.error(`\n${purpose} needs ${path}. Install it with "sudo apt-get install -y ${pkg}" and run again.`);
    process.exit(1);
  }
  console.log(`\n${path} is missing: installing Debian's ${pkg} package…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
  const install = update.status === 0 ? spawnSync('apt-get', ['install', '-y', pkg], { stdio: 'inherit', env }) : update;
  if (install.status !== 0 || !existsSync(path)) {
    console.error(`\nCould not install ${pkg} with apt-get. Install it by hand ("apt-get install -y ${pkg}") and run again.`);
    process.exit(1);
  }
  return path;
}

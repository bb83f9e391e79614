// The browser suite drives Debian's Chromium (Playwright's own browser download does not work on
// these machines). Installed when missing and we are root; otherwise a clear message.
import { ensureDebianPackage } from './ensure-debian-package.mjs';

export function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  return ensureDebianPackage({ path, pkg: 'chromium', purpose: 'The browser suite (or set CHROMIUM_PATH to a Chromium binary)' });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();

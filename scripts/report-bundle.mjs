// Prints the initial JavaScript (gzip) of the landing page and of /dashboard after `vite build`, and
// fails the build when the landing page goes over its budget (issue T2 1/5).
// - A visit that starts at `/` gets server-rendered HTML and the landing island with its imports only.
// - Any other page loads the app's entry with its static imports, plus the route's lazy chunks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const LANDING_BUDGET_KIB = 100;
const dist = 'dist/web';
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

const keyOf = (source) => Object.keys(manifest).find((key) => key.endsWith(source));
const gz = (keys) => [...keys].reduce((sum, key) => sum + gzipSync(readFileSync(join(dist, manifest[key].file))).length, 0);
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const need = (key, what) => {
  if (!key) throw new Error(`report-bundle: ${what} is missing from the manifest`);
  return key;
};

const appEntry = need(keyOf('index.html'), 'the app entry (index.html)');
const island = need(keyOf('features/marketing/landing-island.ts'), 'the landing island');
const base = closure([appEntry]);

console.log('\nInitial JavaScript, gzip:');
const landing = gz(closure([island]));
console.log(`  landing (/, server-rendered): ${kib(landing)} (island; budget ${LANDING_BUDGET_KIB} KiB)`);
console.log(`  app entry (every other page): ${kib(gz(base))}`);
const routes = {
  '/ inside the app (after navigating)': [keyOf('features/marketing/pages/landing-page.tsx')],
  '/dashboard': [keyOf('features/dashboard/pages/dashboard-page.tsx'), keyOf('app/layouts/member-layout.tsx'), keyOf('app/inactivity/inactivity-watcher.tsx')],
};
for (const [label, keys] of Object.entries(routes)) {
  keys.forEach((key) => need(key, `a chunk of ${label}`));
  console.log(`  ${label}: ${kib(gz(closure(keys, new Set(base))))} (entry + route chunks)`);
}
if (landing > LANDING_BUDGET_KIB * 1024) {
  console.error(`\nThe landing page's JavaScript is ${kib(landing)}, over its budget of ${LANDING_BUDGET_KIB} KiB.`);
  process.exit(1);
}

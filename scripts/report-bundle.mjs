// Prints the initial JavaScript (gzip) of the landing page and of /dashboard after `vite build`:
// the entry chunk with its static imports, plus the route's lazy chunk and its static imports.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = 'dist/web';
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const entry = Object.values(manifest).find((chunk) => chunk.isEntry);

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

const keyOf = (source) => Object.keys(manifest).find((key) => key.endsWith(source));
const entryKey = Object.keys(manifest).find((key) => manifest[key] === entry);
const gz = (keys) => [...keys].reduce((sum, key) => sum + gzipSync(readFileSync(join(dist, manifest[key].file))).length, 0);

// Each page with the lazy chunks the router loads for it: the page and, when signed in, its layout
// and the inactivity watcher.
const pages = {
  'landing (/)': [keyOf('features/marketing/pages/landing-page.tsx')],
  '/dashboard': [keyOf('features/dashboard/pages/dashboard-page.tsx'), keyOf('app/layouts/member-layout.tsx'), keyOf('app/inactivity/inactivity-watcher.tsx')],
};
console.log('\nInitial JavaScript, gzip:');
const base = closure([entryKey]);
console.log(`  app entry (shared by every page): ${(gz(base) / 1024).toFixed(1)} KiB`);
for (const [label, keys] of Object.entries(pages)) {
  if (keys.some((key) => !key)) throw new Error(`report-bundle: a chunk of ${label} is missing from the manifest`);
  const all = closure(keys, new Set(base));
  console.log(`  ${label}: ${(gz(all) / 1024).toFixed(1)} KiB (entry + route chunks)`);
}

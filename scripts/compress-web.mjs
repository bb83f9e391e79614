// Writes Brotli (.br) and gzip (.gz) copies of the browser app's text files next to them, once at
// build time; the server picks the best one the browser accepts (serveStatic `precompressed`).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = 'dist/web';
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== '.vite') walk(path);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const content = readFileSync(path);
    if (content.length < MIN_BYTES) continue;
    const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    files += 1;
    before += content.length;
    after += br.length;
  }
}
walk(root);
console.log(`precompressed ${files} files: ${(before / 1024).toFixed(0)} KiB -> ${(after / 1024).toFixed(0)} KiB with Brotli`);

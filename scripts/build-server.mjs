// Bundles the server into dist/server/main.js and copies what it reads at run time (migrations,
// seed data) next to it, so dist/ runs on its own with node_modules. The public pages' stylesheet is
// built here with the app's tokens and goes into the bundle (modules/directory/directory-style.ts).
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { compileStylesheet } from '../src/server/render/stylesheet.mjs';

rmSync('dist/server', { recursive: true, force: true });
mkdirSync('dist/server', { recursive: true });

await build({
  entryPoints: ['src/server/main.ts', 'src/server/cli/create-admin.ts'],
  outdir: 'dist/server',
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  // The server renders some of the app's components (decision records 0006, 0015); Vite's build-time
  // flags are constants there too.
  define: {
    'import.meta.env.DEV': 'false',
    'import.meta.env.PROD': 'true',
    __DIRECTORY_CSS__: JSON.stringify(await compileStylesheet('src/server/modules/directory/directory.css')),
  },
  logLevel: 'warning',
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
}).catch(() => process.exit(1));

cpSync('src/server/db/migrations', 'dist/server/db/migrations', { recursive: true });
cpSync('src/server/db/seed/data', 'dist/server/db/seed/data', { recursive: true });
console.log('server bundle written to dist/server');

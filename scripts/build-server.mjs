// Bundles the server into dist/server/main.js and copies what it reads at run time (migrations,
// seed data) next to it, so dist/ runs on its own with node_modules. The public pages' stylesheet is
// built here with the app's tokens and goes into the bundle (modules/directory/directory-style.ts).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';
import { compileStylesheet } from '../src/server/render/stylesheet.mjs';

// React and every package that uses it go into the bundle, built for production (decision record
// 0029): React picks its development or production build by `process.env.NODE_ENV` when it is first
// loaded, so from node_modules the built server rendered with the development build whenever it ran
// with NODE_ENV other than production (the benches and the browser tests run it with `test`): three to
// five times the CPU per render, and warnings checks no user sees. One React in the process: a package
// that imports it is bundled with it, or it would load a second copy from node_modules. The other
// packages stay in node_modules as before.
const REACT_CORE = new Set(['react', 'react-dom', 'scheduler']);
const bundled = new Map();
function packageJson(name) {
  const file = `node_modules/${name}/package.json`;
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}
/** Whether the package is React or needs it (its dependencies, or peers it does not mark optional), directly or through another. */
function usesReact(name, seen = new Set()) {
  if (bundled.has(name)) return bundled.get(name);
  if (REACT_CORE.has(name)) return true;
  if (seen.has(name)) return false;
  seen.add(name);
  const json = packageJson(name);
  if (!json) return false;
  const optional = json.peerDependenciesMeta ?? {};
  const needs = [...Object.keys(json.dependencies ?? {}), ...Object.keys(json.peerDependencies ?? {}).filter((peer) => !optional[peer]?.optional)];
  const result = needs.some((dependency) => usesReact(dependency, seen));
  bundled.set(name, result);
  return result;
}
const reactInTheBundle = {
  name: 'react-in-the-bundle',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return undefined;
      const parts = args.path.split('/');
      const name = args.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
      // Not a package (a path alias such as @web/…): esbuild resolves it.
      if (!packageJson(name)) return undefined;
      return usesReact(name) ? undefined : { path: args.path, external: true };
    });
  },
};

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
  plugins: [reactInTheBundle],
  sourcemap: true,
  // The server renders some of the app's components (decision records 0006, 0015); Vite's build-time
  // flags are constants there too.
  define: {
    'import.meta.env.DEV': 'false',
    'import.meta.env.PROD': 'true',
    'process.env.NODE_ENV': '"production"',
    __DIRECTORY_CSS__: JSON.stringify(await compileStylesheet('src/server/modules/directory/directory.css')),
  },
  logLevel: 'warning',
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
}).catch(() => process.exit(1));

cpSync('src/server/db/migrations', 'dist/server/db/migrations', { recursive: true });
cpSync('src/server/db/seed/data', 'dist/server/db/seed/data', { recursive: true });
console.log('server bundle written to dist/server');

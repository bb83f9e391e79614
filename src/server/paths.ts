import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The production build bundles the server into dist/server/main.js and copies the migrations and
 * seed data next to it, so every path below is the same relative to this file in source and in dist.
 */
export const serverDir = dirname(fileURLToPath(import.meta.url));
export const migrationsDir = join(serverDir, 'db', 'migrations');
export const seedDataDir = join(serverDir, 'db', 'seed', 'data');
/** dist/web when running the build; undefined when running from source (Vite serves the web app). */
export const webDistDir = serverDir.endsWith(join('dist', 'server')) ? join(serverDir, '..', 'web') : undefined;

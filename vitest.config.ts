import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { aliases } from './vite.config.ts';

// Four projects: pure unit tests (node), React components (jsdom), the API suite, which runs the
// app in-process against a freshly migrated database (PGlite, or PostgreSQL when DATABASE_URL is set),
// and the cluster test of the built server behind a real proxy (PostgreSQL only).
export default defineConfig({
  resolve: { alias: aliases },
  test: {
    projects: [
      {
        resolve: { alias: aliases },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['src/shared/**/*.test.ts', 'src/server/**/*.unit.test.ts', 'tests/unit/**/*.test.ts'],
        },
      },
      {
        plugins: [react()],
        resolve: { alias: aliases },
        test: {
          name: 'components',
          environment: 'jsdom',
          include: ['src/web/**/*.test.tsx', 'src/web/**/*.test.ts'],
          setupFiles: ['tests/support/setup-components.ts'],
        },
      },
      {
        resolve: { alias: aliases },
        test: {
          name: 'api',
          environment: 'node',
          include: ['src/server/**/*.api.test.ts', 'tests/api/**/*.test.ts'],
          setupFiles: ['tests/support/setup-api.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One PGlite instance per file is heavy on 2 cores; files run in parallel, tests inside serially.
          maxWorkers: 2,
          // Each file builds its own app and database, so the files of a worker share the imported
          // modules instead of loading the server's graph again (about 3 s a file, 2 minutes a pass).
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias: aliases },
        test: {
          // The production shape: built processes behind haproxy (needs `npm run build` and DATABASE_URL).
          name: 'cluster',
          environment: 'node',
          include: ['tests/cluster/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});

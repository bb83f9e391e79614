import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { migrationsDir } from '../../src/server/paths';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or — when DATABASE_URL is set —
 * a new PostgreSQL database created beside the one the URL names and dropped afterwards.
 */
export async function createTestDatabase(options: { onQuery?: (query: string, params: unknown[]) => void } = {}): Promise<DatabaseHandle & { url?: string }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const handle = await createDatabase(options);
    await handle.migrate(migrationsDir);
    return handle;
  }
  const name = `vitae_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ databaseUrl: url.toString(), poolSize: 4, ...options });
  await handle.migrate(migrationsDir);
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } catch {
        // A role without pg_signal_backend cannot force; the pool is closed, so a plain drop works
        // once stray connections (child processes killed by the fault tests) are gone.
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await cleanup.query(`drop database if exists ${name}`).catch(() => {});
      } finally {
        await cleanup.end();
      }
    },
  };
}

export const databaseLabel = process.env.DATABASE_URL ? 'postgres' : 'pglite';

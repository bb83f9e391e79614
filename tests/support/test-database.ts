import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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
    const handle = await createDatabase({ ...options, loadDataDir: await migratedTemplate() });
    // Applies nothing when the template is current; proves it is.
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

/**
 * A freshly migrated PGlite data folder, dumped once and shared by every test file (and every worker)
 * through a file named by the PGlite version and the migrations' contents: creating and migrating an in-memory PGlite took
 * about 3.3 s per file, loading the dump far less.
 */
async function migratedTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  // A dump is only good for the PGlite that wrote it.
  hash.update(readFileSync(join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json')));
  for (const file of readdirSync(migrationsDir, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(migrationsDir, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(path));
  }
  const path = join(tmpdir(), `vitae-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(path)) {
    const handle = await createDatabase();
    await handle.migrate(migrationsDir);
    const dump = await (handle.db as unknown as { $client: { dumpDataDir: (compression: 'none') => Promise<Blob> } }).$client.dumpDataDir('none');
    await handle.close();
    // Written aside and renamed: a worker that reads it sees the whole file or none.
    const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
  }
  return new Blob([readFileSync(path)]);
}

// `npm run db:migrate`: apply the committed migrations to DATABASE_URL or the PGlite folder.
import { loadEnv } from '../env';
import { migrationsDir } from '../paths';
import { createDatabase, readMigrationLevel } from './client';

const env = loadEnv();
const database = await createDatabase({
  databaseUrl: env.DATABASE_URL,
  dataDir: env.DATA_DIR,
  poolSize: env.DATABASE_POOL_SIZE,
  statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
  connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
});
try {
  await database.migrate(migrationsDir);
  const level = await readMigrationLevel(database.db, migrationsDir);
  console.log(`${database.kind}: ${level.applied} of ${level.available} migrations applied (latest ${level.latest})`);
} finally {
  await database.close();
}

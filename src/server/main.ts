import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createDatabase, DataDirLockedError, type DatabaseHandle } from './db/client';
import { seedDatabase } from './db/seed';
import { EnvError, loadEnv } from './env';
import { createLogger } from './lib/logger';
import { initServerSentry } from './lib/sentry';
import { createJobHandlers } from './jobs/handlers';
import { createWorker } from './jobs/queue';
import { migrationsDir, seedDataDir, webDistDir } from './paths';

async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: env.logLevel, environment: env.NODE_ENV });
  initServerSentry(env);

  let database: DatabaseHandle;
  try {
    database = await createDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: env.DATABASE_POOL_SIZE, statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS, connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await database.migrate(migrationsDir);
  const seeded = await seedDatabase(database.db, { dataDir: seedDataDir, demo: env.seedDemoData, logger });

  const app = createApp({ env, database, logger, migrationsDir, webDir: webDistDir });
  // Background work (tracker filing, syncs, scheduled discovery) runs in every app process.
  const worker = createWorker(database.db, createJobHandlers({ db: database.db, env, logger }), logger);
  worker.start();
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.host }, (info) => {
    const url = env.APP_URL ?? `http://localhost:${info.port}`;
    const lines = [
      '',
      `  Vitae is running at ${url}`,
      `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${env.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'}`,
    ];
    if (seeded.demo) {
      lines.push(
        `  Demo system admin:   ${seeded.demo.systemAdminEmail}`,
        `  Demo hospital admin: ${seeded.demo.hospitalAdminEmail} (${seeded.demo.hospitalName})`,
        `  Sign in at ${url}/admin/login with one of these e-mails; the magic link appears at ${url}/dev/outbox`,
        `  Public find-a-doctor directory: ${url}${seeded.demo.directoryPath}`,
      );
    }
    lines.push('');
    console.log(lines.join('\n'));
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    server.close();
    await worker.stop();
    await database.close();
    logger.flush();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

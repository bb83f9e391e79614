import type { Server as HttpServer } from 'node:http';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { createApp } from './app';
import { createDatabase, DataDirLockedError, type DatabaseHandle } from './db/client';
import { seedDatabase } from './db/seed';
import { createStorageFromEnv } from './integrations/storage';
import { EnvError, loadEnv } from './env';
import { createLogger } from './lib/logger';
import { lowerEventLoopPriority } from './lib/thread-priority';
import { initServerSentry } from './lib/sentry';
import { createJobHandlers } from './jobs/handlers';
import { scheduleHistoryPurge } from './modules/profile/history-jobs';
import { scheduleAppointmentPurge } from './modules/appointment-requests/jobs';
import { scheduleRateLimitSweep } from './auth/rate-limit-jobs';
import { scheduleRosterReminders } from './modules/roster/reminders';
import { createWorker, SHORT_LEASE_MS } from './jobs/queue';
import { ROSTER_DRAFT_JOB } from './modules/roster/drafts';
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
    database = await createDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      poolSize: env.DATABASE_POOL_SIZE,
      publicPool: { size: env.DATABASE_PUBLIC_POOL_SIZE, statementTimeoutMs: env.DATABASE_PUBLIC_STATEMENT_TIMEOUT_MS, readUrl: env.DATABASE_READ_URL },
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await database.migrate(migrationsDir);
  // One file store for the app and the seed (the demo clinicians' avatars are stored as uploads are).
  const storage = createStorageFromEnv(env);
  // Processes started together seed one after another: the seed is idempotent, not safe to run twice at once.
  const seeded = await database.exclusively('vitae:seed', () => seedDatabase(database.db, { dataDir: seedDataDir, demo: env.seedDemoData, logger, storage }));
  // PGlite has no autovacuum: each start refreshes the planner's statistics of every table (about a
  // second for a demo database grown to 50,000 terms), so tables that grew a row at a time since the
  // last start are planned for their size. Bulk writes refresh their table at once (analyzeAfterBulkWrite).
  if (database.kind === 'pglite') await database.db.execute(sql`analyze`);

  let draining = false;
  const app = createApp({ env, database, logger, migrationsDir, webDir: webDistDir, storage, isDraining: () => draining });
  // Background work (tracker filing, syncs, scheduled discovery) runs in every app process.
  // A roster batch whose process died is taken back after ROSTER_JOB_LEASE_MS (it renews its lease per row).
  const worker = createWorker(database.db, createJobHandlers({ db: database.db, env, logger }), logger, {
    leases: { ...SHORT_LEASE_MS, [ROSTER_DRAFT_JOB]: env.ROSTER_JOB_LEASE_MS },
  });
  worker.start();
  // The change history's retention, when set: a daily purge on the jobs queue.
  await scheduleHistoryPurge(database.db, env.HISTORY_RETENTION_DAYS);
  // Appointment requests are deleted after each hospital's retention (decision 0021): a daily purge.
  await scheduleAppointmentPurge(database.db);
  // Rate-limit counters past every window: an hourly sweep.
  await scheduleRateLimitSweep(database.db);
  // Roster reminders (ROSTER_REMINDER_DAYS after each invitation): an hourly run.
  await scheduleRosterReminders(database.db, env.ROSTER_REMINDER_DAYS);
  // A sign-in's password hash goes ahead of the event loop on a busy machine (decision 0039).
  try {
    const lowered = await lowerEventLoopPriority(env.EVENT_LOOP_NICE);
    if (lowered) logger.info(lowered, 'event loop runs below the thread pool');
  } catch (error) {
    logger.warn({ err: error }, 'could not lower the event loop priority');
  }
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
  const http1 = server as HttpServer;
  http1.requestTimeout = env.HTTP_REQUEST_TIMEOUT_MS;
  http1.headersTimeout = Math.min(60_000, env.HTTP_REQUEST_TIMEOUT_MS);
  http1.keepAliveTimeout = env.HTTP_KEEP_ALIVE_TIMEOUT_MS;

  // Graceful drain: health turns 503 so the load balancer stops sending work (SHUTDOWN_GRACE_MS, a
  // couple of its check intervals), then the listener closes, idle connections close, and the
  // process waits for every in-flight request to finish before it stops the worker and the pool.
  const shutdown = async (signal: string) => {
    if (draining) return;
    draining = true;
    logger.info({ signal, graceMs: env.SHUTDOWN_GRACE_MS }, 'shutting down');
    const forced = setTimeout(() => process.exit(1), env.SHUTDOWN_GRACE_MS + 30_000);
    forced.unref();
    await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_GRACE_MS));
    await new Promise<void>((resolve) => {
      http1.close(() => resolve());
      http1.closeIdleConnections();
    });
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

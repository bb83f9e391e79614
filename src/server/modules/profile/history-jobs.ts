/**
 * Retention of the change history (HISTORY_RETENTION_DAYS, unset = keep forever): one daily job on
 * the jobs queue deletes changes older than the setting. Every process asks for it at start; an
 * advisory lock and the queued job itself keep it to one, and each run queues the next.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema';
import type { Env } from '../../env';
import { enqueueJob, type JobHandler } from '../../jobs/queue';
import type { Logger } from '../../lib/logger';
import { purgeHistory } from './history';

export const HISTORY_PURGE_JOB = 'history.purge';
const DAY_MS = 86_400_000;

/** Queues the purge now unless one is already queued or running; nothing when history is kept forever. */
export async function scheduleHistoryPurge(db: Database, retentionDays: number | undefined, now = new Date()) {
  if (!retentionDays) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('history-purge-schedule'))`);
    const [existing] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.type, HISTORY_PURGE_JOB), inArray(jobs.status, ['queued', 'running'])))
      .limit(1);
    if (existing) return false;
    await enqueueJob(tx as unknown as Database, HISTORY_PURGE_JOB, {}, { runAt: now, maxAttempts: 3 });
    return true;
  });
}

export function createHistoryJobHandlers(deps: { db: Database; env: Pick<Env, 'HISTORY_RETENTION_DAYS'>; logger: Logger }): Record<string, JobHandler> {
  return {
    [HISTORY_PURGE_JOB]: async (job) => {
      const days = deps.env.HISTORY_RETENTION_DAYS;
      // The setting was removed since the job was queued: keep everything, and stop.
      if (!days) return;
      const deleted = await purgeHistory(deps.db, days);
      deps.logger.info({ jobId: job.id, deleted, retentionDays: days }, 'profile history older than the retention deleted');
      await enqueueJob(deps.db, HISTORY_PURGE_JOB, {}, { runAt: new Date(Date.now() + DAY_MS), maxAttempts: 3 });
    },
  };
}

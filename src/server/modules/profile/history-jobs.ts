/**
 * Retention of the change history (HISTORY_RETENTION_DAYS, unset = keep forever): one daily job on
 * the jobs queue deletes changes older than the setting. Every process asks for it at start; an
 * advisory lock and the queued job itself keep it to one, and each run queues the next.
 */
import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { recurringHandler, scheduleRecurringJob } from '../../jobs/recurring';
import type { JobHandler } from '../../jobs/queue';
import type { Logger } from '../../lib/logger';
import { purgeHistory } from './history';

export const HISTORY_PURGE_JOB = 'history.purge';
const HISTORY_PURGE = { type: HISTORY_PURGE_JOB, intervalMs: 86_400_000 };

/** Queues the purge now unless one is already queued or running; nothing when history is kept forever. */
export async function scheduleHistoryPurge(db: Database, retentionDays: number | undefined, now = new Date()) {
  if (!retentionDays) return false;
  return scheduleRecurringJob(db, HISTORY_PURGE, now);
}

export function createHistoryJobHandlers(deps: { db: Database; env: Pick<Env, 'HISTORY_RETENTION_DAYS'>; logger: Logger }): Record<string, JobHandler> {
  return recurringHandler(deps.db, HISTORY_PURGE, async (job) => {
    const days = deps.env.HISTORY_RETENTION_DAYS;
    // The setting was removed since the job was queued: keep everything, and stop.
    if (!days) return false;
    const deleted = await purgeHistory(deps.db, days);
    deps.logger.info({ jobId: job.id, deleted, retentionDays: days }, 'profile history older than the retention deleted');
  });
}

/**
 * Old rate-limit counters are deleted by a recurring job on the jobs queue: every counted attempt is
 * a row (rate-limit.ts), the public directory's limit alone writes one per request, and nothing else
 * deletes them. Hourly, so the table holds about a day and an hour of attempts at most (the longest
 * window is a day). Every process asks for it at start; an advisory lock and the queued job itself
 * keep it to one, and each run queues the next (as the history and appointment-request purges do).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { enqueueJob, type JobHandler } from '../jobs/queue';
import type { Logger } from '../lib/logger';
import { sweepRateLimits } from './rate-limit';

export const RATE_LIMIT_SWEEP_JOB = 'rate_limits.sweep';
const HOUR_MS = 3_600_000;

/** Queues the sweep now unless one is already queued or running. */
export async function scheduleRateLimitSweep(db: Database, now = new Date()) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('rate-limit-sweep-schedule'))`);
    const [existing] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.type, RATE_LIMIT_SWEEP_JOB), inArray(jobs.status, ['queued', 'running'])))
      .limit(1);
    if (existing) return false;
    await enqueueJob(tx as unknown as Database, RATE_LIMIT_SWEEP_JOB, {}, { runAt: now, maxAttempts: 3 });
    return true;
  });
}

export function createRateLimitJobHandlers(deps: { db: Database; logger: Logger }): Record<string, JobHandler> {
  return {
    [RATE_LIMIT_SWEEP_JOB]: async (job) => {
      const deleted = await sweepRateLimits(deps.db);
      deps.logger.info({ jobId: job.id, deleted }, 'rate-limit counters past every window deleted');
      await enqueueJob(deps.db, RATE_LIMIT_SWEEP_JOB, {}, { runAt: new Date(Date.now() + HOUR_MS), maxAttempts: 3 });
    },
  };
}

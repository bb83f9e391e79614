/**
 * Old rate-limit counters are deleted by a recurring job on the jobs queue: every counted attempt is
 * a row (rate-limit.ts), the public directory's limit alone writes one per request, and nothing else
 * deletes them. Hourly, so the table holds about a day and an hour of attempts at most (the longest
 * window is a day). Every process asks for it at start; an advisory lock and the queued job itself
 * keep it to one, and each run queues the next (as the history and appointment-request purges do).
 */
import type { Database } from '../db/client';
import type { JobHandler } from '../jobs/queue';
import { recurringHandler, scheduleRecurringJob } from '../jobs/recurring';
import type { Logger } from '../lib/logger';
import { sweepRateLimits } from './rate-limit';

export const RATE_LIMIT_SWEEP_JOB = 'rate_limits.sweep';
const RATE_LIMIT_SWEEP = { type: RATE_LIMIT_SWEEP_JOB, intervalMs: 3_600_000 };

/** Queues the sweep now unless one is already queued or running. */
export const scheduleRateLimitSweep = (db: Database, now = new Date()) => scheduleRecurringJob(db, RATE_LIMIT_SWEEP, now);

export function createRateLimitJobHandlers(deps: { db: Database; logger: Logger }): Record<string, JobHandler> {
  return recurringHandler(deps.db, RATE_LIMIT_SWEEP, async (job) => {
    const deleted = await sweepRateLimits(deps.db);
    deps.logger.info({ jobId: job.id, deleted }, 'rate-limit counters past every window deleted');
  });
}

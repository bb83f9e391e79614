/**
 * Recurring jobs on the jobs queue (history purge, appointment-request purge, rate-limit sweep,
 * roster reminders): every process asks for the job at start; an advisory lock and the queued job
 * itself keep it to one, and each run queues the next after its interval. One helper for all of
 * them instead of the same block in each module (issue 38).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';
import { enqueueJob, type JobHandler, type JobRow } from './queue';

export interface RecurringJob {
  /** The job type (also names the advisory lock that keeps it to one). */
  type: string;
  /** Time between the end of one run and the next. */
  intervalMs: number;
  maxAttempts?: number;
}

/** Queues the job now unless one of its type is already queued or running; true when it queued one. */
export async function scheduleRecurringJob(db: Database, job: RecurringJob, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`recurring:${job.type}`}))`);
    const [existing] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.type, job.type), inArray(jobs.status, ['queued', 'running'])))
      .limit(1);
    if (existing) return false;
    await enqueueJob(tx as unknown as Database, job.type, {}, { runAt: now, maxAttempts: job.maxAttempts ?? 3 });
    return true;
  });
}

/**
 * The job's handler: runs the work, then queues the next run after the interval. `run` answering
 * false stops the series (the setting that asked for it was removed).
 */
export function recurringHandler(db: Database, job: RecurringJob, run: (row: JobRow) => Promise<boolean | void>): Record<string, JobHandler> {
  return {
    [job.type]: async (row) => {
      if ((await run(row)) === false) return;
      await enqueueJob(db, job.type, {}, { runAt: new Date(Date.now() + job.intervalMs), maxAttempts: job.maxAttempts ?? 3 });
    },
  };
}

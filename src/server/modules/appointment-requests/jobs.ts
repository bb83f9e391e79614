/**
 * Retention of appointment requests (decision 0021): one daily job on the jobs queue deletes each
 * hospital's requests older than its retention (hospitals.appointment_retention_days, 90 by
 * default). Every process asks for it at start; an advisory lock and the queued job itself keep it
 * to one, and each run queues the next.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema';
import { enqueueJob, type JobHandler } from '../../jobs/queue';
import type { Logger } from '../../lib/logger';
import { purgeAppointmentRequests } from './service';

export const APPOINTMENT_PURGE_JOB = 'appointment_requests.purge';
const DAY_MS = 86_400_000;

/** Queues the purge now unless one is already queued or running. */
export async function scheduleAppointmentPurge(db: Database, now = new Date()) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('appointment-purge-schedule'))`);
    const [existing] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.type, APPOINTMENT_PURGE_JOB), inArray(jobs.status, ['queued', 'running'])))
      .limit(1);
    if (existing) return false;
    await enqueueJob(tx as unknown as Database, APPOINTMENT_PURGE_JOB, {}, { runAt: now, maxAttempts: 3 });
    return true;
  });
}

export function createAppointmentJobHandlers(deps: { db: Database; logger: Logger }): Record<string, JobHandler> {
  return {
    [APPOINTMENT_PURGE_JOB]: async (job) => {
      const deleted = await purgeAppointmentRequests(deps.db);
      deps.logger.info({ jobId: job.id, deleted }, 'appointment requests past their hospital’s retention deleted');
      await enqueueJob(deps.db, APPOINTMENT_PURGE_JOB, {}, { runAt: new Date(Date.now() + DAY_MS), maxAttempts: 3 });
    },
  };
}

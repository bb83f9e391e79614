/**
 * Retention of appointment requests (decision 0021): one daily job on the jobs queue deletes each
 * hospital's requests older than its retention (hospitals.appointment_retention_days, 90 by
 * default). Every process asks for it at start; an advisory lock and the queued job itself keep it
 * to one, and each run queues the next.
 */
import type { Database } from '../../db/client';
import type { JobHandler } from '../../jobs/queue';
import { recurringHandler, scheduleRecurringJob } from '../../jobs/recurring';
import type { Logger } from '../../lib/logger';
import { purgeAppointmentRequests } from './service';

export const APPOINTMENT_PURGE_JOB = 'appointment_requests.purge';
const APPOINTMENT_PURGE = { type: APPOINTMENT_PURGE_JOB, intervalMs: 86_400_000 };

/** Queues the purge now unless one is already queued or running. */
export const scheduleAppointmentPurge = (db: Database, now = new Date()) => scheduleRecurringJob(db, APPOINTMENT_PURGE, now);

export function createAppointmentJobHandlers(deps: { db: Database; logger: Logger }): Record<string, JobHandler> {
  return recurringHandler(deps.db, APPOINTMENT_PURGE, async (job) => {
    const deleted = await purgeAppointmentRequests(deps.db);
    deps.logger.info({ jobId: job.id, deleted }, 'appointment requests past their hospital’s retention deleted');
  });
}

import { and, eq, sql } from 'drizzle-orm';
import { nextScheduledRun, type NotificationFrequency, type NotificationSettings } from '../../../shared/schemas/notifications';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';

/**
 * The provider's scheduled discovery search, as a queued job: part of the notification settings (day,
 * hour, frequency are saved there), so it lives with them; the discovery module runs the job and
 * imports this, never the other way round.
 */
export const SCHEDULED_DISCOVERY_JOB = 'discovery.scheduled';

type Schedule = Pick<NotificationSettings, 'scheduleEnabled' | 'scheduleDay' | 'scheduleHour' | 'frequency'>;

const queuedFor = (userId: string) => and(eq(jobs.type, SCHEDULED_DISCOVERY_JOB), eq(jobs.status, 'queued'), sql`${jobs.payload}->>'userId' = ${userId}`);

/**
 * Keeps exactly one queued scheduled search per provider, due at the next slot after `now` (UTC).
 * A per-provider advisory lock serialises this between a settings save and a job re-enqueueing
 * itself, so the two cannot leave two queued searches behind.
 */
export async function syncDiscoverySchedule(db: Database, userId: string, schedule: Schedule, now = new Date()): Promise<Date | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`discovery-schedule:${userId}`}))`);
    await tx.delete(jobs).where(queuedFor(userId));
    if (!schedule.scheduleEnabled) return null;
    const runAt = nextScheduledRun(schedule, now);
    // The frequency rides in the payload: notification_settings has no column for it yet.
    await enqueueJob(tx as unknown as Database, SCHEDULED_DISCOVERY_JOB, { userId, frequency: schedule.frequency }, { runAt, maxAttempts: 3 });
    return runAt;
  });
}

/** The provider's queued scheduled search, if any: when it runs and at what frequency it was set up. */
export async function queuedSchedule(db: Database, userId: string): Promise<{ runAt: Date; frequency: NotificationFrequency } | null> {
  const [job] = await db.select({ runAt: jobs.runAt, payload: jobs.payload }).from(jobs).where(queuedFor(userId)).orderBy(jobs.runAt).limit(1);
  if (!job) return null;
  return { runAt: job.runAt, frequency: job.payload.frequency === 'daily' ? 'daily' : 'weekly' };
}

import { randomUUID } from 'node:crypto';
import { and, eq, lte, or, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client';
import { jobs } from '../db/schema';
import type { Logger } from '../lib/logger';

export type JobRow = typeof jobs.$inferSelect;
export type JobHandler = (job: JobRow) => Promise<void>;

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
  queue?: string;
}

export async function enqueueJob(db: Database, type: string, payload: Record<string, unknown>, options: EnqueueOptions = {}) {
  const [job] = await db
    .insert(jobs)
    .values({ type, payload, queue: options.queue ?? 'default', runAt: options.runAt ?? new Date(), maxAttempts: options.maxAttempts ?? 5 })
    .returning();
  return job!;
}

/** Retry delay after the n-th failed attempt: 30 s, 2 min, 8 min, … capped at 1 hour. */
export const retryDelayMs = (attempt: number) => Math.min(30_000 * 4 ** Math.max(0, attempt - 1), 60 * 60_000);

/**
 * Claims one due job. `FOR UPDATE SKIP LOCKED` lets several app processes poll the same table
 * without ever handing one job to two of them; the claim commits before the work starts.
 */
export async function claimJob(db: Database, workerId: string, types: string[], now = new Date()): Promise<JobRow | null> {
  if (types.length === 0) return null;
  const result = await db.execute(sql`
    update jobs set status = 'running', locked_by = ${workerId}, locked_at = ${now.toISOString()}::timestamptz, attempts = attempts + 1
    where id = (
      select id from jobs
      where status = 'queued' and run_at <= ${now.toISOString()}::timestamptz and type in (${sql.join(
        types.map((t) => sql`${t}`),
        sql`, `,
      )})
      order by run_at, created_at
      limit 1
      for update skip locked
    )
    returning id`);
  const [row] = rowsOf<{ id: string }>(result);
  if (!row) return null;
  const [job] = await db.select().from(jobs).where(eq(jobs.id, row.id)).limit(1);
  return job ?? null;
}

export async function completeJob(db: Database, id: string) {
  await db.update(jobs).set({ status: 'completed', finishedAt: new Date(), lockedBy: null }).where(eq(jobs.id, id));
}

export async function failJob(db: Database, job: JobRow, error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  const exhausted = job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set(
      exhausted
        ? { status: 'failed', lastError: message.slice(0, 2000), finishedAt: new Date(), lockedBy: null }
        : { status: 'queued', lastError: message.slice(0, 2000), runAt: new Date(Date.now() + retryDelayMs(job.attempts)), lockedBy: null },
    )
    .where(eq(jobs.id, job.id));
}

/** Jobs whose worker died mid-run (process killed) go back to the queue after this long. */
const STALE_LOCK_MS = 15 * 60_000;

/**
 * Job types that renew their lock as they go (heartbeatJob) and so can be taken back sooner after a
 * crash: the roster's pre-filling batches renew it before each row, and one row takes at most a
 * registry look-up with its retries (about two minutes) and a listing-service import.
 */
export const SHORT_LEASE_MS: Record<string, number> = { 'roster.draft': 5 * 60_000 };

/** Renews a running job's lock (its `locked_at`), so the stale-lock rule does not take it back while it works. */
export async function heartbeatJob(db: Database, id: string, now = new Date()) {
  await db
    .update(jobs)
    .set({ lockedAt: now })
    .where(and(eq(jobs.id, id), eq(jobs.status, 'running')));
}

export async function requeueStaleJobs(db: Database, now = new Date(), leases: Record<string, number> = SHORT_LEASE_MS) {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const short = Object.entries(leases).map(([type, ms]) => and(eq(jobs.type, type), lte(jobs.lockedAt, before(ms))));
  await db
    .update(jobs)
    .set({ status: 'queued', lockedBy: null })
    .where(and(eq(jobs.status, 'running'), or(lte(jobs.lockedAt, before(STALE_LOCK_MS)), ...short)));
}

export interface Worker {
  id: string;
  /** Runs due jobs until none is left; returns how many ran. */
  drain(): Promise<number>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

/** A polling worker for the registered job types; one per app process. */
export interface WorkerOptions {
  /** Short leases by job type (default SHORT_LEASE_MS); the app takes the roster's from ROSTER_JOB_LEASE_MS. */
  leases?: Record<string, number>;
}

export function createWorker(db: Database, handlers: Record<string, JobHandler>, logger: Logger, options: WorkerOptions = {}): Worker {
  const id = `worker-${process.pid}-${randomUUID().slice(0, 8)}`;
  const types = Object.keys(handlers);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  const runOne = async () => {
    const job = await claimJob(db, id, types);
    if (!job) return false;
    try {
      await handlers[job.type]!(job);
      await completeJob(db, job.id);
      logger.info({ jobId: job.id, type: job.type }, 'job completed');
    } catch (error) {
      logger.warn({ err: error, jobId: job.id, type: job.type, attempt: job.attempts }, 'job failed');
      await failJob(db, job, error);
    }
    return true;
  };

  const drain = async () => {
    let count = 0;
    while (await runOne()) count += 1;
    return count;
  };

  return {
    id,
    drain: () => {
      running ??= drain().finally(() => {
        running = undefined;
      });
      return running;
    },
    start(intervalMs = 5_000) {
      const tick = async () => {
        try {
          await requeueStaleJobs(db, new Date(), options.leases);
          await this.drain();
        } catch (error) {
          logger.error({ err: error }, 'job worker tick failed');
        }
        timer = setTimeout(() => void tick(), intervalMs);
        timer.unref();
      };
      timer = setTimeout(() => void tick(), 1_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/client';
import { RATE_LIMIT_SWEEP_JOB, createRateLimitJobHandlers, scheduleRateLimitSweep } from '../../src/server/auth/rate-limit-jobs';
import { consumeRateLimit } from '../../src/server/auth/rate-limit';
import { jobs, rateLimitCounters } from '../../src/server/db/schema';
import { createWorker, enqueueJob, type JobRow } from '../../src/server/jobs/queue';
import { createLogger } from '../../src/server/lib/logger';
import { createTestDatabase, databaseLabel } from '../support/test-database';

let database: DatabaseHandle;
const logger = createLogger({ level: 'silent', environment: 'test' });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe(`background jobs (${databaseLabel})`, () => {
  it('runs every job exactly once with two workers polling the same table', async () => {
    const runs = new Map<string, number>();
    const handler = async (job: JobRow) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 2));
    };
    const queued = await Promise.all(Array.from({ length: 30 }, (_, i) => enqueueJob(database.db, 'test.count', { i })));
    const a = createWorker(database.db, { 'test.count': handler }, logger);
    const b = createWorker(database.db, { 'test.count': handler }, logger);
    const [ranA, ranB] = await Promise.all([a.drain(), b.drain()]);
    expect(ranA + ranB).toBe(30);
    expect(queued.every((job) => runs.get(job.id) === 1)).toBe(true);
    const states = await database.db.select({ status: jobs.status, lockedBy: jobs.lockedBy }).from(jobs).where(eq(jobs.type, 'test.count'));
    expect(states.every((s) => s.status === 'completed')).toBe(true);
  });

  it('retries a failing job later and marks it failed after its last attempt', async () => {
    const job = await enqueueJob(database.db, 'test.fail', {}, { maxAttempts: 2 });
    const worker = createWorker(database.db, { 'test.fail': async () => Promise.reject(new Error('upstream down')) }, logger);
    expect(await worker.drain()).toBe(1);
    const [afterFirst] = await database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(afterFirst).toMatchObject({ status: 'queued', attempts: 1, lastError: 'upstream down' });
    expect(afterFirst!.runAt.getTime()).toBeGreaterThan(Date.now());
    await database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job.id));
    await worker.drain();
    const [afterSecond] = await database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(afterSecond).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('leaves jobs that are not yet due', async () => {
    await enqueueJob(database.db, 'test.later', {}, { runAt: new Date(Date.now() + 60_000) });
    const worker = createWorker(database.db, { 'test.later': async () => {} }, logger);
    expect(await worker.drain()).toBe(0);
  });

  it('sweeps rate-limit counters past every window on a recurring job, keeping the last day', async () => {
    const day = 24 * 3_600_000;
    const key = `sweep-test:${Date.now()}`;
    await consumeRateLimit(database.db, { key, limit: 10, windowMs: day }, new Date(Date.now() - day - 60_000));
    await consumeRateLimit(database.db, { key, limit: 10, windowMs: day }, new Date(Date.now() - day + 60_000));
    await consumeRateLimit(database.db, { key, limit: 10, windowMs: day });

    expect(await scheduleRateLimitSweep(database.db)).toBe(true);
    expect(await scheduleRateLimitSweep(database.db)).toBe(false);
    const worker = createWorker(database.db, createRateLimitJobHandlers({ db: database.db, logger }), logger);
    expect(await worker.drain()).toBe(1);

    const left = await database.db
      .select()
      .from(rateLimitCounters)
      .where(like(rateLimitCounters.key, `${key}%`));
    expect(left).toHaveLength(2);
    expect(left.every((row) => row.windowStart.getTime() > Date.now() - day)).toBe(true);
    // Each run queues the next, an hour on.
    const next = await database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, RATE_LIMIT_SWEEP_JOB), eq(jobs.status, 'queued')));
    expect(next).toHaveLength(1);
    expect(next[0]!.runAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
  });
});

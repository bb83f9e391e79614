import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client';
import { rateLimitCounters } from '../db/schema';

export interface RateLimitRule {
  /** What is counted, e.g. `admin-magic-link:jane@example.org`. */
  key: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Attempts in the window, including this one when allowed. */
  count: number;
  /** When the oldest counted attempt leaves the window. */
  retryAfterMs: number;
}

/**
 * A sliding-window limit shared by every app process: each attempt is a row (key, time), and the
 * check-and-record runs under a transaction-scoped advisory lock on the key, so parallel requests
 * cannot both slip under the limit.
 */
export async function consumeRateLimit(db: Database, rule: RateLimitRule, now = new Date()): Promise<RateLimitResult> {
  const windowStart = new Date(now.getTime() - rule.windowMs);
  return db.transaction(async (tx) => {
    // The count need not survive a crash of the database: its commit does not wait for the WAL to
    // reach the disk (3 ms of every public request, measured), and a crash forgets at most the last
    // fraction of a second of counts (decision 0003).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${rule.key})), set_config('synchronous_commit', 'off', true)`);
    const [row] = await tx
      .select({
        count: sql<number>`coalesce(sum(${rateLimitCounters.count}), 0)::int`,
        oldest: sql<Date | null>`min(${rateLimitCounters.windowStart})`.mapWith(rateLimitCounters.windowStart),
      })
      .from(rateLimitCounters)
      .where(and(eq(rateLimitCounters.key, rule.key), gt(rateLimitCounters.windowStart, windowStart)));
    const count = Number(row?.count ?? 0);
    if (count >= rule.limit) {
      const oldest = row?.oldest ? new Date(row.oldest) : now;
      return { allowed: false, count, retryAfterMs: Math.max(0, oldest.getTime() + rule.windowMs - now.getTime()) };
    }
    await tx
      .insert(rateLimitCounters)
      .values({ key: rule.key, windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimitCounters.key, rateLimitCounters.windowStart],
        set: { count: sql`${rateLimitCounters.count} + 1` },
      });
    return { allowed: true, count: count + 1, retryAfterMs: 0 };
  });
}

/** A limit per key (an IP, a user) counted in the database, so every process enforces the same one. */
export interface SharedRateLimiter {
  /** Records an attempt when allowed; refused attempts are not recorded, so waiting always helps. */
  hit(key: string): Promise<{ allowed: true } | { allowed: false; retryAfterMs: number }>;
}

/** `name` keeps one limit's counters apart from the others' (`npi-lookup:203.0.113.7`). */
export function sharedRateLimiter(db: Database, options: { name: string; limit: number; windowMs: number; now?: () => number }): SharedRateLimiter {
  return {
    async hit(key) {
      const now = new Date(options.now ? options.now() : Date.now());
      const result = await consumeRateLimit(db, { key: `${options.name}:${key}`, limit: options.limit, windowMs: options.windowMs }, now);
      return result.allowed ? { allowed: true } : { allowed: false, retryAfterMs: Math.max(1, result.retryAfterMs) };
    },
  };
}

/** Gives back an attempt recorded at `at` (the work it allowed did not happen, e.g. a send failed). */
export async function releaseAttempt(db: Database, key: string, at: Date) {
  await db.delete(rateLimitCounters).where(and(eq(rateLimitCounters.key, key), eq(rateLimitCounters.windowStart, at)));
}

/** The longest window any limit counts (appointment requests per e-mail address: a day). */
const LONGEST_RATE_LIMIT_WINDOW_MS = 24 * 60 * 60_000;

/**
 * Deletes counters older than the longest window, which no limit counts any more, and says how many
 * (counted in the statement: an hour of public traffic is many rows to send back). Run by the
 * recurring job in rate-limit-jobs.ts.
 */
export async function sweepRateLimits(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - LONGEST_RATE_LIMIT_WINDOW_MS);
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`with swept as (delete from ${rateLimitCounters} where ${lt(rateLimitCounters.windowStart, cutoff)} returning 1) select count(*)::int as n from swept`,
    ),
  );
  return Number(row?.n ?? 0);
}

/**
 * Runs `work` only when no other run under `key` is in flight, in any process: the run records a
 * lease row whose window is `leaseMs` (so a process that died mid-run frees it then) and deletes it
 * when it finishes. Returns `busy` instead of waiting: the check takes its advisory lock with
 * `pg_try_…`, so a burst of requests for one key never queues on the lock holding pool connections
 * (forty queued checks held all ten and stalled /api/health).
 */
export async function oneAtATime<T>(
  db: Database,
  key: string,
  leaseMs: number,
  work: () => Promise<T>,
): Promise<{ busy: false; value: T } | { busy: true; retryAfterMs: number }> {
  const leaseKey = `in-flight:${key}`;
  const at = new Date();
  const lease = await db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${leaseKey})) as locked`));
    if (!lock?.locked) return { allowed: false, retryAfterMs: 1_000 };
    const [held] = await tx
      .select({ since: rateLimitCounters.windowStart })
      .from(rateLimitCounters)
      .where(and(eq(rateLimitCounters.key, leaseKey), gt(rateLimitCounters.windowStart, new Date(at.getTime() - leaseMs))))
      .limit(1);
    if (held) return { allowed: false, retryAfterMs: new Date(held.since).getTime() + leaseMs - at.getTime() };
    await tx.insert(rateLimitCounters).values({ key: leaseKey, windowStart: at, count: 1 }).onConflictDoNothing();
    return { allowed: true, retryAfterMs: 0 };
  });
  if (!lease.allowed) return { busy: true, retryAfterMs: Math.max(1, lease.retryAfterMs) };
  try {
    return { busy: false, value: await work() };
  } finally {
    await releaseAttempt(db, leaseKey, at);
  }
}

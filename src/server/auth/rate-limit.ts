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
 * cannot both slip under the limit. The steps are one database function (migration 0033, decision
 * 0033): a public request used to spend five round trips on them (begin, the lock, the count, the
 * record, commit), now one.
 */
export async function consumeRateLimit(db: Database, rule: RateLimitRule, now = new Date()): Promise<RateLimitResult> {
  const windowStart = new Date(now.getTime() - rule.windowMs);
  const [row] = rowsOf<{ allowed: boolean; attempts: number; oldest_attempt: Date | string | null }>(
    await db.execute(
      sql`select allowed, attempts, oldest_attempt from consume_rate_limit(${rule.key}, ${now.toISOString()}::timestamptz, ${windowStart.toISOString()}::timestamptz, ${rule.limit})`,
    ),
  );
  if (!row) throw new Error('consume_rate_limit answered no row');
  const count = Number(row.attempts);
  if (row.allowed) return { allowed: true, count, retryAfterMs: 0 };
  const oldest = row.oldest_attempt ? new Date(row.oldest_attempt) : now;
  return { allowed: false, count, retryAfterMs: Math.max(0, oldest.getTime() + rule.windowMs - now.getTime()) };
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

/**
 * A sliding-window counter per key, in memory. It guards the public NPI lookup (used during sign-up,
 * before there is an account to charge it to) from being used to enumerate the registry through us.
 * Per process only: with several instances each one enforces its own limit.
 */
export interface RateLimiter {
  /** Records an attempt when allowed; refused attempts are not recorded, so waiting always helps. */
  hit(key: string): { allowed: true } | { allowed: false; retryAfterMs: number };
}

export interface RateLimiterOptions {
  limit: number;
  windowMs: number;
  now?: () => number;
  /** Above this many tracked keys stale ones are swept, then the oldest dropped, to bound memory. */
  maxKeys?: number;
}

export function createRateLimiter({ limit, windowMs, now = Date.now, maxKeys = 10_000 }: RateLimiterOptions): RateLimiter {
  const attempts = new Map<string, number[]>();

  function prune(key: string, times: number[], at: number) {
    while (times.length > 0 && (times[0] ?? 0) <= at - windowMs) times.shift();
    if (times.length === 0) attempts.delete(key);
  }

  function bound(at: number) {
    if (attempts.size <= maxKeys) return;
    for (const [key, times] of attempts) prune(key, times, at);
    for (const key of attempts.keys()) {
      if (attempts.size <= maxKeys) break;
      attempts.delete(key);
    }
  }

  return {
    hit(key) {
      const at = now();
      const times = attempts.get(key) ?? [];
      prune(key, times, at);
      if (times.length >= limit) {
        return { allowed: false, retryAfterMs: Math.max(1, (times[0] ?? at) + windowMs - at) };
      }
      times.push(at);
      attempts.set(key, times);
      bound(at);
      return { allowed: true };
    },
  };
}

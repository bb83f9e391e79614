import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit';

describe('createRateLimiter', () => {
  it('allows `limit` attempts per sliding window and says when to come back', () => {
    let clock = 0;
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: () => clock });
    for (const at of [0, 10_000, 20_000]) {
      clock = at;
      expect(limiter.hit('ip').allowed).toBe(true);
    }
    clock = 30_000;
    expect(limiter.hit('ip')).toEqual({ allowed: false, retryAfterMs: 30_000 });
    expect(limiter.hit('other').allowed).toBe(true);
    clock = 60_000;
    expect(limiter.hit('ip').allowed).toBe(true);
    expect(limiter.hit('ip').allowed).toBe(false);
  });

  it('does not count refused attempts', () => {
    let clock = 0;
    const limiter = createRateLimiter({ limit: 1, windowMs: 1_000, now: () => clock });
    limiter.hit('ip');
    for (clock = 100; clock < 1_000; clock += 100) expect(limiter.hit('ip').allowed).toBe(false);
    expect(limiter.hit('ip').allowed).toBe(true);
  });

  it('bounds the number of tracked keys', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: () => 0, maxKeys: 2 });
    limiter.hit('a');
    limiter.hit('b');
    limiter.hit('c');
    // 'a' was dropped to make room, so it starts afresh; 'c' is still tracked.
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('c').allowed).toBe(false);
  });
});

/**
 * At most `limit` starts in any `windowMs` (NCBI allows 3 requests a second without an API key and
 * 10 with one). Callers wait their turn in order; one limiter per client, so every search the
 * process runs shares the allowance.
 */
export interface RateLimiter {
  acquire(): Promise<void>;
}

export function createRateLimiter(options: { limit: number; windowMs?: number; now?: () => number; sleep?: (ms: number) => Promise<void> }): RateLimiter {
  const windowMs = options.windowMs ?? 1000;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const starts: number[] = [];
  let queue: Promise<void> = Promise.resolve();

  const take = async () => {
    for (;;) {
      const current = now();
      while (starts.length > 0 && current - starts[0]! >= windowMs) starts.shift();
      if (starts.length < options.limit) {
        starts.push(current);
        return;
      }
      await sleep(windowMs - (current - starts[0]!));
    }
  };

  return {
    acquire() {
      const turn = queue.then(take);
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
}

import { ADMIN_NETWORK_RETRY_DELAYS_MS } from '@shared/limits';
import { isRetryableFailure } from '@web/lib/api-client';

/**
 * Only failures that a second try can fix: no answer at all (offline, timeout) or a read's 5xx. A
 * 4xx (bad e-mail, unknown admin, rate limit, cooldown) would only repeat itself, a retried 429
 * would even eat into the rate limit, and a POST answered with a 5xx is never sent again on its
 * own (it may have done part of its work).
 */
export function isRetryableError(error: unknown): boolean {
  return isRetryableFailure(error);
}

export interface RetryNotice {
  /** 1 for the first retry. */
  attempt: number;
  delayMs: number;
  error: unknown;
}

export interface NetworkRetryOptions {
  delaysMs?: readonly number[];
  onRetry?: (notice: RetryNotice) => void;
  signal?: AbortSignal;
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Runs an admin call, retrying network failures and a read's 5xx answers after 1 s, 2 s and 4 s (access spec §4). */
export async function withNetworkRetry<T>(call: () => Promise<T>, options: NetworkRetryOptions = {}): Promise<T> {
  const { delaysMs = ADMIN_NETWORK_RETRY_DELAYS_MS, onRetry, signal } = options;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const delayMs = delaysMs[attempt];
      if (delayMs === undefined || signal?.aborted || !isRetryableError(error)) throw error;
      onRetry?.({ attempt: attempt + 1, delayMs, error });
      await wait(delayMs, signal);
    }
  }
}

/** The same policy for TanStack Query's own retries, for admin queries and idempotent mutations. */
export const adminRetryPolicy = {
  retry: (failureCount: number, error: unknown) => failureCount < ADMIN_NETWORK_RETRY_DELAYS_MS.length && isRetryableError(error),
  retryDelay: (failureCount: number) => ADMIN_NETWORK_RETRY_DELAYS_MS[Math.min(failureCount, ADMIN_NETWORK_RETRY_DELAYS_MS.length - 1)] ?? 1_000,
};

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@web/lib/api-client';
import { adminRetryPolicy, isRetryableError, withNetworkRetry } from '@web/lib/with-network-retry';

const serverError = () => new ApiError(503, 'DATABASE_ERROR', 'A database error occurred. Please try again later.');
const networkError = () => new ApiError(0, 'NETWORK_ERROR', 'Network error. Please check your connection and try again.');

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('withNetworkRetry', () => {
  it('retries a 5xx three times, after 1 s, 2 s and 4 s, then gives up with the last error', async () => {
    const call = vi.fn(async () => {
      throw serverError();
    });
    const onRetry = vi.fn();
    const result = withNetworkRetry(call, { onRetry });
    const settled = result.catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(0);
    expect(call).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(call).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(call).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(call).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(call).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(call).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(call).toHaveBeenCalledTimes(4);

    const error = await settled;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect(onRetry.mock.calls.map(([notice]) => [notice.attempt, notice.delayMs])).toEqual([
      [1, 1_000],
      [2, 2_000],
      [3, 4_000],
    ]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(call).toHaveBeenCalledTimes(4);
  });

  it('retries network failures (no answer, timeouts, a rejected fetch) and returns the first success', async () => {
    const call = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(networkError())
      .mockRejectedValueOnce(new ApiError(0, 'TIMEOUT', 'Request timed out'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce('sent');
    const result = withNetworkRetry(call);
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000);
    await expect(result).resolves.toBe('sent');
    expect(call).toHaveBeenCalledTimes(4);
  });

  it.each([
    [400, 'INVALID_EMAIL_FORMAT'],
    [401, 'ADMIN_UNAUTHORIZED'],
    [403, 'ADMIN_USER_INACTIVE'],
    [404, 'ADMIN_USER_NOT_FOUND'],
    [409, 'CONFLICT'],
    [429, 'RATE_LIMIT_EXCEEDED'],
    [429, 'RESEND_COOLDOWN_ACTIVE'],
  ])('never retries a %i (%s)', async (status, code) => {
    const call = vi.fn(async () => {
      throw new ApiError(status, code, 'refused');
    });
    const result = withNetworkRetry(call).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await result).toMatchObject({ status, code });
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('never repeats a POST answered with a 5xx: it may have done part of its work', async () => {
    const call = vi.fn(async () => {
      throw new ApiError(500, 'INTERNAL_ERROR', 'An unexpected error occurred. Please try again.', undefined, 'POST');
    });
    const onRetry = vi.fn();
    const result = withNetworkRetry(call, { onRetry }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await result).toMatchObject({ status: 500, method: 'POST' });
    expect(call).toHaveBeenCalledTimes(1);
    expect(onRetry).not.toHaveBeenCalled();
  });

  it('stops waiting when the caller aborts', async () => {
    const controller = new AbortController();
    const call = vi.fn(async () => {
      throw serverError();
    });
    const result = withNetworkRetry(call, { signal: controller.signal }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(500);
    controller.abort(new DOMException('Aborted', 'AbortError'));
    expect(await result).toMatchObject({ name: 'AbortError' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(call).toHaveBeenCalledTimes(1);
  });
});

describe('isRetryableError', () => {
  it("accepts no answer and a read's 5xx only", () => {
    expect(isRetryableError(networkError())).toBe(true);
    expect(isRetryableError(new ApiError(500, 'INTERNAL_ERROR', 'x'))).toBe(true);
    expect(isRetryableError(new ApiError(502, 'UPSTREAM_ERROR', 'x'))).toBe(true);
    expect(isRetryableError(new ApiError(499, 'X', 'x'))).toBe(false);
    expect(isRetryableError(new ApiError(500, 'INTERNAL_ERROR', 'x', undefined, 'POST'))).toBe(false);
    expect(isRetryableError(new Error('boom'))).toBe(false);
  });
});

describe('adminRetryPolicy', () => {
  it('gives TanStack Query the same three retries and delays', () => {
    expect([0, 1, 2, 3].map((count) => adminRetryPolicy.retry(count, serverError()))).toEqual([true, true, true, false]);
    expect(adminRetryPolicy.retry(0, new ApiError(404, 'NOT_FOUND', 'x'))).toBe(false);
    expect([0, 1, 2].map((count) => adminRetryPolicy.retryDelay(count))).toEqual([1_000, 2_000, 4_000]);
  });
});

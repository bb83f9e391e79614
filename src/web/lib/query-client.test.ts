import { describe, expect, it } from 'vitest';
import { QUERY_CACHE } from '@shared/limits';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

type RetryFn = (failureCount: number, error: unknown) => boolean;

describe('createQueryClient retry policy', () => {
  const defaults = createQueryClient().getDefaultOptions();
  const queryRetry = defaults.queries!.retry as RetryFn;
  const mutationRetry = defaults.mutations!.retry as RetryFn;

  it('never retries a mutation whose POST got a 5xx: the server may already have done it', () => {
    expect(mutationRetry(0, new ApiError(500, 'INTERNAL_ERROR', 'x', undefined, 'POST'))).toBe(false);
    expect(mutationRetry(0, new ApiError(503, 'DATABASE_ERROR', 'x', undefined, 'POST'))).toBe(false);
  });

  it('still retries a mutation that got no answer, once (the spec: "mutations retry once")', () => {
    const offline = new ApiError(0, 'NETWORK_ERROR', 'x', undefined, 'POST');
    expect(mutationRetry(0, offline)).toBe(true);
    expect(mutationRetry(QUERY_CACHE.mutationRetries, offline)).toBe(false);
  });

  it("retries a read's 5xx within the budget, and no 4xx", () => {
    expect(queryRetry(0, new ApiError(502, 'UPSTREAM_ERROR', 'x'))).toBe(true);
    expect(queryRetry(QUERY_CACHE.retries, new ApiError(502, 'UPSTREAM_ERROR', 'x'))).toBe(false);
    expect(queryRetry(0, new ApiError(404, 'NOT_FOUND', 'x'))).toBe(false);
  });
});

import { Hono } from 'hono';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../lib/app-error';
import { captureServerError } from '../lib/sentry';
import { handleError, isDatabaseUnavailable } from './errors';
import type { AppBindings } from './types';

vi.mock('../lib/sentry', () => ({ captureServerError: vi.fn() }));

function appThrowing(error: unknown) {
  const app = new Hono<AppBindings>();
  app.get('/x', () => {
    throw error;
  });
  app.onError(handleError);
  return app;
}

describe('error mapping', () => {
  it('maps AppError to its status and body', async () => {
    const response = await appThrowing(AppError.admin('RATE_LIMIT_EXCEEDED', 429, { retryAfterSeconds: 60 })).request('/x');
    expect(response.status).toBe(429);
    expect(await response.json()).toEqual({
      error: {
        code: 'RATE_LIMIT_EXCEEDED',
        message: 'Too many attempts. Please wait a few minutes before trying again.',
        details: { retryAfterSeconds: 60 },
      },
    });
  });

  it('hides unexpected errors behind the default message', async () => {
    const response = await appThrowing(new Error('secret internals')).request('/x');
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred. Please try again.' },
    });
  });

  it('turns an unreachable database into a 503 DATABASE_ERROR', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const response = await appThrowing(new Error('query failed', { cause: refused })).request('/x');
    expect(response.status).toBe(503);
    expect((await response.json()).error).toEqual({ code: 'DATABASE_ERROR', message: 'A database error occurred. Please try again later.' });
    expect(isDatabaseUnavailable(new Error('duplicate key value'))).toBe(false);
  });

  describe('reporting', () => {
    beforeEach(() => vi.mocked(captureServerError).mockClear());

    it('reports every 5xx answer to Sentry, with the error thrown', async () => {
      const unexpected = new Error('secret internals');
      const unreachable = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      const saveFailed = new AppError('SAVE_FAILED', 500, 'Could not save');
      for (const error of [unexpected, unreachable, saveFailed]) expect((await appThrowing(error).request('/x')).status).toBeGreaterThanOrEqual(500);
      expect(vi.mocked(captureServerError).mock.calls).toEqual([[unexpected], [unreachable], [saveFailed]]);
    });

    it('does not report the client’s errors', async () => {
      await appThrowing(AppError.admin('RATE_LIMIT_EXCEEDED', 429)).request('/x');
      await appThrowing(new AppError('NOT_FOUND', 404, 'Not found')).request('/x');
      expect(captureServerError).not.toHaveBeenCalled();
    });
  });
});

import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ADMIN_ERROR_MESSAGES, DEFAULT_ERROR_MESSAGE, type ErrorBody } from '../../shared/errors';
import { AppError, isAppError } from '../lib/app-error';
import { captureServerError } from '../lib/sentry';
import type { AppBindings } from './types';

export function errorResponse(c: Context, status: number, code: string, message: string, details?: unknown) {
  const body: ErrorBody = { error: { code, message, ...(details === undefined ? {} : { details }) } };
  return c.json(body, status as ContentfulStatusCode);
}

// 57014: a statement cancelled by statement_timeout — the database is too slow now; the client may retry.
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57014', '57P01', '57P02', '57P03', '08000', '08003', '08006']);

/** A database that cannot be reached is a 503 the client may retry, not a 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
    const message = (current as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|connect ECONNREFUSED|PGlite is closed|database system is shutting down|timeout exceeded when trying to connect|Query read timeout/i.test(
        message,
      )
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Every error a route throws ends here. A 5xx answer is our failure, not the client's: it is logged
 * and reported to Sentry (captureServerError; nothing leaves without SENTRY_DSN), since Hono catches
 * it before Sentry's own handlers could see it. 4xx answers are the client's and are not reported.
 */
export function handleError(error: Error, c: Context<AppBindings>) {
  const response = errorAnswer(error, c);
  if (response.status >= 500) captureServerError(error);
  return response;
}

function errorAnswer(error: Error, c: Context<AppBindings>) {
  if (isAppError(error)) return errorResponse(c, error.status, error.code, error.message, error.details);
  if (error instanceof HTTPException) {
    const status = error.status;
    if (status === 413) return errorResponse(c, 413, 'PAYLOAD_TOO_LARGE', 'The request body is too large.');
    return errorResponse(c, status, status === 400 ? 'VALIDATION_ERROR' : 'HTTP_ERROR', error.message || DEFAULT_ERROR_MESSAGE);
  }
  const logger = c.get('logger');
  if (isDatabaseUnavailable(error)) {
    logger?.error({ err: error }, 'database unavailable');
    return errorResponse(c, 503, 'DATABASE_ERROR', ADMIN_ERROR_MESSAGES.DATABASE_ERROR);
  }
  logger?.error({ err: error }, 'unhandled error');
  return errorResponse(c, 500, 'INTERNAL_ERROR', DEFAULT_ERROR_MESSAGE);
}

export { AppError };

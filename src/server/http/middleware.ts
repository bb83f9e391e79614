import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../lib/logger';
import { errorResponse } from './errors';
import type { AppBindings } from './types';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A child logger per request carrying the request id, and one line per request when it ends. */
export function requestLogger(logger: Logger): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const started = performance.now();
    const child = logger.child({ requestId: c.get('requestId') });
    c.set('logger', child);
    c.set('actor', { kind: 'anonymous' });
    await next();
    if (!c.req.path.startsWith('/api/')) return;
    child.info({ method: c.req.method, path: c.req.path, status: c.res.status, durationMs: Math.round(performance.now() - started) }, 'request');
  };
}

/**
 * Every /api answer is private and never stored (profiles with e-mail and licences, admin lists):
 * `Cache-Control: private, no-store` unless the route chose its own (the public photo route does).
 */
export function privateApiAnswers(): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has('cache-control')) c.res.headers.set('Cache-Control', 'private, no-store');
  };
}

/**
 * CSRF defence and body hygiene for state-changing API calls: a browser request from another site
 * is refused (Origin / Sec-Fetch-Site), and bodies must be JSON unless a route opts into uploads.
 */
export function guardStateChanges(options: { allowedOrigins: string[]; multipartPaths?: RegExp[]; csvPaths?: RegExp[] }): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    if (!STATE_CHANGING.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    const ownOrigin = new URL(c.req.url).origin;
    if (origin && origin !== ownOrigin && !options.allowedOrigins.includes(origin)) {
      return errorResponse(c, 403, 'FORBIDDEN', 'Cross-origin requests are not allowed.');
    }
    if (c.req.header('sec-fetch-site') === 'cross-site') {
      return errorResponse(c, 403, 'FORBIDDEN', 'Cross-origin requests are not allowed.');
    }
    const contentType = (c.req.header('content-type') ?? '').toLowerCase();
    const length = c.req.header('content-length');
    const hasBody = (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
    const isJson = /^application\/([a-z0-9.+-]*\+)?json\b/.test(contentType);
    const isMultipartRoute = options.multipartPaths?.some((pattern) => pattern.test(c.req.path)) ?? false;
    if (isMultipartRoute && contentType.startsWith('multipart/form-data')) return next();
    const isCsvRoute = options.csvPaths?.some((pattern) => pattern.test(c.req.path)) ?? false;
    if (isCsvRoute && contentType.startsWith('text/csv')) return next();
    // A body-less request (sign-out, keep-alive) has nothing to parse; anything else with a body must be JSON.
    const needsJson = hasBody || contentType !== '';
    if (needsJson && !isJson) {
      return errorResponse(c, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be JSON (Content-Type: application/json).');
    }
    return next();
  };
}

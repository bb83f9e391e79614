import { and, like, lt } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type { SharedRateLimiter } from '../auth/rate-limit';
import type { Database } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import { clientIp } from './client-ip';
import type { AppBindings } from './types';

/**
 * What every anonymous route (the `/find` directory, the FHIR API, robots.txt, public photos) asks
 * of a request before it reaches the database (issue T3 1/7 items 6 and 7): a query string of
 * bounded length, at most a few comma-separated values per parameter, no control characters, and a
 * per-address request budget counted in the database so it holds across processes (decision 0003).
 * Each surface answers in its own form (an HTML page, an OperationOutcome, JSON, text).
 */

/** Longer query strings are refused (414): no search here needs more, and each value costs SQL. */
export const MAX_PUBLIC_QUERY_LENGTH = 2048;
/** Values per parameter, counting comma-separated lists and repeats: `specialty=a,b,…` is one OR per value. */
export const MAX_PUBLIC_PARAMETER_VALUES = 20;

/** C0 controls (NUL included), DEL and C1 controls: no search term has them, and PostgreSQL refuses NUL in text. */
const isControl = (code: number) => code <= 0x1f || (code >= 0x7f && code <= 0x9f);
const hasControlCharacter = (text: string) => {
  for (let i = 0; i < text.length; i += 1) if (isControl(text.charCodeAt(i))) return true;
  return false;
};

export interface PublicRequestProblem {
  status: 400 | 414;
  /** The parameter at fault, shown as sent (control characters escaped). */
  parameter: string | null;
  message: string;
}

/** A parameter name fit for a message: control characters written as `\u0000`, and not endless. */
const shownName = (name: string) =>
  [...name.slice(0, 60)].map((ch) => (isControl(ch.charCodeAt(0)) ? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}` : ch)).join('');

/** What is wrong with a public request's query string, or null. */
export function publicQueryProblem(url: string): PublicRequestProblem | null {
  const start = url.indexOf('?');
  if (start === -1) return null;
  const raw = url.slice(start + 1);
  if (raw.length > MAX_PUBLIC_QUERY_LENGTH) {
    return { status: 414, parameter: null, message: `The query string is too long: at most ${MAX_PUBLIC_QUERY_LENGTH} characters are accepted.` };
  }
  const values = new Map<string, number>();
  for (const [name, value] of new URLSearchParams(raw)) {
    if (hasControlCharacter(name) || hasControlCharacter(value)) {
      return { status: 400, parameter: shownName(name), message: `The parameter “${shownName(name)}” contains control characters, which no search accepts.` };
    }
    const count = (values.get(name) ?? 0) + value.split(',').length;
    values.set(name, count);
    if (count > MAX_PUBLIC_PARAMETER_VALUES) {
      return {
        status: 400,
        parameter: shownName(name),
        message: `The parameter “${shownName(name)}” has more than ${MAX_PUBLIC_PARAMETER_VALUES} values; ask for at most ${MAX_PUBLIC_PARAMETER_VALUES} at a time.`,
      };
    }
  }
  return null;
}

/** How a surface answers a refused request (status 400, 414 or 429; `Retry-After` is already set for 429). */
export type PublicRefusal = (c: Context<AppBindings>, status: 400 | 414 | 429, message: string) => Response | Promise<Response>;

export interface PublicRequestGuardOptions {
  /** Requests per client address; null when the limit is off (`PUBLIC_RATE_LIMIT_PER_MINUTE=0`). */
  limiter: SharedRateLimiter | null;
  /** Called after each counted request: removes counts that left the window (publicCountSweeper). */
  sweep?: () => void;
  trustProxy: boolean;
  refuse: PublicRefusal;
}

export const PUBLIC_RATE_LIMIT_MESSAGE = 'Too many requests from your address. Please wait a minute and try again.';

/** The checks above, then one request of the address's budget. Bad input is refused before it costs a database round trip. */
export function publicRequestGuard(options: PublicRequestGuardOptions): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const problem = publicQueryProblem(c.req.url);
    if (problem) return options.refuse(c, problem.status, problem.message);
    if (options.limiter) {
      const verdict = await options.limiter.hit(clientIp(c, options.trustProxy));
      options.sweep?.();
      if (!verdict.allowed) {
        c.header('Retry-After', String(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))));
        return options.refuse(c, 429, PUBLIC_RATE_LIMIT_MESSAGE);
      }
    }
    await next();
  };
}

/**
 * The public budget writes a row per request (decision 0003's sliding log), far more than any other
 * limit, and its rows mean nothing once they leave the window. Each process deletes them at most
 * once a window, in the background: the table holds about two windows of public requests.
 */
export function publicCountSweeper(db: Database, options: { name: string; windowMs: number; onError?: (error: unknown) => void; now?: () => number }) {
  let last = 0;
  return () => {
    const now = options.now ? options.now() : Date.now();
    if (now - last < options.windowMs) return;
    last = now;
    db.delete(rateLimitCounters)
      .where(and(like(rateLimitCounters.key, `${options.name}:%`), lt(rateLimitCounters.windowStart, new Date(now - options.windowMs))))
      .then(
        () => undefined,
        (error: unknown) => options.onError?.(error),
      );
  };
}

import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { ADMIN_ERROR_MESSAGES } from '../../../shared/errors';
import { npiSchema, type NpiRecord } from '../../../shared/npi';
import { isNpiRegistryError, type NpiRegistry } from '../../integrations/npi-registry';
import { clientIp } from '../../http/client-ip';
import { errorResponse } from '../../http/errors';
import type { AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import type { SharedRateLimiter } from '../../auth/rate-limit';
import { lookupNpiRecord, searchNpi } from './service';

export interface NpiRoutesOptions {
  /** Lookups per client IP (NPI_RATE_LIMIT), counted in the database so every process shares them. */
  limiter: SharedRateLimiter;
  /** Believe X-Forwarded-For (only behind our own proxy; see TRUST_PROXY). */
  trustProxy?: boolean;
  /**
   * The lookup at a hospital whose provider data comes from the listing service; null when the
   * hospital does not use one, and the registry answers.
   */
  directoryLookup?: (hospitalId: string, npi: string) => Promise<(NpiRecord & { source: string }) | null>;
}

export const NPI_RATE_LIMIT = { limit: 30, windowMs: 60_000 } as const;

function logRegistryFailure(c: Context<AppBindings>, error: unknown, npi: string | undefined) {
  if (!isNpiRegistryError(error)) return;
  c.get('logger')?.warn({ err: error, kind: error.kind, upstreamStatus: error.upstreamStatus, npi }, 'NPI registry lookup failed');
}

/**
 * Public NPI lookup (sign-up uses it before an account exists), mounted under /api. The NPI is
 * validated before anything leaves the server so a typo never costs a registry round trip.
 */
export function npiRoutes(registry: NpiRegistry, options: NpiRoutesOptions) {
  const throttle: MiddlewareHandler<AppBindings> = async (c, next) => {
    const verdict = await options.limiter.hit(clientIp(c, options.trustProxy ?? false));
    if (!verdict.allowed) {
      c.header('Retry-After', String(Math.ceil(verdict.retryAfterMs / 1000)));
      return errorResponse(c, 429, 'RATE_LIMIT_EXCEEDED', ADMIN_ERROR_MESSAGES.RATE_LIMIT_EXCEEDED);
    }
    await next();
  };

  return new Hono<AppBindings>()
    .get('/npi', throttle, async (c) => {
      const query = c.req.query('q');
      const items = await searchNpi(registry, query, (error) => logRegistryFailure(c, error, query?.trim()));
      return c.json({ items });
    })
    .get(
      '/npi/:number',
      throttle,
      validate('param', z.object({ number: npiSchema })),
      validate('query', z.object({ hospitalId: z.uuid().optional() })),
      async (c) => {
        const { number } = c.req.valid('param');
        const { hospitalId } = c.req.valid('query');
        // Sign-up names the chosen hospital: one that keeps its providers in the listing service answers from there.
        const fromDirectory = hospitalId && options.directoryLookup ? await options.directoryLookup(hospitalId, number) : null;
        if (fromDirectory) return c.json(fromDirectory);
        return c.json(await lookupNpiRecord(registry, number, (error) => logRegistryFailure(c, error, number)));
      },
    );
}

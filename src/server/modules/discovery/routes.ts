import { Hono, type Context } from 'hono';
import {
  discoveryBulkSchema,
  discoveryDecisionSchema,
  discoveryItemsQuerySchema,
  discoveryItemTypeSchema,
  discoveryRunSchema,
  discoverySessionsQuerySchema,
} from '../../../shared/schemas/discovery';
import type { AppDeps } from '../../app';
import { OUTSIDE_RUN_LIMITS } from '../../../shared/limits';
import { requireProvider } from '../../auth/guards';
import { oneAtATime, sharedRateLimiter } from '../../auth/rate-limit';
import type { AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import type { Mailer } from '../../integrations/mail/mailer';
import { AppError } from '../../lib/app-error';
import { bulkDecide, decideItem, listDiscoveryItems, listDiscoverySessions, runDiscovery, type DiscoveryDeps } from './service';
import { createDiscoverySources, type DiscoverySources } from './sources';

export type DiscoveryRouteDeps = AppDeps & {
  mailer?: Mailer;
  /** Tests and other deployments swap sources here; the rest come from the environment. */
  discoverySources?: Partial<DiscoverySources>;
};

export const DISCOVERY_BUSY_MESSAGE = 'A search for your publications, trials and media is already running. Wait for it to finish, then look at what it found.';
export const DISCOVERY_RATE_MESSAGE = `You can search for new items ${OUTSIDE_RUN_LIMITS.discovery.perHour} times an hour. Please wait a while and try again.`;

function providerId(c: Context<AppBindings>) {
  const actor = c.get('actor');
  if (actor.kind !== 'provider') throw AppError.unauthenticated();
  return actor.userId;
}

function itemType(value: string) {
  const parsed = discoveryItemTypeSchema.safeParse(value);
  if (!parsed.success) throw AppError.notFound('Item not found');
  return parsed.data;
}

/** Discovery of publications, clinical trials and media for the signed-in provider, mounted under /api. */
export function discoveryRoutes(deps: DiscoveryRouteDeps) {
  const service: DiscoveryDeps = {
    db: deps.database.db,
    logger: deps.logger,
    sources: createDiscoverySources(deps.env, deps.discoverySources),
    mailer: deps.mailer,
    appUrl: deps.env.appUrl,
  };
  const db = service.db;
  const runLimiter = sharedRateLimiter(db, { name: 'discovery-run', limit: OUTSIDE_RUN_LIMITS.discovery.perHour, windowMs: 3_600_000 });

  return new Hono<AppBindings>()
    .post('/discovery/run', requireProvider, validate('json', discoveryRunSchema), async (c) => {
      const { types, mediaUrls } = c.req.valid('json');
      const userId = providerId(c);
      // Each run calls PubMed, ClinicalTrials.gov and the media pages: one at a time per provider,
      // and a few an hour (40 parallel runs made 80 outside calls before).
      const run = await oneAtATime(db, `discovery-run:${userId}`, OUTSIDE_RUN_LIMITS.discovery.leaseMs, async () => {
        const allowed = await runLimiter.hit(userId);
        if (!allowed.allowed) {
          c.header('Retry-After', String(Math.ceil(allowed.retryAfterMs / 1000)));
          throw new AppError('RATE_LIMIT_EXCEEDED', 429, DISCOVERY_RATE_MESSAGE);
        }
        return runDiscovery(service, userId, { types, mediaUrls });
      });
      if (run.busy) throw AppError.conflict(DISCOVERY_BUSY_MESSAGE);
      return c.json(run.value, 201);
    })
    .get('/discovery/items', requireProvider, validate('query', discoveryItemsQuerySchema), async (c) =>
      c.json(await listDiscoveryItems(db, providerId(c), c.req.valid('query'))),
    )
    .post('/discovery/items/bulk', requireProvider, validate('json', discoveryBulkSchema), async (c) =>
      c.json(await bulkDecide(service, providerId(c), c.req.valid('json'))),
    )
    .patch('/discovery/items/:type/:id', requireProvider, validate('json', discoveryDecisionSchema), async (c) =>
      c.json(await decideItem(service, providerId(c), itemType(c.req.param('type')), c.req.param('id'), c.req.valid('json'))),
    )
    .get('/discovery/sessions', requireProvider, validate('query', discoverySessionsQuerySchema), async (c) =>
      c.json(await listDiscoverySessions(db, providerId(c), c.req.valid('query').limit)),
    );
}

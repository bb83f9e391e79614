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
import { requireProvider } from '../../auth/guards';
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

  return new Hono<AppBindings>()
    .post('/discovery/run', requireProvider, validate('json', discoveryRunSchema), async (c) => {
      const { types, mediaUrls } = c.req.valid('json');
      return c.json(await runDiscovery(service, providerId(c), { types, mediaUrls }), 201);
    })
    .get('/discovery/items', requireProvider, validate('query', discoveryItemsQuerySchema), async (c) => c.json(await listDiscoveryItems(db, providerId(c), c.req.valid('query'))))
    .post('/discovery/items/bulk', requireProvider, validate('json', discoveryBulkSchema), async (c) => c.json(await bulkDecide(service, providerId(c), c.req.valid('json'))))
    .patch('/discovery/items/:type/:id', requireProvider, validate('json', discoveryDecisionSchema), async (c) =>
      c.json(await decideItem(service, providerId(c), itemType(c.req.param('type')), c.req.param('id'), c.req.valid('json'))),
    )
    .get('/discovery/sessions', requireProvider, validate('query', discoverySessionsQuerySchema), async (c) => c.json(await listDiscoverySessions(db, providerId(c), c.req.valid('query').limit)));
}

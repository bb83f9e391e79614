import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { LOCATION_MESSAGES, locationCreateSchema, locationListQuerySchema, locationUpdateSchema } from '../../../shared/schemas/locations';
import type { AppDeps } from '../../app';
import { requireCapability, requireProvider } from '../../auth/guards';
import type { AdminActor } from '../../auth/policies';
import { errorResponse } from '../../http/errors';
import type { Actor, AppBindings } from '../../http/types';
import { readCsvUpload } from '../../http/csv-upload';
import { validate } from '../../http/validate';
import { hospitalIdParam } from '../hospitals/routes';
import {
  bulkCreateLocations,
  createLocation,
  deleteLocation,
  getLocation,
  listLocations,
  listProviderLocations,
  LOCATION_TEMPLATE_CSV,
  updateLocation,
} from './service';

// Malformed ids are answered 404 'Location with ID … not found' by the service, not 400.
const locationParam = hospitalIdParam.extend({ locationId: z.string().max(100) });

/** The spec's words for a location write without any session; an expired session keeps its own answer. */
function requireLocationWriter(capability: 'locations.manage' | 'bulk.upload'): MiddlewareHandler<AppBindings> {
  const guard = requireCapability(capability);
  return async (c, next) => {
    if (c.get('actor').kind === 'anonymous' && !c.res.headers.get('x-session-ended')) {
      return errorResponse(c, 401, 'UNAUTHENTICATED', LOCATION_MESSAGES.authRequired);
    }
    return guard(c, next);
  };
}

/** A hospital's own locations: admin CRUD and CSV import, and the provider's read of them. */
export function hospitalLocationRoutes(deps: AppDeps) {
  const service = { db: deps.database.db };
  const actorOf = (c: { get(key: 'actor'): unknown }) => c.get('actor') as AdminActor;
  const base = '/admin/hospitals/:hospitalId/locations';
  const manage = requireLocationWriter('locations.manage');

  return (
    new Hono<AppBindings>()
      .get('/admin/locations/template.csv', requireCapability('locations.manage'), (c) =>
        c.body(LOCATION_TEMPLATE_CSV, 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="hospital-locations-template.csv"',
          'Cache-Control': 'no-store',
        }),
      )
      .get(base, requireCapability('hospitals.view'), validate('param', hospitalIdParam), validate('query', locationListQuerySchema), async (c) =>
        c.json(await listLocations(service, actorOf(c), c.req.valid('param').hospitalId, c.req.valid('query'))),
      )
      .post(base, manage, validate('param', hospitalIdParam), validate('json', locationCreateSchema), async (c) =>
        c.json(await createLocation(service, actorOf(c), c.req.valid('param').hospitalId, c.req.valid('json')), 201),
      )
      // A CSV file as the body (text/csv), parsed as it streams in.
      .post(`${base}/bulk`, requireLocationWriter('bulk.upload'), validate('param', hospitalIdParam), async (c) =>
        c.json(await bulkCreateLocations(service, actorOf(c), c.req.valid('param').hospitalId, () => readCsvUpload(c))),
      )
      .get(`${base}/:locationId`, requireCapability('hospitals.view'), validate('param', locationParam), async (c) => {
        const { hospitalId, locationId } = c.req.valid('param');
        return c.json(await getLocation(service, actorOf(c), hospitalId, locationId));
      })
      .patch(`${base}/:locationId`, manage, validate('param', locationParam), validate('json', locationUpdateSchema), async (c) => {
        const { hospitalId, locationId } = c.req.valid('param');
        return c.json(await updateLocation(service, actorOf(c), hospitalId, locationId, c.req.valid('json')));
      })
      .delete(`${base}/:locationId`, manage, validate('param', locationParam), async (c) => {
        const { hospitalId, locationId } = c.req.valid('param');
        return c.json(await deleteLocation(service, actorOf(c), hospitalId, locationId));
      })
      .get('/hospital-locations', requireProvider, async (c) =>
        c.json(await listProviderLocations(service.db, c.get('actor') as Extract<Actor, { kind: 'provider' }>)),
      )
  );
}

import { Hono } from 'hono';
import { z } from 'zod';
import { dataSourceConfigSchema, dataSourceConfigUpdateSchema } from '../../../shared/schemas/data-sources';
import type { AppDeps } from '../../app';
import { requireCapability } from '../../auth/guards';
import type { AdminActor } from '../../auth/policies';
import type { AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import { createDataSource, deleteDataSource, getActiveDataSource, listDataSources, updateDataSource } from './data-sources';
import { hospitalIdParam } from './routes';
import { findHospitalForAdmin } from './service';

const configParam = hospitalIdParam.extend({ configId: z.uuid('Data source configuration not found') });

export function dataSourceRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const actorOf = (c: { get(key: 'actor'): unknown }) => c.get('actor') as AdminActor;
  return new Hono<AppBindings>()
    .get('/admin/hospitals/:hospitalId/data-sources', requireCapability('hospitals.view'), validate('param', hospitalIdParam), async (c) =>
      c.json({ items: await listDataSources(db, actorOf(c), c.req.valid('param').hospitalId) }),
    )
    .get('/admin/hospitals/:hospitalId/data-sources/active', requireCapability('hospitals.view'), validate('param', hospitalIdParam), async (c) => {
      const hospital = await findHospitalForAdmin(db, actorOf(c), c.req.valid('param').hospitalId);
      return c.json(await getActiveDataSource(db, hospital.id));
    })
    .post(
      '/admin/hospitals/:hospitalId/data-sources',
      requireCapability('hospital.settings.edit'),
      validate('param', hospitalIdParam),
      validate('json', dataSourceConfigSchema),
      async (c) => c.json(await createDataSource(db, actorOf(c), c.req.valid('param').hospitalId, c.req.valid('json')), 201),
    )
    .patch(
      '/admin/hospitals/:hospitalId/data-sources/:configId',
      requireCapability('hospital.settings.edit'),
      validate('param', configParam),
      validate('json', dataSourceConfigUpdateSchema),
      async (c) => {
        const { hospitalId, configId } = c.req.valid('param');
        return c.json(await updateDataSource(db, actorOf(c), hospitalId, configId, c.req.valid('json')));
      },
    )
    .delete('/admin/hospitals/:hospitalId/data-sources/:configId', requireCapability('hospital.settings.edit'), validate('param', configParam), async (c) => {
      const { hospitalId, configId } = c.req.valid('param');
      return c.json(await deleteDataSource(db, actorOf(c), hospitalId, configId));
    });
}

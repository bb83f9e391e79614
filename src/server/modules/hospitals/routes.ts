import { Hono } from 'hono';
import { z } from 'zod';
import {
  HOSPITAL_MESSAGES,
  hospitalCreateSchema,
  hospitalUpdateSchema,
  pageQuerySchema,
  readingLevelsSchema,
  sectionPermissionsSchema,
} from '../../../shared/schemas/hospitals';
import type { AppDeps } from '../../app';
import { requireAdminSession, requireCapability } from '../../auth/guards';
import type { AdminActor } from '../../auth/policies';
import type { AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import type { SecretBox } from '../../lib/secret-box';
import {
  createHospital,
  deleteHospital,
  findHospitalForAdmin,
  getReadingLevels,
  getSectionPermissions,
  listHospitals,
  saveReadingLevels,
  saveSectionPermissions,
  toHospitalDto,
  updateHospital,
} from './service';

export const hospitalIdParam = z.object({ hospitalId: z.uuid(HOSPITAL_MESSAGES.hospitalIdRequired) });

/** Listing hospitals and the hospital permissions need an admin session; the spec has its own words for the refusal. */
const canViewHospitals = requireAdminSession(requireCapability('hospitals.view'));

export function hospitalRoutes(deps: AppDeps & { secretBox: SecretBox }) {
  const service = { db: deps.database.db, logger: deps.logger, secretBox: deps.secretBox };
  const actorOf = (c: { get(key: 'actor'): unknown }) => c.get('actor') as AdminActor;

  return new Hono<AppBindings>()
    .get('/admin/hospitals', canViewHospitals, validate('query', pageQuerySchema), async (c) =>
      c.json(await listHospitals(service, actorOf(c), c.req.valid('query'))),
    )
    .post('/admin/hospitals', requireCapability('hospitals.create'), validate('json', hospitalCreateSchema), async (c) =>
      c.json(await createHospital(service, actorOf(c), c.req.valid('json')), 201),
    )
    .get('/admin/hospitals/:hospitalId', requireCapability('hospitals.view'), validate('param', hospitalIdParam), async (c) =>
      c.json(toHospitalDto(service, await findHospitalForAdmin(service.db, actorOf(c), c.req.valid('param').hospitalId))),
    )
    .patch(
      '/admin/hospitals/:hospitalId',
      requireCapability('hospital.settings.edit'),
      validate('param', hospitalIdParam),
      validate('json', hospitalUpdateSchema),
      async (c) => c.json(await updateHospital(service, actorOf(c), c.req.valid('param').hospitalId, c.req.valid('json'))),
    )
    .post('/admin/hospitals/:hospitalId/deactivate', requireCapability('hospitals.delete'), validate('param', hospitalIdParam), async (c) =>
      c.json(await updateHospital(service, actorOf(c), c.req.valid('param').hospitalId, { isActive: false })),
    )
    .delete('/admin/hospitals/:hospitalId', requireCapability('hospitals.delete'), validate('param', hospitalIdParam), async (c) =>
      c.json(await deleteHospital(service, actorOf(c), c.req.valid('param').hospitalId)),
    )
    .get('/admin/hospitals/:hospitalId/section-permissions', canViewHospitals, validate('param', hospitalIdParam), async (c) => {
      const hospital = await findHospitalForAdmin(service.db, actorOf(c), c.req.valid('param').hospitalId);
      return c.json({ items: await getSectionPermissions(service.db, hospital.id) });
    })
    .put(
      '/admin/hospitals/:hospitalId/section-permissions',
      requireAdminSession(requireCapability('hospital.settings.edit')),
      validate('param', hospitalIdParam),
      validate('json', sectionPermissionsSchema),
      async (c) => c.json({ items: await saveSectionPermissions(service, actorOf(c), c.req.valid('param').hospitalId, c.req.valid('json')) }),
    )
    .get('/admin/hospitals/:hospitalId/reading-levels', requireCapability('hospitals.view'), validate('param', hospitalIdParam), async (c) => {
      const hospital = await findHospitalForAdmin(service.db, actorOf(c), c.req.valid('param').hospitalId);
      return c.json(await getReadingLevels(service.db, hospital.id));
    })
    .put(
      '/admin/hospitals/:hospitalId/reading-levels',
      requireCapability('reading_levels.edit'),
      validate('param', hospitalIdParam),
      validate('json', readingLevelsSchema),
      async (c) => c.json(await saveReadingLevels(service, actorOf(c), c.req.valid('param').hospitalId, c.req.valid('json'))),
    );
}

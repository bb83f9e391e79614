import { Hono } from 'hono';
import { z } from 'zod';
import { assignHospitalSchema, hospitalRequestSchema } from '../../../shared/schemas/memberships';
import type { AppDeps } from '../../app';
import { requireCapability, requireProvider } from '../../auth/guards';
import type { AdminActor } from '../../auth/policies';
import type { AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import { assignProviderHospital, cancelHospitalRequest, decideHospitalRequest, listHospitalRequests, myHospital, requestHospital } from './service';

const requestIdParam = z.object({ requestId: z.uuid('Request not found') });
const userIdParam = z.object({ userId: z.uuid('User not found') });

/**
 * Hospital membership: a provider without a hospital asks to join one; the hospital's administrator
 * (or a system administrator) approves or declines; a system administrator assigns or moves anyone.
 */
export function membershipRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const adminOf = (c: { get(key: 'actor'): unknown }) => c.get('actor') as AdminActor;
  const providerIdOf = (c: { get(key: 'actor'): unknown }) => (c.get('actor') as { userId: string }).userId;
  return new Hono<AppBindings>()
    .get('/me/hospital', requireProvider, async (c) => c.json(await myHospital(db, providerIdOf(c))))
    .post('/me/hospital-request', requireProvider, validate('json', hospitalRequestSchema), async (c) =>
      c.json(await requestHospital(db, providerIdOf(c), c.req.valid('json')), 201),
    )
    .delete('/me/hospital-request', requireProvider, async (c) => c.json(await cancelHospitalRequest(db, providerIdOf(c))))
    .get('/admin/hospital-requests', requireCapability('users.manage'), async (c) => c.json(await listHospitalRequests(db, adminOf(c))))
    .post('/admin/hospital-requests/:requestId/approve', requireCapability('users.manage'), validate('param', requestIdParam), async (c) =>
      c.json(await decideHospitalRequest(db, adminOf(c), c.req.valid('param').requestId, 'approve')),
    )
    .post('/admin/hospital-requests/:requestId/decline', requireCapability('users.manage'), validate('param', requestIdParam), async (c) =>
      c.json(await decideHospitalRequest(db, adminOf(c), c.req.valid('param').requestId, 'decline')),
    )
    .put(
      '/admin/users/:userId/hospital',
      requireCapability('users.assign_hospital'),
      validate('param', userIdParam),
      validate('json', assignHospitalSchema),
      async (c) => c.json(await assignProviderHospital(db, adminOf(c), c.req.valid('param').userId, c.req.valid('json').hospitalId)),
    );
}

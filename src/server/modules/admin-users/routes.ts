import { Hono } from 'hono';
import { z } from 'zod';
import { createAdminSchema, listQuerySchema, updateAdminSchema } from '../../../shared/schemas/admin';
import type { AppDeps } from '../../app';
import type { Auth } from '../../auth/auth';
import { requireCapability } from '../../auth/guards';
import type { AdminActor } from '../../auth/policies';
import type { AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import { createAdmin, deleteAdmin, getAdmin, listAdmins, updateAdmin } from './service';

const idParam = z.object({ id: z.uuid('Admin user not found') });

export function adminUserRoutes(deps: AppDeps & { auth: Auth }) {
  const service = { db: deps.database.db, auth: deps.auth, logger: deps.logger };
  const actorOf = (c: { get(key: 'actor'): unknown }) => c.get('actor') as AdminActor;
  const sendInvite = async (email: string) => {
    await deps.auth.api.requestPasswordReset({ body: { email, redirectTo: '/admin/reset-password' } });
  };

  return new Hono<AppBindings>()
    .get('/admin/admins', requireCapability('admins.view'), validate('query', listQuerySchema), async (c) =>
      c.json(await listAdmins(service, actorOf(c), c.req.valid('query'))),
    )
    .post('/admin/admins', requireCapability('admins.create'), validate('json', createAdminSchema), async (c) =>
      c.json(await createAdmin(service, actorOf(c), c.req.valid('json'), sendInvite), 201),
    )
    .get('/admin/admins/:id', requireCapability('admins.view'), validate('param', idParam), async (c) =>
      c.json(await getAdmin(service, actorOf(c), c.req.valid('param').id)),
    )
    .patch('/admin/admins/:id', requireCapability('admins.create'), validate('param', idParam), validate('json', updateAdminSchema), async (c) =>
      c.json(await updateAdmin(service, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .delete('/admin/admins/:id', requireCapability('users.delete'), validate('param', idParam), async (c) =>
      c.json(await deleteAdmin(service, actorOf(c), c.req.valid('param').id)),
    );
}

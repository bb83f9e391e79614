import { Hono } from 'hono';
import { z } from 'zod';
import { adminUsersQuerySchema } from '../../../shared/schemas/admin-users';
import { HOSPITAL_MESSAGES } from '../../../shared/schemas/hospitals';
import type { AppDeps } from '../../app';
import type { FileStorage } from '../../integrations/storage';
import { requireCapability, requireProvider } from '../../auth/guards';
import type { AdminActor } from '../../auth/policies';
import type { Actor, AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import { getSectionPermissions } from '../hospitals/service';
import type { ProfileReadCache } from '../profile/read';
import { deleteUser, listUsers, syncUserAuthStatus, viewUserProfile } from './service';

const userIdParam = z.object({ userId: z.uuid('User not found') });
const usersQuery = adminUsersQuerySchema.extend({ hospitalId: z.uuid(HOSPITAL_MESSAGES.hospitalIdRequired).optional() });

export function userRoutes(deps: AppDeps & { storage: FileStorage; profileCache?: ProfileReadCache }) {
  const db = deps.database.db;
  const storage = deps.storage;
  const actorOf = (c: { get(key: 'actor'): unknown }) => c.get('actor') as AdminActor;
  return (
    new Hono<AppBindings>()
      .get('/admin/users', requireCapability('users.manage'), validate('query', usersQuery), async (c) =>
        c.json(await listUsers(db, actorOf(c), c.req.valid('query'))),
      )
      .get('/admin/users/:userId', requireCapability('users.manage'), validate('param', userIdParam), async (c) =>
        c.json(await viewUserProfile(db, actorOf(c), c.req.valid('param').userId)),
      )
      .delete('/admin/users/:userId', requireCapability('users.delete'), validate('param', userIdParam), async (c) =>
        c.json(await deleteUser({ db, storage, logger: deps.logger }, actorOf(c), c.req.valid('param').userId)),
      )
      .post('/admin/users/:userId/sync-auth-status', requireCapability('users.manage'), validate('param', userIdParam), async (c) =>
        c.json(await syncUserAuthStatus(db, actorOf(c), c.req.valid('param').userId)),
      )
      // The provider's own view: which sections their hospital shows and requires. The process's cached
      // profile read carries them (a permission change moves every provider's profile_version, migration
      // 0006), so with the read cached the session check is the only statement (decision 0033).
      .get('/me/sections', requireProvider, async (c) => {
        const actor = c.get('actor') as Extract<Actor, { kind: 'provider' }>;
        const read = deps.profileCache ? await deps.profileCache.read(db, actor.userId, actor.profileVersion) : null;
        return c.json({ hospitalId: actor.hospitalId, items: read ? read.permissions : await getSectionPermissions(db, actor.hospitalId) });
      })
  );
}

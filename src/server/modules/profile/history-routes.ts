import { Hono, type Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { historyQuerySchema } from '../../../shared/history';
import type { AppDeps } from '../../app';
import { requireCapability, requireProvider } from '../../auth/guards';
import { hospitalScope, type AdminActor } from '../../auth/policies';
import { users } from '../../db/schema';
import type { AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import { AppError } from '../../lib/app-error';
import { readHistory } from './history';
import { restoreChange } from './service';

const userIdParam = z.object({ userId: z.uuid('User not found') });

/**
 * The change history of a profile (decision 0019), mounted under /api: the provider's own, with
 * restore; an administrator's view of a provider their scope covers (another hospital's is not found).
 */
export function historyRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const base = { db, logger: deps.logger };
  const providerOf = (c: Context<AppBindings>) => {
    const actor = c.get('actor');
    if (actor.kind !== 'provider') throw AppError.unauthenticated();
    return actor;
  };
  return new Hono<AppBindings>()
    .get('/profile/history', requireProvider, validate('query', historyQuerySchema), async (c) => {
      const { section, before } = c.req.valid('query');
      return c.json(await readHistory(db, providerOf(c).userId, { section, before }));
    })
    .post('/profile/history/:changeId/restore', requireProvider, async (c) => {
      const actor = providerOf(c);
      return c.json(await restoreChange(base, { userId: actor.userId }, c.req.param('changeId')));
    })
    .get(
      '/admin/users/:userId/history',
      requireCapability('users.manage'),
      validate('param', userIdParam),
      validate('query', historyQuerySchema),
      async (c) => {
        const actor = c.get('actor') as AdminActor;
        const { userId } = c.req.valid('param');
        // Tenancy in the where: a provider outside the admin's hospital is simply not found.
        const [user] = await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, userId), hospitalScope(actor, users.hospitalId)))
          .limit(1);
        if (!user) throw AppError.notFound(`User not found: ${userId}`);
        const { section, before } = c.req.valid('query');
        return c.json(await readHistory(db, user.id, { section, before }));
      },
    );
}

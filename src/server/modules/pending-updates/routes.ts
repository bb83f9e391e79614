import { Hono, type Context } from 'hono';
import type { AppDeps } from '../../app';
import { requireProvider } from '../../auth/guards';
import type { AppBindings } from '../../http/types';
import { AppError, isAppError } from '../../lib/app-error';
import { acceptPendingUpdate, dismissPendingUpdate, listPendingUpdates } from './service';

function providerId(c: Context<AppBindings>) {
  const actor = c.get('actor');
  if (actor.kind !== 'provider') throw AppError.unauthenticated();
  return actor.userId;
}

/** The provider's pending directory updates, mounted under /api; only the provider's own rows. */
export function pendingUpdateRoutes(deps: AppDeps) {
  const base = { db: deps.database.db, logger: deps.logger };
  return new Hono<AppBindings>()
    .get('/pending-updates', requireProvider, async (c) => c.json({ items: await listPendingUpdates(base.db, providerId(c)) }))
    .post('/pending-updates/accept-all', requireProvider, async (c) => {
      const userId = providerId(c);
      const open = await listPendingUpdates(base.db, userId);
      const failures: Array<{ id: string; error: string }> = [];
      let accepted = 0;
      // One at a time, oldest first: two proposals for one list section build on each other.
      for (const update of [...open].reverse()) {
        try {
          await acceptPendingUpdate(base, userId, update.id);
          accepted += 1;
        } catch (error) {
          if (!isAppError(error)) deps.logger.error({ err: error, pendingUpdateId: update.id }, 'accepting a pending update failed');
          failures.push({ id: update.id, error: error instanceof Error ? error.message : 'Unknown error' });
        }
      }
      return c.json({ accepted, failed: failures.length, failures, items: await listPendingUpdates(base.db, userId) });
    })
    .post('/pending-updates/:id/accept', requireProvider, async (c) => c.json(await acceptPendingUpdate(base, providerId(c), c.req.param('id'))))
    .post('/pending-updates/:id/dismiss', requireProvider, async (c) => c.json(await dismissPendingUpdate(base, providerId(c), c.req.param('id'))));
}

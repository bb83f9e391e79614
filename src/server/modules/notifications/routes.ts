import { Hono, type Context } from 'hono';
import { notificationListQuerySchema, notificationSettingsUpdateSchema, notificationUpdateSchema } from '../../../shared/schemas/notifications';
import type { AppDeps } from '../../app';
import { requireProvider } from '../../auth/guards';
import type { AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import { AppError } from '../../lib/app-error';
import {
  deleteNotification,
  getNotificationSettings,
  listNotifications,
  markAllNotificationsRead,
  setNotificationRead,
  updateNotificationSettings,
} from './service';

function providerId(c: Context<AppBindings>) {
  const actor = c.get('actor');
  if (actor.kind !== 'provider') throw AppError.unauthenticated();
  return actor.userId;
}

/** The signed-in provider's notifications and notification settings, mounted under /api. */
export function notificationRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return (
    new Hono<AppBindings>()
      // Settings first: "/notifications/settings" must not be taken for a notification id.
      .get('/notifications/settings', requireProvider, async (c) => c.json(await getNotificationSettings(db, providerId(c))))
      .put('/notifications/settings', requireProvider, validate('json', notificationSettingsUpdateSchema), async (c) =>
        c.json(await updateNotificationSettings(db, providerId(c), c.req.valid('json'))),
      )
      .get('/notifications', requireProvider, validate('query', notificationListQuerySchema), async (c) =>
        c.json(await listNotifications(db, providerId(c), c.req.valid('query'))),
      )
      .post('/notifications/read-all', requireProvider, async (c) => c.json(await markAllNotificationsRead(db, providerId(c))))
      .patch('/notifications/:id', requireProvider, validate('json', notificationUpdateSchema), async (c) =>
        c.json(await setNotificationRead(db, providerId(c), c.req.param('id'), c.req.valid('json').isRead)),
      )
      .delete('/notifications/:id', requireProvider, async (c) => c.json(await deleteNotification(db, providerId(c), c.req.param('id'))))
  );
}

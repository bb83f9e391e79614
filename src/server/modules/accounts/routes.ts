import { Hono } from 'hono';
import { ADMIN_ERROR_MESSAGES } from '../../../shared/errors';
import type { AppDeps } from '../../app';
import { errorResponse } from '../../http/errors';
import type { AppBindings } from '../../http/types';

/**
 * Session read-outs used by the web app's route guards. The actor is resolved by middleware from the
 * server-side session; without one these answer "signed out".
 */
export function sessionRoutes(_deps: AppDeps) {
  return new Hono<AppBindings>()
    .get('/auth/session', (c) => {
      const actor = c.get('actor');
      if (actor.kind !== 'provider') return c.json({ user: null });
      return c.json({ user: { id: actor.userId, email: actor.email, hospitalId: actor.hospitalId } });
    })
    .get('/admin/me', (c) => {
      const actor = c.get('actor');
      if (actor.kind !== 'admin') return errorResponse(c, 401, 'ADMIN_UNAUTHORIZED', ADMIN_ERROR_MESSAGES.ADMIN_UNAUTHORIZED);
      return c.json({ id: actor.adminId, email: actor.email, role: actor.role, hospital_id: actor.hospitalId });
    });
}

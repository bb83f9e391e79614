import type { MiddlewareHandler } from 'hono';
import { ADMIN_ERROR_MESSAGES } from '../../shared/errors';
import { errorResponse } from '../http/errors';
import type { AppBindings } from '../http/types';

/** Any admin session (hospital or system). */
export const requireAdmin: MiddlewareHandler<AppBindings> = async (c, next) => {
  const actor = c.get('actor');
  if (actor.kind !== 'admin') return errorResponse(c, 401, 'ADMIN_UNAUTHORIZED', ADMIN_ERROR_MESSAGES.ADMIN_UNAUTHORIZED);
  return next();
};

/** System administrators only; a hospital admin is authenticated but not allowed. */
export const requireSystemAdmin: MiddlewareHandler<AppBindings> = async (c, next) => {
  const actor = c.get('actor');
  if (actor.kind !== 'admin') return errorResponse(c, 401, 'ADMIN_UNAUTHORIZED', ADMIN_ERROR_MESSAGES.ADMIN_UNAUTHORIZED);
  if (actor.role !== 'system_admin') return errorResponse(c, 403, 'FORBIDDEN', ADMIN_ERROR_MESSAGES.ADMIN_UNAUTHORIZED);
  return next();
};

/** A signed-in provider. */
export const requireProvider: MiddlewareHandler<AppBindings> = async (c, next) => {
  if (c.get('actor').kind !== 'provider') return errorResponse(c, 401, 'UNAUTHENTICATED', 'User not authenticated');
  return next();
};

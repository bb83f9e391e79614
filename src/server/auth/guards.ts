import type { Context, MiddlewareHandler } from 'hono';
import { ADMIN_ERROR_MESSAGES } from '../../shared/errors';
import { ADMIN_MESSAGES } from '../../shared/schemas/admin';
import { HOSPITAL_MESSAGES } from '../../shared/schemas/hospitals';
import { errorResponse } from '../http/errors';
import type { AppBindings } from '../http/types';
import { recordAudit } from '../modules/audit/service';
import { can, type Capability } from './policies';

/** Paths an admin who must change their password may still use. */
const ALLOWED_BEFORE_PASSWORD_CHANGE = new Set(['/api/admin/me', '/api/admin/auth/sign-out', '/api/admin/auth/set-password']);

async function denied(c: Context<AppBindings>, status: 401 | 403, code: string, message: string, reason: string) {
  const db = c.get('db');
  // A signed-out browser asking "am I an admin?" is not an attempted access.
  const sessionProbe = c.req.path === '/api/admin/me' && c.get('actor').kind === 'anonymous' && !c.res.headers.get('x-session-ended');
  if (db && !sessionProbe) {
    await recordAudit(db, c.get('actor'), {
      action: 'authz.denied',
      targetType: 'route',
      targetId: `${c.req.method} ${c.req.path}`,
      summary: { reason, status },
      userAgent: c.req.header('user-agent') ?? null,
    }).catch((error: unknown) => c.get('logger').warn({ err: error }, 'could not audit a denied request'));
  }
  const ended = c.res.headers.get('x-session-ended');
  if (status === 401 && ended) return errorResponse(c, 401, 'SESSION_EXPIRED', ADMIN_ERROR_MESSAGES.SESSION_EXPIRED, { reason: ended });
  return errorResponse(c, status, code, message);
}

/** Any admin session (hospital or system); a forced password change blocks everything else. */
export const requireAdmin: MiddlewareHandler<AppBindings> = async (c, next) => {
  const actor = c.get('actor');
  if (actor.kind !== 'admin') return denied(c, 401, 'ADMIN_UNAUTHORIZED', ADMIN_ERROR_MESSAGES.ADMIN_UNAUTHORIZED, 'no admin session');
  if (actor.mustChangePassword && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(c.req.path)) {
    return errorResponse(c, 403, 'PASSWORD_CHANGE_REQUIRED', ADMIN_MESSAGES.passwordChangeRequired);
  }
  return next();
};

/** An admin holding a capability of the policy map. */
export function requireCapability(capability: Capability): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    let passed = false;
    const refusal = await requireAdmin(c, async () => {
      passed = true;
    });
    if (!passed) return refusal;
    if (!can(c.get('actor'), capability)) {
      return denied(c, 403, 'FORBIDDEN', ADMIN_ERROR_MESSAGES.ADMIN_UNAUTHORIZED, `missing capability ${capability}`);
    }
    return next();
  };
}

/**
 * The routes the spec names — listing hospitals, the hospital permissions and the admin stats —
 * refuse a request without an admin session in its own words ('Admin authentication required. Please
 * log in as an admin user.'); an admin then goes through `guard` as usual.
 */
export function requireAdminSession(guard: MiddlewareHandler<AppBindings>): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    if (c.get('actor').kind !== 'admin') return denied(c, 401, 'ADMIN_UNAUTHORIZED', HOSPITAL_MESSAGES.adminRequired, 'no admin session');
    return guard(c, next);
  };
}

/** System administrators only. */
export const requireSystemAdmin = requireCapability('system.settings');

/** A signed-in provider. */
export const requireProvider: MiddlewareHandler<AppBindings> = async (c, next) => {
  if (c.get('actor').kind !== 'provider') {
    const ended = c.res.headers.get('x-session-ended');
    if (ended) return errorResponse(c, 401, 'SESSION_EXPIRED', ADMIN_ERROR_MESSAGES.SESSION_EXPIRED, { reason: ended });
    return errorResponse(c, 401, 'UNAUTHENTICATED', 'User not authenticated');
  }
  return next();
};

import { and, eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { ADMIN_SESSION_LIFETIME_MS, INACTIVITY } from '../../shared/limits';
import type { Database } from '../db/client';
import { adminUsers, authSessions, users } from '../db/schema';
import { clientIp } from '../http/client-ip';
import type { AppBindings } from '../http/types';
import type { Auth } from './auth';

/** Don't write last_active_at more than once per this many milliseconds per session. */
const ACTIVITY_WRITE_INTERVAL_MS = 15_000;

/** Reads that must not count as activity: the guards' session check would keep idle tabs alive. */
const PASSIVE_PATHS = new Set(['/api/auth/session', '/api/admin/me', '/api/health', '/api/config']);

export type SessionEndReason = 'idle' | 'absolute' | 'inactive';

/** Copies Better Auth's Set-Cookie headers onto our response. */
export function forwardCookies(c: Context, headers: Headers | null | undefined) {
  if (!headers) return;
  for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
}

export async function clearSessionCookies(c: Context, auth: Auth) {
  const context = await auth.$context;
  const secure = context.authCookies.sessionToken.attributes.secure ? '; Secure' : '';
  for (const cookie of [context.authCookies.sessionToken, context.authCookies.dontRememberToken, context.authCookies.sessionData]) {
    c.header('set-cookie', `${cookie.name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}`, { append: true });
  }
}

/**
 * Resolves the actor of every API request from the server-side session and enforces the session
 * rules: provider sessions end after 30 minutes without authenticated API use (sliding), admin
 * sessions 8 hours after sign-in (absolute) or as soon as the admin is deactivated. An ended
 * session is deleted, its cookies cleared, and `X-Session-Ended` tells the browser why.
 */
export function resolveActor(deps: { auth: Auth; db: Database; trustProxy: boolean }): MiddlewareHandler<AppBindings> {
  return async (c, next) => {
    const cookieHeader = c.req.header('cookie') ?? '';
    if (!cookieHeader.includes('vitae.session_token')) return next();

    const result = await deps.auth.api.getSession({
      headers: c.req.raw.headers,
      query: { disableCookieCache: true },
      returnHeaders: true,
    });
    forwardCookies(c, result.headers);
    const found = result.response;
    if (!found) return next();

    const session = found.session as typeof found.session & { kind?: string; lastActiveAt?: Date | string | null };
    const now = Date.now();
    const end = async (reason: SessionEndReason) => {
      await deps.db.delete(authSessions).where(eq(authSessions.id, session.id));
      await clearSessionCookies(c, deps.auth);
      c.header('x-session-ended', reason);
    };

    if (session.kind === 'admin') {
      if (now - new Date(session.createdAt).getTime() >= ADMIN_SESSION_LIFETIME_MS) {
        await end('absolute');
        return next();
      }
      const [admin] = await deps.db.select().from(adminUsers).where(eq(adminUsers.authUserId, found.user.id)).limit(1);
      if (!admin || !admin.isActive) {
        await deps.db.delete(authSessions).where(and(eq(authSessions.userId, found.user.id), eq(authSessions.kind, 'admin')));
        await clearSessionCookies(c, deps.auth);
        c.header('x-session-ended', 'inactive');
        return next();
      }
      c.set('actor', {
        kind: 'admin',
        adminId: admin.id,
        email: admin.email,
        role: admin.role as 'system_admin' | 'hospital_admin',
        hospitalId: admin.hospitalId,
        sessionId: session.id,
        authUserId: found.user.id,
        sessionCreatedAt: new Date(session.createdAt),
        mustChangePassword: admin.mustChangePassword,
        ip: clientIp(c, deps.trustProxy),
        userAgent: c.req.header('user-agent') ?? null,
      });
      return next();
    }

    const lastActive = new Date(session.lastActiveAt ?? session.createdAt).getTime();
    if (now - lastActive >= INACTIVITY.timeoutMs) {
      await end('idle');
      return next();
    }
    const [user] = await deps.db.select().from(users).where(eq(users.authUserId, found.user.id)).limit(1);
    if (!PASSIVE_PATHS.has(c.req.path) && now - lastActive >= ACTIVITY_WRITE_INTERVAL_MS) {
      await deps.db.update(authSessions).set({ lastActiveAt: new Date(now) }).where(eq(authSessions.id, session.id));
    }
    c.set(
      'actor',
      user
        ? { kind: 'provider', userId: user.id, email: user.email, hospitalId: user.hospitalId, sessionId: session.id, authUserId: found.user.id }
        : { kind: 'account', email: found.user.email, sessionId: session.id, authUserId: found.user.id },
    );
    return next();
  };
}

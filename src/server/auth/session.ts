import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { ADMIN_SESSION_LIFETIME_MS, INACTIVITY } from '../../shared/limits';
import type { Database } from '../db/client';
import { adminUsers, authSessions, authUsers, users } from '../db/schema';
import { clientIp } from '../http/client-ip';
import type { Actor, AppBindings } from '../http/types';
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
 * The key, in a request's environment (Hono's `c.env`), of the actor a page's own reads share. The
 * dashboard the server renders makes its first reads as requests to this app in process (decision
 * 0015): six of them, each of which resolved the same session again (a statement, a pool round trip
 * and the checks, a third of the page's statements). Now the first read resolves it as any request
 * does and leaves the actor in the carrier; the others take it from there. Only code in this
 * process can put a value under a symbol in `c.env` (the Node adapter gives real requests
 * `{ incoming, outgoing }`), so no request from outside can name an actor this way.
 */
export const CARRIED_ACTOR = Symbol('vitae.carried-actor');

export interface ActorCarrier {
  actor?: Actor;
}

function carrierOf(c: Context): ActorCarrier | undefined {
  return (c.env as Record<symbol, ActorCarrier | undefined> | undefined)?.[CARRIED_ACTOR];
}

interface ResolvedSession {
  session: { id: string; createdAt: Date | string; kind?: string | null; lastActiveAt?: Date | string | null };
  authUser: { id: string; email: string };
}

/**
 * The session token from the signed session cookie, or null when it is missing or its signature is
 * wrong. The signature is Better Auth's: HMAC-SHA-256 of the token with the auth secret, in base64.
 * Node's synchronous HMAC, not WebCrypto: `crypto.subtle.verify` runs as a job on the thread pool
 * and resolves a promise, which made the check a fifth of a signed-in read's CPU time. Anything that
 * does not match exactly goes on to Better Auth's own `getSession`, which decides.
 */
function signedSessionToken(c: Context, name: string, secret: string) {
  const value = getCookie(c, name);
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * Resolves the actor of every API request from the server-side session and enforces the session
 * rules: provider sessions end after 30 minutes without authenticated API use (sliding), admin
 * sessions 8 hours after sign-in (absolute) or as soon as the admin is deactivated. An ended
 * session is deleted, its cookies cleared, and `X-Session-Ended` tells the browser why.
 *
 * The common case costs one query: the signed cookie is verified here and the session, its account,
 * the provider row and the admin row are read together. Whenever Better Auth has work to do (an
 * expired session to remove and its cookie to clear, a session due for its daily extension with a
 * new cookie) or anything looks unusual, the request goes through Better Auth's own `getSession`.
 */
export function resolveActor(deps: { auth: Auth; db: Database; trustProxy: boolean }): MiddlewareHandler<AppBindings> {
  const contextReady = deps.auth.$context.then((context) => ({
    cookieName: context.authCookies.sessionToken.name,
    secret: context.secret,
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
  }));

  // Every signed-in request runs this statement: it is built once (Drizzle's query building was a
  // fifth of a cached read's time) and prepared on each connection (decision 0014).
  const sessionRow = deps.db
    // Only the columns the checks and the actor use: every column costs the driver a parser and a
    // mapping per request.
    .select({
      session: {
        id: authSessions.id,
        createdAt: authSessions.createdAt,
        kind: authSessions.kind,
        lastActiveAt: authSessions.lastActiveAt,
        expiresAt: authSessions.expiresAt,
      },
      authUser: { id: authUsers.id, email: authUsers.email },
      user: { id: users.id, email: users.email, hospitalId: users.hospitalId, profileVersion: users.profileVersion },
      admin: {
        id: adminUsers.id,
        email: adminUsers.email,
        role: adminUsers.role,
        hospitalId: adminUsers.hospitalId,
        mustChangePassword: adminUsers.mustChangePassword,
        isActive: adminUsers.isActive,
      },
    })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .leftJoin(users, eq(users.authUserId, authSessions.userId))
    .leftJoin(adminUsers, eq(adminUsers.authUserId, authSessions.userId))
    .where(eq(authSessions.token, sql.placeholder('token')))
    .limit(1)
    .prepare('vitae_session_fast_path');

  /** Session, account, provider and admin rows in one read, when no Better Auth work is due. */
  async function fastPath(c: Context, now: number) {
    const { cookieName, secret, expiresInMs, updateAgeMs } = await contextReady;
    const token = signedSessionToken(c, cookieName, secret);
    if (!token) return null;
    const [row] = await sessionRow.execute({ token });
    if (!row) return null;
    const expiresAt = row.session.expiresAt.getTime();
    if (expiresAt <= now || expiresAt - expiresInMs + updateAgeMs <= now) return null;
    return row;
  }
  type FastRow = NonNullable<Awaited<ReturnType<typeof fastPath>>>;

  const resolve: MiddlewareHandler<AppBindings> = async (c, next) => {
    const cookieHeader = c.req.header('cookie') ?? '';
    if (!cookieHeader.includes('vitae.session_token')) return next();
    const now = Date.now();

    // The fast path's row carries the provider and admin columns; Better Auth's session does not.
    let resolved: ResolvedSession & Partial<Pick<FastRow, 'user' | 'admin'>>;
    const fast = await fastPath(c, now);
    if (fast) {
      resolved = fast;
    } else {
      const result = await deps.auth.api.getSession({
        headers: c.req.raw.headers,
        query: { disableCookieCache: true },
        returnHeaders: true,
      });
      forwardCookies(c, result.headers);
      const found = result.response;
      if (!found) return next();
      resolved = { session: found.session as ResolvedSession['session'], authUser: { id: found.user.id, email: found.user.email } };
    }
    const { session, authUser } = resolved;

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
      const admin =
        resolved.admin !== undefined ? resolved.admin : (await deps.db.select().from(adminUsers).where(eq(adminUsers.authUserId, authUser.id)).limit(1))[0];
      if (!admin || !admin.isActive) {
        await deps.db.delete(authSessions).where(and(eq(authSessions.userId, authUser.id), eq(authSessions.kind, 'admin')));
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
        authUserId: authUser.id,
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
    const user = resolved.user !== undefined ? resolved.user : (await deps.db.select().from(users).where(eq(users.authUserId, authUser.id)).limit(1))[0];
    // A page's reads count as activity as the browser's own reads of that page would (the first of
    // them is the session check, a passive path; the others no longer resolve the session).
    const passive = PASSIVE_PATHS.has(c.req.path) && !carrierOf(c);
    if (!passive && now - lastActive >= ACTIVITY_WRITE_INTERVAL_MS) {
      await deps.db
        .update(authSessions)
        .set({ lastActiveAt: new Date(now) })
        .where(eq(authSessions.id, session.id));
    }
    c.set(
      'actor',
      user
        ? {
            kind: 'provider',
            userId: user.id,
            email: user.email,
            hospitalId: user.hospitalId,
            sessionId: session.id,
            authUserId: authUser.id,
            profileVersion: user.profileVersion,
          }
        : { kind: 'account', email: authUser.email, sessionId: session.id, authUserId: authUser.id },
    );
    return next();
  };

  return async (c, next) => {
    const carrier = carrierOf(c);
    if (!carrier) return resolve(c, next);
    if (carrier.actor) {
      c.set('actor', carrier.actor);
      return next();
    }
    return resolve(c, () => {
      // Only a provider's live session is shared; anything else (signed out, ended, an admin) leaves
      // each read to resolve its own, as before.
      const actor = c.get('actor');
      if (actor.kind === 'provider' && !c.res.headers.get('x-session-ended')) carrier.actor = actor;
      return next();
    });
  };
}

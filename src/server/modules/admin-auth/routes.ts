import { and, count, eq, ne } from 'drizzle-orm';
import { Hono } from 'hono';
import { adminMagicLinkSchema } from '../../../shared/schemas/admin';
import { z } from 'zod';
import { newPasswordSchema } from '../../../shared/schemas/auth';
import { markPasswordChanged } from '../admin-users/service';
import type { AppDeps } from '../../app';
import type { Auth } from '../../auth/auth';
import { requireAdmin, requireAdminSession } from '../../auth/guards';
import { hasPassword, revokePasswordResetLinks } from '../../auth/credentials';
import { hospitalScope } from '../../auth/policies';
import { clearSessionCookies } from '../../auth/session';
import { adminUsers, authSessions, hospitalSectionPermissions, hospitals, users } from '../../db/schema';
import { clientIp } from '../../http/client-ip';
import type { AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/service';
import { requestAdminMagicLink } from './service';

/** The admin session object of the spec, built from the database row. */
export async function adminSessionObject(deps: AppDeps, adminId: string, sessionCreatedAt: Date) {
  const [row] = await deps.database.db
    .select({ admin: adminUsers, hospitalName: hospitals.name })
    .from(adminUsers)
    .leftJoin(hospitals, eq(hospitals.id, adminUsers.hospitalId))
    .where(eq(adminUsers.id, adminId))
    .limit(1);
  if (!row) throw AppError.admin('ADMIN_USER_NOT_FOUND', 404);
  const admin = row.admin;
  return {
    id: admin.id,
    email: admin.email,
    full_name: admin.fullName,
    role: admin.role,
    hospital_id: admin.hospitalId,
    hospital_name: row.hospitalName ?? null,
    created_at: admin.createdAt.toISOString(),
    last_login_at: admin.lastLoginAt?.toISOString() ?? null,
    is_super_admin: admin.isSuperAdmin,
    is_active: admin.isActive,
    must_change_password: admin.mustChangePassword,
    // An admin who only ever signed in by magic link has no password: the change page sets a first one.
    has_password: admin.authUserId ? await hasPassword(deps.database.db, admin.authUserId) : false,
    permissions: admin.permissions,
    session_started_at: sessionCreatedAt.toISOString(),
  };
}

const setPasswordSchema = z.object({ newPassword: newPasswordSchema });

export function adminAuthRoutes(deps: AppDeps & { auth: Auth }) {
  const db = deps.database.db;
  return (
    new Hono<AppBindings>()
      .post('/admin/auth/magic-link', validate('json', adminMagicLinkSchema), async (c) => {
        const { email } = c.req.valid('json');
        const result = await requestAdminMagicLink({ db, auth: deps.auth, logger: deps.logger }, email, {
          ip: clientIp(c, deps.env.TRUST_PROXY),
          userAgent: c.req.header('user-agent') ?? null,
          headers: c.req.raw.headers,
        });
        return c.json({ sent: true, ...result });
      })

      .get('/admin/me', requireAdmin, async (c) => {
        const actor = c.get('actor');
        if (actor.kind !== 'admin') throw AppError.admin('ADMIN_UNAUTHORIZED', 401);
        return c.json(await adminSessionObject(deps, actor.adminId, actor.sessionCreatedAt));
      })

      // While a change is forced, an admin who never received or lost the invitation may set a new
      // password without the temporary one, and an admin who has no password yet sets a first one:
      // the magic link already proved the address, and there is no current password to ask for.
      .post('/admin/auth/set-password', requireAdmin, validate('json', setPasswordSchema), async (c) => {
        const actor = c.get('actor');
        if (actor.kind !== 'admin') throw AppError.admin('ADMIN_UNAUTHORIZED', 401);
        const passwordSet = await hasPassword(db, actor.authUserId);
        if (!actor.mustChangePassword && passwordSet) throw AppError.forbidden('Use change password with your current password.');
        const context = await deps.auth.$context;
        const hash = await context.password.hash(c.req.valid('json').newPassword);
        const accounts = await context.internalAdapter.findAccounts(actor.authUserId);
        if (accounts.some((account) => account.providerId === 'credential')) await context.internalAdapter.updatePassword(actor.authUserId, hash);
        else await context.internalAdapter.linkAccount({ userId: actor.authUserId, providerId: 'credential', accountId: actor.authUserId, password: hash });
        await db.delete(authSessions).where(and(eq(authSessions.userId, actor.authUserId), ne(authSessions.id, actor.sessionId)));
        await revokePasswordResetLinks(db, actor.authUserId);
        await markPasswordChanged(db, actor);
        return c.json({ changed: true });
      })

      // Admin sign-out is global by default: every admin session of this account ends.
      .post('/admin/auth/sign-out', async (c) => {
        const actor = c.get('actor');
        if (actor.kind === 'admin') {
          await db.delete(authSessions).where(and(eq(authSessions.userId, actor.authUserId), eq(authSessions.kind, 'admin')));
          await revokePasswordResetLinks(db, actor.authUserId);
          await recordAudit(db, actor, { action: 'admin.sign_out', targetType: 'admin_user', targetId: actor.adminId });
        }
        await clearSessionCookies(c, deps.auth);
        return c.json({ signedOut: true, redirectTo: '/admin/login' });
      })

      .get('/admin/stats', requireAdminSession(requireAdmin), async (c) => {
        const actor = c.get('actor');
        if (actor.kind !== 'admin') throw AppError.admin('ADMIN_UNAUTHORIZED', 401);
        const [[hospitalCount], [activeCount], [userCount], [sections]] = await Promise.all([
          db.select({ n: count() }).from(hospitals).where(hospitalScope(actor, hospitals.id)),
          db
            .select({ n: count() })
            .from(hospitals)
            .where(and(eq(hospitals.isActive, true), hospitalScope(actor, hospitals.id))),
          db.select({ n: count() }).from(users).where(hospitalScope(actor, users.hospitalId)),
          db
            .select({ n: count() })
            .from(hospitalSectionPermissions)
            .where(and(eq(hospitalSectionPermissions.isVisible, true), hospitalScope(actor, hospitalSectionPermissions.hospitalId))),
        ]);
        return c.json({
          hospitals: Number(hospitalCount?.n ?? 0),
          users: Number(userCount?.n ?? 0),
          activeHospitals: Number(activeCount?.n ?? 0),
          sectionsConfigured: Number(sections?.n ?? 0),
        });
      })
  );
}

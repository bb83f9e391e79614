import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppDeps } from '../../app';
import { requireAdmin } from '../../auth/guards';
import { adminUsers } from '../../db/schema';
import type { AppBindings } from '../../http/types';
import { AppError } from '../../lib/app-error';

/** The admin session object of the spec, built from the database row. */
export async function adminSessionObject(deps: AppDeps, adminId: string, sessionCreatedAt: Date) {
  const [admin] = await deps.database.db.select().from(adminUsers).where(eq(adminUsers.id, adminId)).limit(1);
  if (!admin) throw AppError.admin('ADMIN_USER_NOT_FOUND', 404);
  return {
    id: admin.id,
    email: admin.email,
    full_name: admin.fullName,
    role: admin.role,
    hospital_id: admin.hospitalId,
    created_at: admin.createdAt.toISOString(),
    last_login_at: admin.lastLoginAt?.toISOString() ?? null,
    is_super_admin: admin.isSuperAdmin,
    is_active: admin.isActive,
    must_change_password: admin.mustChangePassword,
    permissions: admin.permissions,
    session_started_at: sessionCreatedAt.toISOString(),
  };
}

export function adminAuthRoutes(deps: AppDeps) {
  return new Hono<AppBindings>().get('/admin/me', requireAdmin, async (c) => {
    const actor = c.get('actor');
    if (actor.kind !== 'admin') throw AppError.admin('ADMIN_UNAUTHORIZED', 401);
    return c.json(await adminSessionObject(deps, actor.adminId, actor.sessionCreatedAt));
  });
}

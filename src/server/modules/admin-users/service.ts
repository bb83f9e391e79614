import { containsPattern } from '../../lib/like';
import { and, asc, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_MESSAGES, type createAdminSchema, type updateAdminSchema } from '../../../shared/schemas/admin';
import type { z } from 'zod';
import type { Auth } from '../../auth/auth';
import { createPasswordAccount, generateTemporaryPassword } from '../../auth/accounts';
import { hospitalScope, permissionsForRole, type AdminActor } from '../../auth/policies';
import type { Database } from '../../db/client';
import { adminUsers, authSessions, authUsers, hospitals } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { recordAudit } from '../audit/service';

export interface AdminUsersDeps {
  db: Database;
  auth: Auth;
  logger: Logger;
}

type AdminRow = typeof adminUsers.$inferSelect;

export function toAdminDto(admin: AdminRow & { hospitalName?: string | null }) {
  return {
    id: admin.id,
    email: admin.email,
    full_name: admin.fullName,
    first_name: admin.firstName,
    last_name: admin.lastName,
    role: admin.role,
    hospital_id: admin.hospitalId,
    hospital_name: admin.hospitalName ?? null,
    is_active: admin.isActive,
    is_super_admin: admin.isSuperAdmin,
    must_change_password: admin.mustChangePassword,
    email_verified: admin.emailVerified,
    permissions: admin.permissions,
    created_by: admin.createdBy,
    updated_by: admin.updatedBy,
    last_login_at: admin.lastLoginAt?.toISOString() ?? null,
    created_at: admin.createdAt.toISOString(),
  };
}

const splitName = (fullName: string) => {
  const parts = fullName.trim().split(/\s+/);
  return { firstName: parts[0] ?? null, lastName: parts.length > 1 ? parts.at(-1)! : null };
};

async function findScoped(deps: AdminUsersDeps, actor: AdminActor, id: string) {
  const [admin] = await deps.db
    .select()
    .from(adminUsers)
    .where(and(eq(adminUsers.id, id), hospitalScope(actor, adminUsers.hospitalId)))
    .limit(1);
  if (!admin) throw AppError.notFound('Admin user not found');
  return admin;
}

async function assertHospital(db: Database, hospitalId: string) {
  const [hospital] = await db.select({ id: hospitals.id, name: hospitals.name }).from(hospitals).where(eq(hospitals.id, hospitalId)).limit(1);
  if (!hospital) throw new AppError('HOSPITAL_NOT_FOUND', 404, 'Hospital not found');
  return hospital;
}

/**
 * Creates an administrator: a hospital admin may only add hospital admins to their own hospital.
 * The new admin gets a temporary password, must change it, and receives a link to set one; if the
 * e-mail cannot be sent nothing is kept.
 */
export async function createAdmin(
  deps: AdminUsersDeps,
  actor: AdminActor,
  input: z.output<typeof createAdminSchema>,
  sendInvite: (email: string) => Promise<void>,
) {
  let role = input.role;
  let hospitalId = input.hospitalId ?? null;
  if (actor.role === 'hospital_admin') {
    if (role !== 'hospital_admin') throw AppError.forbidden('Hospital administrators can only create hospital administrators.');
    hospitalId = actor.hospitalId;
  }
  if (role === 'system_admin') hospitalId = null;
  if (role === 'hospital_admin') {
    if (!hospitalId) throw AppError.validation(ADMIN_MESSAGES.hospitalRequired, { field: 'hospitalId' });
    await assertHospital(deps.db, hospitalId);
  }

  const [existing] = await deps.db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.email, input.email)).limit(1);
  const [existingAccount] = await deps.db
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(sql`lower(${authUsers.email}) = ${input.email}`)
    .limit(1);
  if (existing || existingAccount) throw AppError.conflict(ADMIN_MESSAGES.duplicateAdmin, { field: 'email' });

  const account = await createPasswordAccount(deps.auth, {
    email: input.email,
    name: input.fullName,
    password: generateTemporaryPassword(),
    emailVerified: false,
  });
  let admin: AdminRow;
  try {
    [admin] = (await deps.db
      .insert(adminUsers)
      .values({
        authUserId: account.id,
        email: input.email,
        fullName: input.fullName,
        ...splitName(input.fullName),
        role,
        hospitalId,
        isActive: true,
        isSuperAdmin: role === 'system_admin',
        mustChangePassword: true,
        emailVerified: false,
        permissions: permissionsForRole(role),
        createdBy: actor.adminId,
        updatedBy: actor.adminId,
      })
      .returning()) as [AdminRow];
    await sendInvite(input.email);
  } catch (error) {
    deps.logger.error({ err: error }, 'admin creation failed; removing the partial account');
    await deps.db.delete(adminUsers).where(eq(adminUsers.authUserId, account.id));
    await deps.db.delete(authUsers).where(eq(authUsers.id, account.id));
    if (error instanceof AppError) throw error;
    throw new AppError('ADMIN_CREATE_FAILED', 502, ADMIN_MESSAGES.inviteFailed);
  }
  role = admin.role as typeof role;
  await recordAudit(deps.db, actor, {
    action: 'admin_user.create',
    targetType: 'admin_user',
    targetId: admin.id,
    hospitalId: admin.hospitalId,
    summary: { after: { email: admin.email, role, hospital_id: admin.hospitalId } },
  });
  return toAdminDto(admin);
}

export async function listAdmins(deps: AdminUsersDeps, actor: AdminActor, query: { q?: string; page: number; pageSize: number }) {
  const conditions: Array<SQL | undefined> = [hospitalScope(actor, adminUsers.hospitalId)];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(ilike(adminUsers.email, pattern), ilike(adminUsers.fullName, pattern)));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ admin: adminUsers, hospitalName: hospitals.name })
      .from(adminUsers)
      .leftJoin(hospitals, eq(hospitals.id, adminUsers.hospitalId))
      .where(where)
      .orderBy(asc(adminUsers.email))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db.select({ n: count() }).from(adminUsers).where(where),
  ]);
  return { items: rows.map((r) => toAdminDto({ ...r.admin, hospitalName: r.hospitalName })), totalCount: Number(total?.n ?? 0) };
}

export async function getAdmin(deps: AdminUsersDeps, actor: AdminActor, id: string) {
  return toAdminDto(await findScoped(deps, actor, id));
}

async function endAdminSessions(db: Database, admin: AdminRow) {
  if (admin.authUserId) await db.delete(authSessions).where(and(eq(authSessions.userId, admin.authUserId), eq(authSessions.kind, 'admin')));
}

export async function updateAdmin(deps: AdminUsersDeps, actor: AdminActor, id: string, input: z.output<typeof updateAdminSchema>) {
  const before = await findScoped(deps, actor, id);
  const changes: Partial<typeof adminUsers.$inferInsert> = {};
  if (input.fullName !== undefined) Object.assign(changes, { fullName: input.fullName, ...splitName(input.fullName) });

  let role = before.role as 'system_admin' | 'hospital_admin';
  let hospitalId = before.hospitalId;
  if (input.role !== undefined || input.hospitalId !== undefined) {
    if (actor.role === 'hospital_admin') throw AppError.forbidden('Only a system administrator can change roles or hospitals.');
    if (before.id === actor.adminId && input.role !== undefined && input.role !== before.role) throw AppError.forbidden('You cannot change your own role.');
    role = input.role ?? role;
    hospitalId = role === 'system_admin' ? null : input.hospitalId !== undefined ? input.hospitalId : hospitalId;
    if (role === 'hospital_admin') {
      if (!hospitalId) throw AppError.validation(ADMIN_MESSAGES.hospitalRequired, { field: 'hospitalId' });
      await assertHospital(deps.db, hospitalId);
    }
    if (before.role === 'system_admin' && role !== 'system_admin') await assertNotLastSystemAdmin(deps.db, before.id);
    Object.assign(changes, { role, hospitalId, isSuperAdmin: role === 'system_admin', permissions: permissionsForRole(role) });
  }
  if (input.isActive !== undefined) {
    if (before.id === actor.adminId && !input.isActive) throw AppError.forbidden(ADMIN_MESSAGES.cannotDeactivateSelf);
    if (!input.isActive && before.role === 'system_admin') await assertNotLastSystemAdmin(deps.db, before.id);
    changes.isActive = input.isActive;
  }
  changes.updatedBy = actor.adminId;

  const [after] = await deps.db.update(adminUsers).set(changes).where(eq(adminUsers.id, before.id)).returning();
  if (!after) throw new AppError('ADMIN_UPDATE_FAILED', 500, ADMIN_MESSAGES.updateFailed);
  if (!after.isActive || after.role !== before.role) await endAdminSessions(deps.db, after);
  const changed = Object.keys(input) as Array<keyof typeof input>;
  await recordAudit(deps.db, actor, {
    action: input.isActive === false ? 'admin_user.deactivate' : 'admin_user.update',
    targetType: 'admin_user',
    targetId: after.id,
    hospitalId: after.hospitalId,
    summary: {
      before: Object.fromEntries(
        changed.map((k) => [k, k === 'fullName' ? before.fullName : k === 'isActive' ? before.isActive : k === 'role' ? before.role : before.hospitalId]),
      ),
      after: input,
    },
  });
  return toAdminDto(after);
}

async function assertNotLastSystemAdmin(db: Database, excludingId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(adminUsers)
    .where(and(eq(adminUsers.role, 'system_admin'), eq(adminUsers.isActive, true), ne(adminUsers.id, excludingId)));
  if (Number(row?.n ?? 0) === 0) throw new AppError('LAST_SYSTEM_ADMIN', 400, ADMIN_MESSAGES.lastSystemAdmin);
}

/**
 * Deletes an administrator and their sign-in account. Prompt templates keep their content: the
 * foreign keys null created_by / updated_by. The last active system administrator stays.
 */
export async function deleteAdmin(deps: AdminUsersDeps, actor: AdminActor, id: string) {
  const admin = await findScoped(deps, actor, id);
  if (admin.id === actor.adminId) throw AppError.forbidden(ADMIN_MESSAGES.cannotDeleteSelf);
  await deps.db.transaction(async (tx) => {
    if (admin.role === 'system_admin') {
      // Serialise concurrent deletions so two requests cannot each remove "another" last admin.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('admin_users:system_admin'))`);
      await assertNotLastSystemAdmin(tx as unknown as Database, admin.id);
    }
    await tx.delete(adminUsers).where(eq(adminUsers.id, admin.id));
    if (admin.authUserId) await tx.delete(authUsers).where(eq(authUsers.id, admin.authUserId));
  });
  await recordAudit(deps.db, actor, {
    action: 'admin_user.delete',
    targetType: 'admin_user',
    targetId: admin.id,
    hospitalId: admin.hospitalId,
    summary: { before: { email: admin.email, role: admin.role } },
  });
  return { deleted: true };
}

/** A successful password change clears the forced change. */
export async function markPasswordChanged(db: Database, actor: AdminActor) {
  await db.update(adminUsers).set({ mustChangePassword: false, updatedBy: actor.adminId }).where(eq(adminUsers.id, actor.adminId));
  await recordAudit(db, actor, { action: 'admin_user.password_change', targetType: 'admin_user', targetId: actor.adminId });
}

import { containsPattern } from '../../lib/like';
import { and, asc, count, desc, eq, gte, ilike, isNull, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AdminUserFilters, AdminUsersQuery } from '../../../shared/schemas/admin-users';
import { hospitalScope, scopedHospitalId, type AdminActor } from '../../auth/policies';
import type { Database } from '../../db/client';
import type { FileStorage } from '../../integrations/storage';
import type { Logger } from '../../lib/logger';
import { deleteUserFilesNow, queueUserFilesDeletion } from './files';
import { authUsers, directoryListings, hospitals, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/service';
import { syncAuthStatus } from '../accounts/service';
import { overriddenFields } from '../profile/provenance';
import { readProfileSnapshot } from '../profile/snapshot';
import { toUserDto } from '../profile/user-dto';

const DAY_MS = 24 * 60 * 60 * 1000;
const monthBefore = (now: Date) => new Date(now.getTime() - 30 * DAY_MS);

/** Each filter of the console's list as a condition (the list joins the provider's listing). */
const USER_FILTER_CONDITIONS: { [K in keyof AdminUserFilters]-?: (value: NonNullable<AdminUserFilters[K]>, now: Date) => SQL | undefined } = {
  completionBelow: (below) => lt(users.profileCompletionPercentage, below),
  publishing: (state) =>
    state === 'not_published'
      ? or(isNull(directoryListings.status), notInArray(directoryListings.status, ['published', 'pending']))
      : eq(directoryListings.status, state),
  signIn: (when, now) =>
    when === 'never' ? isNull(users.lastLoginAt) : when === 'over_30_days' ? lt(users.lastLoginAt, monthBefore(now)) : gte(users.lastLoginAt, monthBefore(now)),
};

/** Providers the admin may see: all for system admins (optionally one hospital's), their own hospital's otherwise. */
export async function listUsers(
  db: Database,
  actor: AdminActor,
  query: { hospitalId?: string } & Partial<AdminUsersQuery> & Pick<AdminUsersQuery, 'page' | 'pageSize'>,
  now = new Date(),
) {
  const conditions: Array<SQL | undefined> = [hospitalScope(actor, users.hospitalId)];
  if (query.hospitalId) conditions.push(eq(users.hospitalId, query.hospitalId));
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(ilike(users.fullName, pattern), ilike(users.email, pattern), ilike(users.npiNumber, pattern)));
  }
  for (const [key, condition] of Object.entries(USER_FILTER_CONDITIONS)) {
    const value = query[key as keyof AdminUserFilters];
    if (value !== undefined) conditions.push((condition as (value: unknown, now: Date) => SQL | undefined)(value, now));
  }
  const where = and(...conditions);
  const direction = query.dir === 'desc' ? desc : asc;
  // Never signed in sorts as the oldest sign-in: last when the newest come first, first otherwise.
  const order =
    query.sort === 'completion'
      ? [direction(users.profileCompletionPercentage)]
      : query.sort === 'lastSignIn'
        ? [query.dir === 'desc' ? sql`${users.lastLoginAt} desc nulls last` : sql`${users.lastLoginAt} asc nulls first`]
        : [direction(users.fullName)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, hospitalName: hospitals.name, listingStatus: directoryListings.status })
      .from(users)
      .leftJoin(hospitals, eq(hospitals.id, users.hospitalId))
      .leftJoin(directoryListings, eq(directoryListings.userId, users.id))
      .where(where)
      .orderBy(...order, asc(users.fullName), asc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(users).leftJoin(directoryListings, eq(directoryListings.userId, users.id)).where(where),
  ]);
  return {
    items: rows.map((r) => ({ ...toUserDto({ ...r.user, hospitalName: r.hospitalName }), listingStatus: r.listingStatus ?? null })),
    totalCount: Number(total?.n ?? 0),
  };
}

async function findUserForAdmin(db: Database, actor: AdminActor, userId: string) {
  const [row] = await db
    .select({ user: users, hospitalName: hospitals.name })
    .from(users)
    .leftJoin(hospitals, eq(hospitals.id, users.hospitalId))
    .where(and(eq(users.id, userId), hospitalScope(actor, users.hospitalId)))
    .limit(1);
  if (!row) throw AppError.notFound(`User not found: ${userId}`);
  return { ...row.user, hospitalName: row.hospitalName };
}

/** A provider's stored profile, read-only, for an admin of their hospital. */
export async function viewUserProfile(db: Database, actor: AdminActor, userId: string) {
  const hospitalId = scopedHospitalId(actor);
  const snapshot = await readProfileSnapshot(db, userId, hospitalId === null ? 'all' : { hospitalId });
  if (!snapshot) throw AppError.notFound(`User not found: ${userId}`);
  const identity = snapshot.sections.professionalIdentity[0] as { manualOverrideFlags?: Record<string, boolean> } | undefined;
  // Fields the provider typed over an import: every later import leaves them as they are.
  const overrides = overriddenFields(identity?.manualOverrideFlags);
  return { user: toUserDto(snapshot.user), sections: snapshot.sections, provenance: snapshot.provenance, overrides };
}

/**
 * Deletes a provider: every profile table (they cascade from users), the users row and the
 * sign-in account, in one transaction, so a failure leaves everything in place; then their stored
 * files (photos, screenshots: users/files.ts), queued in that transaction so a failure is retried.
 */
export async function deleteUser(deps: { db: Database; storage: FileStorage; logger: Logger }, actor: AdminActor, userId: string) {
  const { db } = deps;
  const user = await findUserForAdmin(db, actor, userId);
  const filesJob = await db.transaction(async (tx) => {
    await tx.delete(users).where(eq(users.id, user.id));
    if (user.authUserId) await tx.delete(authUsers).where(eq(authUsers.id, user.authUserId));
    return queueUserFilesDeletion(tx as unknown as Database, user.id);
  });
  // The rows are gone (the photo route already answers 404); now their files (issue 32 item 14).
  await deleteUserFilesNow(deps, filesJob, user.id);
  await recordAudit(db, actor, {
    action: 'user.delete',
    targetType: 'user',
    targetId: user.id,
    hospitalId: user.hospitalId,
    summary: { before: { email: user.email, fullName: user.fullName, npiNumber: user.npiNumber } },
  });
  return { deleted: true };
}

/** Pending → active once the account's e-mail is confirmed (the spec's sync of auth status). */
export async function syncUserAuthStatus(db: Database, actor: AdminActor, userId: string) {
  const user = await findUserForAdmin(db, actor, userId);
  if (!user.authUserId) throw AppError.validation('This provider has no sign-in account.');
  const [account] = await db.select({ emailVerified: authUsers.emailVerified }).from(authUsers).where(eq(authUsers.id, user.authUserId)).limit(1);
  if (account?.emailVerified) await syncAuthStatus(db, user.authUserId);
  const after = await findUserForAdmin(db, actor, userId);
  if (after.status !== user.status || after.emailVerified !== user.emailVerified) {
    await recordAudit(db, actor, {
      action: 'user.sync_auth_status',
      targetType: 'user',
      targetId: user.id,
      hospitalId: user.hospitalId,
      summary: { before: { status: user.status }, after: { status: after.status } },
    });
  }
  return toUserDto(after);
}

import { eq } from 'drizzle-orm';
import { EMAIL_PATTERN } from '../../../shared/schemas/auth';
import { ADMIN_MAGIC_LINK } from '../../../shared/limits';
import type { Auth } from '../../auth/auth';
import { consumeRateLimit, releaseAttempt } from '../../auth/rate-limit';
import type { Database } from '../../db/client';
import { adminUsers, authUsers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { recordAudit } from '../audit/service';

export interface AdminAuthDeps {
  db: Database;
  auth: Auth;
  logger: Logger;
}

interface RequestContext {
  ip: string;
  userAgent: string | null;
  headers: Headers;
}

/**
 * The admin magic-link request of the spec, in its order: trim and lower-case, format, the
 * 3-per-5-minutes limit, an active admin row, the 60-second resend cooldown, then the link
 * (to /auth/callback?admin=true). Every refusal is audited.
 */
export async function requestAdminMagicLink(deps: AdminAuthDeps, rawEmail: unknown, request: RequestContext) {
  const email = typeof rawEmail === 'string' ? rawEmail.trim().toLowerCase() : '';
  const audit = (action: string, summary: Record<string, unknown> = {}) =>
    recordAudit(deps.db, null, { action, actorEmail: email || undefined, targetType: 'admin_user', summary, ip: request.ip, userAgent: request.userAgent });

  if (!EMAIL_PATTERN.test(email)) throw AppError.admin('INVALID_EMAIL_FORMAT', 400);

  const limit = await consumeRateLimit(deps.db, { key: `admin-magic-link:${email}`, limit: ADMIN_MAGIC_LINK.maxAttempts, windowMs: ADMIN_MAGIC_LINK.windowMs });
  if (!limit.allowed) {
    await audit('admin.magic_link.rate_limited');
    throw AppError.admin('RATE_LIMIT_EXCEEDED', 429, { retryAfterSeconds: Math.ceil(limit.retryAfterMs / 1000) });
  }

  const [admin] = await deps.db.select().from(adminUsers).where(eq(adminUsers.email, email)).limit(1);
  if (!admin) {
    await audit('admin.magic_link.unknown_email');
    throw AppError.admin('ADMIN_USER_NOT_FOUND', 404);
  }
  if (!admin.isActive) {
    await audit('admin.magic_link.inactive');
    throw AppError.admin('ADMIN_USER_INACTIVE', 403);
  }

  // The cooldown is claimed before the send, atomically like every limit: of parallel requests
  // (on any process) exactly one sends. A send that fails gives the claim back.
  const sentKey = `admin-magic-link-sent:${email}`;
  const claimedAt = new Date();
  const cooldown = await consumeRateLimit(deps.db, { key: sentKey, limit: 1, windowMs: ADMIN_MAGIC_LINK.resendCooldownMs }, claimedAt);
  if (!cooldown.allowed) {
    throw AppError.admin('RESEND_COOLDOWN_ACTIVE', 429, { retryAfterSeconds: Math.max(1, Math.ceil(cooldown.retryAfterMs / 1000)) });
  }
  try {
    await ensureAdminAuthAccount(deps, admin);
    await deps.auth.api.signInMagicLink({ body: { email, metadata: { admin: true } }, headers: request.headers });
  } catch (error) {
    await releaseAttempt(deps.db, sentKey, claimedAt);
    throw error;
  }
  await recordAudit(deps.db, null, {
    action: 'admin.magic_link.sent',
    actorEmail: email,
    targetType: 'admin_user',
    targetId: admin.id,
    hospitalId: admin.hospitalId,
    ip: request.ip,
    userAgent: request.userAgent,
  });
  return { email, cooldownSeconds: ADMIN_MAGIC_LINK.resendCooldownMs / 1000, redirectDelayMs: ADMIN_MAGIC_LINK.redirectDelayMs };
}

/** Admins created before their sign-in account existed (seed, CLI) get one on first use. */
async function ensureAdminAuthAccount(deps: AdminAuthDeps, admin: typeof adminUsers.$inferSelect) {
  if (admin.authUserId) return admin.authUserId;
  const [existing] = await deps.db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, admin.email)).limit(1);
  let authUserId = existing?.id;
  if (!authUserId) {
    const context = await deps.auth.$context;
    const created = await context.internalAdapter.createUser({ email: admin.email, name: admin.fullName ?? admin.email, emailVerified: false }, { method: 'admin' });
    authUserId = created.id;
  }
  await deps.db.update(adminUsers).set({ authUserId }).where(eq(adminUsers.id, admin.id));
  return authUserId;
}

/** Completes an admin sign-in from a verified link: the admin row must still be active. */
export async function completeAdminSignIn(deps: AdminAuthDeps, email: string, request: { ip: string; userAgent: string | null }) {
  const [admin] = await deps.db.select().from(adminUsers).where(eq(adminUsers.email, email.toLowerCase())).limit(1);
  if (!admin) throw AppError.admin('ADMIN_USER_NOT_FOUND', 404);
  if (!admin.isActive) throw AppError.admin('ADMIN_USER_INACTIVE', 403);
  const [updated] = await deps.db
    .update(adminUsers)
    .set({ lastLoginAt: new Date(), emailVerified: true })
    .where(eq(adminUsers.id, admin.id))
    .returning();
  await recordAudit(deps.db, null, {
    action: 'admin.sign_in',
    as: { id: admin.id, role: admin.role as 'hospital_admin' | 'system_admin', email: admin.email },
    targetType: 'admin_user',
    targetId: admin.id,
    hospitalId: admin.hospitalId,
    ip: request.ip,
    userAgent: request.userAgent,
  });
  return updated!;
}

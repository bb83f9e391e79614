import { eq } from 'drizzle-orm';
import { EMAIL_PATTERN } from '../../../shared/schemas/auth';
import { ADMIN_MAGIC_LINK } from '../../../shared/limits';
import type { Auth } from '../../auth/auth';
import { consumeRateLimit, releaseAttempt } from '../../auth/rate-limit';
import type { Database } from '../../db/client';
import { adminUsers, authUsers, hospitals } from '../../db/schema';
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
 * The admin magic-link request of the spec, in its order: trim and lower-case, format, the rate
 * limits (per client address, then the spec's 3 per 5 minutes per e-mail), an active admin row of an
 * active hospital, the 60-second resend cooldown, then the link (to /auth/callback?admin=true).
 *
 * The form answers an unknown address with the spec's ADMIN_USER_NOT_FOUND, so the per-address
 * limit is what keeps it from listing the administrators. Refusals are audited once per burst: the
 * first refusal from a client address writes the entry, and the others from that address in the
 * same window are counted by the limiter, not logged one by one (a script could otherwise write an
 * audit row per guess).
 */
export async function requestAdminMagicLink(deps: AdminAuthDeps, rawEmail: unknown, request: RequestContext) {
  const email = typeof rawEmail === 'string' ? rawEmail.trim().toLowerCase() : '';
  const auditRefusal = async (action: string) => {
    const firstOfBurst = await consumeRateLimit(deps.db, {
      key: `admin-magic-link-refusals:${request.ip}`,
      limit: 1,
      windowMs: ADMIN_MAGIC_LINK.perAddressWindowMs,
    });
    if (!firstOfBurst.allowed) return;
    await recordAudit(deps.db, null, {
      action,
      actorEmail: email || undefined,
      targetType: 'admin_user',
      summary: {
        burst: {
          scope: 'client_address',
          window_minutes: ADMIN_MAGIC_LINK.perAddressWindowMs / 60_000,
          later_refusals: 'counted by the rate limit, not logged',
        },
      },
      ip: request.ip,
      userAgent: request.userAgent,
    });
  };
  const refuseForLimit = async (retryAfterMs: number) => {
    await auditRefusal('admin.magic_link.rate_limited');
    return AppError.admin('RATE_LIMIT_EXCEEDED', 429, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) });
  };

  if (!EMAIL_PATTERN.test(email)) throw AppError.admin('INVALID_EMAIL_FORMAT', 400);

  const perAddress = await consumeRateLimit(deps.db, {
    key: `admin-magic-link-ip:${request.ip}`,
    limit: ADMIN_MAGIC_LINK.perAddressMaxAttempts,
    windowMs: ADMIN_MAGIC_LINK.perAddressWindowMs,
  });
  if (!perAddress.allowed) throw await refuseForLimit(perAddress.retryAfterMs);
  const limit = await consumeRateLimit(deps.db, { key: `admin-magic-link:${email}`, limit: ADMIN_MAGIC_LINK.maxAttempts, windowMs: ADMIN_MAGIC_LINK.windowMs });
  if (!limit.allowed) throw await refuseForLimit(limit.retryAfterMs);

  const [found] = await deps.db
    .select({ admin: adminUsers, hospitalActive: hospitals.isActive })
    .from(adminUsers)
    .leftJoin(hospitals, eq(hospitals.id, adminUsers.hospitalId))
    .where(eq(adminUsers.email, email))
    .limit(1);
  if (!found) {
    await auditRefusal('admin.magic_link.unknown_email');
    throw AppError.admin('ADMIN_USER_NOT_FOUND', 404);
  }
  const admin = found.admin;
  // A deactivated hospital's administrators are refused like deactivated administrators.
  if (!admin.isActive || found.hospitalActive === false) {
    await auditRefusal('admin.magic_link.inactive');
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
    const created = await context.internalAdapter.createUser(
      { email: admin.email, name: admin.fullName ?? admin.email, emailVerified: false },
      { method: 'admin' },
    );
    authUserId = created.id;
  }
  await deps.db.update(adminUsers).set({ authUserId }).where(eq(adminUsers.id, admin.id));
  return authUserId;
}

/** Completes an admin sign-in from a verified link: the admin row must still be active. */
export async function completeAdminSignIn(deps: AdminAuthDeps, email: string, request: { ip: string; userAgent: string | null }) {
  const [found] = await deps.db
    .select({ admin: adminUsers, hospitalActive: hospitals.isActive })
    .from(adminUsers)
    .leftJoin(hospitals, eq(hospitals.id, adminUsers.hospitalId))
    .where(eq(adminUsers.email, email.toLowerCase()))
    .limit(1);
  if (!found) throw AppError.admin('ADMIN_USER_NOT_FOUND', 404);
  const admin = found.admin;
  // A link sent before the hospital was deactivated signs nobody in after it.
  if (!admin.isActive || found.hospitalActive === false) throw AppError.admin('ADMIN_USER_INACTIVE', 403);
  const [updated] = await deps.db.update(adminUsers).set({ lastLoginAt: new Date(), emailVerified: true }).where(eq(adminUsers.id, admin.id)).returning();
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

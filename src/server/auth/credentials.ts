import { and, eq, isNotNull, like } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authAccounts, authSessions, authVerifications } from '../db/schema';

/**
 * Better Auth keeps a password-reset link as a verification row `reset-password:<token>` whose value
 * is the account id. Every link of the account goes at once: after a reset, a password change or a
 * global sign-out, a link sent earlier (an older request, or one sitting in a mailbox someone else
 * can read) must not set the password again.
 */
export async function revokePasswordResetLinks(db: Database, authUserId: string) {
  await db.delete(authVerifications).where(and(like(authVerifications.identifier, 'reset-password:%'), eq(authVerifications.value, authUserId)));
}

/** Global sign-out (access spec §7, "Sign-out is global by default"): every session of the account and its reset links end. */
export async function endEverySession(db: Database, authUserId: string) {
  await db.delete(authSessions).where(eq(authSessions.userId, authUserId));
  await revokePasswordResetLinks(db, authUserId);
}

/** Whether the account has a password yet (an administrator who only ever used magic links has none). */
export async function hasPassword(db: Database, authUserId: string) {
  const [account] = await db
    .select({ id: authAccounts.id })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, authUserId), eq(authAccounts.providerId, 'credential'), isNotNull(authAccounts.password)))
    .limit(1);
  return Boolean(account);
}

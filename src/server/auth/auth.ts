import { createHash, randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { magicLink } from 'better-auth/plugins';
import type { Database } from '../db/client';
import { eq } from 'drizzle-orm';
import { adminUsers, authAccounts, authSessions, authUsers, authVerifications, hospitals } from '../db/schema';
import type { Env } from '../env';
import type { Mailer } from '../integrations/mail/mailer';
import { recordAudit } from '../modules/audit/service';
import { revokePasswordResetLinks } from './credentials';
import { createPasswordHasher } from './password';
import { adminInviteEmail, magicLinkEmail, passwordResetEmail, verificationEmail } from '../integrations/mail/templates';

export const MAGIC_LINK_TTL_SECONDS = 15 * 60;
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;
/** Better Auth's own ceiling; our idle (providers) and absolute (admins) limits apply first. */
const SESSION_MAX_SECONDS = 7 * 24 * 60 * 60;

/** Tokens in e-mail links are stored hashed, so a database leak does not hand out sign-in links. */
export function hashToken(token: string) {
  return createHash('sha256').update(token).digest('base64url');
}

export const magicLinkIdentifier = (token: string) => `magic-link:${hashToken(token)}`;

export interface AuthDeps {
  db: Database;
  env: Env;
  mailer: Mailer;
}

/**
 * Better Auth on our Drizzle schema: e-mail + password (scrypt), magic links (no sign-up through a
 * link), e-mail verification, password reset revoking every session, database sessions. The
 * browser never calls Better Auth's own routes: our /api/auth/* handlers validate, rate-limit and
 * call `auth.api.*`, and the links in e-mails point at our pages, which verify only on a click.
 */
export function createAuth({ db, env, mailer }: AuthDeps) {
  const link = (path: string, params: Record<string, string>) => {
    const url = new URL(path, `${env.appUrl}/`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  };

  return betterAuth({
    appName: 'Vitae',
    baseURL: env.appUrl,
    basePath: '/api/auth/core',
    secret: env.authSecret,
    trustedOrigins: [env.appUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: authUsers, session: authSessions, account: authAccounts, verification: authVerifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Better Auth's scrypt format, at most PASSWORD_HASH_CONCURRENCY hashes at once (password.ts).
      password: createPasswordHasher(env.passwordHashConcurrency),
      autoSignIn: true,
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      // The reset link reached the inbox, so the address is proven; without this a later magic-link
      // sign-in would treat the password as unproven and remove it.
      onPasswordReset: async ({ user }) => {
        await db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.id, user.id));
        // The link just used is consumed; any other one sent before must not reset the password again.
        await revokePasswordResetLinks(db, user.id);
        // An administrator who sets a password from the invitation (or a reset) has chosen it: the
        // forced change is done, and the address is proven like the account's.
        const [admin] = await db
          .update(adminUsers)
          .set({ mustChangePassword: false, emailVerified: true })
          .where(eq(adminUsers.authUserId, user.id))
          .returning({ id: adminUsers.id, role: adminUsers.role, email: adminUsers.email, hospitalId: adminUsers.hospitalId });
        if (admin) {
          await recordAudit(db, null, {
            action: 'admin_user.password_change',
            as: { id: admin.id, role: admin.role as 'hospital_admin' | 'system_admin', email: admin.email },
            targetType: 'admin_user',
            targetId: admin.id,
            hospitalId: admin.hospitalId,
            summary: { via: 'reset_link' },
          });
        }
      },
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TTL_SECONDS,
      sendResetPassword: async ({ user, token }) => {
        // Administrators set and reset their password on the admin pages; a new admin gets an invitation.
        const [admin] = await db
          .select({
            mustChangePassword: adminUsers.mustChangePassword,
            emailVerified: adminUsers.emailVerified,
            role: adminUsers.role,
            hospitalName: hospitals.name,
          })
          .from(adminUsers)
          .leftJoin(hospitals, eq(hospitals.id, adminUsers.hospitalId))
          .where(eq(adminUsers.email, user.email.toLowerCase()))
          .limit(1);
        const url = link(admin ? '/admin/reset-password' : '/reset-password', { token });
        const minutes = PASSWORD_RESET_TTL_SECONDS / 60;
        const invite = admin && admin.mustChangePassword && !admin.emailVerified;
        await mailer.send({
          to: user.email,
          kind: invite ? 'admin_invite' : 'password_reset',
          links: [url],
          ...(invite
            ? adminInviteEmail(url, { role: admin.role, hospitalName: admin.hospitalName, expiresInMinutes: minutes })
            : passwordResetEmail(url, minutes)),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: false,
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user, token }) => {
        const url = link('/auth/callback', { token_hash: token, type: 'email' });
        await mailer.send({ to: user.email, kind: 'verification', links: [url], ...verificationEmail(url) });
      },
    },
    // Reset links are stored hashed like magic links, so a database leak hands out none; the prefix
    // stays readable so that all of an account's links can be revoked at once (auth/credentials.ts).
    verification: {
      storeIdentifier: { default: 'plain', overrides: { 'reset-password:': { hash: async (identifier) => `reset-password:${hashToken(identifier)}` } } },
    },
    session: {
      expiresIn: SESSION_MAX_SECONDS,
      updateAge: 24 * 60 * 60,
      cookieCache: { enabled: false },
      additionalFields: {
        kind: { type: 'string', required: false, input: false, defaultValue: 'provider' },
        lastActiveAt: { type: 'date', required: false, input: false },
      },
    },
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'vitae',
      useSecureCookies: env.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: env.isProduction, path: '/' },
      database: { generateId: () => randomUUID() },
    },
    telemetry: { enabled: false },
    plugins: [
      magicLink({
        disableSignUp: true,
        expiresIn: MAGIC_LINK_TTL_SECONDS,
        storeToken: { type: 'custom-hasher', hash: async (token) => hashToken(token) },
        sendMagicLink: async ({ email, token, metadata }) => {
          const admin = metadata?.admin === true;
          // The link's kind is stored with its token: the callback follows it, never the client's flag.
          await db
            .update(authVerifications)
            .set({ linkKind: admin ? 'admin' : 'provider' })
            .where(eq(authVerifications.identifier, magicLinkIdentifier(token)));
          const url = link('/auth/callback', { token_hash: token, type: 'magiclink', ...(admin ? { admin: 'true' } : {}) });
          await mailer.send({
            to: email,
            kind: admin ? 'admin_magic_link' : 'magic_link',
            links: [url],
            ...magicLinkEmail(url, { admin, expiresInMinutes: MAGIC_LINK_TTL_SECONDS / 60 }),
          });
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

import { createHash, randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { magicLink } from 'better-auth/plugins';
import type { Database } from '../db/client';
import { authAccounts, authSessions, authUsers, authVerifications } from '../db/schema';
import type { Env } from '../env';
import type { Mailer } from '../integrations/mail/mailer';
import { magicLinkEmail, passwordResetEmail, verificationEmail } from '../integrations/mail/templates';

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
      autoSignIn: true,
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TTL_SECONDS,
      sendResetPassword: async ({ user, token }) => {
        const url = link('/reset-password', { token });
        await mailer.send({
          to: user.email,
          kind: 'password_reset',
          links: [url],
          ...passwordResetEmail(url, PASSWORD_RESET_TTL_SECONDS / 60),
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

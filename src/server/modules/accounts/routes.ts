import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { APIError } from 'better-auth/api';
import { ADMIN_ERROR_MESSAGES } from '../../../shared/errors';
import {
  AUTH_MESSAGES,
  callbackSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  magicLinkRequestSchema,
  resetPasswordSchema,
  signOutSchema,
  signUpSchema,
  updateAccountSchema,
} from '../../../shared/schemas/auth';
import { splitProviderName } from '../../../shared/names';
import type { AppDeps } from '../../app';
import type { Auth } from '../../auth/auth';
import { requireProvider } from '../../auth/guards';
import { magicLinkIdentifier } from '../../auth/auth';
import { endEverySession, revokePasswordResetLinks } from '../../auth/credentials';
import { consumeRateLimit } from '../../auth/rate-limit';
import { clientIp as clientIpOf } from '../../http/client-ip';
import { clearSessionCookies, forwardCookies } from '../../auth/session';
import { adminUsers, authSessions, authUsers, authVerifications, hospitals, mailOutbox, users } from '../../db/schema';
import { errorResponse } from '../../http/errors';
import type { Actor, AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import { escapeHtml } from '../../render/escape';
import { AppError } from '../../lib/app-error';
import type { NpiRegistry } from '../../integrations/npi-registry';
import { recordAudit } from '../audit/service';
import {
  assertCanSignUp,
  buildSignupMetadata,
  completeSignIn,
  createProviderProfile,
  runDeferredPopulation,
  saveSignupMetadata,
  syncAuthStatus,
  auditEmailConfirmed,
  type DirectoryPopulation,
} from './service';
import { rosterLandingPath } from '../roster/claims';

const SIGN_IN_LIMITS = {
  perEmail: { limit: 10, windowMs: 15 * 60_000 },
  perIp: { limit: 60, windowMs: 15 * 60_000 },
};
const MAGIC_LINK_LIMIT = { limit: 3, windowMs: 5 * 60_000 };
const PASSWORD_MAIL_LIMIT = { limit: 3, windowMs: 15 * 60_000 };

export interface AccountsDeps extends AppDeps {
  auth: Auth;
  npiRegistry: NpiRegistry;
  populateDirectory?: DirectoryPopulation;
  /** Admin sign-in by link (issue 3): checks the admin row and returns the admin session object. */
  verifyAdminSignIn?: (email: string, c: Context<AppBindings>) => Promise<{ must_change_password: boolean } & Record<string, unknown>>;
  afterPasswordChange?: (actor: Exclude<Actor, { kind: 'anonymous' }>) => Promise<void>;
}

async function limitOrThrow(deps: AppDeps, key: string, rule: { limit: number; windowMs: number }) {
  const result = await consumeRateLimit(deps.database.db, { key, ...rule });
  if (!result.allowed) {
    await recordAudit(deps.database.db, null, { action: 'rate_limit.exceeded', targetType: 'rate_limit', targetId: key.replace(/:[^:]*@.*$/, ':<email>') });
    throw AppError.admin('RATE_LIMIT_EXCEEDED', 429, { retryAfterSeconds: Math.ceil(result.retryAfterMs / 1000) });
  }
}

function apiErrorCode(error: unknown): string | undefined {
  if (error instanceof APIError) return (error.body as { code?: string } | undefined)?.code;
  return undefined;
}

function emailInVerificationToken(token: string): string | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { email?: unknown };
    return typeof payload.email === 'string' ? payload.email.toLowerCase() : null;
  } catch {
    return null;
  }
}

export function accountRoutes(deps: AccountsDeps) {
  const { auth } = deps;
  const db = deps.database.db;
  const logger = deps.logger;
  const lookupNpi = (npi: string) => deps.npiRegistry.lookup(npi);
  const clientIp = (c: Context) => clientIpOf(c, deps.env.TRUST_PROXY);

  // The session read is the first request of every page the app opens (and of the dashboard the
  // server renders): the provider and their hospital in one statement, built once and prepared on
  // each connection like the session check (decision 0014; issue 36: it was two, built per request).
  const sessionUserRow = db
    .select({ user: users, hospital: { name: hospitals.name, dataSource: hospitals.dataSource } })
    .from(users)
    .leftJoin(hospitals, eq(hospitals.id, users.hospitalId))
    .where(eq(users.authUserId, sql.placeholder('authUserId')))
    .limit(1)
    .prepare('vitae_session_user');

  const sessionUser = async (authUserId: string) => {
    const [row] = await sessionUserRow.execute({ authUserId });
    if (!row) return null;
    const { user, hospital } = row;
    return {
      id: user.id,
      email: user.email,
      fullName: user.fullName,
      firstName: user.firstName,
      lastName: user.lastName,
      jobTitle: user.jobTitle,
      hospitalId: user.hospitalId,
      hospitalName: hospital?.name ?? null,
      // Where the hospital's provider data comes from: 'yext' offers the provider a directory sync.
      hospitalDataSource: hospital?.dataSource ?? null,
      npiNumber: user.npiNumber,
      tier: user.tier,
      status: user.status,
      emailVerified: user.emailVerified,
      profileCompletionPercentage: user.profileCompletionPercentage,
    };
  };

  /**
   * Administrators and providers are kept apart: an administrator's account never signs in on the
   * provider side (no provider profile is made for it, no forced password change is skipped). The
   * session just created is removed again and the person is sent to the admin sign-in.
   */
  const refuseAdminAccount = async (c: Context<AppBindings>, token: string, authUserId: string) => {
    const [admin] = await db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.authUserId, authUserId)).limit(1);
    if (!admin) return;
    await db.delete(authSessions).where(eq(authSessions.token, token));
    await clearSessionCookies(c, auth);
    await recordAudit(db, null, { action: 'provider.sign_in_refused_admin', targetType: 'admin_user', targetId: admin.id, ip: clientIp(c) });
    throw new AppError('ADMIN_ACCOUNT', 403, AUTH_MESSAGES.adminAccount);
  };

  /** After a successful password or link sign-in: ensure the profile; a failure signs out again. */
  const finishProviderSignIn = async (c: Context<AppBindings>, token: string, account: { id: string; email: string; name: string; emailVerified: boolean }) => {
    try {
      const user = await completeSignIn({ db, logger, lookupNpi, populateDirectory: deps.populateDirectory }, account);
      return user;
    } catch (error) {
      logger.error({ err: error, authUserId: account.id }, 'sign-in completion failed; signing out');
      await db.delete(authSessions).where(eq(authSessions.token, token));
      await clearSessionCookies(c, auth);
      throw new AppError('ACCOUNT_SETUP_FAILED', 500, AUTH_MESSAGES.accountSetupFailed);
    }
  };

  return (
    new Hono<AppBindings>()
      .get('/auth/session', async (c) => {
        const actor = c.get('actor');
        const ended = c.res.headers.get('x-session-ended');
        if (actor.kind !== 'provider') return c.json({ user: null, ...(ended ? { ended } : {}) });
        return c.json({ user: await sessionUser(actor.authUserId) });
      })

      .post('/auth/sign-up', validate('json', signUpSchema), async (c) => {
        const input = c.req.valid('json');
        await limitOrThrow(deps, `sign-up:ip:${clientIp(c)}`, { limit: deps.env.SIGN_UP_LIMIT_PER_HOUR, windowMs: 60 * 60_000 });
        const { hospital } = await assertCanSignUp(db, input);
        const metadata = buildSignupMetadata(input, hospital);

        let created;
        try {
          created = await auth.api.signUpEmail({
            body: { email: input.email, password: input.password, name: input.fullName },
            headers: c.req.raw.headers,
            returnHeaders: true,
          });
        } catch (error) {
          const code = apiErrorCode(error);
          if (code === 'USER_ALREADY_EXISTS' || code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') {
            throw AppError.conflict(hospital && hospital.mappedFields > 0 ? AUTH_MESSAGES.emailTakenWithFieldMappings : AUTH_MESSAGES.emailTaken);
          }
          if (error instanceof APIError)
            throw AppError.validation((error.body as { message?: string } | undefined)?.message ?? 'Failed to create user account');
          throw error;
        }
        const account = created.response.user;
        await saveSignupMetadata(db, account.id, metadata);

        const npiRecord = input.npiNumber ? await lookupNpi(input.npiNumber).catch(() => null) : null;
        let profile: { id: string } | undefined;
        try {
          profile = await createProviderProfile(
            db,
            { authUserId: account.id, email: input.email, emailVerified: true, metadata, jobTitle: metadata.job_title ?? 'Physician', npiRecord },
            logger,
            { refuseTakenNpi: true },
          );
          await saveSignupMetadata(db, account.id, { ...metadata, pending_profile_setup: false });
        } catch (error) {
          // Nothing half-made stays behind: the account goes, and the person can simply try again.
          await db.delete(authUsers).where(eq(authUsers.id, account.id));
          // Another sign-up took the NPI a moment ago: told like the check before it.
          if (error instanceof AppError && error.status === 409) throw error;
          logger.error({ err: error }, 'profile creation failed during sign-up');
          throw new AppError('PROFILE_SETUP_FAILED', 500, AUTH_MESSAGES.profileSetupFailed);
        }

        // Hospitals set up for a directory import fill the new profile now; failures are logged inside.
        if (profile && metadata.needs_directory_population && deps.populateDirectory) {
          const outcome = await deps.populateDirectory({ userId: profile.id, metadata });
          if (outcome === 'populated') {
            await saveSignupMetadata(db, account.id, {
              ...metadata,
              pending_profile_setup: false,
              needs_directory_population: false,
              directory_populated_at: new Date().toISOString(),
            });
          }
        }
        let headers = created.headers;
        if (!created.response.token) {
          try {
            const signedIn = await auth.api.signInEmail({
              body: { email: input.email, password: input.password, rememberMe: true },
              headers: c.req.raw.headers,
              returnHeaders: true,
            });
            headers = signedIn.headers;
          } catch (error) {
            const reason = error instanceof Error ? error.message : 'unknown error';
            throw new AppError('SESSION_NOT_ESTABLISHED', 500, AUTH_MESSAGES.sessionNotEstablished(reason));
          }
        }
        forwardCookies(c, headers);
        return c.json({ user: await sessionUser(account.id), redirectTo: '/dashboard' }, 201);
      })

      .post('/auth/sign-in', validate('json', loginSchema), async (c) => {
        const input = c.req.valid('json');
        await limitOrThrow(deps, `sign-in:ip:${clientIp(c)}`, SIGN_IN_LIMITS.perIp);
        await limitOrThrow(deps, `sign-in:email:${input.email}`, SIGN_IN_LIMITS.perEmail);
        let signedIn;
        try {
          signedIn = await auth.api.signInEmail({
            body: { email: input.email, password: input.password, rememberMe: input.rememberMe },
            headers: c.req.raw.headers,
            returnHeaders: true,
          });
        } catch (error) {
          if (error instanceof APIError) {
            await recordAudit(db, null, { action: 'provider.sign_in_failed', actorEmail: input.email, targetType: 'user', ip: clientIp(c) });
            throw new AppError('INVALID_CREDENTIALS', 401, AUTH_MESSAGES.invalidCredentials, { field: 'password' });
          }
          throw error;
        }
        const account = signedIn.response.user;
        // An administrator's address gets the wrong-password answer whatever the password: a different
        // answer for the right one would confirm an admin password to anyone guessing here. The session
        // just made goes again before any cookie is sent.
        const [admin] = await db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.authUserId, account.id)).limit(1);
        if (admin) {
          await db.delete(authSessions).where(eq(authSessions.token, signedIn.response.token));
          await recordAudit(db, null, { action: 'provider.sign_in_refused_admin', targetType: 'admin_user', targetId: admin.id, ip: clientIp(c) });
          throw new AppError('INVALID_CREDENTIALS', 401, AUTH_MESSAGES.invalidCredentials, { field: 'password' });
        }
        forwardCookies(c, signedIn.headers);
        const user = await finishProviderSignIn(c, signedIn.response.token, account);
        await recordAudit(db, null, {
          action: 'provider.sign_in',
          actorEmail: account.email,
          targetType: 'user',
          targetId: user.id,
          hospitalId: user.hospitalId,
          ip: clientIp(c),
        });
        return c.json({ user: await sessionUser(account.id), redirectTo: '/dashboard' });
      })

      .post('/auth/magic-link', validate('json', magicLinkRequestSchema), async (c) => {
        const { email } = c.req.valid('json');
        await limitOrThrow(deps, `magic-link:email:${email}`, MAGIC_LINK_LIMIT);
        await limitOrThrow(deps, `magic-link:ip:${clientIp(c)}`, { limit: 20, windowMs: 15 * 60_000 });
        // Only existing provider accounts get a link (an administrator's account is not one); the answer is the same either way.
        const [account] = await db
          .select({ id: authUsers.id, adminId: adminUsers.id })
          .from(authUsers)
          .leftJoin(adminUsers, eq(adminUsers.authUserId, authUsers.id))
          .where(eq(authUsers.email, email))
          .limit(1);
        if (account && !account.adminId) {
          try {
            await auth.api.signInMagicLink({ body: { email, metadata: { admin: false } }, headers: c.req.raw.headers });
          } catch (error) {
            logger.error({ err: error }, 'magic link could not be sent');
            throw new AppError('MAGIC_LINK_FAILED', 502, AUTH_MESSAGES.magicLinkFailed);
          }
        }
        return c.json({ sent: true, email });
      })

      .post('/auth/callback', validate('json', callbackSchema), async (c) => {
        const input = c.req.valid('json');
        if (input.type === 'email') {
          let verified;
          try {
            verified = await auth.api.verifyEmail({ query: { token: input.token_hash }, headers: c.req.raw.headers, returnHeaders: true });
          } catch {
            throw new AppError('VERIFICATION_LINK_INVALID', 400, 'This verification link is invalid or has expired. Please request a new one.');
          }
          forwardCookies(c, verified.headers);
          // Better Auth has checked the token's signature; its payload names the confirmed address.
          const email = emailInVerificationToken(input.token_hash);
          const [account] = email
            ? await db.select({ id: authUsers.id, metadata: authUsers.metadata }).from(authUsers).where(eq(authUsers.email, email)).limit(1)
            : [];
          if (account) {
            await syncAuthStatus(db, account.id);
            await auditEmailConfirmed(db, account.id, clientIp(c) ?? null);
            // The deferred directory population runs after e-mail verification as it does at sign-in
            // (access spec §4, step 5); its failure is logged and never fails the confirmation.
            const [user] = await db.select({ id: users.id }).from(users).where(eq(users.authUserId, account.id)).limit(1);
            if (user) {
              await runDeferredPopulation({ db, logger, populateDirectory: deps.populateDirectory }, account.id, user.id, account.metadata).catch(
                (error: unknown) => logger.error({ err: error, authUserId: account.id }, 'directory population after e-mail verification failed'),
              );
            }
          }
          return c.json({ verified: true, redirectTo: c.get('actor').kind === 'provider' ? '/dashboard' : '/login' });
        }

        // Magic link: tell an expired link from a good one before Better Auth consumes it.
        const [pending] = await db
          .select({ expiresAt: authVerifications.expiresAt, linkKind: authVerifications.linkKind })
          .from(authVerifications)
          .where(eq(authVerifications.identifier, magicLinkIdentifier(input.token_hash)))
          .limit(1);
        if (!pending || pending.expiresAt.getTime() <= Date.now()) throw AppError.admin('MAGIC_LINK_EXPIRED', 400);

        let verified;
        try {
          verified = await auth.api.magicLinkVerify({ query: { token: input.token_hash }, headers: c.req.raw.headers, returnHeaders: true });
        } catch {
          throw AppError.admin('MAGIC_LINK_EXPIRED', 400);
        }
        const body = verified.response as { token: string; user: { id: string; email: string; name: string; emailVerified: boolean } };
        forwardCookies(c, verified.headers);

        // The link's own kind decides (stored when it was sent); the `admin` flag of the request is ignored.
        if (pending.linkKind === 'admin') {
          const verifyAdmin = deps.verifyAdminSignIn;
          if (!verifyAdmin) throw AppError.admin('ADMIN_UNAUTHORIZED', 403);
          const admin = await verifyAdmin(body.user.email, c).catch(async (error: unknown) => {
            await db.delete(authSessions).where(eq(authSessions.token, body.token));
            await clearSessionCookies(c, auth);
            throw error;
          });
          await db.update(authSessions).set({ kind: 'admin' }).where(eq(authSessions.token, body.token));
          return c.json({ admin, redirectTo: admin.must_change_password ? '/admin/change-password' : '/system-admin' });
        }
        await refuseAdminAccount(c, body.token, body.user.id);
        const signedIn = await finishProviderSignIn(c, body.token, body.user);
        // Someone who claimed a roster profile with a magic link lands on its review (issue 37 item 4).
        return c.json({ user: await sessionUser(body.user.id), redirectTo: (await rosterLandingPath(db, signedIn.id)) ?? '/dashboard' });
      })

      .post('/auth/forgot-password', validate('json', forgotPasswordSchema), async (c) => {
        const { email } = c.req.valid('json');
        await limitOrThrow(deps, `password-mail:email:${email}`, PASSWORD_MAIL_LIMIT);
        try {
          await auth.api.requestPasswordReset({ body: { email, redirectTo: '/reset-password' }, headers: c.req.raw.headers });
        } catch (error) {
          logger.error({ err: error }, 'password reset request failed');
        }
        // The same answer whether or not the address has an account.
        return c.json({ message: 'If an account exists for this e-mail, we sent a link to reset the password.' });
      })

      .post('/auth/reset-password', validate('json', resetPasswordSchema), async (c) => {
        const { token, newPassword } = c.req.valid('json');
        try {
          await auth.api.resetPassword({ body: { token, newPassword }, headers: c.req.raw.headers });
        } catch {
          throw new AppError('RESET_LINK_INVALID', 400, AUTH_MESSAGES.resetLinkInvalid);
        }
        return c.json({ reset: true, redirectTo: '/login' });
      })

      .post('/auth/change-password', validate('json', changePasswordSchema), async (c) => {
        const actor = c.get('actor');
        if (actor.kind === 'anonymous') throw AppError.unauthenticated();
        const input = c.req.valid('json');
        try {
          // Other sessions are revoked here rather than by Better Auth, which would also replace the
          // current session (losing an admin session's kind and its sign-in time).
          await auth.api.changePassword({
            body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: false },
            headers: c.req.raw.headers,
          });
        } catch (error) {
          if (apiErrorCode(error) === 'INVALID_PASSWORD') throw AppError.validation(AUTH_MESSAGES.currentPasswordWrong, { field: 'currentPassword' });
          // No password to check against: a clear refusal, not a server error (an administrator sets the first one with /api/admin/auth/set-password).
          if (apiErrorCode(error) === 'CREDENTIAL_ACCOUNT_NOT_FOUND') throw new AppError('NO_PASSWORD_SET', 409, AUTH_MESSAGES.noPasswordYet);
          throw error;
        }
        if (input.revokeOtherSessions) {
          await db.delete(authSessions).where(and(eq(authSessions.userId, actor.authUserId), ne(authSessions.id, actor.sessionId)));
        }
        await revokePasswordResetLinks(db, actor.authUserId);
        if (deps.afterPasswordChange) await deps.afterPasswordChange(actor);
        return c.json({ changed: true });
      })

      .patch('/auth/profile', requireProvider, validate('json', updateAccountSchema), async (c) => {
        const actor = c.get('actor');
        if (actor.kind !== 'provider') throw AppError.unauthenticated();
        const { fullName } = c.req.valid('json');
        const split = splitProviderName(fullName);
        await db
          .update(users)
          .set({ fullName: split.fullName || fullName, firstName: split.firstName || null, lastName: split.lastName || null })
          .where(eq(users.id, actor.userId));
        await db.update(authUsers).set({ name: fullName, updatedAt: new Date() }).where(eq(authUsers.id, actor.authUserId));
        return c.json({ user: await sessionUser(actor.authUserId) });
      })

      .post('/auth/verification-email', async (c) => {
        const actor = c.get('actor');
        if (actor.kind !== 'provider' && actor.kind !== 'account') throw AppError.unauthenticated();
        const [account] = await db.select({ emailVerified: authUsers.emailVerified }).from(authUsers).where(eq(authUsers.id, actor.authUserId)).limit(1);
        if (account?.emailVerified) throw new AppError('EMAIL_ALREADY_VERIFIED', 409, AUTH_MESSAGES.emailAlreadyVerified);
        await limitOrThrow(deps, `verification-mail:${actor.email}`, PASSWORD_MAIL_LIMIT);
        await auth.api.sendVerificationEmail({ body: { email: actor.email }, headers: c.req.raw.headers });
        return c.json({ sent: true, email: actor.email });
      })

      .post('/auth/keep-alive', (c) => {
        const actor = c.get('actor');
        if (actor.kind === 'anonymous') return errorResponse(c, 401, 'SESSION_EXPIRED', ADMIN_ERROR_MESSAGES.SESSION_EXPIRED);
        return c.json({ active: true });
      })

      // Sign-out is global by default (access spec §7): every session of the account ends, on every
      // device. The inactivity timer asks for 'local': only its own session ends.
      .post('/auth/sign-out', validate('json', signOutSchema), async (c) => {
        const actor = c.get('actor');
        const { scope } = c.req.valid('json');
        if (actor.kind !== 'anonymous') {
          if (scope === 'local') await db.delete(authSessions).where(eq(authSessions.id, actor.sessionId));
          else await endEverySession(db, actor.authUserId);
          await recordAudit(db, actor, { action: 'sign_out', targetType: 'session', summary: { scope } });
        }
        await clearSessionCookies(c, auth);
        return c.json({ signedOut: true });
      })

      .post('/auth/sign-out-everywhere', async (c) => {
        const actor = c.get('actor');
        if (actor.kind === 'anonymous') throw AppError.unauthenticated();
        await endEverySession(db, actor.authUserId);
        await clearSessionCookies(c, auth);
        return c.json({ signedOut: true });
      })

      .get('/hospitals/options', async (c) => {
        const rows = await db
          .select({ id: hospitals.id, name: hospitals.name, dataSource: hospitals.dataSource })
          .from(hospitals)
          .where(eq(hospitals.isActive, true))
          .orderBy(hospitals.name);
        return c.json({ items: rows });
      })
  );
}

/** The development outbox: messages the server "sent", with their links. Never in production. */
export function outboxRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const list = (to?: string) =>
    db
      .select()
      .from(mailOutbox)
      .where(to ? eq(mailOutbox.to, to.toLowerCase()) : undefined)
      .orderBy(desc(mailOutbox.createdAt))
      .limit(100);

  return new Hono<AppBindings>()
    .get('/api/dev/outbox', async (c) => c.json({ items: await list(c.req.query('to') ?? undefined) }))
    .get('/dev/outbox', async (c) => {
      const items = await list(c.req.query('to') ?? undefined);
      const rows = items
        .map(
          (
            m,
          ) => `<article><header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to)} · ${escapeHtml(m.kind)} · ${m.createdAt.toISOString()}</span></header>
<ul>${m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('')}</ul>
<details><summary>Message</summary><pre>${escapeHtml(m.text)}</pre></details></article>`,
        )
        .join('\n');
      return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Development outbox · Vitae</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f3f4f6;color:#111827}main{max-width:860px;margin:0 auto;padding:32px 16px}h1{font-size:22px}p{color:#4b5563}
article{background:#fff;border:1px solid #e5e7eb;border-radius:10px;padding:16px;margin:12px 0}header{display:flex;flex-direction:column;gap:4px}header span{color:#6b7280;font-size:13px}
a{color:#1d4ed8;word-break:break-all}pre{white-space:pre-wrap;font-size:13px}</style></head>
<body><main><h1>Development outbox</h1><p>No SMTP server is configured, so e-mails are kept here instead of being sent. Newest first; this page does not exist in production.</p>
${rows || '<p>No messages yet.</p>'}</main></body></html>`);
    });
}

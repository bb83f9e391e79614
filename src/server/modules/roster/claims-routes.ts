import { Hono } from 'hono';
import { claimTokenParam, claimWithMagicLinkSchema, claimWithPasswordSchema } from '../../../shared/schemas/roster-claims';
import type { AppDeps } from '../../app';
import type { Auth } from '../../auth/auth';
import { requireProvider } from '../../auth/guards';
import { forwardCookies } from '../../auth/session';
import { clientIp } from '../../http/client-ip';
import type { AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import type { NpiRegistry } from '../../integrations/npi-registry';
import { AppError } from '../../lib/app-error';
import { completeSignIn } from '../accounts/service';
import { claimProfile, getRosterReview, maskEmail, readClaim } from './claims';

/** Where a claim lands: the review page (signed in). */
export const ROSTER_REVIEW_PATH = '/roster-review';

/**
 * The claim link's routes (public: the token is the credential) and the review page's read
 * (signed-in provider). A claim with a password signs in at once, as the sign-in route does; one
 * with a magic link sends the link to the bound address and signs in when it is clicked.
 */
export function rosterClaimRoutes(deps: AppDeps & { auth: Auth; npiRegistry: NpiRegistry }) {
  const db = deps.database.db;
  const claimDeps = { db, auth: deps.auth };
  const ipOf = (c: Parameters<typeof clientIp>[0]) => clientIp(c, deps.env.TRUST_PROXY);

  return new Hono<AppBindings>()
    .get('/roster-claims/:token', validate('param', claimTokenParam), async (c) => {
      c.header('Cache-Control', 'no-store');
      c.header('Referrer-Policy', 'no-referrer');
      return c.json(await readClaim(claimDeps, c.req.valid('param').token, c.get('actor')));
    })
    .post('/roster-claims/:token/password', validate('param', claimTokenParam), validate('json', claimWithPasswordSchema), async (c) => {
      const { password } = c.req.valid('json');
      const claimed = await claimProfile(claimDeps, c.req.valid('param').token, c.get('actor'), { password, ip: ipOf(c) });
      // The session starts as at sign-in: Better Auth checks the password just set and sets the cookie.
      let signedIn;
      try {
        signedIn = await deps.auth.api.signInEmail({
          body: { email: claimed.email, password, rememberMe: true },
          headers: c.req.raw.headers,
          returnHeaders: true,
        });
      } catch (error) {
        deps.logger.error({ err: error, userId: claimed.userId }, 'claimed roster profile: sign-in failed');
        throw new AppError(
          'SESSION_NOT_ESTABLISHED',
          500,
          'Your profile is claimed, but you could not be signed in. Sign in with your e-mail and the password you chose.',
        );
      }
      forwardCookies(c, signedIn.headers);
      const account = signedIn.response.user;
      await completeSignIn(
        { db, logger: deps.logger, lookupNpi: (npi) => deps.npiRegistry.lookup(npi) },
        { id: account.id, email: account.email, name: account.name, emailVerified: account.emailVerified },
      );
      return c.json({ claimed: true, redirectTo: ROSTER_REVIEW_PATH });
    })
    .post('/roster-claims/:token/magic-link', validate('param', claimTokenParam), validate('json', claimWithMagicLinkSchema), async (c) => {
      const claimed = await claimProfile(claimDeps, c.req.valid('param').token, c.get('actor'), { ip: ipOf(c) });
      try {
        await deps.auth.api.signInMagicLink({ body: { email: claimed.email, metadata: { admin: false } }, headers: c.req.raw.headers });
      } catch (error) {
        deps.logger.error({ err: error, userId: claimed.userId }, 'claimed roster profile: magic link not sent');
        throw new AppError('MAGIC_LINK_FAILED', 502, 'Your profile is claimed, but the sign-in link could not be sent. Ask for one on the sign-in page.');
      }
      return c.json({ claimed: true, sent: true, emailHint: maskEmail(claimed.email) });
    })
    .get('/me/roster-review', requireProvider, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await getRosterReview(db, (c.get('actor') as { userId: string }).userId));
    });
}

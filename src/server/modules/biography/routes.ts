import { Hono } from 'hono';
import type { AppDeps } from '../../app';
import { requireProvider } from '../../auth/guards';
import type { AppBindings } from '../../http/types';
import { createWriterFromEnv, type BiographyWriter } from '../../integrations/llm';
import { AppError } from '../../lib/app-error';
import { sharedRateLimiter } from '../../auth/rate-limit';
import { biographyTargets, draftBiography } from './service';

/** Drafts per provider per hour: generous for editing, a ceiling on what one account can cost. */
export const DRAFTS_PER_HOUR = 30;

export const DRAFT_RATE_MESSAGE = 'You have asked for many drafts in a short time. Please wait a few minutes and try again.';

/**
 * "Write for me" on the biography page. `biographyWriter` lets tests hand in a writer; otherwise the
 * environment decides (the AI writing service when LLM_BASE_URL and LLM_MODEL are set, else the
 * built-in writer).
 */
export function biographyRoutes(deps: AppDeps & { biographyWriter?: BiographyWriter }) {
  const writer = deps.biographyWriter ?? createWriterFromEnv(deps.env, deps.logger);
  const service = { db: deps.database.db, logger: deps.logger, writer };
  const limiter = sharedRateLimiter(service.db, { name: 'biography-draft', limit: DRAFTS_PER_HOUR, windowMs: 3_600_000 });

  return new Hono<AppBindings>()
    .get('/biography/targets', requireProvider, async (c) => {
      const actor = c.get('actor');
      if (actor.kind !== 'provider') throw AppError.unauthenticated();
      return c.json(await biographyTargets(service.db, { userId: actor.userId }));
    })
    .post('/biography/draft', requireProvider, async (c) => {
      const actor = c.get('actor');
      if (actor.kind !== 'provider') throw AppError.unauthenticated();
      const allowed = await limiter.hit(actor.userId);
      if (!allowed.allowed) {
        c.header('Retry-After', String(Math.ceil(allowed.retryAfterMs / 1000)));
        throw new AppError('RATE_LIMIT_EXCEEDED', 429, DRAFT_RATE_MESSAGE);
      }
      c.header('Cache-Control', 'no-store');
      return c.json(await draftBiography(service, { userId: actor.userId }));
    });
}

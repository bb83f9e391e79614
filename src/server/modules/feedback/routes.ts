import { Hono } from 'hono';
import { z } from 'zod';
import {
  adminFeedbackQuerySchema,
  feedbackBulkSchema,
  feedbackStatusSchema,
  feedbackSubmissionSchema,
  myFeedbackQuerySchema,
  userTierSchema,
} from '../../../shared/schemas/feedback';
import type { AppDeps } from '../../app';
import { requireCapability, requireProvider } from '../../auth/guards';
import type { AdminActor } from '../../auth/policies';
import { users } from '../../db/schema';
import type { AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import type { FileStorage } from '../../integrations/storage';
import type { LinearClient } from '../../integrations/linear/client';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/service';
import {
  bulkFeedbackAction,
  feedbackAggregates,
  getFeedbackForAdmin,
  listFeedbackForAdmin,
  listMyFeedback,
  readScreenshot,
  storeScreenshot,
  submitFeedback,
  updateFeedbackStatus,
  type FeedbackDeps,
} from './service';
import { eq } from 'drizzle-orm';

const idParam = z.object({ id: z.uuid('Issue not found') });
const screenshotParam = z.object({ ownerId: z.uuid(), file: z.string().regex(/^[A-Za-z0-9_-]+\.(png|jpg|webp)$/) });
const userParam = z.object({ userId: z.uuid('User not found') });

export function feedbackRoutes(deps: AppDeps & { storage: FileStorage; linear: LinearClient | null }) {
  const service: FeedbackDeps = {
    db: deps.database.db,
    logger: deps.logger,
    linear: deps.linear,
    storage: deps.storage,
    appUrl: deps.env.appUrl,
    betaOnly: deps.env.FEEDBACK_BETA_ONLY,
  };
  const db = service.db;
  const actorOf = (c: { get(key: 'actor'): unknown }) => c.get('actor') as AdminActor;
  const providerId = (c: { get(key: 'actor'): unknown }) => {
    const actor = c.get('actor') as { kind: string; userId?: string };
    if (actor.kind !== 'provider' || !actor.userId) throw AppError.unauthenticated();
    return actor.userId;
  };

  return (
    new Hono<AppBindings>()
      .post('/feedback', requireProvider, validate('json', feedbackSubmissionSchema), async (c) =>
        c.json(await submitFeedback(service, providerId(c), c.req.valid('json')), 201),
      )
      .get('/feedback/mine', requireProvider, validate('query', myFeedbackQuerySchema), async (c) =>
        c.json(await listMyFeedback(db, providerId(c), c.req.valid('query'))),
      )
      .post('/feedback/screenshot', requireProvider, async (c) => {
        const form = await c.req.formData().catch(() => null);
        const file = form?.get('file');
        if (!(file instanceof File)) throw AppError.validation('Attach the screenshot as a file named "file".');
        return c.json(await storeScreenshot(service, providerId(c), new Uint8Array(await file.arrayBuffer())), 201);
      })
      .get('/feedback/screenshots/:ownerId/:file', validate('param', screenshotParam), async (c) => {
        const actor = c.get('actor');
        const { ownerId, file } = c.req.valid('param');
        const viewer =
          actor.kind === 'provider'
            ? ({ kind: 'provider', userId: actor.userId } as const)
            : actor.kind === 'admin' && !actor.mustChangePassword
              ? ({ kind: 'admin', actor } as const)
              : null;
        if (!viewer) throw AppError.unauthenticated();
        const stored = await readScreenshot(service, viewer, ownerId, file);
        return c.body(stored.body as Uint8Array<ArrayBuffer>, 200, {
          'Content-Type': stored.contentType,
          'Cache-Control': 'private, max-age=3600',
          'X-Content-Type-Options': 'nosniff',
        });
      })

      .get('/admin/feedback', requireCapability('feedback.review'), validate('query', adminFeedbackQuerySchema), async (c) =>
        c.json(await listFeedbackForAdmin(db, actorOf(c), c.req.valid('query'))),
      )
      .get('/admin/feedback/stats', requireCapability('feedback.review'), async (c) => c.json(await feedbackAggregates(db, actorOf(c))))
      .get('/admin/feedback/:id', requireCapability('feedback.review'), validate('param', idParam), async (c) =>
        c.json(await getFeedbackForAdmin(db, actorOf(c), c.req.valid('param').id)),
      )
      .patch('/admin/feedback/:id', requireCapability('feedback.review'), validate('param', idParam), validate('json', feedbackStatusSchema), async (c) =>
        c.json(await updateFeedbackStatus(db, actorOf(c), c.req.valid('param').id, c.req.valid('json').status)),
      )
      .post('/admin/feedback/bulk', requireCapability('feedback.review'), validate('json', feedbackBulkSchema), async (c) => {
        const { ids, action } = c.req.valid('json');
        return c.json(await bulkFeedbackAction(db, actorOf(c), ids, action, service.storage, service.logger));
      })
      // The feedback tier of a provider (beta by default) is a system setting.
      .patch('/admin/users/:userId/tier', requireCapability('system.settings'), validate('param', userParam), validate('json', userTierSchema), async (c) => {
        const { userId } = c.req.valid('param');
        const [before] = await db.select({ tier: users.tier, hospitalId: users.hospitalId }).from(users).where(eq(users.id, userId)).limit(1);
        if (!before) throw AppError.notFound(`User not found: ${userId}`);
        const { tier } = c.req.valid('json');
        await db.update(users).set({ tier }).where(eq(users.id, userId));
        await recordAudit(db, actorOf(c), {
          action: 'user.tier',
          targetType: 'user',
          targetId: userId,
          hospitalId: before.hospitalId,
          summary: { before: { tier: before.tier }, after: { tier } },
        });
        return c.json({ userId, tier });
      })
  );
}

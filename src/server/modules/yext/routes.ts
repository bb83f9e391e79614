import { Hono, type Context } from 'hono';
import { termSyncRequestSchema, yextPreviewQuerySchema, type TermSyncResponse, type YextTestResult } from '../../../shared/schemas/yext';
import { OUTSIDE_RUN_LIMITS } from '../../../shared/limits';
import type { AppDeps } from '../../app';
import { requireCapability, requireProvider } from '../../auth/guards';
import { oneAtATime, sharedRateLimiter } from '../../auth/rate-limit';
import type { AdminActor } from '../../auth/policies';
import type { AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import type { NpiRegistry } from '../../integrations/npi-registry';
import { YEXT_DEFAULTS, YEXT_MESSAGES, entityIdOf } from '../../integrations/yext';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import { recordAudit } from '../audit/service';
import { hospitalIdParam } from '../hospitals/routes';
import { findHospitalForAdmin } from '../hospitals/service';
import { checkKey, clientFor, apiKeyOf, rememberedValidation, yextDepsFrom, type HospitalRow, type YextDeps } from './context';
import { previewProvider, runUnifiedSync } from './sync';
import { dryRunTermSync, enqueueTermSync, listSyncLogs } from './term-sync';

export type YextRouteDeps = AppDeps & { secretBox: SecretBox; npiRegistry?: NpiRegistry; yextHttp?: YextDeps['http'] };

const actorOf = (c: Context<AppBindings>) => c.get('actor') as AdminActor;

function providerId(c: Context<AppBindings>) {
  const actor = c.get('actor');
  if (actor.kind !== 'provider') throw AppError.unauthenticated();
  return actor.userId;
}

/**
 * The listing-service test (profile spec §7): validate the key with its fallbacks (always afresh
 * here), then list up to five providers and show three of them.
 */
async function testConnection(deps: YextDeps, row: HospitalRow): Promise<YextTestResult> {
  const validation = await checkKey(deps, row, { force: true });
  const keyValidation = rememberedValidation({ ...row, yextConfig: { ...row.yextConfig, key_validation: validation } as HospitalRow['yextConfig'] });
  if (!validation.valid) return { apiKeyValid: false, keyValidation, providersFound: 0, samples: [], error: YEXT_MESSAGES.keyValidationFailed };
  try {
    const client = clientFor(deps, row, apiKeyOf(deps, row), validation.host ?? 'production');
    const { entities } = await client.listProviders({ entityTypes: 'healthcareProfessional', limit: YEXT_DEFAULTS.testProviderCount });
    return {
      apiKeyValid: true,
      keyValidation,
      providersFound: entities.length,
      samples: entities.slice(0, 3).map((entity) => ({
        id: entityIdOf(entity) ?? '',
        name: typeof entity.name === 'string' ? entity.name : '',
        npi: typeof entity.npi === 'string' ? entity.npi : null,
      })),
      error: null,
    };
  } catch (error) {
    return { apiKeyValid: true, keyValidation, providersFound: 0, samples: [], error: error instanceof Error ? error.message : String(error) };
  }
}

export const LISTING_SYNC_BUSY_MESSAGE =
  'Your profile is already being updated from the listing service. Wait for it to finish before starting another update.';
export const LISTING_SYNC_RATE_MESSAGE = `You can update your profile from the listing service ${OUTSIDE_RUN_LIMITS.listingSync.perHour} times an hour. Please wait a while and try again.`;

/** Listing-service (Yext) routes, mounted under /api. */
export function yextRoutes(deps: YextRouteDeps) {
  const db = deps.database.db;
  const syncLimiter = sharedRateLimiter(db, { name: 'listing-sync', limit: OUTSIDE_RUN_LIMITS.listingSync.perHour, windowMs: 3_600_000 });
  const yext = yextDepsFrom({ db, logger: deps.logger, env: deps.env, secretBox: deps.secretBox, http: deps.yextHttp });

  return (
    new Hono<AppBindings>()
      // ── The signed-in provider ──────────────────────────────────────────────────────────────
      .post('/yext/sync', requireProvider, async (c) => {
        const userId = providerId(c);
        // Each sync calls the listing service with the hospital's key: one at a time per provider,
        // and a few an hour (30 parallel syncs made 90 calls before).
        const run = await oneAtATime(db, `listing-sync:${userId}`, OUTSIDE_RUN_LIMITS.listingSync.leaseMs, async () => {
          const allowed = await syncLimiter.hit(userId);
          if (!allowed.allowed) {
            c.header('Retry-After', String(Math.ceil(allowed.retryAfterMs / 1000)));
            throw new AppError('RATE_LIMIT_EXCEEDED', 429, LISTING_SYNC_RATE_MESSAGE);
          }
          return runUnifiedSync(yext, userId);
        });
        if (run.busy) throw AppError.conflict(LISTING_SYNC_BUSY_MESSAGE);
        const result = run.value;
        if (!result.skipped) {
          await recordAudit(db, c.get('actor'), {
            action: 'profile.yext_sync',
            targetType: 'user',
            targetId: providerId(c),
            summary: { sectionsUpdated: result.sectionsUpdated, sectionsFailed: result.sectionsFailed, pendingUpdatesCreated: result.pendingUpdatesCreated },
          });
        }
        return c.json(result);
      })

      // ── Administrators (hospital-scoped) ────────────────────────────────────────────────────
      .post('/admin/hospitals/:hospitalId/yext/test', requireCapability('hospital.settings.edit'), validate('param', hospitalIdParam), async (c) => {
        const row = await findHospitalForAdmin(db, actorOf(c), c.req.valid('param').hospitalId);
        const result = await testConnection(yext, row);
        await recordAudit(db, actorOf(c), {
          action: 'yext.test',
          targetType: 'hospital',
          targetId: row.id,
          hospitalId: row.id,
          summary: { apiKeyValid: result.apiKeyValid, via: result.keyValidation?.via ?? null, providersFound: result.providersFound },
        });
        return c.json(result);
      })
      .get(
        '/admin/hospitals/:hospitalId/yext/preview',
        requireCapability('hospital.settings.edit'),
        validate('param', hospitalIdParam),
        validate('query', yextPreviewQuerySchema),
        async (c) => {
          const row = await findHospitalForAdmin(db, actorOf(c), c.req.valid('param').hospitalId);
          return c.json(await previewProvider(yext, row, c.req.valid('query').npi));
        },
      )
      .post(
        '/admin/hospitals/:hospitalId/yext/term-sync',
        requireCapability('terms.manage'),
        validate('param', hospitalIdParam),
        validate('json', termSyncRequestSchema),
        async (c) => {
          const row = await findHospitalForAdmin(db, actorOf(c), c.req.valid('param').hospitalId);
          if (c.req.valid('json').dryRun) {
            const stats = await dryRunTermSync(yext, row.id);
            return c.json({ syncLogId: null, dryRun: true, ...stats } satisfies TermSyncResponse);
          }
          apiKeyOf(yext, row);
          const log = await enqueueTermSync(yext, row, actorOf(c).adminId);
          await recordAudit(db, actorOf(c), { action: 'yext.term_sync', targetType: 'yext_sync_log', targetId: log.id, hospitalId: row.id });
          return c.json({ syncLogId: log.id, dryRun: false } satisfies TermSyncResponse, 202);
        },
      )
      .get('/admin/hospitals/:hospitalId/yext/sync-logs', requireCapability('hospitals.view'), validate('param', hospitalIdParam), async (c) => {
        const row = await findHospitalForAdmin(db, actorOf(c), c.req.valid('param').hospitalId);
        return c.json({ items: await listSyncLogs(db, row.id), keyValidation: rememberedValidation(row) });
      })
  );
}

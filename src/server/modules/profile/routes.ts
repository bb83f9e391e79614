import { Hono, type Context } from 'hono';
import { npiRefreshSchema, trialRoleSchema } from '../../../shared/schemas/profile';
import type { AppDeps } from '../../app';
import { requireProvider } from '../../auth/guards';
import type { AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import { createNppesRegistry, type NpiRegistry } from '../../integrations/npi-registry';
import type { FileStorage } from '../../integrations/storage';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { exportProfile } from './export';
import { PHOTO_MESSAGES, readProfilePhoto, removeProfilePhoto, uploadProfilePhoto } from './photo';
import { createProfileReadCache, type ProfileReadCache } from './read';
import { refreshIdentityFromRegistry } from './identity';
import { readProvenance } from './provenance';
import { getDashboard, getProfileJson, getSection, parseSectionId, saveSection, SECTION_SAVE_BUSY_MESSAGE, updateTrialRole, type ProviderRef } from './service';

export type ProfileRouteDeps = AppDeps & { npiRegistry?: NpiRegistry; storage: FileStorage; profileCache?: ProfileReadCache };

/** The signed-in provider; requireProvider has run, so anything else is a wiring mistake. */
function provider(c: Context<AppBindings>): ProviderRef {
  const actor = c.get('actor');
  if (actor.kind !== 'provider') throw AppError.unauthenticated();
  return { userId: actor.userId, profileVersion: actor.profileVersion, signedIn: { email: actor.email, hospitalId: actor.hospitalId } };
}

async function jsonBody(c: Context<AppBindings>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw AppError.validation('The request body must be JSON');
  }
}

const photoParam = z.object({ userId: z.uuid(PHOTO_MESSAGES.notFound), file: z.string().regex(/^[A-Za-z0-9_-]+\.(png|jpg|webp)$/, PHOTO_MESSAGES.notFound) });

/**
 * The provider's own profile, mounted under /api. Every route requires a provider session and reads
 * or writes only that provider's rows (guards are per route so they never reach sibling modules'
 * paths under /api/profile).
 */
export function profileRoutes(deps: ProfileRouteDeps) {
  const base = { db: deps.database.db, logger: deps.logger, profileCache: deps.profileCache ?? createProfileReadCache(deps.env.PROFILE_CACHE_ENTRIES) };
  const npiRegistry = deps.npiRegistry ?? createNppesRegistry({ baseUrl: deps.env.NPI_REGISTRY_URL });

  const savesInFlight = new Set<string>();
  const photos = { db: base.db, publicDb: deps.database.publicReadDb, logger: deps.logger, storage: deps.storage };

  return new Hono<AppBindings>()
    .get('/profile', requireProvider, async (c) => c.body(await getProfileJson(base, provider(c)), 200, { 'Content-Type': 'application/json' }))
    .post('/profile/photo', requireProvider, async (c) => {
      const form = await c.req.formData().catch(() => null);
      const file = form?.get('file');
      if (!(file instanceof File)) throw AppError.validation(PHOTO_MESSAGES.noFile);
      return c.json(await uploadProfilePhoto(photos, provider(c).userId, file), 201);
    })
    .delete('/profile/photo', requireProvider, async (c) => c.json(await removeProfilePhoto(photos, provider(c).userId)))
    .get('/profile-photos/:userId/:file', validate('param', photoParam), async (c) => {
      const { userId, file } = c.req.valid('param');
      // Checked on every read (public profile, or the owner or their admin): see readProfilePhoto.
      const photo = await readProfilePhoto(photos, c.get('actor'), userId, file, c.req.header('if-none-match'));
      const headers = { 'Cache-Control': photo.cacheControl, ETag: photo.etag, Vary: 'Cookie', 'X-Content-Type-Options': 'nosniff' };
      if (photo.notModified) return c.body(null, 304, headers);
      return c.body(photo.body as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Type': photo.contentType });
    })
    .get('/profile/export', requireProvider, async (c) => {
      const { body, fileName } = await exportProfile(base, provider(c));
      c.header('Content-Disposition', `attachment; filename="${fileName}"`);
      c.header('Cache-Control', 'no-store');
      return c.json(body);
    })
    .get('/profile/provenance', requireProvider, async (c) => c.json(await readProvenance(base.db, provider(c).userId)))
    .get('/profile/sections/:sectionId', requireProvider, async (c) => c.json(await getSection(base, provider(c), parseSectionId(c.req.param('sectionId')))))
    .put('/profile/sections/:sectionId', requireProvider, async (c) => {
      const sectionId = parseSectionId(c.req.param('sectionId'));
      // One save of a section at a time per provider (forty parallel 800 KB saves held health for 20 s):
      // refused in this process before the body is read, and across processes by the save's own lock.
      // Neither outlives its holder, so a process that dies mid-save blocks no one.
      const key = `${provider(c).userId}:${sectionId}`;
      if (savesInFlight.has(key)) throw AppError.conflict(SECTION_SAVE_BUSY_MESSAGE);
      savesInFlight.add(key);
      try {
        return c.json(await saveSection(base, provider(c), sectionId, await jsonBody(c), 'provider', undefined, { refuseIfBusy: true }));
      } finally {
        savesInFlight.delete(key);
      }
    })
    .patch('/profile/clinical-trials/:trialId/role', requireProvider, validate('json', trialRoleSchema), async (c) =>
      c.json(await updateTrialRole(base, provider(c), c.req.param('trialId'), c.req.valid('json').role)),
    )
    .post('/profile/identity/npi-refresh', requireProvider, validate('json', npiRefreshSchema), async (c) =>
      c.json(await refreshIdentityFromRegistry({ ...base, npiRegistry }, provider(c), c.req.valid('json'))),
    )
    .get('/dashboard', requireProvider, async (c) => c.json(await getDashboard(base, provider(c))));
}

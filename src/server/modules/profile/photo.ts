import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { professionalIdentity } from '../../db/schema';
import type { FileStorage } from '../../integrations/storage';
import { AppError } from '../../lib/app-error';
import { sniffImage } from '../../lib/image-type';
import type { Logger } from '../../lib/logger';
import { recordProvenance } from './provenance';

/** Profile photos (issue T2 2/5 item 17): the browser crops a square and sends it; the server checks and stores it. */
export const PROFILE_PHOTO = {
  maxBytes: 5 * 1024 * 1024,
  prefix: 'profile-photos',
  /** Each upload has its own name, so a stored photo never changes and may be cached for good. */
  cacheControl: 'public, max-age=31536000, immutable',
} as const;

export const PHOTO_MESSAGES = {
  noFile: 'Attach the photo as a file named "file".',
  empty: 'The photo is empty.',
  tooLarge: 'Profile photos must be 5 MB or smaller.',
  wrongType: 'Profile photos must be PNG, JPEG or WebP images.',
  notFound: 'Photo not found',
  noPhoto: 'You have no profile photo.',
} as const;

export interface PhotoDeps {
  db: Database;
  storage: FileStorage;
  logger: Logger;
}

const keyOf = (url: string | null) => (url?.startsWith(`/api/${PROFILE_PHOTO.prefix}/`) ? url.slice('/api/'.length) : null);

async function removeQuietly(deps: PhotoDeps, key: string | null) {
  if (!key) return;
  await deps.storage.delete(key).catch((error: unknown) => deps.logger.warn({ err: error, key }, 'old profile photo could not be removed'));
}

/**
 * `POST /api/profile/photo`: stores the image (by its bytes, never by its name or declared type) and
 * makes it the profile photo, flagged as the provider's own so no import replaces it. The previous
 * stored photo is removed once the new one is saved; if saving fails the new file is removed.
 */
export async function uploadProfilePhoto(deps: PhotoDeps, userId: string, file: File) {
  // Size first, from the multipart headers, so an oversized file is never copied into memory.
  if (file.size > PROFILE_PHOTO.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', 413, PHOTO_MESSAGES.tooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length === 0) throw AppError.validation(PHOTO_MESSAGES.empty);
  const kind = sniffImage(bytes);
  if (!kind) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, PHOTO_MESSAGES.wrongType);

  const key = `${PROFILE_PHOTO.prefix}/${userId}/${Date.now()}-${randomBytes(6).toString('hex')}.${kind.ext}`;
  await deps.storage.put(key, bytes, { contentType: kind.type, cacheControl: PROFILE_PHOTO.cacheControl, overwrite: false });
  const url = `/api/${key}`;
  let previous: string | null;
  try {
    previous = await deps.db.transaction(async (tx) => {
      const [row] = await tx.select({ photo: professionalIdentity.profilePhoto }).from(professionalIdentity).where(eq(professionalIdentity.userId, userId)).for('update').limit(1);
      if (!row) throw AppError.notFound('Professional identity not found');
      await tx
        .update(professionalIdentity)
        .set({ profilePhoto: url, manualOverrideFlags: sql`${professionalIdentity.manualOverrideFlags} || '{"profilePhoto": true}'::jsonb`, updatedAt: new Date() })
        .where(eq(professionalIdentity.userId, userId));
      await recordProvenance(tx, userId, 'professional_identity', ['profilePhoto'], 'provider');
      return row.photo;
    });
  } catch (error) {
    await removeQuietly(deps, key);
    throw error;
  }
  await removeQuietly(deps, keyOf(previous));
  return { profilePhoto: url };
}

/** `DELETE /api/profile/photo`: no photo; a stored one is removed. */
export async function removeProfilePhoto(deps: PhotoDeps, userId: string) {
  const [row] = await deps.db.select({ photo: professionalIdentity.profilePhoto }).from(professionalIdentity).where(eq(professionalIdentity.userId, userId)).limit(1);
  if (!row?.photo) throw AppError.notFound(PHOTO_MESSAGES.noPhoto);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(professionalIdentity)
      .set({ profilePhoto: null, manualOverrideFlags: sql`${professionalIdentity.manualOverrideFlags} || '{"profilePhoto": true}'::jsonb`, updatedAt: new Date() })
      .where(eq(professionalIdentity.userId, userId));
    await recordProvenance(tx, userId, 'professional_identity', ['profilePhoto'], 'provider');
  });
  await removeQuietly(deps, keyOf(row.photo));
  return { profilePhoto: null };
}

/** `GET /api/profile-photos/:userId/:file`: a stored photo (public: it is the face of a public profile). */
export async function readProfilePhoto(deps: PhotoDeps, userId: string, file: string) {
  const stored = await deps.storage.get(`${PROFILE_PHOTO.prefix}/${userId}/${file}`).catch(() => null);
  if (!stored) throw AppError.notFound(PHOTO_MESSAGES.notFound);
  return stored;
}

import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { professionalIdentity, publicIdentity, users } from '../../db/schema';
import { hospitalScope } from '../../auth/policies';
import type { Actor } from '../../http/types';
import type { FileStorage } from '../../integrations/storage';
import { AppError } from '../../lib/app-error';
import { decodeSquare, encodeSquare, IMAGE_LIMITS, ImageRejectedError } from '../../lib/images';
import type { Logger } from '../../lib/logger';
import { providerActor, withSectionHistory } from './history';
import { recordProvenance } from './provenance';

/**
 * Profile photos (issue T2 2/5 item 17; re-encoded since issue 32 item 5, decision 0018): the
 * browser crops a square and sends it; the server decodes it and stores new square files in three
 * sizes and two formats, with none of the upload's bytes or metadata. The stored value is the URL
 * of the largest JPEG; the other sizes sit next to it under the same name (profilePhotoSources).
 */
export const PROFILE_PHOTO = {
  maxBytes: 5 * 1024 * 1024,
  prefix: 'profile-photos',
  /** Square edge lengths in pixels: a 72 px avatar at 1x and 2x, and the page's large image. */
  sizes: [96, 192, 400] as const,
  /**
   * Caches may keep a photo but must ask again before each use (answered 304 while it is still
   * visible): a takedown, deactivation or deletion hides it at once, not when a cache expires.
   */
  publicCacheControl: 'public, no-cache',
  privateCacheControl: 'private, no-cache',
} as const;

const FORMATS = [
  { format: 'jpeg', ext: 'jpg', contentType: 'image/jpeg' },
  { format: 'webp', ext: 'webp', contentType: 'image/webp' },
] as const;

const megapixels = IMAGE_LIMITS.maxInputPixels / 1_000_000;

export const PHOTO_MESSAGES = {
  noFile: 'Attach the photo as a file named "file".',
  empty: 'The photo is empty.',
  tooLarge: 'Profile photos must be 5 MB or smaller.',
  wrongType: 'Profile photos must be PNG, JPEG or WebP images.',
  unreadable: 'This file could not be read as a picture. Save it again as a PNG, JPEG or WebP image and upload that.',
  tooManyPixels: (width: number, height: number) =>
    `This picture is ${width.toLocaleString('en-US')} × ${height.toLocaleString('en-US')} pixels; profile photos can have at most ${megapixels} megapixels (for example 6,000 × 6,000). Make it smaller and upload it again.`,
  notFound: 'Photo not found',
  noPhoto: 'You have no profile photo.',
} as const;

export interface PhotoDeps {
  db: Database;
  /** Anonymous reads (the public photo route) use the public pool when there is one. */
  publicDb?: Database;
  storage: FileStorage;
  logger: Logger;
}

/** `{stamp}-{random}-{size}.{jpg|webp}`: the files of one upload. */
const VARIANT_FILE = /^(\d+-[0-9a-f]+)-(96|192|400)\.(jpg|webp)$/;
/** `{stamp}-{random}.{ext}`: a photo stored as uploaded, before re-encoding (read through it, never as is). */
const LEGACY_FILE = /^\d+-[0-9a-f]+\.(png|jpg|webp)$/;
const STORED_URL = new RegExp(`^/api/${PROFILE_PHOTO.prefix}/([0-9a-f-]{36})/([^/]+)$`);

export interface ProfilePhotoSources {
  /** For a plain `src`: the 192 px JPEG (a 72 px avatar on a 2x screen), or the value itself when it is not ours. */
  src: string;
  /** `url 96w, url 192w, url 400w` of the JPEGs, and of the WebPs; null for a photo kept elsewhere. */
  srcset: string | null;
  webpSrcset: string | null;
  /** The largest JPEG (what JSON-LD and link previews show). */
  large: string;
}

/**
 * A stored photo's sizes. A photo that is not one of our re-encoded uploads (a listing-service
 * headshot URL, or an upload from before re-encoding) has a single source.
 */
export function profilePhotoSources(photo: string): ProfilePhotoSources {
  const match = STORED_URL.exec(photo);
  const variant = match ? VARIANT_FILE.exec(match[2]!) : null;
  if (!match || !variant) return { src: photo, srcset: null, webpSrcset: null, large: photo };
  const base = `/api/${PROFILE_PHOTO.prefix}/${match[1]}/${variant[1]}`;
  const set = (ext: string) => PROFILE_PHOTO.sizes.map((size) => `${base}-${size}.${ext} ${size}w`).join(', ');
  return { src: `${base}-192.jpg`, srcset: set('jpg'), webpSrcset: set('webp'), large: `${base}-400.jpg` };
}

/** The storage keys behind a stored photo value: all sizes of a re-encoded upload, the one file of an older upload, none for an outside URL. */
export function profilePhotoKeys(photo: string | null): string[] {
  const match = photo ? STORED_URL.exec(photo) : null;
  if (!match) return [];
  const [, userId, file] = match as unknown as [string, string, string];
  const variant = VARIANT_FILE.exec(file);
  if (variant) return PROFILE_PHOTO.sizes.flatMap((size) => FORMATS.map(({ ext }) => `${PROFILE_PHOTO.prefix}/${userId}/${variant[1]}-${size}.${ext}`));
  return LEGACY_FILE.test(file) ? [`${PROFILE_PHOTO.prefix}/${userId}/${file}`] : [];
}

async function removeQuietly(deps: Pick<PhotoDeps, 'storage' | 'logger'>, keys: string[]) {
  await Promise.all(
    keys.map((key) => deps.storage.delete(key).catch((error: unknown) => deps.logger.warn({ err: error, key }, 'profile photo file could not be removed'))),
  );
}

function refusal(error: unknown): never {
  if (!(error instanceof ImageRejectedError)) throw error;
  const { problem } = error;
  if (problem.reason === 'too_many_pixels') throw AppError.validation(PHOTO_MESSAGES.tooManyPixels(problem.width, problem.height));
  if (problem.reason === 'unsupported') throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, PHOTO_MESSAGES.wrongType);
  throw AppError.validation(PHOTO_MESSAGES.unreadable);
}

/** Every size in both formats, from one decode of the upload. */
async function renderPhoto(bytes: Uint8Array) {
  const largest = PROFILE_PHOTO.sizes[PROFILE_PHOTO.sizes.length - 1]!;
  const pixels = await decodeSquare(bytes, largest).catch(refusal);
  const files = [];
  for (const size of PROFILE_PHOTO.sizes) {
    for (const { format, ext, contentType } of FORMATS) files.push({ size, ext, contentType, body: await encodeSquare(pixels, size, format) });
  }
  return files;
}

/**
 * A picture as a provider's photo files: decoded, re-encoded in every size and format, and stored
 * under a new name. Returns the value to keep (the largest JPEG's URL) and the files' keys. The
 * upload route and the demo seed's avatars both go through it.
 */
export async function storePhotoFiles(deps: Pick<PhotoDeps, 'storage' | 'logger'>, userId: string, bytes: Uint8Array) {
  const rendered = await renderPhoto(bytes);
  const name = `${Date.now()}-${randomBytes(6).toString('hex')}`;
  const keyOf = (size: number, ext: string) => `${PROFILE_PHOTO.prefix}/${userId}/${name}-${size}.${ext}`;
  const keys = rendered.map(({ size, ext }) => keyOf(size, ext));
  try {
    await Promise.all(rendered.map(({ size, ext, contentType, body }) => deps.storage.put(keyOf(size, ext), body, { contentType, overwrite: false })));
  } catch (error) {
    await removeQuietly(deps, keys);
    throw error;
  }
  return { url: `/api/${keyOf(PROFILE_PHOTO.sizes[PROFILE_PHOTO.sizes.length - 1]!, 'jpg')}`, keys };
}

/**
 * `POST /api/profile/photo`: decodes the image (its header checked first: format and pixel count,
 * before any pixel is decoded), stores the new files and makes them the profile photo, flagged as
 * the provider's own so no import replaces it. The previous photo's files are removed once the new
 * one is saved; if saving fails the new files are removed.
 */
export async function uploadProfilePhoto(deps: PhotoDeps, userId: string, file: File) {
  // Size first, from the multipart headers, so an oversized file is never copied into memory.
  if (file.size > PROFILE_PHOTO.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', 413, PHOTO_MESSAGES.tooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length === 0) throw AppError.validation(PHOTO_MESSAGES.empty);
  const { url, keys } = await storePhotoFiles(deps, userId, bytes);
  let previous: string | null;
  try {
    previous = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ photo: professionalIdentity.profilePhoto })
        .from(professionalIdentity)
        .where(eq(professionalIdentity.userId, userId))
        .for('update')
        .limit(1);
      if (!row) throw AppError.notFound('Professional identity not found');
      await withSectionHistory(
        tx,
        { userId, sectionId: 'professional_identity', by: { source: 'provider', actor: await providerActor(tx, userId) }, provenance: 'recorded-by-writer' },
        async () => {
          await tx
            .update(professionalIdentity)
            .set({
              profilePhoto: url,
              manualOverrideFlags: sql`${professionalIdentity.manualOverrideFlags} || '{"profilePhoto": true}'::jsonb`,
              updatedAt: new Date(),
            })
            .where(eq(professionalIdentity.userId, userId));
          await recordProvenance(tx, userId, 'professional_identity', ['profilePhoto'], 'provider');
        },
      );
      return row.photo;
    });
  } catch (error) {
    await removeQuietly(deps, keys);
    throw error;
  }
  await removeQuietly(deps, profilePhotoKeys(previous));
  return { profilePhoto: url };
}

/** `DELETE /api/profile/photo`: no photo; a stored one is removed. */
export async function removeProfilePhoto(deps: PhotoDeps, userId: string) {
  const [row] = await deps.db
    .select({ photo: professionalIdentity.profilePhoto })
    .from(professionalIdentity)
    .where(eq(professionalIdentity.userId, userId))
    .limit(1);
  if (!row?.photo) throw AppError.notFound(PHOTO_MESSAGES.noPhoto);
  await deps.db.transaction(async (tx) =>
    withSectionHistory(
      tx,
      { userId, sectionId: 'professional_identity', by: { source: 'provider', actor: await providerActor(tx, userId) }, provenance: 'recorded-by-writer' },
      async () => {
        await tx
          .update(professionalIdentity)
          .set({
            profilePhoto: null,
            manualOverrideFlags: sql`${professionalIdentity.manualOverrideFlags} || '{"profilePhoto": true}'::jsonb`,
            updatedAt: new Date(),
          })
          .where(eq(professionalIdentity.userId, userId));
        await recordProvenance(tx, userId, 'professional_identity', ['profilePhoto'], 'provider');
      },
    ),
  );
  await removeQuietly(deps, profilePhotoKeys(row.photo));
  return { profilePhoto: null };
}

/**
 * Whether a provider's photo may be shown to anyone: the public gate (the public_identity view,
 * decision 0020) shows their professional identity, which the photo belongs to — their listing is
 * public and their hospital shows that section. Given a file, it must also be one of the current
 * photo's files: an earlier photo that could not be removed from the store stays private.
 */
export async function providerPhotoIsPublic(db: Database, userId: string, file?: string) {
  const [row] = await db.select({ photo: publicIdentity.profilePhoto }).from(publicIdentity).where(eq(publicIdentity.userId, userId)).limit(1);
  if (!row?.photo) return false;
  return file === undefined || profilePhotoKeys(row.photo).includes(`${PROFILE_PHOTO.prefix}/${userId}/${file}`);
}

/** The owner, or an admin whose scope covers the provider (the profile editor and the console show the photo whatever its listing). */
async function mayViewPrivately(db: Database, actor: Actor, userId: string) {
  if (actor.kind === 'provider') return actor.userId === userId;
  // An admin who must still replace a temporary password reaches nothing else either.
  if (actor.kind !== 'admin' || actor.mustChangePassword) return false;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), hospitalScope(actor, users.hospitalId)))
    .limit(1);
  return row !== undefined;
}

/**
 * `GET /api/profile-photos/:userId/:file`: a stored photo, checked on every read. Anyone sees it
 * while the provider's profile is public; otherwise only the owner and their admins do, and anyone
 * else is told it does not exist. A photo stored before re-encoding is re-encoded as it is read,
 * so no uploaded bytes (and no EXIF) are ever served.
 */
export async function readProfilePhoto(deps: PhotoDeps, actor: Actor, userId: string, file: string, ifNoneMatch?: string) {
  const variant = VARIANT_FILE.test(file);
  if (!variant && !LEGACY_FILE.test(file)) throw AppError.notFound(PHOTO_MESSAGES.notFound);
  const visibility = (await mayViewPrivately(deps.db, actor, userId))
    ? 'private'
    : (await providerPhotoIsPublic(deps.publicDb ?? deps.db, userId, file))
      ? 'public'
      : null;
  if (!visibility) throw AppError.notFound(PHOTO_MESSAGES.notFound);
  const cacheControl = visibility === 'public' ? PROFILE_PHOTO.publicCacheControl : PROFILE_PHOTO.privateCacheControl;
  // A stored file never changes, so its name is its version; a re-encoded older upload is the same picture, not the same bytes.
  const etag = variant ? `"${file}"` : `W/"${file}"`;
  if (ifNoneMatch === etag) return { notModified: true as const, etag, cacheControl };
  const stored = await deps.storage.get(`${PROFILE_PHOTO.prefix}/${userId}/${file}`).catch(() => null);
  if (!stored) throw AppError.notFound(PHOTO_MESSAGES.notFound);
  if (variant) return { notModified: false as const, etag, cacheControl, body: stored.body, contentType: stored.contentType };
  const largest = PROFILE_PHOTO.sizes[PROFILE_PHOTO.sizes.length - 1]!;
  try {
    const body = await encodeSquare(await decodeSquare(stored.body, largest), largest, 'jpeg');
    return { notModified: false as const, etag, cacheControl, body, contentType: 'image/jpeg' };
  } catch (error) {
    if (error instanceof ImageRejectedError) throw AppError.notFound(PHOTO_MESSAGES.notFound);
    throw error;
  }
}

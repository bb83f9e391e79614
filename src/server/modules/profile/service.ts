import { and, eq, sql } from 'drizzle-orm';
import type { ChangeSource } from '../../../shared/enums';
import { SECTION_IDS } from '../../../shared/limits';
import { computeProfileCompletion, nextSteps, type CompletionSections } from '../../../shared/profile-completion';
import {
  PROFILE_MESSAGES,
  PROFILE_READ_ERROR,
  PROFILE_SECTION_IDS,
  SECTION_READ_ERRORS,
  SECTION_SAVE_ERRORS,
  isProfileSectionId,
  type ProfileSectionData,
  type ProfileSectionId,
} from '../../../shared/schemas/profile';
import { rowsOf, type Database } from '../../db/client';
import { clinicalTrials, hospitals, users } from '../../db/schema';
import { AppError, isAppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { isUniqueViolation } from '../../lib/pg-errors';
import { toUserDto } from './user-dto';
import { findOwnChange, providerActor, readSectionData, recordSectionChange, SYSTEM_ACTOR, undoChange, withSectionHistory, type ChangeActor } from './history';
import { readAgainInPart, readFullProfile, readProfile, type FullProfileRead, type ProfileReadCache, type SectionView } from './read';
import { planSave, SECTION_MODEL } from './model';
import type { SectionContext } from './sections';
import { trialView } from './views';

export interface ProfileDeps {
  db: Database;
  logger: Logger;
  /** The process's cache of full reads (absent: every read is one statement). */
  profileCache?: ProfileReadCache;
}

export interface ProviderRef {
  userId: string;
  /** users.profile_version as the session check read it; a cached read of that version answers. */
  profileVersion?: number;
  /** The users row's e-mail and hospital as this request's session check read them; absent, a save reads them. */
  signedIn?: { email: string; hospitalId: string | null };
}

/** The constraint a database error names, through drizzle's wrapping. */
export function constraintName(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return '';
}

/** The users row and hospital name; the users row is the source of the hospital (a session may be older). */
export async function loadUser(db: Database, userId: string) {
  const [row] = await db
    .select({ user: users, hospitalName: hospitals.name })
    .from(users)
    .leftJoin(hospitals, eq(hospitals.id, users.hospitalId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw AppError.unauthenticated();
  return { ...row.user, hospitalName: row.hospitalName };
}

export type ProfileSections = { [Id in ProfileSectionId]: SectionView<Id> };

/** A provider's own full read: from the process's cache when their profile has not changed, else one statement. */
function readOwnProfile(deps: ProfileDeps, actor: ProviderRef) {
  return deps.profileCache ? deps.profileCache.read(deps.db, actor.userId, actor.profileVersion) : readFullProfile(deps.db, actor.userId);
}

/**
 * The nine sections and the hospital's permissions, in one statement; a missing user is signed out.
 * With `kept`, an older full read of the provider in this process, and only `also` changed since (the
 * section a save has just written), the statement reads that section alone and takes the rest from
 * `kept` (decision 0036).
 */
async function readForCompletion(db: Database, userId: string, also?: ProfileSectionId, kept?: FullProfileRead) {
  // Read in part, it is a full read (every section): `full` is what a save may keep once committed.
  const full = kept && also ? await readAgainInPart(db, userId, kept, [also], true) : null;
  const read =
    full ??
    (await readProfile(db, userId, also && !(SECTION_IDS as readonly string[]).includes(also) ? [...SECTION_IDS, also] : SECTION_IDS, {
      hospital: true,
    }));
  if (!read) throw AppError.unauthenticated();
  return { ...read, full, completion: computeProfileCompletion(read.sections as CompletionSections, read.permissions) };
}

/**
 * Recomputes and stores users.profile_completion_percentage; returns the completion. Called by every
 * write that changes a section, inside its transaction, so reads never have to.
 */
export async function refreshCompletion(db: Database, userId: string) {
  return (await readAndRefreshCompletion(db, userId)).completion;
}

/**
 * refreshCompletion, with the read it computed from: every section as it now is (in the caller's
 * transaction), and `also` when it is an extra list (read in part with `kept`, as readForCompletion).
 */
async function readAndRefreshCompletion(db: Database, userId: string, also?: ProfileSectionId, kept?: FullProfileRead) {
  const read = await readForCompletion(db, userId, also, kept);
  if (read.completion.percentage !== read.user.profileCompletionPercentage) {
    await db.update(users).set({ profileCompletionPercentage: read.completion.percentage }).where(eq(users.id, userId));
  }
  return read;
}

export function parseSectionId(id: string): ProfileSectionId {
  if (!isProfileSectionId(id)) throw AppError.validation(PROFILE_MESSAGES.unknownSection(id));
  return id;
}

/** A failed read answers the spec's text instead of a generic error; our own errors pass through. */
async function reading<T>(deps: ProfileDeps, message: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isAppError(error)) throw error;
    deps.logger.error({ err: error }, message);
    throw new AppError('LOAD_FAILED', 500, message);
  }
}

/** `GET /api/profile`: the users row, every section and extra list, and the completion — one statement. */
export async function getProfile(deps: ProfileDeps, actor: ProviderRef) {
  return profileOf(await readOwnProfileOrSignOut(deps, actor));
}

/**
 * The serialized `GET /api/profile` of each read the process's cache keeps (createProfileReadCache),
 * as UTF-8 bytes: a provider whose profile has not changed is answered with the same bytes, without
 * building, serializing and encoding about 27 KB of JSON again (a string body is encoded anew on every
 * write, the largest allocation of the request). Keyed by the read object itself, so it lives as long
 * as the cache entry and a newer version is a new read; uncached reads are serialized each time.
 */
const profileBodies = new WeakMap<FullProfileRead, Uint8Array<ArrayBuffer>>();
const utf8 = new TextEncoder();

/** `GET /api/profile` as UTF-8 JSON, the same bytes as `JSON.stringify(await getProfile(…))`. */
export async function getProfileJson(deps: ProfileDeps, actor: ProviderRef): Promise<Uint8Array<ArrayBuffer>> {
  const read = await readOwnProfileOrSignOut(deps, actor);
  let body = profileBodies.get(read);
  if (body === undefined) {
    body = utf8.encode(JSON.stringify(profileOf(read)));
    profileBodies.set(read, body);
  }
  return body;
}

async function readOwnProfileOrSignOut(deps: ProfileDeps, actor: ProviderRef) {
  const read = await reading(deps, PROFILE_READ_ERROR, () => readOwnProfile(deps, actor));
  if (!read) throw AppError.unauthenticated();
  return read;
}

function profileOf(read: FullProfileRead) {
  const completion = computeProfileCompletion(read.sections as CompletionSections, read.permissions);
  return {
    user: { ...toUserDto(read.user), profileCompletionPercentage: completion.percentage },
    sections: Object.fromEntries(PROFILE_SECTION_IDS.map((id) => [id, read.sections[id].data])) as ProfileSections,
    completion,
  };
}

/** `GET /api/profile/sections/:id`: the data (the form's shape) and when it was last saved — one statement. */
export async function getSection(deps: ProfileDeps, actor: ProviderRef, sectionId: ProfileSectionId) {
  // With the cache, the full read (kept for the next request) answers; without it, just this section.
  const read = await reading(deps, SECTION_READ_ERRORS[sectionId], () =>
    deps.profileCache ? readOwnProfile(deps, actor) : readProfile(deps.db, actor.userId, [sectionId]),
  );
  if (!read) throw AppError.unauthenticated();
  const section = read.sections[sectionId] as { data: unknown; updatedAt: Date | null };
  return { sectionId, data: section.data, updatedAt: section.updatedAt ? section.updatedAt.toISOString() : null };
}

export const SECTION_SAVE_BUSY_MESSAGE = 'This section is still being saved. Wait a moment, then save again.';

/**
 * `PUT /api/profile/sections/:id`: validate, check against reference data, then write the section,
 * its change history and provenance, and the completion percentage in one transaction. Any database
 * failure leaves the previous data (and no history) and answers the section's 'Failed to save …'
 * text; a duplicate maps to its friendly message. `source` and `by` say through what and by whom
 * (default: the provider, or the system for an import no one asked for in person).
 *
 * `refuseIfBusy`: the save takes a transaction-scoped advisory lock on the provider's section and
 * answers 409 when another process holds it; the lock ends with the transaction or its connection.
 */
export async function saveSection(
  deps: ProfileDeps,
  actor: ProviderRef,
  sectionId: ProfileSectionId,
  body: unknown,
  source: ChangeSource = 'provider',
  by?: ChangeActor,
  options: { refuseIfBusy?: boolean } = {},
) {
  const parsed = SECTION_MODEL[sectionId].request.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    throw AppError.validation(issues[0]?.message ?? 'Invalid request', { issues });
  }
  // The session check of this request has just read the users row; other callers have it read here.
  const user = actor.signedIn ? { id: actor.userId, ...actor.signedIn } : await loadUser(deps.db, actor.userId);
  const ctx: SectionContext = { userId: user.id, hospitalId: user.hospitalId };
  // The schema just parsed is this section's, so its output is what the section's plan takes.
  const write = await planSave(deps.db, ctx, sectionId, parsed.data as ProfileSectionData<typeof sectionId>);

  let saved;
  try {
    saved = await deps.db.transaction(async (tx) => {
      if (options.refuseIfBusy) {
        const [lock] = rowsOf<{ locked: boolean }>(
          await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${`section-save:${user.id}:${sectionId}`})) as locked`),
        );
        if (!lock?.locked) throw AppError.conflict(SECTION_SAVE_BUSY_MESSAGE);
      }
      // Read before and after the write in its transaction: only what changed is attributed to this writer.
      const before = await readSectionData(tx, user.id, sectionId);
      await write(tx);
      // One read after the write gives both the section as saved and the completion of every section:
      // of this section alone when the process keeps a read of the rest that is still current.
      const afterRead = await readAndRefreshCompletion(tx, user.id, sectionId, deps.profileCache?.kept(user.id));
      const section = (afterRead.sections as Record<ProfileSectionId, { data: unknown; updatedAt: Date | null }>)[sectionId];
      const changedBy = by ?? (source === 'provider' || source === 'restore' ? { id: user.id, kind: 'provider' as const, email: user.email } : SYSTEM_ACTOR);
      // An unchanged save is still written: saving a section again is how a provider says it was
      // reviewed (its updated time), and the override flags are not in the data compared. The history
      // records nothing for it.
      await recordSectionChange(tx, { userId: user.id, sectionId, by: { source, actor: changedBy }, before, after: section.data });
      return { section, completion: afterRead.completion, full: afterRead.full };
    });
  } catch (error) {
    throw toSaveError(deps, sectionId, error, user.id);
  }
  // Committed: the full read it made is the provider's next kept read, so their next save reads only
  // what it writes again.
  if (saved.full) deps.profileCache?.keep(user.id, saved.full);
  // The answer is the section as the transaction read it after the write: what a read of it now
  // returns, without reading the whole profile again.
  const { data, updatedAt } = saved.section;
  return { sectionId, data, updatedAt: updatedAt ? updatedAt.toISOString() : null, completionPercentage: saved.completion.percentage };
}

function toSaveError(deps: ProfileDeps, sectionId: ProfileSectionId, error: unknown, userId: string) {
  if (isAppError(error)) return error;
  if (isUniqueViolation(error)) {
    const constraint = constraintName(error);
    if (/professional_licenses_state_number/.test(constraint)) return AppError.conflict(PROFILE_MESSAGES.duplicateLicense, { field: 'licenseNumber' });
    if (/npi_number/.test(constraint)) return AppError.conflict(PROFILE_MESSAGES.npiTaken, { field: 'npiNumber' });
  }
  deps.logger.error({ err: error, sectionId, userId }, 'profile section save failed');
  return new AppError('SAVE_FAILED', 500, SECTION_SAVE_ERRORS[sectionId]);
}

/**
 * `POST /api/profile/history/:changeId/restore`: undoes one of the provider's own changes as a new
 * write through the section save (the section's schema and checks apply), recorded with source
 * `restore`. Restoring a change already undone changes nothing and records nothing.
 */
export async function restoreChange(deps: ProfileDeps, actor: ProviderRef, changeId: string) {
  const change = await findOwnChange(deps.db, actor.userId, changeId);
  const current = await readSectionData(deps.db, actor.userId, change.sectionId);
  const body = undoChange(change.sectionId, change.changes, current);
  return { restoredChangeId: change.id, ...(await saveSection(deps, actor, change.sectionId, body, 'restore')) };
}

/** `PATCH /api/profile/clinical-trials/:trialId/role`: only the provider's own trial. */
export async function updateTrialRole(deps: ProfileDeps, actor: ProviderRef, trialId: string, role: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(trialId)) throw AppError.notFound(PROFILE_MESSAGES.trialNotFound);
  let row;
  try {
    row = await deps.db.transaction(async (tx) =>
      withSectionHistory(
        tx,
        { userId: actor.userId, sectionId: 'clinical_trials', by: { source: 'provider', actor: await providerActor(tx, actor.userId) } },
        async () => {
          const [updated] = await tx
            .update(clinicalTrials)
            .set({ role })
            .where(and(eq(clinicalTrials.id, trialId), eq(clinicalTrials.userId, actor.userId)))
            .returning();
          return updated;
        },
      ),
    );
  } catch (error) {
    deps.logger.error({ err: error, trialId }, 'trial role update failed');
    throw new AppError('SAVE_FAILED', 500, PROFILE_MESSAGES.trialRoleFailed);
  }
  if (!row) throw AppError.notFound(PROFILE_MESSAGES.trialNotFound);
  return trialView(row);
}

/** `GET /api/dashboard`: the provider, each section's state and what to do next — one statement. */
export async function getDashboard(deps: ProfileDeps, actor: ProviderRef) {
  const read = await reading(deps, PROFILE_READ_ERROR, () => readOwnProfile(deps, actor));
  if (!read) throw AppError.unauthenticated();
  const { user } = read;
  const completion = computeProfileCompletion(read.sections as CompletionSections, read.permissions);
  return {
    user: { ...toUserDto(user), profileCompletionPercentage: completion.percentage },
    sections: completion.sections,
    completionPercentage: completion.percentage,
    nextSteps: nextSteps(completion.sections),
  };
}

/**
 * The change history of a provider's profile (decision 0019): every write to a section, by anyone,
 * is one append-only row of `profile_changes` — who (actor id, kind, e-mail), when, through what
 * (source) and each changed field's old and new value (diff.ts) — written in the write's own
 * transaction, with the write's field provenance from the same comparison. Nothing is recorded when
 * nothing changed.
 *
 * The section save (service.ts saveSection) already reads the section before and after its write and
 * hands both here; writers outside it wrap their statements in `withSectionHistory`, which reads the
 * section around them.
 */
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { ActorRole, ChangeSource, ProvenanceSource } from '../../../shared/enums';
import type { ChangeSet, HistoryItem, ItemChange, ProfileChangeDto, ProfileHistoryPage } from '../../../shared/history';
import { PROFILE_SECTION_IDS, type ProfileSectionId } from '../../../shared/schemas/profile';
import type { AdminActor } from '../../auth/policies';
import type { Database } from '../../db/client';
import { profileChanges, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { sameJson } from '../../lib/stable-json';
import { changedFieldsOf, diffSection, isSingleRowSection, itemContent } from './diff';
import { provenanceUpsert } from './provenance';
import { readProfile } from './read';

export const HISTORY_MESSAGES = {
  changeNotFound: 'This change was not found in your history',
  unknownSection: (id: string) => `Unknown profile section: ${id}`,
} as const;

/** Who made a write; `system` has no id (sign-up defaults, a hospital move by rule). */
export interface ChangeActor {
  id: string | null;
  kind: ActorRole;
  email: string | null;
}

/** Who made a write and through what. */
export interface ChangeBy {
  source: ChangeSource;
  actor: ChangeActor;
}

export const SYSTEM_ACTOR: ChangeActor = { id: null, kind: 'system', email: null };

/**
 * The provenance a source gives the fields it changed: a restore makes the value the provider's again;
 * an administrator's or the system's change (a link to a former hospital's location dropped) leaves the
 * field's provenance as it was, since the value itself came from elsewhere.
 */
const PROVENANCE_OF: Record<ChangeSource, ProvenanceSource | null> = {
  provider: 'provider',
  restore: 'provider',
  registry: 'registry',
  listing_service: 'listing_service',
  discovery: 'discovery',
  admin: null,
  system: null,
  roster: 'roster',
};

/** An administrator as the actor of a write. */
export const adminChangeActor = (actor: AdminActor): ChangeActor => ({ id: actor.adminId, kind: actor.role, email: actor.email });

/** The provider as the actor of a write they asked for, when the caller knows only their id. */
export async function providerActor(db: Database, userId: string): Promise<ChangeActor> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return { id: userId, kind: 'provider', email: row?.email ?? null };
}

/** A section's data in the form's shape, inside the caller's transaction (one statement). */
export async function readSectionData(db: Database, userId: string, sectionId: ProfileSectionId): Promise<unknown> {
  const read = await readProfile(db, userId, [sectionId]);
  return read ? (read.sections[sectionId] as { data: unknown }).data : null;
}

/**
 * Records what changed between two reads of a section, and its provenance; call inside the write's
 * transaction. Returns the change, or null when nothing changed (and nothing was written).
 */
export async function recordSectionChange(
  db: Database,
  input: {
    userId: string;
    sectionId: ProfileSectionId;
    by: ChangeBy;
    before: unknown;
    after: unknown;
    at?: Date;
    provenance?: 'by-source' | 'recorded-by-writer';
  },
) {
  const changes = diffSection(input.sectionId, input.before, input.after);
  if (!changes) return null;
  const at = input.at ?? new Date();
  const history = db.insert(profileChanges).values({
    userId: input.userId,
    sectionId: input.sectionId,
    source: input.by.source,
    actorId: input.by.actor.id,
    actorKind: input.by.actor.kind,
    actorEmail: input.by.actor.email,
    changes: changes as unknown as Record<string, unknown>,
    createdAt: at,
  });
  const provenance = PROVENANCE_OF[input.by.source];
  // A writer whose fields have mixed sources (sign-up, the registry refresh) records provenance itself.
  const fields = provenance && input.provenance !== 'recorded-by-writer' ? changedFieldsOf(changes) : [];
  if (!provenance || fields.length === 0) {
    await history;
    return changes;
  }
  // The history's row and the fields' sources in one statement: a save's round trips are most of its cost (issue T3 5/7).
  const upsert = provenanceUpsert(db, input.userId, input.sectionId, fields, provenance, at);
  await db.execute(sql`with history as (${history.getSQL()}) ${upsert.getSQL()}`);
  return changes;
}

/** Runs a write that does not go through the section save, and records what it changed in the section. */
export async function withSectionHistory<T>(
  db: Database,
  input: { userId: string; sectionId: ProfileSectionId; by: ChangeBy; provenance?: 'by-source' | 'recorded-by-writer' },
  write: () => Promise<T>,
): Promise<T> {
  const before = await readSectionData(db, input.userId, input.sectionId);
  const result = await write();
  const after = await readSectionData(db, input.userId, input.sectionId);
  await recordSectionChange(db, { ...input, before, after });
  return result;
}

// ── Reading ─────────────────────────────────────────────────────────────────────────────────

export const HISTORY_PAGE_SIZE = 50;

export function toChangeDto(row: typeof profileChanges.$inferSelect): ProfileChangeDto {
  return {
    id: String(row.id),
    userId: row.userId,
    sectionId: row.sectionId as ProfileSectionId,
    source: row.source as ChangeSource,
    actor: { id: row.actorId, kind: row.actorKind as ActorRole, email: row.actorEmail },
    createdAt: row.createdAt.toISOString(),
    changes: row.changes as unknown as ChangeSet,
  };
}

/** A provider's changes, newest first, optionally of one section; `before` pages to older ones. */
export async function readHistory(
  db: Database,
  userId: string,
  query: { section?: ProfileSectionId; before?: number; limit?: number },
): Promise<ProfileHistoryPage> {
  const limit = query.limit ?? HISTORY_PAGE_SIZE;
  const rows = await db
    .select()
    .from(profileChanges)
    .where(
      and(
        eq(profileChanges.userId, userId),
        query.section ? eq(profileChanges.sectionId, query.section) : undefined,
        query.before ? lt(profileChanges.id, query.before) : undefined,
      ),
    )
    .orderBy(desc(profileChanges.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { items: page.map(toChangeDto), nextBefore: rows.length > limit ? String(page.at(-1)!.id) : null };
}

export function parseHistorySection(value: string | undefined): ProfileSectionId | undefined {
  if (value === undefined || value === '') return undefined;
  if (!(PROFILE_SECTION_IDS as readonly string[]).includes(value)) throw AppError.validation(HISTORY_MESSAGES.unknownSection(value));
  return value as ProfileSectionId;
}

/** One of the provider's own changes; anyone else's (or none) is not found. */
export async function findOwnChange(db: Database, userId: string, changeId: string) {
  if (!/^[1-9][0-9]{0,17}$/.test(changeId)) throw AppError.notFound(HISTORY_MESSAGES.changeNotFound);
  const [row] = await db
    .select()
    .from(profileChanges)
    .where(and(eq(profileChanges.id, Number(changeId)), eq(profileChanges.userId, userId)))
    .limit(1);
  if (!row) throw AppError.notFound(HISTORY_MESSAGES.changeNotFound);
  return toChangeDto(row);
}

// ── Restoring ───────────────────────────────────────────────────────────────────────────────

const sameContent = (a: HistoryItem, b: HistoryItem) => sameJson(itemContent(a), itemContent(b));

/**
 * The section's data with one change undone, in the form's shape, for the section save: a single-row
 * section gets the change's old value of each field it changed (the other fields stay as they are
 * now); a list loses the entries the change added, gets back the ones it removed (at their old
 * place) and the old content of the ones it edited, or its old order when only the order changed.
 * Entries changed again since are matched by content, so a later edit of the same entry is kept.
 */
export function undoChange(sectionId: ProfileSectionId, changes: ChangeSet, current: unknown): Record<string, unknown> {
  if (isSingleRowSection(sectionId) || 'fields' in changes) {
    const fields = 'fields' in changes ? changes.fields : [];
    return { ...((current ?? {}) as Record<string, unknown>), ...Object.fromEntries(fields.map((change) => [change.field, change.old])) };
  }
  const items = [...((current as { items?: HistoryItem[] } | null)?.items ?? [])];
  const ops = changes.items;
  for (const op of ops) {
    if (op.op === 'added') {
      const at = items.findIndex((item) => sameContent(item, op.item));
      if (at >= 0) items.splice(at, 1);
    } else if (op.op === 'changed') {
      const at = items.findIndex((item) => sameContent(item, op.after));
      // The entry keeps its id (discovered items keep their discovery details through a save).
      if (at >= 0) items[at] = { ...(items[at]!.id === undefined ? {} : { id: items[at]!.id }), ...op.before };
    }
  }
  const removed = ops.filter((op): op is Extract<ItemChange, { op: 'removed' }> => op.op === 'removed').sort((a, b) => a.index - b.index);
  for (const op of removed) items.splice(Math.min(op.index, items.length), 0, op.item);
  // Entries edited since (not found above) are left as they are now.
  const unplaced = ops.filter((op) => op.op === 'changed' && !items.some((item) => sameContent(item, op.before)));
  for (const op of unplaced) if (op.op === 'changed') items.splice(Math.min(op.index, items.length), 0, op.before);

  if (changes.previousOrder) {
    const rank = (item: HistoryItem) => {
      const at = changes.previousOrder!.findIndex((old) => sameContent(old, item));
      return at < 0 ? Number.MAX_SAFE_INTEGER : at;
    };
    items.sort((a, b) => rank(a) - rank(b));
  }
  return { items };
}

// ── Retention ───────────────────────────────────────────────────────────────────────────────

/**
 * Deletes changes older than `retentionDays`. The table's trigger refuses every DELETE except in a
 * transaction that has set `vitae.history_purge` (migration 0015), which only this does.
 */
export async function purgeHistory(db: Database, retentionDays: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('vitae.history_purge', 'on', true)`);
    const deleted = await tx.delete(profileChanges).where(lt(profileChanges.createdAt, cutoff)).returning({ id: profileChanges.id });
    return deleted.length;
  });
}

/**
 * Reading a provider's profile in one SQL statement. Every read (the whole profile, one section, the
 * dashboard, the export, the admin's read-only view) is one Drizzle relational query over the users
 * row, whose relations, order, filters and views come from the sections' descriptions (model.ts);
 * PostgreSQL assembles it with lateral JSON aggregates. A read never writes.
 */
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { PROFILE_SECTION_IDS, type ProfileSectionId } from '../../../shared/schemas/profile';
import { perDatabase, shapeNames, type Database } from '../../db/client';
import * as schema from '../../db/schema';
import { permissionsFromRows } from '../hospitals/permissions';
import { readSection, relationOf, tableNameOf, type SectionRead, type SectionView } from './model';

export type { SectionRead, SectionView } from './model';

export type SectionReads<Ids extends ProfileSectionId> = { [Id in Ids]: SectionRead<SectionView<Id>> };

type UserRow = typeof schema.users.$inferSelect;

/** What the relational read brings back: the users columns, the hospital when asked for, and each section's relation. */
type ProfileRow = UserRow & {
  hospital?: { name: string; sectionPermissions: Parameters<typeof permissionsFromRows>[0] } | null;
} & Record<string, unknown>;

export interface ProfileReadOptions {
  /** Read the hospital's name and section permissions too (for completion). */
  hospital?: boolean;
}

/**
 * The users row and the named sections of one provider, in one statement; null when there is no
 * such user. With `hospital`, also the hospital's name and its section permissions.
 */
export async function readProfile<Ids extends ProfileSectionId>(db: Database, userId: string, ids: readonly Ids[], options: ProfileReadOptions = {}) {
  const shape = `${options.hospital ? 'hospital,' : ''}${ids.join(',')}`;
  const query = db.query.users.findFirst({
    where: eq(schema.users.id, PROVIDER_ID),
    // Built from the descriptions, so Drizzle cannot type it; ProfileRow says what comes back.
    with: {
      ...(options.hospital ? { hospital: { columns: { name: true }, with: { sectionPermissions: true } } } : {}),
      ...Object.fromEntries(ids.map(relationOf)),
    } as never,
  });
  const row = (await builtOnce(shape, query).execute({ providerId: userId })) as ProfileRow | undefined;
  if (!row) return null;
  const { hospital } = row;
  const user = { ...pickUser(row), hospitalName: hospital?.name ?? null };
  const sections = Object.fromEntries(ids.map((id) => [id, readSection(id, row[relationOf(id)[0]], row.createdAt)])) as SectionReads<Ids>;
  const permissions = permissionsFromRows(hospital?.sectionPermissions ?? []);
  return { user, sections, permissions };
}

const PROVIDER_ID = sql.placeholder('providerId');

/** What Drizzle's relational query makes of its options: the statement's text and parameters, and how to map its rows. */
interface BuiltRead {
  builtQuery: { sql: string };
}
interface RelationalQuery {
  _toSQL(): BuiltRead;
  prepare(name: string | undefined): { execute(values: Record<string, unknown>): Promise<unknown> };
}

/**
 * The read's statement by its shape (the sections, and whether the hospital is read), made once per
 * process, and run as a named statement for the first shapes met (decision 0031). Drizzle builds a
 * relational query's text anew on every execution, and for the whole profile (nine sections through
 * lateral JSON aggregates) that was the largest share of a section save's time in the app; PostgreSQL
 * then parsed and planned the text anew too (about 1.5 of its 2 ms). The text of a shape never
 * changes, only the provider's id, which is a placeholder. The query object itself is made per call
 * on the handle it runs on (a transaction or a pool) and runs the text already made.
 */
const builtReads = new Map<string, { built: BuiltRead; name: string | undefined }>();
/** A named whole profile holds about 0.7 MB of a PostgreSQL connection's memory; a one-section read, less. */
const readNames = shapeNames('vitae_profile_read', 24);

function builtOnce(shape: string, query: unknown) {
  const relational = query as RelationalQuery;
  let made = builtReads.get(shape);
  if (made === undefined) {
    const built = relational._toSQL();
    made = { built, name: readNames(built.builtQuery.sql) };
    builtReads.set(shape, made);
  }
  const { built, name } = made;
  relational._toSQL = () => built;
  return relational.prepare(name);
}

/** The users columns of a relational row, without its related rows. */
function pickUser(row: ProfileRow): UserRow {
  return Object.fromEntries(Object.keys(getTableColumns(schema.users)).map((key) => [key, row[key]])) as UserRow;
}

/** Every section with the hospital's name and permissions: what a provider's own reads need. */
export function readFullProfile(db: Database, userId: string) {
  return readProfile(db, userId, PROFILE_SECTION_IDS, { hospital: true });
}

export type FullProfileRead = NonNullable<Awaited<ReturnType<typeof readFullProfile>>>;

/** Each section with its table's name, the key of its entry in users.section_versions. */
const SECTION_TABLES = PROFILE_SECTION_IDS.map((id) => [id, tableNameOf(id)] as const);

/** The sections whose table changed after `version`, by the entries of users.section_versions. */
function sectionsChangedSince(sectionVersions: Record<string, number>, version: number) {
  return SECTION_TABLES.filter(([, table]) => (sectionVersions[table] ?? 0) > version).map(([id]) => id);
}

/** The provider's section_versions, one short named statement. */
const sectionVersionsStatement = perDatabase((db) =>
  db
    .select({ sectionVersions: schema.users.sectionVersions })
    .from(schema.users)
    .where(eq(schema.users.id, sql.placeholder('providerId')))
    .prepare('vitae_section_versions'),
);

/**
 * The full read of a provider from an older full read of theirs, `kept`, and one statement: the users
 * row, the hospital and `sections` (decision 0036). The statement's users row says, in
 * `section_versions`, which sections changed since `kept`; when one of them is not in `sections`
 * (or there is no users row), null: read everything. With `widen`, instead, one more statement reads
 * `sections` and the others it names (a save's read, whose lock keeps them from moving again).
 */
export async function readAgainInPart(
  db: Database,
  userId: string,
  kept: FullProfileRead,
  sections: ProfileSectionId[],
  widen = false,
): Promise<FullProfileRead | null> {
  const since = kept.user.profileVersion;
  const read = await readProfile(db, userId, sections, { hospital: true });
  if (!read || read.user.profileVersion < since) return null;
  const others = sectionsChangedSince(read.user.sectionVersions, since).filter((id) => !sections.includes(id));
  if (others.length > 0) return widen ? readAgainInPart(db, userId, kept, [...sections, ...others]) : null;
  return { ...read, sections: { ...kept.sections, ...read.sections } };
}

/** A newer full read from `kept`: the sections changed since, as users.section_versions names them. */
async function readChangedSince(db: Database, userId: string, kept: FullProfileRead): Promise<FullProfileRead | null> {
  const [row] = await sectionVersionsStatement(db).execute({ providerId: userId });
  return row ? readAgainInPart(db, userId, kept, sectionsChangedSince(row.sectionVersions, kept.user.profileVersion)) : null;
}

/**
 * A process's cache of full profile reads, keyed by the provider and `users.profile_version`. The
 * version is bumped by database triggers in the same transaction as any change a read shows (the
 * users row, the profile tables, the hospital's name and section permissions; migration 0006), and the
 * session check already reads it, so a provider whose profile has not changed is answered with no
 * statement beyond the session's. One whose profile has changed since the kept read is read again in
 * part: the sections changed since (decision 0036). Each entry holds the version its own statement
 * read, so it is never older than its key; several processes each keep their own and stay right.
 * Entries are shared: callers build new objects around them and never mutate them.
 */
export function createProfileReadCache(maxEntries: number) {
  const entries = maxEntries > 0 ? new LRUCache<string, FullProfileRead>({ max: maxEntries }) : null;
  return {
    /** The provider's full read; `version` is the one their session row carried (absent: always read). */
    async read(db: Database, userId: string, version?: number): Promise<FullProfileRead | null> {
      const kept = entries?.get(userId);
      if (kept && version !== undefined && kept.user.profileVersion === version) return kept;
      // An older read of theirs: only what changed since (after a save, usually one section) is read.
      const read =
        (kept && version !== undefined && kept.user.profileVersion < version ? await readChangedSince(db, userId, kept) : null) ??
        (await readFullProfile(db, userId));
      // Never replaces a newer read: a public page read on a lagging replica may be a version behind.
      if (read && entries && (version === undefined || read.user.profileVersion >= version) && !(kept && kept.user.profileVersion > read.user.profileVersion)) {
        entries.set(userId, read);
      }
      return read;
    },
    /** The provider's kept read, of whatever version (for a save to read only what it wrote; decision 0036). */
    kept(userId: string): FullProfileRead | undefined {
      return entries?.peek(userId);
    },
    /**
     * Keeps a full read a save made in its transaction, once that has committed (decision 0036): read
     * after the write under the users row's lock, it is what committed at its version. Never replaces a
     * newer read.
     */
    keep(userId: string, read: FullProfileRead) {
      const kept = entries?.peek(userId);
      if (entries && !(kept && kept.user.profileVersion >= read.user.profileVersion)) entries.set(userId, read);
    },
    get size() {
      return entries?.size ?? 0;
    },
  };
}

export type ProfileReadCache = ReturnType<typeof createProfileReadCache>;

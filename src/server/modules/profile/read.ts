/**
 * Reading a provider's profile in one SQL statement. Each section is described once — the users
 * relation it lives in, the rows it shows and their order, and the view that turns a row into the
 * form's shape — and every read (the whole profile, one section, the dashboard, the export, the
 * admin's read-only view) is one Drizzle relational query built from those descriptions, which
 * PostgreSQL assembles with lateral JSON aggregates. A read never writes.
 */
import { asc, eq, getTableColumns, inArray, type AnyColumn } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { DISPLAYED_TRIAL_USER_STATUSES } from '../../../shared/enums';
import { PROFILE_SECTION_IDS, type ProfileSectionId } from '../../../shared/schemas/profile';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import { permissionsFromRows } from '../hospitals/permissions';
import * as views from './views';

/** Discovered publications and media the section shows (and a save replaces); pending and rejected stay in discovery. */
export const SHOWN_ITEM_STATUSES = ['manual', 'approved'] as const;

/** The section's data in the shape its form uses, and when it was last saved (null: never). */
export interface SectionRead<Data> {
  data: Data;
  updatedAt: Date | null;
}

/** The order a provider arranged a list in, then creation. */
const byOrder = (table: { displayOrder: AnyColumn; createdAt: AnyColumn }) => [asc(table.displayOrder), asc(table.createdAt)];

/** The rows of a list discovery also fills that the section shows (and a save replaces). */
export function shownRows(table: typeof schema.publications | typeof schema.clinicalTrials | typeof schema.mediaPress) {
  return table === schema.clinicalTrials ? inArray(schema.clinicalTrials.userStatus, DISPLAYED_TRIAL_USER_STATUSES) : inArray((table as typeof schema.publications).status, SHOWN_ITEM_STATUSES);
}

/**
 * The users relations a profile read pulls in, with each list's filter and order. Columns are the
 * tables' own; Drizzle maps them onto the aliases of its lateral subqueries.
 */
const SECTION_RELATIONS = {
  professionalIdentity: true as const,
  educationTraining: { orderBy: byOrder(schema.educationTraining) },
  practiceEssentials: true as const,
  locations: { orderBy: byOrder(schema.locations) },
  biography: true as const,
  publications: { where: shownRows(schema.publications), orderBy: byOrder(schema.publications) },
  clinicalTrials: { where: shownRows(schema.clinicalTrials), orderBy: byOrder(schema.clinicalTrials) },
  mediaPress: { where: shownRows(schema.mediaPress), orderBy: byOrder(schema.mediaPress) },
  medicalExpertise: { orderBy: byOrder(schema.userMedicalExpertise) },
  languagesSpoken: { orderBy: [asc(schema.languagesSpoken.displayOrder)] },
  boardCertifications: { orderBy: byOrder(schema.boardCertifications) },
  hospitalAffiliations: { orderBy: byOrder(schema.hospitalAffiliations) },
  awardsRecognitions: { orderBy: byOrder(schema.awardsRecognitions) },
  insuranceAccepted: { orderBy: byOrder(schema.insuranceAccepted) },
  professionalLicenses: { orderBy: byOrder(schema.professionalLicenses) },
  socialMedia: { orderBy: [asc(schema.socialMedia.displayOrder), asc(schema.socialMedia.platform)] },
};

type Relation = keyof typeof SECTION_RELATIONS;

/** The full relational read, written out only for its result type, which the section descriptions below take apart. */
function _fullProfileQuery(db: Database, userId: string) {
  return db.query.users.findFirst({
    where: eq(schema.users.id, userId),
    with: { hospital: { columns: { name: true }, with: { sectionPermissions: true } }, ...SECTION_RELATIONS },
  });
}
type ProfileRow = NonNullable<Awaited<ReturnType<typeof _fullProfileQuery>>>;

const latest = (rows: ReadonlyArray<{ updatedAt: Date }>) =>
  rows.reduce<Date | null>((max, row) => (max === null || row.updatedAt > max ? row.updatedAt : max), null);

const single = <Row extends { updatedAt: Date }, View>(row: Row | null | undefined, view: (row: Row) => View): SectionRead<View | null> => ({
  data: row ? view(row) : null,
  updatedAt: row?.updatedAt ?? null,
});

const list = <Row extends { updatedAt: Date }, View>(rows: Row[], view: (row: Row) => View): SectionRead<{ items: View[] }> => ({
  data: { items: rows.map(view) },
  updatedAt: latest(rows),
});

/** Each section: the relation it is read from and how its rows become the section's data. */
const SECTIONS = {
  professional_identity: { relation: 'professionalIdentity', read: (p: ProfileRow) => single(p.professionalIdentity, views.identityView) },
  education_training: { relation: 'educationTraining', read: (p: ProfileRow) => list(p.educationTraining, views.educationView) },
  practice_essentials: { relation: 'practiceEssentials', read: (p: ProfileRow) => single(p.practiceEssentials, views.practiceView) },
  locations: { relation: 'locations', read: (p: ProfileRow) => list(p.locations, views.locationView) },
  biography: { relation: 'biography', read: (p: ProfileRow) => single(p.biography, views.biographyView) },
  publications: { relation: 'publications', read: (p: ProfileRow) => list(p.publications, views.publicationView) },
  clinical_trials: { relation: 'clinicalTrials', read: (p: ProfileRow) => list(p.clinicalTrials, views.trialView) },
  media_press: { relation: 'mediaPress', read: (p: ProfileRow) => list(p.mediaPress, views.mediaView) },
  // Expertise rows are never edited in place, so their last change is the newest row.
  medical_expertise: {
    relation: 'medicalExpertise',
    read: (p: ProfileRow) => ({
      data: { items: p.medicalExpertise.map(views.expertiseView) },
      updatedAt: p.medicalExpertise.reduce<Date | null>((max, r) => (max === null || r.createdAt > max ? r.createdAt : max), null),
    }),
  },
  languages: { relation: 'languagesSpoken', read: (p: ProfileRow) => list(p.languagesSpoken, views.languageView) },
  board_certifications: { relation: 'boardCertifications', read: (p: ProfileRow) => list(p.boardCertifications, views.boardCertificationView) },
  hospital_affiliations: { relation: 'hospitalAffiliations', read: (p: ProfileRow) => list(p.hospitalAffiliations, views.hospitalAffiliationView) },
  awards: { relation: 'awardsRecognitions', read: (p: ProfileRow) => list(p.awardsRecognitions, views.awardView) },
  insurance: { relation: 'insuranceAccepted', read: (p: ProfileRow) => list(p.insuranceAccepted, views.insuranceView) },
  licenses: { relation: 'professionalLicenses', read: (p: ProfileRow) => list(p.professionalLicenses, views.licenseView) },
  social_media: { relation: 'socialMedia', read: (p: ProfileRow) => list(p.socialMedia, views.socialMediaView) },
} as const satisfies Record<ProfileSectionId, { relation: Relation; read: (p: ProfileRow) => SectionRead<unknown> }>;

export type SectionView<Id extends ProfileSectionId> = ReturnType<(typeof SECTIONS)[Id]['read']>['data'];
export type SectionReads<Ids extends ProfileSectionId> = { [Id in Ids]: ReturnType<(typeof SECTIONS)[Id]['read']> };

export interface ProfileReadOptions {
  /** Read the hospital's name and section permissions too (for completion). */
  hospital?: boolean;
}

/**
 * The users row and the named sections of one provider, in one statement; null when there is no
 * such user. With `hospital`, also the hospital's name and its section permissions.
 */
export async function readProfile<Ids extends ProfileSectionId>(db: Database, userId: string, ids: readonly Ids[], options: ProfileReadOptions = {}) {
  const relations = Object.fromEntries(ids.map((id) => [SECTIONS[id].relation, SECTION_RELATIONS[SECTIONS[id].relation]]));
  const row = (await db.query.users.findFirst({
    where: eq(schema.users.id, userId),
    // The subset of the full query's relations; the row is typed as the full one and only the named sections are read from it.
    with: { ...(options.hospital ? { hospital: { columns: { name: true }, with: { sectionPermissions: true } } } : {}), ...relations } as never,
  })) as ProfileRow | undefined;
  if (!row) return null;
  const { hospital, ...rest } = row;
  const user = { ...pickUser(rest), hospitalName: hospital?.name ?? null };
  const sections = Object.fromEntries(ids.map((id) => [id, SECTIONS[id].read(row)])) as SectionReads<Ids>;
  const permissions = permissionsFromRows(hospital?.sectionPermissions ?? []);
  return { user, sections, permissions };
}

/** The users columns of a relational row, without its related rows. */
function pickUser(row: Omit<ProfileRow, 'hospital'>): typeof schema.users.$inferSelect {
  return Object.fromEntries(Object.keys(getTableColumns(schema.users)).map((key) => [key, row[key as keyof typeof row]])) as typeof schema.users.$inferSelect;
}

/** Every section with the hospital's name and permissions: what a provider's own reads need. */
export function readFullProfile(db: Database, userId: string) {
  return readProfile(db, userId, PROFILE_SECTION_IDS, { hospital: true });
}

export type FullProfileRead = NonNullable<Awaited<ReturnType<typeof readFullProfile>>>;

/**
 * A process's cache of full profile reads, keyed by the provider and `users.profile_version`. The
 * version is bumped by database triggers in the same transaction as any change a read shows (the
 * users row, the profile tables, the hospital's name and section permissions; migration 0006), and the
 * session check already reads it, so a provider whose profile has not changed is answered with no
 * statement beyond the session's. Each entry holds the version its own statement read, so it is never
 * older than its key; several processes each keep their own and stay right. Entries are shared:
 * callers build new objects around them and never mutate them.
 */
export function createProfileReadCache(maxEntries: number) {
  const entries = maxEntries > 0 ? new LRUCache<string, FullProfileRead>({ max: maxEntries }) : null;
  return {
    /** The provider's full read; `version` is the one their session row carried (absent: always read). */
    async read(db: Database, userId: string, version?: number): Promise<FullProfileRead | null> {
      const kept = entries?.get(userId);
      if (kept && version !== undefined && kept.user.profileVersion === version) return kept;
      const read = await readFullProfile(db, userId);
      if (read && entries && (version === undefined || read.user.profileVersion >= version)) entries.set(userId, read);
      return read;
    },
    get size() {
      return entries?.size ?? 0;
    },
  };
}

export type ProfileReadCache = ReturnType<typeof createProfileReadCache>;

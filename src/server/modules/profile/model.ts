/**
 * One description per profile section, from which everything else about the section is derived:
 * - the table its rows live in and the users relation that reaches them;
 * - one row or an ordered list, and for the lists discovery also fills, which rows the section shows;
 * - the shared request schema a save is validated with;
 * - the view that turns a stored row into the form's shape;
 * - where a row needs more than the request (reference-data lookups and checks, sections.ts), the
 *   step that makes the stored values from the parsed request.
 *
 * The one-statement reads (read.ts) take their relations, order, filters and views from here; a
 * save's writer is derived here too: a single-row section upserts its row, a list deletes the rows the
 * section shows and inserts the new set, both inside the caller's transaction.
 */
import { and, asc, eq, getTableName, inArray, type AnyColumn, type SQL } from 'drizzle-orm';
import { DISPLAYED_TRIAL_USER_STATUSES } from '../../../shared/enums';
import { BIOGRAPHY_PENDING, isSignupLanguageDefault } from '../../../shared/profile-completion';
import {
  PROFILE_SECTION_IDS,
  PROFILE_SECTION_SCHEMAS,
  type FieldsOf,
  type ProfileSectionData,
  type ProfileSectionField,
  type ProfileSectionId,
} from '../../../shared/schemas/profile';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import * as rowsOf from './sections';
import type { SectionContext, Writer } from './sections';
import * as views from './views';

/** Discovered publications and media the section shows (and a save replaces); pending and rejected stay in discovery. */
export const SHOWN_ITEM_STATUSES = ['manual', 'approved'] as const;

type UsersRelation = keyof ReturnType<(typeof schema.usersRelations)['config']>;

type SingleTable = typeof schema.professionalIdentity | typeof schema.practiceEssentials | typeof schema.biography;
type ListTable =
  | typeof schema.educationTraining
  | typeof schema.locations
  | typeof schema.publications
  | typeof schema.clinicalTrials
  | typeof schema.mediaPress
  | typeof schema.userMedicalExpertise
  | typeof schema.languagesSpoken
  | typeof schema.professionalLicenses
  | typeof schema.socialMedia
  | typeof schema.boardCertifications
  | typeof schema.hospitalAffiliations
  | typeof schema.awardsRecognitions
  | typeof schema.insuranceAccepted;

type Values<Table extends SingleTable> = Omit<Table['$inferInsert'], 'userId'>;

/** What every section names: its id, table and users relation, request schema and view. */
interface SectionBase<Id extends ProfileSectionId, Table extends SingleTable | ListTable, View> {
  id: Id;
  table: Table;
  relation: UsersRelation;
  request: (typeof PROFILE_SECTION_SCHEMAS)[Id];
  view: (row: Table['$inferSelect']) => View;
}

export interface SingleSection<Id extends ProfileSectionId, Table extends SingleTable, View> extends SectionBase<Id, Table, View> {
  kind: 'single';
  /** The row's values and any further write in the same transaction (default: the parsed request as it is). */
  plan?: (db: Database, ctx: SectionContext, input: ProfileSectionData<Id>) => Promise<{ values: Values<Table>; also?: Writer }>;
  /** The row as the sign-up left it, which nobody has saved: the section shows no updated time. */
  untouched?: (row: Table['$inferSelect']) => boolean;
}

export interface ListSection<Id extends ProfileSectionId, Table extends ListTable, View> extends SectionBase<Id, Table, View> {
  kind: 'list';
  /** The list's order (default: the provider's order, then creation). */
  orderBy: AnyColumn[];
  /** The rows the section shows and a save replaces (default: all of the provider's). */
  shown?: SQL;
  /** The column whose newest value is the section's last change. */
  changedAt: 'updatedAt' | 'createdAt';
  /** The rows to store (default: each item with its position as its order). */
  rows?: (db: Database, ctx: SectionContext, input: ProfileSectionData<Id>) => Promise<Array<Table['$inferInsert']>>;
  /** The rows as the sign-up left them (written with the users row), which nobody has saved: no updated time. */
  untouched?: (rows: Array<Table['$inferSelect']>, signedUpAt: Date) => boolean;
}

function single<Id extends ProfileSectionId, Table extends SingleTable, View>(
  id: Id,
  section: Omit<SingleSection<Id, Table, View>, 'kind' | 'id' | 'request'>,
): SingleSection<Id, Table, View> {
  return { kind: 'single', id, request: PROFILE_SECTION_SCHEMAS[id], ...section };
}

function list<Id extends ProfileSectionId, Table extends ListTable, View>(
  id: Id,
  section: Omit<ListSection<Id, Table, View>, 'kind' | 'id' | 'request' | 'orderBy' | 'changedAt'> &
    Partial<Pick<ListSection<Id, Table, View>, 'orderBy' | 'changedAt'>>,
): ListSection<Id, Table, View> {
  const { table } = section;
  return { kind: 'list', id, request: PROFILE_SECTION_SCHEMAS[id], orderBy: [table.displayOrder, table.createdAt], changedAt: 'updatedAt', ...section };
}

const shownItems = (table: typeof schema.publications | typeof schema.mediaPress) => inArray(table.status, SHOWN_ITEM_STATUSES);

export const SECTION_MODEL = {
  professional_identity: single('professional_identity', {
    table: schema.professionalIdentity,
    relation: 'professionalIdentity',
    view: views.identityView,
    plan: rowsOf.identityValues,
  }),
  education_training: list('education_training', {
    table: schema.educationTraining,
    relation: 'educationTraining',
    view: views.educationView,
    rows: rowsOf.educationRows,
  }),
  practice_essentials: single('practice_essentials', { table: schema.practiceEssentials, relation: 'practiceEssentials', view: views.practiceView }),
  locations: list('locations', { table: schema.locations, relation: 'locations', view: views.locationView, rows: rowsOf.locationRows }),
  biography: single('biography', {
    table: schema.biography,
    relation: 'biography',
    view: views.biographyView,
    // Sign-up stores the placeholder summary and nothing else; that is no biography anyone saved.
    untouched: (row) =>
      row.professionalSummary === BIOGRAPHY_PENDING &&
      [row.publicSummary, row.personalInterests, row.awardsHonors, row.memberships, row.volunteerWork, row.languagesSpoken].every((value) => !value?.trim()),
  }),
  publications: list('publications', {
    table: schema.publications,
    relation: 'publications',
    view: views.publicationView,
    shown: shownItems(schema.publications),
    rows: (db, ctx, input) => rowsOf.discoveredRows(db, ctx, schema.publications, input.items, (item) => item.status === 'approved'),
  }),
  clinical_trials: list('clinical_trials', {
    table: schema.clinicalTrials,
    relation: 'clinicalTrials',
    view: views.trialView,
    shown: inArray(schema.clinicalTrials.userStatus, DISPLAYED_TRIAL_USER_STATUSES),
    rows: (db, ctx, input) => rowsOf.discoveredRows(db, ctx, schema.clinicalTrials, input.items, (item) => item.userStatus !== 'manual'),
  }),
  media_press: list('media_press', {
    table: schema.mediaPress,
    relation: 'mediaPress',
    view: views.mediaView,
    shown: shownItems(schema.mediaPress),
    rows: (db, ctx, input) => rowsOf.discoveredRows(db, ctx, schema.mediaPress, input.items, (item) => item.status === 'approved'),
  }),
  medical_expertise: list('medical_expertise', {
    table: schema.userMedicalExpertise,
    relation: 'medicalExpertise',
    view: views.expertiseView,
    // Expertise rows are never edited in place, so their last change is the newest row.
    changedAt: 'createdAt',
    rows: rowsOf.expertiseRows,
  }),
  languages: list('languages', {
    table: schema.languagesSpoken,
    relation: 'languagesSpoken',
    view: views.languageView,
    orderBy: [schema.languagesSpoken.displayOrder],
    rows: rowsOf.languageRows,
    // Sign-up stores English in the same transaction as the users row (so with its creation time):
    // a default nobody chose. Any save, or an import from the listing service, writes the rows anew.
    untouched: (rows, signedUpAt) => isSignupLanguageDefault(rows) && rows[0]!.createdAt.getTime() === signedUpAt.getTime(),
  }),
  board_certifications: list('board_certifications', {
    table: schema.boardCertifications,
    relation: 'boardCertifications',
    view: views.boardCertificationView,
  }),
  hospital_affiliations: list('hospital_affiliations', {
    table: schema.hospitalAffiliations,
    relation: 'hospitalAffiliations',
    view: views.hospitalAffiliationView,
  }),
  awards: list('awards', { table: schema.awardsRecognitions, relation: 'awardsRecognitions', view: views.awardView }),
  insurance: list('insurance', { table: schema.insuranceAccepted, relation: 'insuranceAccepted', view: views.insuranceView }),
  licenses: list('licenses', { table: schema.professionalLicenses, relation: 'professionalLicenses', view: views.licenseView, rows: rowsOf.licenseRows }),
  social_media: list('social_media', {
    table: schema.socialMedia,
    relation: 'socialMedia',
    view: views.socialMediaView,
    orderBy: [schema.socialMedia.displayOrder, schema.socialMedia.platform],
  }),
} satisfies { [Id in ProfileSectionId]: { id: Id } };

type Model = typeof SECTION_MODEL;
type ViewOf<Id extends ProfileSectionId> = ReturnType<Model[Id]['view']>;

/** A section's data in the shape its form uses: the one row's view, or the list's views under `items`. */
export type SectionView<Id extends ProfileSectionId> = Model[Id]['kind'] extends 'list' ? { items: Array<ViewOf<Id>> } : ViewOf<Id> | null;

/**
 * The fields of a request that a view lacks. Every field a section's schema names is in its view
 * (views.ts): a form filled from a GET sends it back unchanged, and the readers (the public profile,
 * the export, the listing-service comparison) see it. A field added to a schema alone shows up here,
 * and its column and view entry are what it needs next (docs/architecture.md, "Adding a field").
 */
export type FieldsMissingFromView<Fields extends string, View> = Exclude<Fields, FieldsOf<View>>;

/** Checked by tsc: each section's missing fields must be none; the error names the section and the fields. */
type NoneMissing<Missing extends Record<ProfileSectionId, never>> = Missing;
export type _ViewsCarryRequests = NoneMissing<{ [Id in ProfileSectionId]: FieldsMissingFromView<ProfileSectionField<Id>, SectionView<Id>> }>;

/** The section's data and when it was last saved (null: never). */
export interface SectionRead<Data> {
  data: Data;
  updatedAt: Date | null;
}

/**
 * A section as the code that serves all of them sees it: each description was typed against its own
 * table, view and request by `single`/`list` above, which one union type cannot say.
 */
type AnySection = (
  Omit<SingleSection<ProfileSectionId, SingleTable, unknown>, 'view' | 'plan'> | Omit<ListSection<ProfileSectionId, ListTable, unknown>, 'view' | 'rows'>
) & {
  view: (row: never) => unknown;
  plan?: (db: Database, ctx: SectionContext, input: never) => Promise<{ values: object; also?: Writer }>;
  rows?: (db: Database, ctx: SectionContext, input: never) => Promise<object[]>;
  untouched?: (rows: never, signedUpAt: Date) => boolean;
};
const sectionOf = (id: ProfileSectionId) => SECTION_MODEL[id] as unknown as AnySection;

type RelationRead = readonly [UsersRelation, true | { where?: SQL; orderBy: SQL[] }];

/** Each section's users relation and the options its part of the relational read takes, built once. */
const RELATION_READS = new Map<ProfileSectionId, RelationRead>(
  PROFILE_SECTION_IDS.map((id) => {
    const section = sectionOf(id);
    if (section.kind === 'single') return [id, [section.relation, true]];
    return [id, [section.relation, { ...(section.shown ? { where: section.shown } : {}), orderBy: section.orderBy.map((column) => asc(column)) }]];
  }),
);

/** The table a section's rows live in, by its SQL name (the key of its entry in users.section_versions). */
export const tableNameOf = (id: ProfileSectionId) => getTableName(sectionOf(id).table);

/** The users relation of a section and the options its part of the relational read takes. */
export function relationOf(id: ProfileSectionId): RelationRead {
  return RELATION_READS.get(id)!;
}

/**
 * A section's read from what its relation brought back (a row or null; a list of rows). `signedUpAt`
 * is the users row's creation time, which tells a list the sign-up wrote from one someone saved.
 */
export function readSection<Id extends ProfileSectionId>(id: Id, related: unknown, signedUpAt: Date): SectionRead<SectionView<Id>> {
  const section = sectionOf(id);
  const view = section.view as (row: object) => unknown;
  if (section.kind === 'single') {
    const row = related as { updatedAt: Date } | null | undefined;
    const untouched = row && (section.untouched as ((row: object) => boolean) | undefined)?.(row);
    return { data: (row ? view(row) : null) as SectionView<Id>, updatedAt: untouched ? null : (row?.updatedAt ?? null) };
  }
  const rows = related as Array<Record<'updatedAt' | 'createdAt', Date>>;
  const untouched = (section.untouched as ((rows: object[], signedUpAt: Date) => boolean) | undefined)?.(rows, signedUpAt);
  const updatedAt = untouched
    ? null
    : rows.reduce<Date | null>((max, row) => (max === null || row[section.changedAt] > max ? row[section.changedAt] : max), null);
  return { data: { items: rows.map(view) } as SectionView<Id>, updatedAt };
}

/**
 * A save's writer: the section's checks and lookups run now (outside any transaction, and may refuse
 * the request); the writer runs inside the caller's transaction. Every statement is keyed by the
 * signed-in provider's id; ids in the request never address rows.
 */
export async function planSave<Id extends ProfileSectionId>(db: Database, ctx: SectionContext, id: Id, input: ProfileSectionData<Id>): Promise<Writer> {
  const section = sectionOf(id);
  const parsed = input as never;
  if (section.kind === 'single') {
    const { values, also } = section.plan ? await section.plan(db, ctx, parsed) : { values: input as object, also: undefined };
    const table = section.table as typeof schema.biography;
    return async (tx) => {
      await tx
        .insert(table)
        .values({ userId: ctx.userId, ...values })
        .onConflictDoUpdate({ target: table.userId, set: values });
      await also?.(tx);
    };
  }
  const items = (input as { items: object[] }).items;
  const rows = section.rows ? await section.rows(db, ctx, parsed) : items.map((item, index) => ({ userId: ctx.userId, displayOrder: index, ...item }));
  const { table, shown } = section;
  return async (tx) => {
    await tx.delete(table).where(shown ? and(eq(table.userId, ctx.userId), shown) : eq(table.userId, ctx.userId));
    // Drizzle cannot relate the union of tables to one insert shape; `rows` are this section's table's.
    if (rows.length > 0) await tx.insert(table).values(rows as never);
  };
}

/**
 * Saving each profile section (reads are in read.ts). A save is planned first (lookups and checks against
 * reference data, outside any transaction) and the plan's writer then runs inside the caller's
 * transaction: single-row sections upsert, list sections delete the provider's rows and insert the
 * new set. Every query is keyed by the signed-in provider's user id; ids in request bodies are
 * never used to address rows.
 */
import { and, eq, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { TermType } from '../../../shared/enums';
import { educationDates } from '../../../shared/education-dates';
import {
  LANGUAGE_CODE_PATTERN,
  PROFILE_MESSAGES,
  type ProfileSectionData,
  type ProfileSectionId,
} from '../../../shared/schemas/profile';
import type { Database } from '../../db/client';
import {
  awardsRecognitions,
  biography,
  boardCertifications,
  clinicalTrials,
  educationTraining,
  fellowshipSpecialties,
  hospitalAffiliations,
  hospitalExpertiseTermsPoc,
  hospitalLocationsPoc,
  insuranceAccepted,
  languages,
  languagesSpoken,
  locations,
  mediaPress,
  medicalExpertiseTerms,
  medicalSchools,
  practiceEssentials,
  professionalIdentity,
  professionalLicenses,
  publications,
  residencyPrograms,
  socialMedia,
  userMedicalExpertise,
  users,
} from '../../db/schema';
import { sameJson } from '../../lib/stable-json';
import { AppError } from '../../lib/app-error';
import { shownRows } from './read';
import { identityView } from './views';

export interface SectionContext {
  userId: string;
  hospitalId: string | null;
}

export type Writer = (tx: Database) => Promise<void>;

const unique = <T>(values: T[]) => [...new Set(values)];

type ListTable =
  | typeof educationTraining
  | typeof locations
  | typeof publications
  | typeof clinicalTrials
  | typeof mediaPress
  | typeof userMedicalExpertise
  | typeof languagesSpoken
  | typeof professionalLicenses
  | typeof socialMedia
  | typeof boardCertifications
  | typeof hospitalAffiliations
  | typeof awardsRecognitions
  | typeof insuranceAccepted;

/**
 * Every list save's writer: the provider's rows that the section shows (all of them, or those
 * `shown` keeps) go, and the new set comes in, inside the caller's transaction.
 */
function replaceRows<Table extends ListTable>(table: Table, userId: string, rows: Array<Table['$inferInsert']>, shown?: SQL): Writer {
  return async (tx) => {
    await tx.delete(table).where(shown ? and(eq(table.userId, userId), shown) : eq(table.userId, userId));
    // Drizzle cannot relate a generic table to its insert shape; `rows` is typed by the caller's table above.
    if (rows.length > 0) await tx.insert(table).values(rows as never);
  };
}

// ── Professional identity ───────────────────────────────────────────────────────────────────

/** Fields compared to decide which ones the provider changed (and so must survive a registry refresh). */
const IDENTITY_TRACKED_FIELDS = ['firstName', 'lastName', 'fullLegalName', 'credentials', 'primarySpecialty', 'primarySpecialties', 'licenses'] as const;

type IdentityData = ProfileSectionData<'professional_identity'>;
type IdentityRow = typeof professionalIdentity.$inferSelect;


/** Refuses an NPI that another provider already holds (users or identity rows). */
export async function assertNpiAvailable(db: Database, userId: string, npi: string) {
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.npiNumber, npi), ne(users.id, userId)))
    .limit(1);
  const [identity] = holder
    ? [holder]
    : await db
        .select({ id: professionalIdentity.id })
        .from(professionalIdentity)
        .where(and(eq(professionalIdentity.npiNumber, npi), ne(professionalIdentity.userId, userId)))
        .limit(1);
  if (identity) throw AppError.conflict(PROFILE_MESSAGES.npiTaken, { field: 'npiNumber' });
}

/**
 * The flags to store: an explicit flag in the request wins; otherwise a registry-fillable field
 * whose value the provider changed becomes flagged; the rest keep their stored flag.
 */
export function mergeOverrideFlags(existing: IdentityRow | undefined, input: IdentityData): Record<string, boolean> {
  const flags: Record<string, boolean> = { ...(existing?.manualOverrideFlags ?? {}) };
  if (existing) {
    const before = identityView(existing);
    for (const field of IDENTITY_TRACKED_FIELDS) {
      const previous = field === 'credentials' ? before.credentials.map((c) => ({ type: c.type, name: c.name })) : before[field];
      const next = field === 'credentials' ? input.credentials.map((c) => ({ type: c.type, name: c.name })) : input[field];
      if (!sameJson(previous, next)) flags[field] = true;
    }
  }
  for (const [field, flagged] of Object.entries(input.manualOverrideFlags)) flags[field] = flagged;
  return Object.fromEntries(Object.entries(flags).filter(([, flagged]) => flagged));
}

async function planIdentity(db: Database, ctx: SectionContext, input: IdentityData): Promise<Writer> {
  const [existing] = await db.select().from(professionalIdentity).where(eq(professionalIdentity.userId, ctx.userId)).limit(1);
  if (input.npiNumber) await assertNpiAvailable(db, ctx.userId, input.npiNumber);
  const verified = new Set((existing?.credentials ?? []).filter((c) => c.verified).map((c) => c.name.toLowerCase()));
  const values = {
    npiNumber: input.npiNumber,
    fullLegalName: input.fullLegalName,
    firstName: input.firstName,
    lastName: input.lastName,
    preferredName: input.preferredName,
    pronouns: input.pronouns,
    professionalEmail: input.professionalEmail,
    jobTitle: input.jobTitle,
    department: input.department,
    division: input.division,
    section: input.section,
    departmentId: input.departmentId,
    divisionId: input.divisionId,
    sectionId: input.sectionId,
    primarySpecialty: input.primarySpecialty,
    primarySpecialties: input.primarySpecialties,
    additionalSpecialties: input.additionalSpecialties,
    // A provider cannot vouch for a credential; only one the registry verified stays verified.
    credentials: input.credentials.map((c) => ({ type: c.type, name: c.name, verified: verified.has(c.name.toLowerCase()) })),
    academicTitles: input.academicTitles,
    certifications: input.certifications,
    licenses: input.licenses,
    manualOverrideFlags: mergeOverrideFlags(existing, input),
  };
  return async (tx) => {
    await tx
      .insert(professionalIdentity)
      .values({ userId: ctx.userId, ...values })
      .onConflictDoUpdate({ target: professionalIdentity.userId, set: values });
    await tx
      .update(users)
      .set({ fullName: input.fullLegalName, firstName: input.firstName, lastName: input.lastName, jobTitle: input.jobTitle, npiNumber: input.npiNumber })
      .where(eq(users.id, ctx.userId));
  };
}

// ── Education ───────────────────────────────────────────────────────────────────────────────

async function planEducation(db: Database, ctx: SectionContext, input: ProfileSectionData<'education_training'>): Promise<Writer> {
  const schoolIds = unique(input.items.map((i) => i.medicalSchoolId).filter((id): id is string => Boolean(id)));
  const programIds = unique(input.items.map((i) => i.programId).filter((id): id is string => Boolean(id)));
  const fellowshipIds = unique(input.items.map((i) => i.fellowshipSpecialtyId).filter((id): id is string => Boolean(id)));
  const [schools, programs, fellowships] = await Promise.all([
    schoolIds.length ? db.select({ id: medicalSchools.id, name: medicalSchools.name }).from(medicalSchools).where(inArray(medicalSchools.id, schoolIds)) : [],
    programIds.length ? db.select({ id: residencyPrograms.id, name: residencyPrograms.name }).from(residencyPrograms).where(inArray(residencyPrograms.id, programIds)) : [],
    fellowshipIds.length
      ? db
          .select({ id: fellowshipSpecialties.id, name: fellowshipSpecialties.subspecialtyName, parent: fellowshipSpecialties.parentSpecialty })
          .from(fellowshipSpecialties)
          .where(inArray(fellowshipSpecialties.id, fellowshipIds))
      : [],
  ]);
  const schoolById = new Map(schools.map((s) => [s.id, s]));
  const programById = new Map(programs.map((p) => [p.id, p]));
  const fellowshipById = new Map(fellowships.map((f) => [f.id, f]));
  for (const id of schoolIds) if (!schoolById.has(id)) throw AppError.validation(PROFILE_MESSAGES.unknownMedicalSchool(id));
  for (const id of programIds) if (!programById.has(id)) throw AppError.validation(PROFILE_MESSAGES.unknownResidencyProgram(id));
  for (const id of fellowshipIds) if (!fellowshipById.has(id)) throw AppError.validation(PROFILE_MESSAGES.unknownFellowshipSpecialty(id));

  const rows = input.items.map((item, index) => {
    const school = item.medicalSchoolId ? schoolById.get(item.medicalSchoolId) : undefined;
    const program = item.programId ? programById.get(item.programId) : undefined;
    const fellowship = item.fellowshipSpecialtyId ? fellowshipById.get(item.fellowshipSpecialtyId) : undefined;
    const medicalSchoolName = item.medicalSchoolName ?? school?.name ?? null;
    return {
      userId: ctx.userId,
      educationType: item.educationType,
      institutionName: item.institutionName ?? (item.educationType === 'medical_school' ? medicalSchoolName : null),
      degree: item.degree,
      fieldOfStudy: item.fieldOfStudy,
      description: item.description,
      source: item.source,
      dataSource: item.dataSource,
      programId: item.programId,
      programName: item.programName ?? program?.name ?? null,
      medicalSchoolId: item.medicalSchoolId,
      medicalSchoolName,
      location: item.location,
      parentSpecialty: item.parentSpecialty ?? fellowship?.parent ?? null,
      fellowshipSpecialtyId: item.fellowshipSpecialtyId,
      fellowshipSpecialtyName: item.fellowshipSpecialtyName ?? fellowship?.name ?? null,
      ...educationDates(item),
      displayOrder: index,
    };
  });
  return replaceRows(educationTraining, ctx.userId, rows);
}

// ── Practice essentials and biography (one row each) ────────────────────────────────────────

async function planPractice(_db: Database, ctx: SectionContext, input: ProfileSectionData<'practice_essentials'>): Promise<Writer> {
  return async (tx) => {
    await tx
      .insert(practiceEssentials)
      .values({ userId: ctx.userId, ...input })
      .onConflictDoUpdate({ target: practiceEssentials.userId, set: input });
  };
}

async function planBiography(_db: Database, ctx: SectionContext, input: ProfileSectionData<'biography'>): Promise<Writer> {
  return async (tx) => {
    await tx
      .insert(biography)
      .values({ userId: ctx.userId, ...input })
      .onConflictDoUpdate({ target: biography.userId, set: input });
  };
}

// ── Locations ───────────────────────────────────────────────────────────────────────────────

async function planLocations(db: Database, ctx: SectionContext, input: ProfileSectionData<'locations'>): Promise<Writer> {
  const predefinedIds = unique(input.items.map((i) => i.predefinedLocationId).filter((id): id is string => Boolean(id)));
  // Only the provider's own hospital's active locations can be picked.
  const predefined =
    predefinedIds.length && ctx.hospitalId
      ? await db
          .select()
          .from(hospitalLocationsPoc)
          .where(and(inArray(hospitalLocationsPoc.id, predefinedIds), eq(hospitalLocationsPoc.hospitalId, ctx.hospitalId), eq(hospitalLocationsPoc.isActive, true)))
      : [];
  const byId = new Map(predefined.map((l) => [l.id, l]));
  for (const id of predefinedIds) if (!byId.has(id)) throw AppError.validation(PROFILE_MESSAGES.locationNotFound(id));

  const rows = input.items.map((item, index) => {
    const site = item.predefinedLocationId ? byId.get(item.predefinedLocationId) : undefined;
    return {
      userId: ctx.userId,
      predefinedLocationId: item.predefinedLocationId,
      // Blank fields of a picked hospital location are filled from it.
      locationName: item.locationName ?? site?.name ?? '',
      addressLine1: item.address ?? site?.addressLine1 ?? site?.address ?? null,
      addressLine2: item.addressLine2 ?? site?.addressLine2 ?? null,
      city: item.city ?? site?.city ?? null,
      state: item.state ?? site?.state ?? null,
      postalCode: item.postalCode ?? site?.postalCode ?? site?.zipCode ?? null,
      country: item.country,
      phone: item.phoneNumber ?? site?.mainPhone ?? site?.phoneNumber ?? null,
      fax: item.faxNumber,
      website: item.website ?? site?.url ?? null,
      isPrimary: item.isPrimaryLocation,
      acceptsNewPatients: item.acceptingNewPatients,
      telehealthAvailable: item.telehealthAvailable,
      floor: item.floor,
      suiteOfficeNumber: item.suiteOfficeNumber,
      specialNotes: item.specialNotes,
      displayOrder: index,
    };
  });
  return replaceRows(locations, ctx.userId, rows);
}

// ── Publications, trials, media ─────────────────────────────────────────────────────────────

/** Discovery details of the provider's own rows named by id, so an approved item keeps them through an edit. */
async function discoveryDetails(db: Database, table: typeof publications | typeof clinicalTrials | typeof mediaPress, userId: string, ids: Array<string | undefined>) {
  const wanted = unique(ids.filter((id): id is string => typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id)));
  if (wanted.length === 0) return new Map<string, { discoveredAt: Date | null; searchQuery: string | null; confidenceScore: number | null }>();
  const rows = await db
    .select({ id: table.id, discoveredAt: table.discoveredAt, searchQuery: table.searchQuery, confidenceScore: table.confidenceScore })
    .from(table)
    .where(and(eq(table.userId, userId), inArray(table.id, wanted)));
  return new Map(rows.map(({ id, ...details }) => [id, details]));
}

const noDiscovery = { discoveredAt: null, searchQuery: null, confidenceScore: null };

type DiscoveredTable = typeof publications | typeof clinicalTrials | typeof mediaPress;

/**
 * A list that discovery also fills (publications, trials, media): the save replaces exactly the rows
 * the section shows — the read's own filter (read.ts), so pending and rejected suggestions stay in
 * discovery — and an item that came from discovery keeps its discovery details through an edit.
 */
async function planDiscoveredList<Item extends { id?: string }>(
  db: Database,
  ctx: SectionContext,
  table: DiscoveredTable,
  items: Item[],
  fromDiscovery: (item: Omit<Item, 'id'>) => boolean,
): Promise<Writer> {
  const details = await discoveryDetails(db, table, ctx.userId, items.map((i) => i.id));
  const rows = items.map(({ id, ...item }, index) => ({
    userId: ctx.userId,
    ...item,
    ...(id && fromDiscovery(item) ? (details.get(id) ?? noDiscovery) : noDiscovery),
    displayOrder: index,
  }));
  // One table per call; the rows are that table's insert shape, which the generic item cannot say.
  return replaceRows(table, ctx.userId, rows as never, shownRows(table));
}

// ── Medical expertise ───────────────────────────────────────────────────────────────────────

interface KnownTerm {
  termId: string;
  term: string;
  termType: string;
  specialtyName: string | null;
}

/** Terms by id: the hospital's own table first, then the default one (profile spec §7). */
export async function findTerms(db: Database, hospitalId: string | null, termIds: string[]) {
  const ids = unique(termIds);
  const found = new Map<string, KnownTerm[]>();
  if (ids.length === 0) return found;
  const columns = (t: typeof hospitalExpertiseTermsPoc | typeof medicalExpertiseTerms) => ({
    termId: t.termId,
    term: t.term,
    termType: t.termType,
    specialtyName: t.specialtyName,
  });
  const hospitalTerms: KnownTerm[] = hospitalId
    ? await db
        .select(columns(hospitalExpertiseTermsPoc))
        .from(hospitalExpertiseTermsPoc)
        .where(and(eq(hospitalExpertiseTermsPoc.hospitalId, hospitalId), inArray(hospitalExpertiseTermsPoc.termId, ids)))
    : [];
  for (const term of hospitalTerms) found.set(term.termId, [...(found.get(term.termId) ?? []), term]);
  const remaining = ids.filter((id) => !found.has(id));
  if (remaining.length > 0) {
    const defaults: KnownTerm[] = await db.select(columns(medicalExpertiseTerms)).from(medicalExpertiseTerms).where(inArray(medicalExpertiseTerms.termId, remaining));
    for (const term of defaults) found.set(term.termId, [...(found.get(term.termId) ?? []), term]);
  }
  return found;
}

async function planExpertise(db: Database, ctx: SectionContext, input: ProfileSectionData<'medical_expertise'>): Promise<Writer> {
  const known = await findTerms(db, ctx.hospitalId, input.items.map((i) => i.termId));
  const unknownIds = unique(input.items.map((i) => i.termId).filter((id) => !known.has(id)));
  if (unknownIds.length > 0) throw AppError.validation(PROFILE_MESSAGES.unknownTerms(unknownIds), { unknownTermIds: unknownIds });

  const seen = new Set<string>();
  const rows: Array<typeof userMedicalExpertise.$inferInsert> = [];
  for (const item of input.items) {
    const candidates = known.get(item.termId)!;
    const match = candidates.find((t) => t.specialtyName === item.specialtyName) ?? candidates[0]!;
    const specialtyName = item.specialtyName ?? match.specialtyName;
    const key = `${item.termId}|${specialtyName ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({
      userId: ctx.userId,
      termId: item.termId,
      specialtyName,
      // The stored term is the source of truth for what the id means.
      term: match.term,
      termType: match.termType as TermType,
      displayOrder: rows.length,
    });
  }
  return replaceRows(userMedicalExpertise, ctx.userId, rows);
}

// ── Extra lists ─────────────────────────────────────────────────────────────────────────────

async function planLanguages(db: Database, ctx: SectionContext, input: ProfileSectionData<'languages'>): Promise<Writer> {
  const codes = unique(input.items.map((i) => i.languageCode));
  const known = codes.length ? await db.select({ code: languages.code, name: languages.name }).from(languages).where(inArray(languages.code, codes)) : [];
  const nameByCode = new Map(known.map((l) => [l.code, l.name]));
  // A code from the listing service that our reference list lacks is kept, its code as its name
  // (profile spec); one the provider picks must be on the list.
  const directoryCodes = new Set(input.items.filter((i) => i.isFromYext && LANGUAGE_CODE_PATTERN.test(i.languageCode)).map((i) => i.languageCode));
  const invalid = codes.find((code) => !nameByCode.has(code) && !directoryCodes.has(code));
  if (invalid !== undefined) throw AppError.validation(PROFILE_MESSAGES.invalidLanguage(invalid), { field: 'languageCode', code: invalid });
  const seen = new Set<string>();
  const rows: Array<typeof languagesSpoken.$inferInsert> = [];
  for (const item of input.items) {
    if (seen.has(item.languageCode)) continue;
    seen.add(item.languageCode);
    rows.push({
      userId: ctx.userId,
      languageCode: item.languageCode,
      languageName: nameByCode.get(item.languageCode) ?? item.languageCode,
      proficiency: item.proficiency,
      isFromYext: item.isFromYext,
      displayOrder: rows.length + 1,
    });
  }
  return replaceRows(languagesSpoken, ctx.userId, rows);
}

async function planLicenses(db: Database, ctx: SectionContext, input: ProfileSectionData<'licenses'>): Promise<Writer> {
  const keys = input.items.map((i) => `${i.issuingState}|${i.licenseNumber}`);
  if (new Set(keys).size !== keys.length) throw AppError.conflict(PROFILE_MESSAGES.duplicateLicense, { field: 'licenseNumber' });
  const pairs = input.items.map((i) => and(eq(professionalLicenses.issuingState, i.issuingState), eq(professionalLicenses.licenseNumber, i.licenseNumber)));
  const existing = pairs.length ? await db.select().from(professionalLicenses).where(or(...pairs)) : [];
  if (existing.some((row) => row.userId !== ctx.userId)) throw AppError.conflict(PROFILE_MESSAGES.duplicateLicense, { field: 'licenseNumber' });
  const verified = new Set(existing.filter((row) => row.isVerified).map((row) => `${row.issuingState}|${row.licenseNumber}`));
  const rows = input.items.map(({ isVerified: _ignored, ...item }, index) => ({
    userId: ctx.userId,
    ...item,
    isVerified: verified.has(`${item.issuingState}|${item.licenseNumber}`),
    displayOrder: index,
  }));
  return replaceRows(professionalLicenses, ctx.userId, rows);
}

function planSimpleList<Item extends object>(
  table: typeof socialMedia | typeof boardCertifications | typeof hospitalAffiliations | typeof awardsRecognitions | typeof insuranceAccepted,
  ordered: boolean,
) {
  return async (_db: Database, ctx: SectionContext, input: { items: Item[] }): Promise<Writer> => {
    const rows = input.items.map((item, index) => ({ userId: ctx.userId, ...(ordered ? { displayOrder: index } : {}), ...item }));
    // Each caller passes items of its own table's shape; the union of tables cannot say so.
    return replaceRows(table, ctx.userId, rows as never);
  };
}

type Planner<Id extends ProfileSectionId> = (db: Database, ctx: SectionContext, input: ProfileSectionData<Id>) => Promise<Writer>;

export const SECTION_PLANNERS: { [Id in ProfileSectionId]: Planner<Id> } = {
  professional_identity: planIdentity,
  education_training: planEducation,
  practice_essentials: planPractice,
  locations: planLocations,
  biography: planBiography,
  publications: (db, ctx, input) => planDiscoveredList(db, ctx, publications, input.items, (item) => item.status === 'approved'),
  clinical_trials: (db, ctx, input) => planDiscoveredList(db, ctx, clinicalTrials, input.items, (item) => item.userStatus !== 'manual'),
  media_press: (db, ctx, input) => planDiscoveredList(db, ctx, mediaPress, input.items, (item) => item.status === 'approved'),
  medical_expertise: planExpertise,
  languages: planLanguages,
  licenses: planLicenses,
  // social_media brings its own display_order (defaulting to the position).
  social_media: planSimpleList(socialMedia, false),
  board_certifications: planSimpleList(boardCertifications, true),
  hospital_affiliations: planSimpleList(hospitalAffiliations, true),
  awards: planSimpleList(awardsRecognitions, true),
  insurance: planSimpleList(insuranceAccepted, true),
};

/**
 * The steps of a profile save that need more than the request: lookups and checks against reference
 * data and the provider's stored rows, turning a parsed request into the values to store. They run
 * before the save's transaction and may refuse it. The sections themselves, and the writers that store
 * these values, are described in model.ts.
 */
import { and, eq, inArray, ne, or } from 'drizzle-orm';
import type { TermType } from '../../../shared/enums';
import { educationDates } from '../../../shared/education-dates';
import { LANGUAGE_CODE_PATTERN, PROFILE_MESSAGES, type ProfileSectionData } from '../../../shared/schemas/profile';
import type { Database } from '../../db/client';
import type { clinicalTrials, languagesSpoken, mediaPress, publications, userMedicalExpertise } from '../../db/schema';
import {
  fellowshipSpecialties,
  hospitalExpertiseTerms,
  hospitalLocations,
  languages,
  medicalExpertiseTerms,
  medicalSchools,
  professionalIdentity,
  professionalLicenses,
  residencyPrograms,
  users,
} from '../../db/schema';
import { sameJson } from '../../lib/stable-json';
import { AppError } from '../../lib/app-error';
import { identityView } from './views';
import { locationPoint } from '../directory/places';

export interface SectionContext {
  userId: string;
  hospitalId: string | null;
}

export type Writer = (tx: Database) => Promise<void>;

const unique = <T>(values: T[]) => [...new Set(values)];

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

/** The identity row's values; the users row's copies of the name, title and NPI are written with it. */
export async function identityValues(db: Database, ctx: SectionContext, input: IdentityData) {
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
  const also: Writer = async (tx) => {
    await tx
      .update(users)
      .set({ fullName: input.fullLegalName, firstName: input.firstName, lastName: input.lastName, jobTitle: input.jobTitle, npiNumber: input.npiNumber })
      .where(eq(users.id, ctx.userId));
  };
  return { values, also };
}

// ── Education ───────────────────────────────────────────────────────────────────────────────

/** Education rows, with the names of the picked school, programme and fellowship filled from reference data. */
export async function educationRows(db: Database, ctx: SectionContext, input: ProfileSectionData<'education_training'>) {
  const schoolIds = unique(input.items.map((i) => i.medicalSchoolId).filter((id): id is string => Boolean(id)));
  const programIds = unique(input.items.map((i) => i.programId).filter((id): id is string => Boolean(id)));
  const fellowshipIds = unique(input.items.map((i) => i.fellowshipSpecialtyId).filter((id): id is string => Boolean(id)));
  const [schools, programs, fellowships] = await Promise.all([
    schoolIds.length ? db.select({ id: medicalSchools.id, name: medicalSchools.name }).from(medicalSchools).where(inArray(medicalSchools.id, schoolIds)) : [],
    programIds.length
      ? db.select({ id: residencyPrograms.id, name: residencyPrograms.name }).from(residencyPrograms).where(inArray(residencyPrograms.id, programIds))
      : [],
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
  return rows;
}

// ── Locations ───────────────────────────────────────────────────────────────────────────────

/** Location rows; a picked hospital location fills the fields left blank. */
export async function locationRows(db: Database, ctx: SectionContext, input: ProfileSectionData<'locations'>) {
  const predefinedIds = unique(input.items.map((i) => i.predefinedLocationId).filter((id): id is string => Boolean(id)));
  // Only the provider's own hospital's active locations can be picked.
  const predefined =
    predefinedIds.length && ctx.hospitalId
      ? await db
          .select()
          .from(hospitalLocations)
          .where(and(inArray(hospitalLocations.id, predefinedIds), eq(hospitalLocations.hospitalId, ctx.hospitalId), eq(hospitalLocations.isActive, true)))
      : [];
  const byId = new Map(predefined.map((l) => [l.id, l]));
  for (const id of predefinedIds) if (!byId.has(id)) throw AppError.validation(PROFILE_MESSAGES.locationNotFound(id));

  const rows = input.items.map((item, index) => {
    const site = item.predefinedLocationId ? byId.get(item.predefinedLocationId) : undefined;
    const city = item.city ?? site?.city ?? null;
    const state = item.state ?? site?.state ?? null;
    const postalCode = item.postalCode ?? site?.postalCode ?? site?.zipCode ?? null;
    // Coordinates for the directory's distance search: the ZIP's centroid, else the city's.
    const point = locationPoint({ postalCode, city, state });
    return {
      userId: ctx.userId,
      predefinedLocationId: item.predefinedLocationId,
      // Blank fields of a picked hospital location are filled from it.
      locationName: item.locationName ?? site?.name ?? '',
      addressLine1: item.address ?? site?.addressLine1 ?? site?.address ?? null,
      addressLine2: item.addressLine2 ?? site?.addressLine2 ?? null,
      city,
      state,
      postalCode,
      latitude: point?.latitude ?? null,
      longitude: point?.longitude ?? null,
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
  return rows;
}

// ── Publications, trials, media ─────────────────────────────────────────────────────────────

/** Discovery details of the provider's own rows named by id, so an approved item keeps them through an edit. */
async function discoveryDetails(
  db: Database,
  table: typeof publications | typeof clinicalTrials | typeof mediaPress,
  userId: string,
  ids: Array<string | undefined>,
) {
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
 * Rows of a list that discovery also fills (publications, trials, media): an item that came from
 * discovery keeps its discovery details through an edit. The save replaces only the rows the section
 * shows (model.ts), so pending and rejected suggestions stay in discovery.
 */
export async function discoveredRows<Item extends { id?: string }>(
  db: Database,
  ctx: SectionContext,
  table: DiscoveredTable,
  items: Item[],
  fromDiscovery: (item: Omit<Item, 'id'>) => boolean,
): Promise<never[]> {
  const details = await discoveryDetails(
    db,
    table,
    ctx.userId,
    items.map((i) => i.id),
  );
  const rows = items.map(({ id, ...item }, index) => ({
    userId: ctx.userId,
    ...item,
    ...(id && fromDiscovery(item) ? (details.get(id) ?? noDiscovery) : noDiscovery),
    displayOrder: index,
  }));
  // One table per call; the rows are that table's insert shape, which the generic item cannot say.
  return rows as never[];
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
  const columns = (t: typeof hospitalExpertiseTerms | typeof medicalExpertiseTerms) => ({
    termId: t.termId,
    term: t.term,
    termType: t.termType,
    specialtyName: t.specialtyName,
  });
  const hospitalTerms: KnownTerm[] = hospitalId
    ? await db
        .select(columns(hospitalExpertiseTerms))
        .from(hospitalExpertiseTerms)
        .where(and(eq(hospitalExpertiseTerms.hospitalId, hospitalId), inArray(hospitalExpertiseTerms.termId, ids)))
    : [];
  for (const term of hospitalTerms) found.set(term.termId, [...(found.get(term.termId) ?? []), term]);
  const remaining = ids.filter((id) => !found.has(id));
  if (remaining.length > 0) {
    const defaults: KnownTerm[] = await db
      .select(columns(medicalExpertiseTerms))
      .from(medicalExpertiseTerms)
      .where(inArray(medicalExpertiseTerms.termId, remaining));
    for (const term of defaults) found.set(term.termId, [...(found.get(term.termId) ?? []), term]);
  }
  return found;
}

/** Expertise rows: every term must be the hospital's or a default one, and the stored term is the table's. */
export async function expertiseRows(db: Database, ctx: SectionContext, input: ProfileSectionData<'medical_expertise'>) {
  const known = await findTerms(
    db,
    ctx.hospitalId,
    input.items.map((i) => i.termId),
  );
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
  return rows;
}

// ── Extra lists ─────────────────────────────────────────────────────────────────────────────

/** Language rows, named from the reference list (or the listing service's own code), each language once. */
export async function languageRows(db: Database, ctx: SectionContext, input: ProfileSectionData<'languages'>) {
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
  return rows;
}

/** Licence rows: a state and number held once, by this provider; only a verified one stays verified. */
export async function licenseRows(db: Database, ctx: SectionContext, input: ProfileSectionData<'licenses'>) {
  const keys = input.items.map((i) => `${i.issuingState}|${i.licenseNumber}`);
  if (new Set(keys).size !== keys.length) throw AppError.conflict(PROFILE_MESSAGES.duplicateLicense, { field: 'licenseNumber' });
  const pairs = input.items.map((i) => and(eq(professionalLicenses.issuingState, i.issuingState), eq(professionalLicenses.licenseNumber, i.licenseNumber)));
  const existing = pairs.length
    ? await db
        .select()
        .from(professionalLicenses)
        .where(or(...pairs))
    : [];
  if (existing.some((row) => row.userId !== ctx.userId)) throw AppError.conflict(PROFILE_MESSAGES.duplicateLicense, { field: 'licenseNumber' });
  const verified = new Set(existing.filter((row) => row.isVerified).map((row) => `${row.issuingState}|${row.licenseNumber}`));
  const rows = input.items.map(({ isVerified: _ignored, ...item }, index) => ({
    userId: ctx.userId,
    ...item,
    isVerified: verified.has(`${item.issuingState}|${item.licenseNumber}`),
    displayOrder: index,
  }));
  return rows;
}

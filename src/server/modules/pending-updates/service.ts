/**
 * Directory values that differ from what the provider saved. An import never replaces a saved
 * value on its own: it proposes the new one here, and the provider accepts or dismisses it. Accepting
 * writes through the profile's section services, so every section rule holds.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { EDUCATION_TYPE_LABELS, type EducationType, type PendingUpdateStatus, type ProvenanceSource } from '../../../shared/enums';
import { profileFieldLabel } from '../../../shared/provenance';
import { BIOGRAPHY_PLACEHOLDER, type ProfileSectionId } from '../../../shared/schemas/profile';
import { SYNC_SECTION_LABELS, type PendingUpdateDto, type PendingUpdateSource, type SyncSectionId } from '../../../shared/schemas/yext';
import { perDatabase, type Database } from '../../db/client';
import { pendingUpdates, professionalIdentity, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { stableJson } from '../../lib/stable-json';
import type { Logger } from '../../lib/logger';
import { providerActor, type ChangeActor } from '../profile/history';
import { getSection, saveSection } from '../profile/service';

export const PENDING_UPDATE_MESSAGES = {
  notFound: 'Pending update not found',
  alreadyResolved: 'This update was already accepted or dismissed',
} as const;

type Row = typeof pendingUpdates.$inferSelect;

export interface PendingUpdateDeps {
  db: Database;
  logger: Logger;
}

/** The list sections an import adds to; the key says when two entries are the same one. */
export const LIST_SECTION_KEYS: Partial<Record<ProfileSectionId, (item: Record<string, unknown>) => string>> = {
  education_training: (item) =>
    `${String(item.educationType ?? '')}|${String(item.institutionName ?? item.medicalSchoolName ?? item.programName ?? '')
      .trim()
      .toLowerCase()}`,
  languages: (item) => String(item.languageCode ?? '').toLowerCase(),
  locations: (item) =>
    item.predefinedLocationId
      ? `site:${String(item.predefinedLocationId)}`
      : `${String(item.address ?? item.locationName ?? '')
          .trim()
          .toLowerCase()}|${String(item.postalCode ?? '').slice(0, 5)}`,
  medical_expertise: (item) => String(item.termId ?? ''),
  board_certifications: (item) =>
    String(item.certificationBoard ?? '')
      .trim()
      .toLowerCase(),
  hospital_affiliations: (item) =>
    String(item.hospitalName ?? '')
      .trim()
      .toLowerCase(),
  awards: (item) =>
    String(item.awardName ?? '')
      .trim()
      .toLowerCase(),
  insurance: (item) =>
    String(item.insuranceName ?? '')
      .trim()
      .toLowerCase(),
};

export const isListSection = (section: string): section is ProfileSectionId => section in LIST_SECTION_KEYS;

/** Entries of `proposed` the current list does not have yet, keyed by the section's key. */
export function listAdditions(section: ProfileSectionId, current: Array<Record<string, unknown>>, proposed: Array<Record<string, unknown>>) {
  const keyOf = LIST_SECTION_KEYS[section]!;
  const seen = new Set(current.map(keyOf));
  const additions: Array<Record<string, unknown>> = [];
  for (const item of proposed) {
    const key = keyOf(item);
    if (seen.has(key)) continue;
    seen.add(key);
    additions.push(item);
  }
  return additions;
}

/** A saved value the import may fill without asking: nothing there yet, or the biography placeholder. */
export function isEmptyValue(value: unknown) {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '' || value === BIOGRAPHY_PLACEHOLDER;
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const canonical = (value: unknown): unknown => {
  if (typeof value === 'string') return value.trim().toLowerCase();
  if (Array.isArray(value)) {
    return value
      .map((item) => (item && typeof item === 'object' && 'name' in item ? canonical((item as { name: unknown }).name) : canonical(item)))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  }
  return value ?? null;
};

/** Same value for a person reading it: case, surrounding blanks, list order and credential flags aside. */
export const sameValue = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

// ── Reading ─────────────────────────────────────────────────────────────────────────────────

function itemLabel(section: string, item: Record<string, unknown>) {
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  switch (section) {
    case 'education_training': {
      const year = item.graduationYear ?? item.completionYear ?? item.endYear;
      const place = text(item.institutionName) ?? text(item.medicalSchoolName) ?? text(item.programName) ?? 'Unnamed institution';
      return `${EDUCATION_TYPE_LABELS[item.educationType as EducationType] ?? 'Education'}: ${place}${year ? ` (${String(year)})` : ''}`;
    }
    case 'languages':
      return text(item.languageName) ?? String(item.languageCode ?? '').toUpperCase();
    case 'locations':
      return [text(item.locationName) ?? text(item.address) ?? 'Hospital location', text(item.city)].filter(Boolean).join(', ');
    case 'medical_expertise':
      return text(item.term) ?? String(item.termId ?? '');
    case 'board_certifications':
      return text(item.certificationBoard) ?? 'Board certification';
    case 'hospital_affiliations':
      return text(item.hospitalName) ?? 'Hospital';
    case 'awards':
      return text(item.awardName) ?? 'Award';
    case 'insurance':
      return text(item.insuranceName) ?? 'Insurance';
    default:
      return JSON.stringify(item);
  }
}

/** A value as the review dialog shows it. */
export function displayValue(section: string, field: string, value: unknown): string {
  if (isEmptyValue(value)) return 'Not set';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (field === 'items') return value.map((item) => itemLabel(section, (item ?? {}) as Record<string, unknown>)).join('; ');
    return value.map((item) => (item && typeof item === 'object' && 'name' in item ? String((item as { name: unknown }).name) : String(item))).join(', ');
  }
  return JSON.stringify(value);
}

export function toPendingUpdateDto(row: Row): PendingUpdateDto {
  const sectionLabel = SYNC_SECTION_LABELS[row.sectionId as SyncSectionId] ?? row.sectionId;
  return {
    id: row.id,
    sectionId: row.sectionId,
    sectionLabel,
    field: row.field,
    fieldLabel: row.field === 'items' ? sectionLabel : profileFieldLabel(row.field),
    currentValue: row.currentValue ?? null,
    newValue: row.newValue ?? null,
    currentDisplay: displayValue(row.sectionId, row.field, row.currentValue),
    newDisplay: displayValue(row.sectionId, row.field, row.newValue),
    source: row.source as PendingUpdateSource,
    status: row.status as PendingUpdateStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `GET /api/pending-updates`: the provider's open proposals, newest first. */
/** Prepared once per database handle and named (decision 0014): every member page of the app asks for it. */
const openUpdates = perDatabase((db) =>
  db
    .select()
    .from(pendingUpdates)
    .where(and(eq(pendingUpdates.userId, sql.placeholder('userId')), eq(pendingUpdates.status, 'pending')))
    .orderBy(desc(pendingUpdates.createdAt))
    .prepare('vitae_pending_updates_open'),
);

export async function listPendingUpdates(db: Database, userId: string) {
  const rows = await openUpdates(db).execute({ userId });
  return rows.map(toPendingUpdateDto);
}

// ── Proposing ───────────────────────────────────────────────────────────────────────────────

export interface Proposal {
  sectionId: string;
  field: string;
  currentValue: unknown;
  newValue: unknown;
}

/**
 * Records proposals from one source. An open proposal for the same field is replaced when the source
 * now says something else, and left alone when it says the same (a re-sync adds no duplicates).
 * Returns how many are new or changed.
 */
export async function proposeUpdates(db: Database, userId: string, source: PendingUpdateSource, proposals: Proposal[]) {
  let changed = 0;
  for (const proposal of proposals) {
    const [open] = await db
      .select()
      .from(pendingUpdates)
      .where(
        and(
          eq(pendingUpdates.userId, userId),
          eq(pendingUpdates.sectionId, proposal.sectionId),
          eq(pendingUpdates.field, proposal.field),
          eq(pendingUpdates.source, source),
          eq(pendingUpdates.status, 'pending'),
        ),
      )
      .limit(1);
    if (open && stableJson(open.newValue) === stableJson(proposal.newValue ?? null)) continue;
    if (open) {
      await db
        .update(pendingUpdates)
        .set({ currentValue: proposal.currentValue ?? null, newValue: proposal.newValue ?? null, createdAt: new Date() })
        .where(eq(pendingUpdates.id, open.id));
    } else {
      await db.insert(pendingUpdates).values({
        userId,
        sectionId: proposal.sectionId,
        field: proposal.field,
        currentValue: proposal.currentValue ?? null,
        newValue: proposal.newValue ?? null,
        source,
      });
    }
    changed += 1;
  }
  return changed;
}

// ── Resolving ───────────────────────────────────────────────────────────────────────────────

async function findOpen(db: Database, userId: string, id: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw AppError.notFound(PENDING_UPDATE_MESSAGES.notFound);
  const [row] = await db
    .select()
    .from(pendingUpdates)
    .where(and(eq(pendingUpdates.id, id), eq(pendingUpdates.userId, userId)))
    .limit(1);
  if (!row) throw AppError.notFound(PENDING_UPDATE_MESSAGES.notFound);
  if (row.status !== 'pending') throw AppError.conflict(PENDING_UPDATE_MESSAGES.alreadyResolved);
  return row;
}

async function resolve(db: Database, row: Row, status: Exclude<PendingUpdateStatus, 'pending'>) {
  const [updated] = await db
    .update(pendingUpdates)
    .set({ status, resolvedAt: new Date() })
    .where(and(eq(pendingUpdates.id, row.id), eq(pendingUpdates.status, 'pending')))
    .returning();
  if (!updated) throw AppError.conflict(PENDING_UPDATE_MESSAGES.alreadyResolved);
  return toPendingUpdateDto(updated);
}

/** The identity form's data for a provider who has none saved yet: the required fields from the users row. */
async function identityBase(db: Database, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw AppError.unauthenticated();
  return {
    npiNumber: user.npiNumber,
    fullLegalName: user.fullName,
    firstName: user.firstName,
    lastName: user.lastName,
    professionalEmail: user.email,
    jobTitle: user.jobTitle ?? 'Physician',
    manualOverrideFlags: {},
  } as Record<string, unknown>;
}

/**
 * Writes directory values into one section through the profile's save (validation, reference checks,
 * the completion). Identity fields written this way are not marked as typed by the provider, and
 * fields the provider did mark keep that mark.
 */
export async function writeSectionFields(
  deps: PendingUpdateDeps,
  userId: string,
  section: ProfileSectionId,
  fields: Record<string, unknown>,
  source: ProvenanceSource,
  by?: ChangeActor,
) {
  const current = (await getSection(deps, { userId }, section)).data as Record<string, unknown> | null;
  let body: Record<string, unknown> = { ...(current ?? (section === 'professional_identity' ? await identityBase(deps.db, userId) : {})), ...fields };
  if (section === 'professional_identity') {
    const [row] = await deps.db
      .select({ flags: professionalIdentity.manualOverrideFlags })
      .from(professionalIdentity)
      .where(eq(professionalIdentity.userId, userId))
      .limit(1);
    const flags: Record<string, boolean> = { ...(row?.flags ?? {}) };
    for (const field of Object.keys(fields)) if (!flags[field]) flags[field] = false;
    body = { ...body, manualOverrideFlags: flags };
  }
  return saveSection(deps, { userId }, section, body, source, by);
}

/** A proposal's source as the provenance it gives the value once accepted. */
export const PROVENANCE_OF_PROPOSAL: Record<PendingUpdateSource, ProvenanceSource> = { yext: 'listing_service', npi_registry: 'registry' };

/** The current entries of a list section in the shape its save takes. */
export async function currentListItems(deps: PendingUpdateDeps, userId: string, section: ProfileSectionId) {
  const read = (await getSection(deps, { userId }, section)).data as { items?: Array<Record<string, unknown>> } | null;
  return read?.items ?? [];
}

/** `POST /api/pending-updates/:id/accept`: applies the value, then marks the proposal accepted. */
export async function acceptPendingUpdate(deps: PendingUpdateDeps, userId: string, id: string) {
  const row = await findOpen(deps.db, userId, id);
  const section = row.sectionId as ProfileSectionId;
  const source = PROVENANCE_OF_PROPOSAL[row.source as PendingUpdateSource] ?? 'listing_service';
  // The provider accepted it: the history names them, through the directory the value came from.
  const by = await providerActor(deps.db, userId);
  if (row.field === 'items' && isListSection(section)) {
    // Entries added or removed since the proposal are kept: only what the directory adds is added.
    const current = await currentListItems(deps, userId, section);
    const proposed = Array.isArray(row.newValue) ? (row.newValue as Array<Record<string, unknown>>) : [];
    await writeSectionFields(deps, userId, section, { items: [...current, ...listAdditions(section, current, proposed)] }, source, by);
  } else {
    await writeSectionFields(deps, userId, section, { [row.field]: row.newValue }, source, by);
  }
  return resolve(deps.db, row, 'accepted');
}

/** `POST /api/pending-updates/:id/dismiss`: the saved value stays; the proposal is closed. */
export async function dismissPendingUpdate(deps: PendingUpdateDeps, userId: string, id: string) {
  const row = await findOpen(deps.db, userId, id);
  return resolve(deps.db, row, 'dismissed');
}

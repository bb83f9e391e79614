/**
 * A profile's change history as the API sends it and the pages show it: each write to a section,
 * who made it and through what, and each changed field's old and new value (list sections: per item).
 * The server computes these in src/server/modules/profile/history.ts; the words are here so the
 * provider's page, the console and any export say the same thing.
 */
import { z } from 'zod';
import type { ActorRole, ChangeSource } from './enums';
import { profileFieldLabel } from './provenance';
import { PROFILE_SECTION_IDS, type ProfileSectionId } from './schemas/profile';

/** `GET /api/profile/history` and `GET /api/admin/users/:userId/history`: one section or all, older than `before`. */
export const historyQuerySchema = z.object({
  section: z.enum(PROFILE_SECTION_IDS, { error: 'Unknown profile section' }).optional(),
  before: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, 'Invalid page position')
    .transform(Number)
    .optional(),
});

/** One field of a single-row section: its value before and after the write. */
export interface FieldChange {
  field: string;
  old: unknown;
  new: unknown;
}

export type HistoryItem = Record<string, unknown>;

/** One entry of a list section; `index` is its place in the list before (removed, changed) or after (added). */
export type ItemChange =
  | { op: 'added'; index: number; item: HistoryItem }
  | { op: 'removed'; index: number; item: HistoryItem }
  | { op: 'changed'; index: number; before: HistoryItem; after: HistoryItem; fields: string[] };

/** What one write changed: fields of a single-row section, or entries of a list (and its old order when only that changed). */
export type ChangeSet = { fields: FieldChange[] } | { items: ItemChange[]; previousOrder?: HistoryItem[] };

export interface ProfileChangeDto {
  id: string;
  userId: string;
  sectionId: ProfileSectionId;
  source: ChangeSource;
  actor: { id: string | null; kind: ActorRole; email: string | null };
  createdAt: string;
  changes: ChangeSet;
}

export interface ProfileHistoryPage {
  items: ProfileChangeDto[];
  /** Pass as `before` for the next, older page; null at the end. */
  nextBefore: string | null;
}

/** Through what a change was made, in words. */
export const CHANGE_SOURCE_LABELS: Record<ChangeSource, string> = {
  provider: 'Profile editor',
  admin: 'Administrator',
  registry: 'NPI registry',
  listing_service: 'Listing service',
  discovery: 'Discovery',
  restore: 'Restored from history',
  system: 'Vitae (automatic)',
  roster: 'Hospital roster',
};

/** Every section's name, including the lists beside the nine (languages, licences, …). */
export const HISTORY_SECTION_LABELS: Record<ProfileSectionId, string> = {
  professional_identity: 'Professional identity',
  education_training: 'Education and training',
  practice_essentials: 'Practice essentials',
  locations: 'Locations',
  biography: 'Biography',
  publications: 'Publications',
  clinical_trials: 'Clinical trials',
  media_press: 'Media and press',
  medical_expertise: 'Medical expertise',
  languages: 'Languages',
  board_certifications: 'Board certifications',
  hospital_affiliations: 'Hospital affiliations',
  awards: 'Awards',
  insurance: 'Insurance',
  licenses: 'Licenses',
  social_media: 'Social media',
};

/** Who made a change, in words: their e-mail, or what kind of actor when there is none. */
export function changeActorLabel(actor: ProfileChangeDto['actor']): string {
  if (actor.kind === 'system') return 'Vitae';
  if (actor.email) return actor.email;
  return actor.kind === 'provider' ? 'The provider' : actor.kind === 'anonymous' ? 'Someone signed out' : 'An administrator';
}

/** The fields that name a list entry, most telling first. */
const ITEM_NAME_FIELDS = [
  'title',
  'trialTitle',
  'term',
  'languageName',
  'locationName',
  'institutionName',
  'medicalSchoolName',
  'programName',
  'fellowshipSpecialtyName',
  'certificationBoard',
  'hospitalName',
  'awardName',
  'insuranceName',
  'licenseName',
  'licenseNumber',
  'platform',
  'name',
  'number',
];

/** A list entry's name for a person: its title, term, institution… */
export function historyItemLabel(item: HistoryItem): string {
  for (const field of ITEM_NAME_FIELDS) {
    const value = item[field];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  const first = Object.values(item).find((value) => typeof value === 'string' && value.trim());
  return typeof first === 'string' ? first.trim() : 'an entry';
}

const MAX_VALUE_LENGTH = 300;

/** A stored value in words: empty, yes/no, text, a list of names. */
export function historyValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.length > MAX_VALUE_LENGTH ? `${value.slice(0, MAX_VALUE_LENGTH)}…` : value;
  if (Array.isArray(value)) {
    if (value.length === 0) return '(empty)';
    return historyValueText(
      value.map((entry) => (entry && typeof entry === 'object' ? historyItemLabel(entry as HistoryItem) : historyValueText(entry))).join(', '),
    );
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined && v !== '');
    if (entries.length === 0) return '(empty)';
    return historyValueText(entries.map(([key, v]) => `${profileFieldLabel(key)}: ${historyValueText(v)}`).join('; '));
  }
  return String(value);
}

/** One line per changed field or entry, e.g. `Job title: "Physician" → "Cardiologist"`, `Added "Spanish"`. */
export function describeChange(changes: ChangeSet): string[] {
  if ('fields' in changes) {
    return changes.fields.map((change) => `${profileFieldLabel(change.field)}: ${historyValueText(change.old)} → ${historyValueText(change.new)}`);
  }
  const lines = changes.items.map((change) => {
    if (change.op === 'added') return `Added “${historyItemLabel(change.item)}”`;
    if (change.op === 'removed') return `Removed “${historyItemLabel(change.item)}”`;
    const fields = change.fields.map(
      (field) => `${profileFieldLabel(field)}: ${historyValueText(change.before[field])} → ${historyValueText(change.after[field])}`,
    );
    return `Changed “${historyItemLabel(change.before)}”: ${fields.join('; ')}`;
  });
  if (changes.previousOrder) lines.push('Changed the order');
  return lines;
}

/**
 * Field provenance: where each profile field's current value came from (the provider, the national
 * registry, the hospital's listing service, discovery) and when. Every write path records it in the
 * same transaction as the write: section saves compare the section before and after, so only what
 * actually changed is attributed to the writer; a list section is attributed as a whole.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { ProvenanceSource } from '../../../shared/enums';
import type { ProvenanceEntry } from '../../../shared/provenance';
import { SINGLE_ROW_SECTION_IDS, type ProfileSectionId } from '../../../shared/schemas/profile';
import type { Database } from '../../db/client';
import { fieldProvenance, professionalIdentity } from '../../db/schema';
import { sameJson, stableJson } from '../../lib/stable-json';

/** The field a list section is recorded under. */
export const LIST_FIELD = 'items';

/** Values a section view carries that the server keeps, not content anyone typed or imported. */
const NOT_CONTENT = new Set([
  'manualOverrideFlags',
  'npiSpecialties',
  'matchedSpecialtyConfidence',
  'isAutoPopulated',
  'autoPopulatedAt',
  'lastUpdated',
  // The taxonomy ids travel with the names next to them, which are what is recorded.
  'departmentId',
  'divisionId',
  'sectionId',
]);

/** Row bookkeeping in list items: a replace-style save gives every row a new id and timestamps. */
const ROW_BOOKKEEPING = new Set(['id', 'createdAt', 'updatedAt', 'displayOrder']);

const isSingleRow = (sectionId: ProfileSectionId) => (SINGLE_ROW_SECTION_IDS as readonly string[]).includes(sectionId);

function listContent(data: unknown): string {
  const items = (data as { items?: Array<Record<string, unknown>> } | null)?.items ?? [];
  return stableJson(items.map((item) => Object.fromEntries(Object.entries(item).filter(([key]) => !ROW_BOOKKEEPING.has(key)))));
}

/** The fields whose content differs between two reads of one section (its view shape). */
export function changedFields(sectionId: ProfileSectionId, before: unknown, after: unknown): string[] {
  if (!isSingleRow(sectionId)) return listContent(before) === listContent(after) ? [] : [LIST_FIELD];
  const previous = (before ?? {}) as Record<string, unknown>;
  const next = (after ?? {}) as Record<string, unknown>;
  const keys = new Set([...Object.keys(previous), ...Object.keys(next)]);
  return [...keys].filter((key) => !NOT_CONTENT.has(key) && !sameJson(previous[key], next[key])).sort();
}

/** Upserts the source of each field; call inside the write's transaction. */
export async function recordProvenance(db: Database, userId: string, sectionId: ProfileSectionId, fields: readonly string[], source: ProvenanceSource, at = new Date()) {
  if (fields.length === 0) return;
  await db
    .insert(fieldProvenance)
    .values([...new Set(fields)].map((field) => ({ userId, sectionId, field, source, recordedAt: at })))
    .onConflictDoUpdate({
      target: [fieldProvenance.userId, fieldProvenance.sectionId, fieldProvenance.field],
      set: { source: sql`excluded.source`, recordedAt: sql`excluded.recorded_at` },
    });
}

export function provenanceView(row: typeof fieldProvenance.$inferSelect): ProvenanceEntry {
  return { sectionId: row.sectionId, field: row.field, source: row.source as ProvenanceSource, recordedAt: row.recordedAt.toISOString() };
}

/** The identity fields the provider typed over an import, which every later import leaves alone. */
export function overriddenFields(flags: Record<string, boolean> | null | undefined): string[] {
  return Object.entries(flags ?? {})
    .filter(([, flagged]) => flagged)
    .map(([field]) => field)
    .sort();
}

/** `GET /api/profile/provenance`: every recorded field of the provider's profile and the overridden ones. */
export async function readProvenance(db: Database, userId: string): Promise<{ items: ProvenanceEntry[]; overrides: string[] }> {
  const [rows, [identity]] = await Promise.all([
    db.select().from(fieldProvenance).where(eq(fieldProvenance.userId, userId)).orderBy(asc(fieldProvenance.sectionId), asc(fieldProvenance.field)),
    db.select({ flags: professionalIdentity.manualOverrideFlags }).from(professionalIdentity).where(eq(professionalIdentity.userId, userId)).limit(1),
  ]);
  return { items: rows.map(provenanceView), overrides: overriddenFields(identity?.flags) };
}

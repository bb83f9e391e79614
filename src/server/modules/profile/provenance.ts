/**
 * Field provenance: where each profile field's current value came from (the provider, the national
 * registry, the hospital's listing service, discovery) and when. Every write path records it in the
 * same transaction as the write: section saves compare the section before and after (diff.ts, the
 * comparison the change history records), so only what actually changed is attributed to the writer;
 * a list section is attributed as a whole. The history (history.ts) keeps every change; this table
 * keeps only the latest source per field, which outlives the history's retention (decision 0019).
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { ProvenanceSource } from '../../../shared/enums';
import type { ProvenanceEntry } from '../../../shared/provenance';
import type { ProfileSectionId } from '../../../shared/schemas/profile';
import type { Database } from '../../db/client';
import { fieldProvenance, professionalIdentity } from '../../db/schema';
import { changedFieldsOf, diffSection } from './diff';

export { LIST_FIELD } from './diff';

/** The fields whose content differs between two reads of one section (its view shape): the change history's own comparison. */
export function changedFields(sectionId: ProfileSectionId, before: unknown, after: unknown): string[] {
  return changedFieldsOf(diffSection(sectionId, before, after));
}

/** Upserts the source of each field; call inside the write's transaction. */
export async function recordProvenance(
  db: Database,
  userId: string,
  sectionId: ProfileSectionId,
  fields: readonly string[],
  source: ProvenanceSource,
  at = new Date(),
) {
  if (fields.length === 0) return;
  await provenanceUpsert(db, userId, sectionId, fields, source, at);
}

/** The upsert of recordProvenance, not yet sent (the history puts it in one statement with its own row); `fields` is not empty. */
export function provenanceUpsert(db: Database, userId: string, sectionId: ProfileSectionId, fields: readonly string[], source: ProvenanceSource, at: Date) {
  return db
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

/**
 * What a write changed in one section, from two reads of it in the form's shape (model.ts views): the
 * one comparison both the change history (history.ts) and field provenance (provenance.ts) take, so
 * they never disagree on what changed.
 *
 * A single-row section changes per field. A list section changes per entry; its saves replace every
 * row (new ids and timestamps), so entries are matched by content: identical entries are unchanged,
 * then the most alike remaining pairs (at least half their fields equal) are one entry changed, and
 * whatever is left was removed or added. A list whose entries are all unchanged but in another order
 * keeps its previous order, so a restore can put it back.
 */
import type { ChangeSet, FieldChange, HistoryItem, ItemChange } from '../../../shared/history';
import { SINGLE_ROW_SECTION_IDS, type ProfileSectionId } from '../../../shared/schemas/profile';
import { sameJson, stableJson } from '../../lib/stable-json';

/** The field a list section is recorded under in provenance. */
export const LIST_FIELD = 'items';

/** Values a section view carries that the server keeps, not content anyone typed or imported. */
export const NOT_CONTENT = new Set([
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

/** Row bookkeeping in list entries: a replace-style save gives every row a new id, timestamps and order. */
const ROW_BOOKKEEPING = new Set(['id', 'createdAt', 'updatedAt', 'displayOrder', 'discoveredAt', 'confidenceScore']);

export const isSingleRowSection = (sectionId: ProfileSectionId) => (SINGLE_ROW_SECTION_IDS as readonly string[]).includes(sectionId);

/** A list entry's content: what a person typed or an import brought, without row bookkeeping. */
export function itemContent(item: HistoryItem): HistoryItem {
  return Object.fromEntries(Object.entries(item).filter(([key, value]) => !ROW_BOOKKEEPING.has(key) && value !== undefined));
}

const itemsOf = (data: unknown) => ((data as { items?: HistoryItem[] } | null)?.items ?? []).map(itemContent);

function diffFields(before: unknown, after: unknown): FieldChange[] {
  const previous = (before ?? {}) as Record<string, unknown>;
  const next = (after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(previous), ...Object.keys(next)])].filter((key) => !NOT_CONTENT.has(key)).sort();
  return keys.filter((key) => !sameJson(previous[key], next[key])).map((field) => ({ field, old: previous[field] ?? null, new: next[field] ?? null }));
}

/** The fields of two entries that differ. */
function differingFields(a: HistoryItem, b: HistoryItem): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => !sameJson(a[key], b[key])).sort();
}

/** How alike two entries are: the share of their fields that are equal. */
function likeness(a: HistoryItem, b: HistoryItem): number {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  if (keys.size === 0) return 1;
  return (keys.size - differingFields(a, b).length) / keys.size;
}

function diffItems(beforeData: unknown, afterData: unknown): ChangeSet | null {
  const before = itemsOf(beforeData);
  const after = itemsOf(afterData);
  const beforeKeys = before.map(stableJson);
  const afterKeys = after.map(stableJson);

  // Identical entries are unchanged, each matched once.
  const unusedAfter = new Map<string, number[]>();
  afterKeys.forEach((key, index) => unusedAfter.set(key, [...(unusedAfter.get(key) ?? []), index]));
  const leftBefore: number[] = [];
  for (const [index, key] of beforeKeys.entries()) {
    const matches = unusedAfter.get(key);
    if (matches && matches.length > 0) matches.shift();
    else leftBefore.push(index);
  }
  const leftAfter = [...unusedAfter.values()].flat().sort((a, b) => a - b);

  // The most alike of the rest are the same entry, edited.
  const pairs = leftBefore
    .flatMap((b) => leftAfter.map((a) => ({ b, a, score: likeness(before[b]!, after[a]!) })))
    .filter((pair) => pair.score >= 0.5)
    .sort((x, y) => y.score - x.score || x.b - y.b || x.a - y.a);
  const pairedBefore = new Set<number>();
  const pairedAfter = new Set<number>();
  const changes: ItemChange[] = [];
  for (const { b, a } of pairs) {
    if (pairedBefore.has(b) || pairedAfter.has(a)) continue;
    pairedBefore.add(b);
    pairedAfter.add(a);
    changes.push({ op: 'changed', index: b, before: before[b]!, after: after[a]!, fields: differingFields(before[b]!, after[a]!) });
  }
  for (const b of leftBefore) if (!pairedBefore.has(b)) changes.push({ op: 'removed', index: b, item: before[b]! });
  for (const a of leftAfter) if (!pairedAfter.has(a)) changes.push({ op: 'added', index: a, item: after[a]! });

  if (changes.length > 0) return { items: changes.sort((x, y) => x.index - y.index) };
  // Only the order changed.
  if (beforeKeys.join('\n') !== afterKeys.join('\n')) return { items: [], previousOrder: before };
  return null;
}

/** What changed between two reads of a section; null when nothing did. */
export function diffSection(sectionId: ProfileSectionId, before: unknown, after: unknown): ChangeSet | null {
  if (!isSingleRowSection(sectionId)) return diffItems(before, after);
  const fields = diffFields(before, after);
  return fields.length > 0 ? { fields } : null;
}

/** The provenance fields a change touches: the single-row fields, or the list as a whole. */
export function changedFieldsOf(changes: ChangeSet | null): string[] {
  if (!changes) return [];
  return 'fields' in changes ? changes.fields.map((change) => change.field) : [LIST_FIELD];
}

import type { ExpertiseTermSeed, ExpertiseTermType } from '../../src/server/db/seed/reference-data.ts';
import type { DraftTerm } from './conditions.ts';
import { slugify } from './directories.ts';
import { PROCEDURE_GROUPS } from './procedures.ts';
import type { DerivedSpecialty } from './specialties.ts';

/**
 * Maps the specialty names used by the editorial maps to taxonomy values. A base name shared by several
 * NUCC boards ("Sleep Medicine") stands for all of them, so a map need not list each variant; a full
 * name ("Sleep Medicine (Pediatrics)") means just that one. Unknown names are collected, not thrown,
 * so one build run reports every mistake.
 */
export class SpecialtyResolver {
  private readonly exact = new Set<string>();
  private readonly families = new Map<string, string[]>();
  readonly unknown = new Map<string, Set<string>>();

  constructor(taxonomy: readonly DerivedSpecialty[]) {
    for (const s of taxonomy) {
      this.exact.add(s.specialty);
      this.families.set(s.baseName, [...(this.families.get(s.baseName) ?? []), s.specialty]);
    }
  }

  resolve(names: readonly string[], usedBy: string): string[] {
    const out = new Set<string>();
    for (const name of names) {
      const matches = this.families.get(name) ?? (this.exact.has(name) ? [name] : []);
      if (matches.length === 0) {
        if (!this.unknown.has(name)) this.unknown.set(name, new Set());
        this.unknown.get(name)!.add(usedBy);
      }
      matches.forEach((m) => out.add(m));
    }
    return [...out];
  }

  unknownReport(): string {
    return [...this.unknown].map(([name, users]) => `  "${name}" (used by ${[...users].slice(0, 3).join(', ')}${users.size > 3 ? ', …' : ''})`).join('\n');
  }
}

/** Procedures from the curated list, one draft per distinct name with the union of its groups' specialties. */
export function buildProcedures(): DraftTerm[] {
  const byId = new Map<string, { name: string; specialties: Set<string> }>();
  for (const group of PROCEDURE_GROUPS) {
    for (const name of group.procedures) {
      const termId = `PROC-${slugify(name)}`;
      const entry = byId.get(termId);
      if (entry && entry.name !== name) throw new Error(`procedures "${entry.name}" and "${name}" would share the id ${termId}`);
      const target = entry ?? { name, specialties: new Set<string>() };
      group.specialties.forEach((s) => target.specialties.add(s));
      byId.set(termId, target);
    }
  }
  return [...byId].map(([termId, { name, specialties }]) => ({
    termId,
    term: name,
    termType: 'Procedure' as const,
    specialties: [...specialties],
  }));
}

/**
 * One row per (term, specialty). A Disease Ontology name that repeats a term the specialty already has
 * (usually the ICD title in other case) is dropped so the picker does not show it twice.
 */
export function fanOut(drafts: readonly DraftTerm[], resolver: SpecialtyResolver): { rows: ExpertiseTermSeed[]; duplicateTexts: number } {
  const rows: ExpertiseTermSeed[] = [];
  const keys = new Set<string>();
  const textsBySpecialty = new Map<string, Set<string>>();
  let duplicateTexts = 0;
  for (const draft of drafts) {
    for (const specialtyName of resolver.resolve(draft.specialties, draft.termId)) {
      const key = `${draft.termId}\u0000${specialtyName}`;
      if (keys.has(key)) continue;
      const texts = textsBySpecialty.get(specialtyName) ?? new Set<string>();
      const text = `${draft.termType}\u0000${draft.term.toLowerCase()}`;
      if (draft.termId.startsWith('CON-DOID') && texts.has(text)) {
        duplicateTexts += 1;
        continue;
      }
      keys.add(key);
      texts.add(text);
      textsBySpecialty.set(specialtyName, texts);
      rows.push({ termId: draft.termId, term: draft.term, termType: draft.termType, specialtyName });
    }
  }
  rows.sort((a, b) => (a.termId < b.termId ? -1 : a.termId > b.termId ? 1 : a.specialtyName.localeCompare(b.specialtyName, 'en')));
  return { rows, duplicateTexts };
}

export function termReport(rows: readonly ExpertiseTermSeed[], taxonomy: readonly DerivedSpecialty[]): string {
  const types: ExpertiseTermType[] = ['Condition', 'Procedure', 'Reason for Visit'];
  const lines = types.map((type) => {
    const ofType = rows.filter((r) => r.termType === type);
    const ids = new Set(ofType.map((r) => r.termId)).size;
    const specialties = new Set(ofType.map((r) => r.specialtyName)).size;
    return `  ${type.padEnd(17)} ${String(ofType.length).padStart(6)} rows, ${String(ids).padStart(5)} distinct terms, ${specialties} specialties`;
  });
  const covered = new Set(rows.map((r) => r.specialtyName));
  const uncovered = taxonomy.map((s) => s.specialty).filter((s) => !covered.has(s));
  lines.push(`  total             ${String(rows.length).padStart(6)} rows; ${covered.size} of ${taxonomy.length} specialties have terms`);
  lines.push(uncovered.length === 0 ? '  every specialty has terms' : `  specialties without terms (${uncovered.length}): ${uncovered.join('; ')}`);
  return lines.join('\n');
}

import type { ExpertiseTermType } from '../../src/server/db/seed/reference-data.ts';
import { cell, type TableRow } from './csv.ts';
import { CONDITION_OVERLAYS, SAME_CONDITIONS_AS } from './condition-overlays.ts';
import { assignRules, type IcdRule, unusedRules } from './icd-rules.ts';
import { CONDITION_RULES } from './icd-specialty-map.ts';
import { REASON_RULES } from './reasons.ts';

/** A term before it is fanned out to one row per specialty; specialty names are still unresolved. */
export interface DraftTerm {
  termId: string;
  term: string;
  termType: ExpertiseTermType;
  specialties: readonly string[];
}

export interface IcdCategory {
  code: string;
  title: string;
  chapter: number;
}

/** Chapter 18 (symptoms) and 21 (encounters) become reasons for visit; 20 and 22 are not clinical terms. */
const REASON_CHAPTERS = new Set([18, 21]);
const SKIPPED_CHAPTERS = new Set([20, 22]);

export function readCategories(rows: TableRow[]): IcdCategory[] {
  return rows.map((row) => {
    const code = cell(row, 'ICD10-CM-CODE');
    const chapter = Number(cell(row, 'chapter'));
    if (!/^[A-Z][0-9A-Z]{2}$/.test(code) || !Number.isInteger(chapter)) throw new Error(`ICD categories: bad row ${JSON.stringify(row)}`);
    return { code, title: cell(row, 'description'), chapter };
  });
}

function applyRules(categories: readonly IcdCategory[], rules: readonly IcdRule[], label: string): Map<string, readonly string[]> {
  const codes = categories.map((c) => c.code);
  const { byCode, uncovered } = assignRules(codes, rules);
  if (uncovered.length > 0) throw new Error(`${label}: no specialty rule covers ${uncovered.join(', ')}`);
  const unused = unusedRules(codes, rules);
  if (unused.length > 0) throw new Error(`${label}: rules match no category: ${unused.map((r) => `${r.from}-${r.to}`).join(', ')}`);
  return new Map([...byCode].map(([code, r]) => [code, r.specialties]));
}

/** Official ICD-10-CM category titles from the disease chapters, with their specialties. */
export function buildIcdConditions(categories: readonly IcdCategory[]): {
  terms: DraftTerm[];
  /** Specialist map without the generalist overlays; the Disease Ontology terms inherit this. */
  specialtiesByCode: ReadonlyMap<string, readonly string[]>;
} {
  const disease = categories.filter((c) => !REASON_CHAPTERS.has(c.chapter) && !SKIPPED_CHAPTERS.has(c.chapter));
  const specialtiesByCode = applyRules(disease, CONDITION_RULES, 'conditions');
  for (const [code, specialties] of specialtiesByCode) {
    const twins = Object.entries(SAME_CONDITIONS_AS).filter(([, source]) => specialties.includes(source));
    if (twins.length > 0) specialtiesByCode.set(code, [...specialties, ...twins.map(([twin]) => twin)]);
  }

  const overlaid = new Map<string, string[]>();
  for (const overlay of CONDITION_OVERLAYS) {
    for (const code of overlay.codes) {
      if (!specialtiesByCode.has(code)) throw new Error(`condition overlay: ${code} is not a disease-chapter category`);
      overlaid.set(code, [...(overlaid.get(code) ?? []), ...overlay.specialties]);
    }
  }

  const terms = disease.map((c) => ({
    termId: `CON-${c.code}`,
    term: c.title,
    termType: 'Condition' as const,
    specialties: [...specialtiesByCode.get(c.code)!, ...(overlaid.get(c.code) ?? [])],
  }));
  return { terms, specialtiesByCode };
}

export function buildReasons(categories: readonly IcdCategory[]): DraftTerm[] {
  const reasons = categories.filter((c) => REASON_CHAPTERS.has(c.chapter));
  const specialtiesByCode = applyRules(reasons, REASON_RULES, 'reasons for visit');
  return reasons.map((c) => ({
    termId: `REAS-${c.code}`,
    term: c.title,
    termType: 'Reason for Visit' as const,
    specialties: specialtiesByCode.get(c.code)!,
  }));
}

/**
 * A trailing subtype number ("hyperekplexia 2", "hemochromatosis type 3", "… 1KK"). Such a term is
 * dropped when DO also has the unnumbered name, which is what a clinician would list, or when it is one
 * of a numbered series (gene loci such as "arrhythmogenic right ventricular dysplasia 1 … 13"), which
 * would flood the picker; the ICD category title still covers the disease.
 */
const NUMBERED_SUBTYPE = /\s(?:type\s)?\d[0-9A-Za-z]*$/;

function capitalise(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * Human Disease Ontology names as lay-friendly synonyms of the ICD categories they map to. DO maps to
 * full ICD-10-CM codes of about 2020; the first three characters are matched against the 2026
 * categories, and a DO term inherits the specialties of every disease category it maps to.
 */
export function buildDiseaseOntologyConditions(
  treeRows: TableRow[],
  mappingRows: TableRow[],
  specialtiesByCode: ReadonlyMap<string, readonly string[]>,
): { terms: DraftTerm[]; skippedSubtypes: number; unmatchedCodes: number } {
  const names = new Map<string, string>();
  for (const row of treeRows) names.set(cell(row, 'DO_ID'), cell(row, 'DO_NAME'));
  const allNames = new Set([...names.values()].map((n) => n.toLowerCase()));

  const codesByDoid = new Map<string, Set<string>>();
  let unmatchedCodes = 0;
  for (const row of mappingRows) {
    const doid = cell(row, 'DO_ID');
    const category = cell(row, 'ICD10CM_ID').slice(0, 3).toUpperCase();
    // Reason-for-visit, external-cause and retired categories have no condition specialties.
    if (!specialtiesByCode.has(category)) {
      unmatchedCodes += 1;
      continue;
    }
    if (!codesByDoid.has(doid)) codesByDoid.set(doid, new Set());
    codesByDoid.get(doid)!.add(category);
  }

  const seriesSize = new Map<string, number>();
  for (const doid of codesByDoid.keys()) {
    const name = names.get(doid) ?? '';
    const base = name.replace(NUMBERED_SUBTYPE, '').toLowerCase();
    if (base !== name.toLowerCase()) seriesSize.set(base, (seriesSize.get(base) ?? 0) + 1);
  }

  const terms: DraftTerm[] = [];
  let skippedSubtypes = 0;
  for (const [doid, categories] of codesByDoid) {
    const name = names.get(doid);
    const numeric = /^DOID:(\d+)$/.exec(doid)?.[1];
    if (!name || !numeric) continue;
    const base = name.replace(NUMBERED_SUBTYPE, '').toLowerCase();
    if (base !== name.toLowerCase() && (allNames.has(base) || seriesSize.get(base)! > 1)) {
      skippedSubtypes += 1;
      continue;
    }
    const specialties = [...new Set([...categories].sort().flatMap((code) => specialtiesByCode.get(code)!))];
    terms.push({ termId: `CON-DOID${numeric}`, term: capitalise(name), termType: 'Condition', specialties });
  }
  return { terms, skippedSubtypes, unmatchedCodes };
}

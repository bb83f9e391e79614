import type { LanguageSeed, MedicalSchoolSeed } from '../../src/server/db/seed/reference-data.ts';
import { cell, type TableRow } from './csv.ts';

/** Offered as one-click chips in the profile editor, in this order. */
export const QUICK_ADD_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ar', 'hi'] as const;

export function buildLanguages(rows: TableRow[]): LanguageSeed[] {
  const quick: readonly string[] = QUICK_ADD_LANGUAGES;
  const languages = rows.map((row) => {
    const code = cell(row, 'alpha2');
    // The registry lists alternates ("Spanish; Castilian"); the first is the usual English name.
    const name = cell(row, 'English').split(';')[0]!.trim();
    if (!/^[a-z]{2}$/.test(code) || name === '') throw new Error(`languages: bad row ${JSON.stringify(row)}`);
    return { code, name };
  });
  if (languages.length !== 42) throw new Error(`languages: expected 42 rows, found ${languages.length}`);
  if (new Set(languages.map((l) => l.code)).size !== languages.length) throw new Error('languages: duplicate code');
  for (const code of quick) {
    if (!languages.some((l) => l.code === code)) throw new Error(`languages: quick-add code ${code} missing`);
  }

  const ordered = [
    ...quick.map((code) => languages.find((l) => l.code === code)!),
    ...languages.filter((l) => !quick.includes(l.code)).sort((a, b) => a.name.localeCompare(b.name, 'en')),
  ];
  return ordered.map((l, index) => ({ code: l.code, name: l.name, isQuickAdd: quick.includes(l.code), sortOrder: index + 1 }));
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function buildMedicalSchools(rows: TableRow[]): MedicalSchoolSeed[] {
  const seen = new Set<string>();
  const schools = rows.map((row): MedicalSchoolSeed => {
    const name = cell(row, 'name');
    const type = cell(row, 'type');
    const state = cell(row, 'state');
    const city = cell(row, 'city') || null;
    const applicationSystem = cell(row, 'applicationService');
    if (type !== 'MD' && type !== 'DO') throw new Error(`medical schools: ${name} has type ${type}`);
    if (!/^[A-Z]{2}$/.test(state)) throw new Error(`medical schools: ${name} has state ${state}`);
    if (applicationSystem === '') throw new Error(`medical schools: ${name} has no application service`);
    // The directory's ids are already slugs and education rows reference them, so keep them as they are.
    const sourceId = cell(row, 'id');
    let id = SLUG.test(sourceId) ? sourceId : slugify(`${name} ${city ?? state}`);
    if (seen.has(id)) id = slugify(`${name} ${city ?? ''} ${state}`);
    if (seen.has(id)) throw new Error(`medical schools: duplicate id ${id}`);
    seen.add(id);
    return {
      id,
      name,
      degreeType: type,
      city,
      state,
      applicationSystem,
      // LCME accredits MD programs and the AOA's COCA accredits DO colleges; the directory is split the same way.
      accreditationBody: type === 'MD' ? 'LCME' : 'COCA',
    };
  });
  return schools.sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id.localeCompare(b.id));
}

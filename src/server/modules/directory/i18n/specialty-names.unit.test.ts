import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedDataDir } from '../../../paths';
import { specialtyName } from './locale';
import catalogue from './specialty-names-es.json';

// The NUCC physician taxonomy we ship (Allopathic & Osteopathic Physicians: 202–209 codes): our display
// name for each code, its classification and its specialization; and the fellowship list built from it.
const taxonomy = JSON.parse(readFileSync(join(seedDataDir, 'specialty-taxonomy.json'), 'utf8')) as Array<{
  specialty: string;
  division: string;
  section: string | null;
  specialtyCode: string;
}>;
const fellowships = JSON.parse(readFileSync(join(seedDataDir, 'fellowship-specialties.json'), 'utf8')) as Array<{
  parentSpecialty: string;
  subspecialtyName: string;
}>;

describe('specialty names in Spanish', () => {
  it('has a Spanish name for every physician specialty in the shipped NUCC taxonomy and the fellowship list', () => {
    expect(taxonomy.length).toBeGreaterThan(200);
    expect(taxonomy.every((row) => /^20[2-9]/.test(row.specialtyCode))).toBe(true);
    const names = new Set([
      ...taxonomy.flatMap((row) => [row.specialty, row.division, ...(row.section ? [row.section] : [])]),
      ...fellowships.flatMap((row) => [row.parentSpecialty, row.subspecialtyName]),
    ]);
    // "Glaucoma" is the same word in both languages; every other name must change.
    const untranslated = [...names].filter((name) => name !== 'Glaucoma' && specialtyName(name, 'es') === name);
    expect(untranslated).toEqual([]);
  });

  it('holds no English left in the Spanish names, and no empty one', () => {
    const suspicious = Object.entries(catalogue as Record<string, string>).filter(
      ([, es]) => !es.trim() || /\b(Medicine|Surgery|Disease|Pediatric|and|of|the)\b/.test(es),
    );
    expect(suspicious).toEqual([]);
  });

  it('translates the standard names whatever the case, spacing or "&"', () => {
    expect(specialtyName('Internal Medicine', 'es')).toBe('Medicina interna');
    expect(specialtyName('Cardiovascular Disease', 'es')).toBe('Cardiología');
    expect(specialtyName('Family Medicine', 'es')).toBe('Medicina familiar');
    expect(specialtyName('Pediatrics', 'es')).toBe('Pediatría');
    expect(specialtyName('Obstetrics & Gynecology', 'es')).toBe('Obstetricia y ginecología');
    expect(specialtyName('  obstetrics and   GYNECOLOGY ', 'es')).toBe('Obstetricia y ginecología');
    expect(specialtyName('Endocrinology, Diabetes and Metabolism', 'es')).toBe('Endocrinología, diabetes y metabolismo');
    expect(specialtyName('Sports Medicine (Family Medicine)', 'es')).toBe('Medicina deportiva (Medicina familiar)');
    expect(specialtyName('Nurse Practitioner', 'es')).toBe('Enfermería de práctica avanzada');
    expect(specialtyName('Physician Assistant', 'es')).toBe('Asistente médico');
  });

  it("reads NUCC's display names and NPPES's 'Classification, Specialization'", () => {
    expect(specialtyName('Cardiovascular Disease Physician', 'es')).toBe('Cardiología');
    expect(specialtyName('Internal Medicine, Cardiovascular Disease', 'es')).toBe('Medicina interna, cardiología');
    expect(specialtyName('Pediatrics, Pediatric Cardiology', 'es')).toBe('Pediatría, cardiología pediátrica');
  });

  it("keeps a hospital's own wording, a half-known composite and every English page as typed", () => {
    expect(specialtyName('Heart Rhythm Clinic', 'es')).toBe('Heart Rhythm Clinic');
    expect(specialtyName('Nurse Practitioner, Family', 'es')).toBe('Nurse Practitioner, Family');
    expect(specialtyName('', 'es')).toBe('');
    expect(specialtyName('Internal Medicine', 'en')).toBe('Internal Medicine');
  });
});

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadReferenceData } from './reference-data';

// The committed JSON is what production seeds from, so the checks run on it rather than on the build.
const data = loadReferenceData(fileURLToPath(new URL('./data/', import.meta.url)));

describe('reference data', () => {
  it('has the 42 languages with the ten quick-add ones first', () => {
    expect(data.languages).toHaveLength(42);
    expect(new Set(data.languages.map((l) => l.code)).size).toBe(42);
    const quickAdd = ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ar', 'hi'];
    expect(data.languages.filter((l) => l.isQuickAdd).map((l) => l.code)).toEqual(quickAdd);
    expect(data.languages.slice(0, 10).map((l) => l.code)).toEqual(quickAdd);
    expect(data.languages.map((l) => l.sortOrder)).toEqual(data.languages.map((_, i) => i + 1));
    for (const l of data.languages) expect(l.name).not.toContain(';');
  });

  it('has MD and DO schools, each with a state and a unique id', () => {
    expect(data.medicalSchools.length).toBeGreaterThan(200);
    for (const s of data.medicalSchools) {
      expect(['MD', 'DO']).toContain(s.degreeType);
      expect(s.accreditationBody).toBe(s.degreeType === 'MD' ? 'LCME' : 'COCA');
      expect(s.state).toMatch(/^[A-Z]{2}$/);
      expect(s.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    }
    expect(new Set(data.medicalSchools.map((s) => s.id)).size).toBe(data.medicalSchools.length);
    expect(data.medicalSchools.some((s) => s.degreeType === 'DO')).toBe(true);
  });

  it('has a taxonomy with unique NUCC codes and unique specialty names', () => {
    const taxonomy = data.specialtyTaxonomy;
    expect(taxonomy).toHaveLength(238);
    for (const s of taxonomy) {
      expect(s.specialtyCode).toMatch(/^[0-9A-Z]{9}X$/);
      expect(s.department).not.toBe('');
      expect(s.specialty).not.toMatch(/&|Physician$|Orthopaedic/);
      expect(s.searchKeywords.every((k) => k === k.toLowerCase())).toBe(true);
    }
    expect(new Set(taxonomy.map((s) => s.specialtyCode)).size).toBe(taxonomy.length);
    expect(new Set(taxonomy.map((s) => s.specialty.toLowerCase())).size).toBe(taxonomy.length);
    const names = taxonomy.map((s) => s.specialty);
    for (const name of ['Orthopedic Surgery', 'Neurosurgery', 'Physical Medicine and Rehabilitation', 'Critical Care Medicine (Anesthesiology)']) {
      expect(names).toContain(name);
    }
    expect(taxonomy.find((s) => s.specialty === 'Obstetrics and Gynecology')?.commonAbbreviations).toContain('OB/GYN');
  });

  it('has residency programs and fellowships', () => {
    expect(data.residencyPrograms.map((r) => r.name)).toContain('Internal Medicine Residency');
    expect(new Set(data.residencyPrograms.map((r) => r.name)).size).toBe(data.residencyPrograms.length);
    const pairs = data.fellowshipSpecialties.map((f) => `${f.parentSpecialty} / ${f.subspecialtyName}`);
    expect(pairs).toContain('Internal Medicine / Cardiovascular Disease');
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('has expertise terms that all point at taxonomy specialties', () => {
    const terms = data.expertiseTerms;
    expect(terms.length).toBeGreaterThan(5000);
    const specialties = new Set(data.specialtyTaxonomy.map((s) => s.specialty));
    const keys = new Set<string>();
    for (const t of terms) {
      expect(t.termId).toMatch(/^(CON|PROC|REAS)-/);
      expect(t.term.trim()).not.toBe('');
      expect(specialties.has(t.specialtyName), `unknown specialty ${t.specialtyName}`).toBe(true);
      keys.add(`${t.termId}\u0000${t.specialtyName}`);
    }
    expect(keys.size).toBe(terms.length);

    const idsOf = (type: string) => new Set(terms.filter((t) => t.termType === type).map((t) => t.termId));
    expect(idsOf('Procedure').size).toBeGreaterThanOrEqual(400);
    expect(idsOf('Reason for Visit').size).toBeGreaterThanOrEqual(150);
    expect(idsOf('Condition').has('CON-I48')).toBe(true);
    const prefixes = { Condition: 'CON-', Procedure: 'PROC-', 'Reason for Visit': 'REAS-' };
    for (const t of terms) expect(t.termId.startsWith(prefixes[t.termType])).toBe(true);
  });
});

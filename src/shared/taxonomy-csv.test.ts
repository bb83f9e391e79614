import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTaxonomyCsv } from './schemas/taxonomy';

/** Twelve lines of NUCC's own nucc_taxonomy_251.csv, byte for byte (tests/fixtures/real/README.md). */
const nucc = readFileSync(join(__dirname, '../../tests/fixtures/real/nucc/nucc-taxonomy-251-excerpt.csv'), 'utf8');

describe('NUCC’s published taxonomy file', () => {
  it('is read as it is published: Display Name, Grouping, Classification, Specialization and Code', () => {
    const result = parseTaxonomyCsv(nucc);
    expect(result.errors).toEqual([]);
    expect(result.rows).toHaveLength(11);
    expect(result.rows.find((row) => row.specialtyCode === '207RC0000X')).toMatchObject({
      specialty: 'Cardiovascular Disease Physician',
      department: 'Allopathic & Osteopathic Physicians',
      division: 'Internal Medicine',
      section: 'Cardiovascular Disease',
      line: 8,
    });
    // A classification's general code has no specialization.
    expect(result.rows.find((row) => row.specialtyCode === '207K00000X')).toMatchObject({ specialty: 'Allergy & Immunology Physician', section: null });
    expect(result.rows.map((row) => row.specialtyCode)).toContain('363L00000X');
  });

  it('names a code by its specialization, else its classification, when a release has no Display Name', () => {
    const lines = nucc.split('\r\n').map((line) => line.replace(/,[^,]*,(Individual|Non-Individual|Section)$/, ',$1'));
    const header = lines[0]!.replace(',Display Name', '');
    const result = parseTaxonomyCsv([header, ...lines.slice(1)].join('\r\n'));
    expect(result.errors).toEqual([]);
    expect(result.rows.find((row) => row.specialtyCode === '207RC0000X')?.specialty).toBe('Cardiovascular Disease');
    expect(result.rows.find((row) => row.specialtyCode === '207R00000X')?.specialty).toBe('Internal Medicine');
  });

  it('still refuses a column neither format has', () => {
    expect(parseTaxonomyCsv('Code,Grouping,Classification,Colour\r\n207R00000X,A,B,red\r\n').errors).toEqual([
      { line: 1, message: 'unknown column "Colour" (expected: Code, Grouping, Classification, Specialization, Definition, Notes, Display Name, Section)' },
    ]);
    expect(parseTaxonomyCsv('specialty,departmnet\r\nA,B\r\n').errors[0]!.message).toMatch(/^unknown column "departmnet"/);
  });
});

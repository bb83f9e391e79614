import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareNames, nameWords } from './name-check';

// The registry's names as NPPES sends them (tests/fixtures/real/nppes: recorded by ropensci/npi, MIT).
type Recorded = { results: Array<{ number: number; basic: { first_name: string; middle_name?: string; last_name: string } }> };
const recorded = (file: string) => JSON.parse(readFileSync(new URL(`../../../../tests/fixtures/real/nppes/${file}`, import.meta.url), 'utf8')) as Recorded;
const byNpi = new Map([...recorded('individuals-ny-5.json').results, ...recorded('individuals-ga-10.json').results].map((r) => [String(r.number), r.basic]));
const registry = (npi: string) => byNpi.get(npi)!;

describe('the profile name against the NPI registry', () => {
  it('reads names without accents, case, punctuation, titles or credentials', () => {
    expect(nameWords('Dr. Ana María Núñez-Ortiz, M.D.')).toEqual(['ana', 'maria', 'nunez', 'ortiz']);
    expect(nameWords("Derek O'Neil, DO")).toEqual(['derek', 'oneil']);
  });

  it('tolerates case, hyphens, middle names on one side and initials (real registry records)', () => {
    expect(compareNames('Claudia Narvaez Meza, MSW', registry('1336333764'))).toBe('match'); // NARVAEZ-MEZA
    expect(compareNames('Claudia V. Narváez-Meza', registry('1336333764'))).toBe('match');
    expect(compareNames('J. Adam Shrensel, MD', registry('1366785115'))).toBe('match'); // JEFFREY ADAM SHRENSEL
    expect(compareNames('Dr. Jeffrey Shrensel', registry('1366785115'))).toBe('match');
    expect(compareNames('Derek McCranie', registry('1669960134'))).toBe('match'); // MCCRANIE, no middle name
    expect(compareNames('Kimberly Hodge Spears', registry('1083762025'))).toBe('match'); // last name in two words
  });

  it('refuses another person’s name, a different first name and a partial last name', () => {
    expect(compareNames('Alice Zeta, MD', registry('1336333764'))).toBe('mismatch');
    expect(compareNames('Maria Narvaez-Meza', registry('1336333764'))).toBe('mismatch');
    expect(compareNames('Kimberly Spears', registry('1083762025'))).toBe('mismatch');
    expect(compareNames('Claudia Narvaez', registry('1336333764'))).toBe('mismatch');
  });
});

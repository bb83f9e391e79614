import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedDataDir } from '../../paths';
import { LAY_TERMS, searchAlternatives } from './lay-terms';

const defaults = (JSON.parse(readFileSync(join(seedDataDir, 'expertise-terms.json'), 'utf8')) as Array<{ term: string }>).map((t) => t.term.toLowerCase());

describe('lay terms', () => {
  it('names only clinical words some default expertise term contains', () => {
    const missing = LAY_TERMS.flatMap(([lay, clinical]) => clinical.filter((word) => !defaults.some((term) => term.includes(word))).map((word) => `${lay} → ${word}`));
    expect(missing).toEqual([]);
  });

  it('adds the clinical words for an everyday phrase, whole words only', () => {
    expect(searchAlternatives('Heart attack')).toEqual(['heart attack', 'myocardial infarction']);
    expect(searchAlternatives('heart attack recovery')).toEqual(['heart attack recovery', 'myocardial infarction recovery', 'myocardial infarction']);
    expect(searchAlternatives('flu')).toEqual(['flu', 'influenza']);
    // "flu" inside another word is not the flu.
    expect(searchAlternatives('fluoride')).toEqual(['fluoride']);
    expect(searchAlternatives('asthma')).toEqual(['asthma']);
    expect(searchAlternatives('   ')).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedDataDir } from '../../paths';
import { closestPhrase, LAY_TERMS, MAX_SEARCH_ALTERNATIVES, SEARCH_ONLY_TERMS, searchAlternatives } from './lay-terms';

const defaults = (JSON.parse(readFileSync(join(seedDataDir, 'expertise-terms.json'), 'utf8')) as Array<{ term: string }>).map((t) => t.term.toLowerCase());
const vocabulary = JSON.parse(readFileSync(join(seedDataDir, 'lay-vocabulary.json'), 'utf8')) as Array<[string, string[]]>;

describe('lay terms', () => {
  it('names only clinical words some default expertise term contains, in the editorial lists and the built vocabulary', () => {
    const unreached = (list: ReadonlyArray<readonly [string, readonly string[]]>) =>
      list.flatMap(([lay, clinical]) => clinical.filter((word) => !defaults.some((term) => term.includes(word))).map((word) => `${lay} → ${word}`));
    expect(unreached(LAY_TERMS)).toEqual([]);
    expect(unreached(SEARCH_ONLY_TERMS)).toEqual([]);
    expect(vocabulary.length).toBeGreaterThan(1000);
    expect(unreached(vocabulary)).toEqual([]);
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

  it('reaches the clinical words for the phrases patients type', () => {
    const reaches = (words: string, clinical: string) => expect(searchAlternatives(words), words).toContain(clinical);
    reaches('chest pain', 'pain in throat and chest');
    reaches('bad back', 'dorsalgia');
    reaches('sugar', 'diabetes mellitus');
    reaches('water pills', 'hypertension');
    reaches('water pills', 'heart failure');
    reaches('heart attack', 'myocardial infarction');
    reaches('high blood pressure', 'hypertension');
    reaches('pink eye', 'conjunctivitis');
    reaches('Shingles?', 'herpes zoster');
    // From the Disease Ontology's synonyms, not the editorial lists.
    expect([...LAY_TERMS, ...SEARCH_ONLY_TERMS].map(([lay]) => lay)).not.toContain('achalasia of esophagus');
    reaches('achalasia of esophagus', 'achalasia');
    reaches('tuberose sclerosis', 'tuberous sclerosis');
    reaches('ringworm', 'dermatophytosis');
    reaches('a stye', 'hordeolum');
    reaches("Lou Gehrig's disease", 'amyotrophic lateral sclerosis');
  });

  it('prefers the longest phrase and never gives more than the cap', () => {
    // "high blood pressure" is one phrase, not "blood" and "pressure" on their own.
    expect(searchAlternatives('high blood pressure')).toEqual(['high blood pressure', 'hypertension']);
    const many = searchAlternatives('water pills blood thinners bad back sugar heart attack shingles');
    expect(many).toHaveLength(MAX_SEARCH_ALTERNATIVES);
    expect(many[0]).toBe('water pills blood thinners bad back sugar heart attack shingles');
  });

  it('suggests the closest spelling of a phrase or clinical word', () => {
    expect(closestPhrase('shingels')).toBe('shingles');
    expect(closestPhrase('heart atack')).toBe('heart attack');
    expect(closestPhrase('hypertenshun')).toBe('hypertension');
    expect(closestPhrase('Pink-eye')).toBe('pink eye');
    expect(closestPhrase('shingles')).toBeNull();
    expect(closestPhrase('zzzzqqqq')).toBeNull();
    expect(closestPhrase('ab')).toBeNull();
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diseaseOntologySynonyms, layVocabulary } from '../../scripts/reference/lay-vocabulary';

// Five stanzas of the Disease Ontology's NCIthesaurus subset, release 2026-07-31 (see tests/fixtures/real/README.md).
const obo = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'real', 'disease-ontology', 'ncit-subset-excerpt.obo'), 'utf8');

describe('lay vocabulary from the Disease Ontology', () => {
  it('reads each live term with its exact synonyms only', () => {
    const terms = diseaseOntologySynonyms(obo);
    expect(terms.map((t) => t.name)).toEqual(['hypertension', 'acute contagious conjunctivitis', 'myocardial infarction', 'herpes zoster']);
    expect(terms.find((t) => t.id === 'DOID:10763')?.exactSynonyms).toEqual(['HTN', 'hyperpiesia', 'vascular hypertensive disorder']);
    expect(terms.find((t) => t.id === 'DOID:8536')?.exactSynonyms).toEqual(['herpes zona', 'Shingles']);
  });

  it('keeps typeable synonyms of diseases the terms name, lower case, and drops acronyms', () => {
    const terms = ['Herpes zoster', 'Acute myocardial infarction', 'Essential (primary) hypertension', 'Myocardial infarct scar'];
    expect(layVocabulary(diseaseOntologySynonyms(obo), terms)).toEqual([
      // "myocardial infarct" is left out: a term already contains it, so searching it finds the term anyway.
      ['heart attack', ['myocardial infarction']],
      ['herpes zona', ['herpes zoster']],
      ['hyperpiesia', ['hypertension']],
      ['shingles', ['herpes zoster']],
      ['vascular hypertensive disorder', ['hypertension']],
    ]);
  });
});

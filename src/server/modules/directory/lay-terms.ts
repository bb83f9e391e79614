import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { distance } from 'fastest-levenshtein';
import { seedDataDir } from '../../paths';

/**
 * Everyday words patients type for conditions and procedures, with the clinical words our expertise
 * terms use for them (the default terms are Disease Ontology and procedure names). A search for the
 * everyday phrase also searches its clinical words. Each clinical word is checked against the
 * default terms by a unit test, so none of them is a word no term contains.
 */
export const LAY_TERMS: ReadonlyArray<readonly [lay: string, clinical: readonly string[]]> = [
  ['heart attack', ['myocardial infarction']],
  ['high blood pressure', ['hypertension']],
  ['low blood pressure', ['hypotension']],
  ['stroke', ['cerebral infarction', 'cerebrovascular']],
  ['irregular heartbeat', ['arrhythmia', 'atrial fibrillation']],
  ['high cholesterol', ['hypercholesterolemia', 'hyperlipidemia']],
  ['blood clot', ['thrombosis', 'embolism']],
  ['flu', ['influenza']],
  ['heartburn', ['gastroesophageal reflux']],
  ['acid reflux', ['gastroesophageal reflux']],
  ['kidney stones', ['nephrolithiasis', 'calculus of kidney']],
  ['gallstones', ['cholelithiasis']],
  ['pink eye', ['conjunctivitis']],
  ['shingles', ['herpes zoster']],
  ['chickenpox', ['varicella']],
  ['broken bone', ['fracture']],
  ['cancer', ['cancer', 'carcinoma', 'malignant']],
  ['hay fever', ['allergic rhinitis']],
  ['ear infection', ['otitis media']],
  ['sinus infection', ['sinusitis']],
  ['bladder infection', ['cystitis']],
  ['underactive thyroid', ['hypothyroidism']],
  ['overactive thyroid', ['hyperthyroidism']],
  ['seizures', ['epilepsy', 'seizure']],
  ['memory loss', ['dementia', 'alzheimer']],
  ['hives', ['urticaria']],
  ['eczema', ['atopic dermatitis', 'eczema']],
  ['fainting', ['syncope']],
  ['dizziness', ['vertigo']],
  ['nosebleeds', ['epistaxis']],
  ['collapsed lung', ['pneumothorax']],
  ['lazy eye', ['amblyopia']],
  ['crossed eyes', ['strabismus']],
  ['piles', ['hemorrhoid']],
  ['sleep apnoea', ['sleep apnea']],
  ['wear and tear arthritis', ['osteoarthritis']],
  ['thinning bones', ['osteoporosis']],
  ['enlarged prostate', ['prostatic hyperplasia', 'benign prostatic']],
  ['c-section', ['cesarean']],
  ['knee replacement', ['knee arthroplasty', 'knee replacement']],
  ['hip replacement', ['hip arthroplasty', 'hip resurfacing']],
  ['weight loss surgery', ['bariatric']],
  ['hair loss', ['alopecia']],
  ['baldness', ['alopecia']],
];

/**
 * Everyday words that point at conditions without naming them: a medicine ("water pills"), a symptom
 * ("chest pain", "bad back") or a nickname ("sugar"). They widen a search but are never shown as a
 * condition's plain name, which is why they are not in LAY_TERMS. Checked like LAY_TERMS.
 */
export const SEARCH_ONLY_TERMS: ReadonlyArray<readonly [lay: string, clinical: readonly string[]]> = [
  ['sugar', ['diabetes mellitus']],
  ['high blood sugar', ['diabetes mellitus']],
  ['sugar diabetes', ['diabetes mellitus']],
  ['water pills', ['hypertension', 'heart failure', 'edema']],
  ['water pill', ['hypertension', 'heart failure', 'edema']],
  ['blood thinners', ['atrial fibrillation', 'thrombosis', 'embolism']],
  ['chest pain', ['pain in throat and chest', 'angina pectoris']],
  ['bad back', ['dorsalgia', 'intervertebral disc', 'radiculopathy']],
  ['back pain', ['dorsalgia', 'intervertebral disc', 'radiculopathy']],
  ['sore back', ['dorsalgia', 'intervertebral disc', 'radiculopathy']],
  ['slipped disc', ['intervertebral disc']],
  ['sciatica', ['radiculopathy', 'sciatic nerve']],
  ['tummy ache', ['abdominal and pelvic pain']],
  ['stomach ache', ['abdominal and pelvic pain']],
  ['cold sores', ['herpes simplex']],
  ['leaky bladder', ['urinary incontinence']],
  ['swollen ankles', ['edema', 'heart failure']],
];

/**
 * The Disease Ontology's exact synonyms for diseases the default terms name (CC0; built by
 * scripts/build-lay-vocabulary.ts, sources in seed/data/SOURCES.md): "shingles" → "herpes zoster".
 */
const VOCABULARY_FILE = 'lay-vocabulary.json';
/** Longest phrase looked up, in words (the vocabulary's own limit). */
const MAX_PHRASE_WORDS = 5;
/** Each alternative is one more ILIKE per searched column: a long list of everyday words cannot grow the SQL past this. */
export const MAX_SEARCH_ALTERNATIVES = 8;

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();
/** The words as the vocabulary spells its phrases: lower case, punctuation other than - and ' dropped. */
const phraseWords = (text: string) =>
  normalise(text.toLowerCase().replace(/[^a-z0-9'\- ]+/g, ' '))
    .split(' ')
    .filter(Boolean);

let vocabulary: Map<string, readonly string[]> | undefined;

/** Phrase → clinical words: the editorial lists first (their words come first), then the Disease Ontology's. */
function layVocabulary(): Map<string, readonly string[]> {
  if (vocabulary) return vocabulary;
  const entries = JSON.parse(readFileSync(join(seedDataDir, VOCABULARY_FILE), 'utf8')) as Array<[string, string[]]>;
  const merged = new Map<string, readonly string[]>();
  for (const [lay, clinical] of [...LAY_TERMS, ...SEARCH_ONLY_TERMS, ...entries]) {
    merged.set(lay, [...new Set([...(merged.get(lay) ?? []), ...clinical])]);
  }
  vocabulary = merged;
  return merged;
}

/**
 * The patient's words and, for each everyday phrase they contain (longest first, whole words, one
 * phrase per word), the words with that phrase replaced by each of its clinical words ("heart attack
 * care" → also "myocardial infarction care") and the clinical word alone; at most
 * MAX_SEARCH_ALTERNATIVES in all, the patient's own words first.
 */
export function searchAlternatives(words: string): string[] {
  const query = normalise(words);
  if (!query) return [];
  const alternatives = new Set([query]);
  const tokens = phraseWords(query);
  const used = new Array<boolean>(tokens.length).fill(false);
  const known = layVocabulary();
  for (let length = Math.min(MAX_PHRASE_WORDS, tokens.length); length >= 1; length--) {
    for (let start = 0; start + length <= tokens.length; start++) {
      if (used.slice(start, start + length).some(Boolean)) continue;
      const clinical = known.get(tokens.slice(start, start + length).join(' '));
      if (!clinical) continue;
      used.fill(true, start, start + length);
      for (const word of clinical) {
        alternatives.add([...tokens.slice(0, start), word, ...tokens.slice(start + length)].join(' '));
        alternatives.add(word);
      }
    }
  }
  return [...alternatives].slice(0, MAX_SEARCH_ALTERNATIVES);
}

let spellings: string[] | undefined;

/**
 * "Did you mean": the vocabulary phrase or clinical word closest in spelling to the words (Levenshtein
 * distance at most 1 for up to 5 letters, 2 up to 10, 3 beyond), or null when the words are already
 * one of them or nothing is that close. A tie goes to the phrase listed first (the editorial ones).
 */
export function closestPhrase(words: string): string | null {
  const query = phraseWords(words).join(' ');
  if (query.length < 3) return null;
  const known = layVocabulary();
  spellings ??= [...new Set([...known.keys(), ...[...known.values()].flat()])];
  if (known.has(query) || spellings.includes(query)) return null;
  const limit = query.length <= 5 ? 1 : query.length <= 10 ? 2 : 3;
  let best: string | null = null;
  let bestDistance = limit + 1;
  for (const candidate of spellings) {
    if (Math.abs(candidate.length - query.length) >= bestDistance) continue;
    const d = distance(query, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

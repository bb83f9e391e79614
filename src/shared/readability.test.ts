import { describe, expect, it } from 'vitest';
import { analyzeText, countSentences, countSyllables, countWords, fleschKincaidGrade, gradeStatus, targetWarnings, wordCountStatus } from './readability';

describe('countWords', () => {
  it('counts words, keeping hyphenated and possessive words whole', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('   ')).toBe(0);
    expect(countWords('Dr. Ana Ruiz is a board-certified cardiologist.')).toBe(7);
    expect(countWords("The patient's well-being comes first — always.")).toBe(6);
    expect(countWords('She joined in 2019 and treats 3.5% more patients')).toBe(9);
  });
});

describe('countSyllables', () => {
  it.each([
    ['cat', 1],
    ['the', 1],
    ['water', 2],
    ['cardiology', 5],
    ['hospital', 3],
    ['simple', 2],
    ['table', 2],
    ['care', 1],
    ['treated', 2],
    ['cared', 1],
    ['passes', 2],
    ['makes', 1],
    ['patients', 2],
    ['interventional', 5],
    ['MD', 2],
    ['NPI', 3],
    ['well-known', 2],
    ['2019', 4],
  ])('%s has about %i', (word, syllables) => {
    expect(countSyllables(word)).toBe(syllables);
  });
});

describe('countSentences', () => {
  it('ends sentences at . ! ? but not after titles or initials', () => {
    expect(countSentences('One. Two! Three?')).toBe(3);
    expect(countSentences('Dr. Ruiz sees patients. She works at St. Mary Hospital.')).toBe(2);
    expect(countSentences('J. R. Smith trained in Boston.')).toBe(1);
    expect(countSentences('No full stop at the end')).toBe(1);
    expect(countSentences('A heading\nThen a sentence.')).toBe(2);
    expect(countSentences('')).toBe(0);
  });
});

describe('Flesch–Kincaid grade', () => {
  it('scores plain text low and dense text high', () => {
    const plain = 'The cat sat on the mat. The dog ran to the park. We had fun in the sun.';
    const dense =
      'Interventional cardiologists performing percutaneous coronary revascularization procedures increasingly incorporate intravascular imaging modalities to optimize procedural outcomes.';
    expect(fleschKincaidGrade(plain)).toBeLessThan(2);
    expect(fleschKincaidGrade(dense)).toBeGreaterThan(18);
  });

  it('matches the formula on a known passage', () => {
    // 2 sentences, 20 words; syllables counted by hand: 26.
    const text = 'Dr. Lee treats heart disease in adults and children. She speaks English and Spanish with her patients every day.';
    const stats = analyzeText(text);
    expect(stats.words).toBe(19);
    expect(stats.sentences).toBe(2);
    const expected = 0.39 * (stats.words / stats.sentences) + 11.8 * (stats.syllables / stats.words) - 15.59;
    expect(stats.grade).toBeCloseTo(Math.round(expected * 10) / 10, 5);
  });

  it('is zero for an empty text', () => {
    expect(analyzeText('')).toEqual({ words: 0, sentences: 0, syllables: 0, grade: 0, readingEase: 0 });
  });
});

describe('targets', () => {
  it('grades distance from the target', () => {
    expect(gradeStatus(12.9, 12)).toBe('on-target');
    expect(gradeStatus(15, 12)).toBe('near');
    expect(gradeStatus(18, 12)).toBe('off');
    expect(wordCountStatus(150, 150, 200)).toBe('on-target');
    expect(wordCountStatus(140, 150, 200)).toBe('near');
    expect(wordCountStatus(40, 150, 200)).toBe('off');
  });

  it('explains what is off', () => {
    const targets = { readingLevel: 8, wordCountMin: 120, wordCountMax: 150, tone: 'friendly' };
    expect(targetWarnings({ words: 130, grade: 8.4 }, targets)).toEqual([]);
    expect(targetWarnings({ words: 90, grade: 8 }, targets)).toEqual(['90 words: shorter than the 120–150 words asked for.']);
    expect(targetWarnings({ words: 200, grade: 13.1 }, targets)).toEqual([
      '200 words: longer than the 120–150 words asked for.',
      'Reads at grade 13.1, harder than the target grade 8.',
    ]);
  });
});

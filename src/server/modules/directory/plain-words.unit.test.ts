import { describe, expect, it } from 'vitest';
import { plainWordsFor } from './plain-words';

// Issue 33 item 1: conditions and procedures in plain words, the lay name beside the clinical one.
describe('plainWordsFor', () => {
  it('names the everyday words for clinical terms', () => {
    expect(plainWordsFor('Essential (primary) hypertension')).toBe('high blood pressure');
    expect(plainWordsFor('Atrial fibrillation')).toBe('irregular heartbeat');
    expect(plainWordsFor('Osteoarthritis of knee')).toBe('wear and tear arthritis');
    expect(plainWordsFor('Obstructive sleep apnea')).toBe('sleep apnoea');
    expect(plainWordsFor('Gastroesophageal reflux disease')).toBe('heartburn');
  });

  it('says nothing when the term has no everyday name or already uses it', () => {
    expect(plainWordsFor('Chronic kidney disease')).toBeNull();
    expect(plainWordsFor('Breast cancer')).toBeNull();
    expect(plainWordsFor('Knee replacement')).toBeNull();
    // "hypotension" is not "hypertension", and a word must start where the clinical word starts.
    expect(plainWordsFor('Orthostatic hypotension')).toBe('low blood pressure');
    expect(plainWordsFor('Pulmonary hypertension')).toBe('high blood pressure');
    expect(plainWordsFor('Antifracture therapy')).toBeNull();
  });
});

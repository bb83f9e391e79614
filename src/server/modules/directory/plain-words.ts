import { LAY_TERMS } from './lay-terms';

/**
 * The everyday name for an expertise term, when the lay-terms list knows one: "Essential (primary)
 * hypertension" → "high blood pressure". A clinical word matches at the start of a word (so
 * "hemorrhoid" also names "hemorrhoids"); nothing comes back when the term already says the
 * everyday words ("Breast cancer", "Knee replacement"), so the page never repeats itself.
 */
export function plainWordsFor(term: string): string | null {
  const lower = term.toLowerCase();
  for (const [lay, clinical] of LAY_TERMS) {
    if (lower.includes(lay)) continue;
    if (clinical.some((word) => new RegExp(`(^|[^a-z])${word.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}`).test(lower))) return lay;
  }
  return null;
}

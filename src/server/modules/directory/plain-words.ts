import { LAY_TERMS } from './lay-terms';

const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/**
 * Each everyday name with one expression for all its clinical words, made once: a profile page asks
 * for every term it lists, and building the expressions on each call was 2.5 s of a process's 97
 * busy seconds in the load mix's CPU profile (issue T3 5/7).
 */
const MATCHERS: ReadonlyArray<readonly [string, RegExp]> = LAY_TERMS.map(
  ([lay, clinical]) => [lay, new RegExp(`(^|[^a-z])(?:${clinical.map(escaped).join('|')})`)] as const,
);

/**
 * The everyday name for an expertise term, when the lay-terms list knows one: "Essential (primary)
 * hypertension" → "high blood pressure". A clinical word matches at the start of a word (so
 * "hemorrhoid" also names "hemorrhoids"); nothing comes back when the term already says the
 * everyday words ("Breast cancer", "Knee replacement"), so the page never repeats itself.
 */
export function plainWordsFor(term: string): string | null {
  const lower = term.toLowerCase();
  for (const [lay, clinical] of MATCHERS) {
    if (lower.includes(lay)) continue;
    if (clinical.test(lower)) return lay;
  }
  return null;
}

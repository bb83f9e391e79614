/**
 * Reading-level arithmetic shared by the biography writer (server), the writer panel and the brand
 * voice screen (web), so a draft is scored the same way everywhere: word count, an estimate of
 * syllables, and the Flesch–Kincaid grade level.
 */

/** Words: letters or digits, joined by apostrophes or hyphens ("well-known", "patient's", "2019"). */
const WORD = /[\p{L}\p{N}]+(?:['’\-.][\p{L}\p{N}]+)*/gu;

/** Abbreviations whose full stop does not end a sentence. */
const ABBREVIATIONS = new Set([
  'dr',
  'mr',
  'mrs',
  'ms',
  'prof',
  'jr',
  'sr',
  'st',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'inc',
  'no',
  'dept',
  'approx',
  'u.s',
  'ph.d',
  'm.d',
  'd.o',
]);

export function words(text: string): string[] {
  return text.match(WORD) ?? [];
}

export function countWords(text: string): number {
  return words(text).length;
}

/**
 * Syllables of one word, by the usual vowel-group heuristic with English corrections (silent final
 * e, -ed, -es). Numbers count a syllable per digit (close enough for years); all-capital
 * abbreviations are spelled out, a syllable per letter ("MD" reads "em-dee").
 */
export function countSyllables(word: string): number {
  if (/\d/.test(word)) return Math.max(1, Math.min(word.replace(/\D/g, '').length, 4));
  const letters = word.replace(/[^\p{L}]/gu, '');
  if (letters.length === 0) return 0;
  if (letters.length >= 2 && letters.length <= 5 && letters === letters.toUpperCase()) return letters.length;
  // Hyphenated compounds are counted part by part.
  if (/[-]/.test(word)) return word.split('-').reduce((sum, part) => sum + countSyllables(part), 0);
  let w = letters.toLowerCase();
  if (w.length <= 3) return 1;
  // Silent endings: "makes", "cared", "care"; but "-ted"/"-ded" and "-ses"/"-ches" are heard.
  if (/[^aeiouy](?:es)$/.test(w) && !/(?:s|x|z|ch|sh|ce|ge)es$/.test(w)) w = w.slice(0, -2);
  else if (/[^aeiouy]ed$/.test(w) && !/[td]ed$/.test(w)) w = w.slice(0, -2);
  else if (/[^laeiouy]e$/.test(w)) w = w.slice(0, -1);
  w = w.replace(/^y/, '');
  const groups = w.match(/[aeiouy]+/g)?.length ?? 0;
  // "ia"/"io" are two syllables ("car-di-ac", "bi-ol-o-gy") except in "-ian", "-ion", "-ious" endings.
  const split = w.match(/i[ao](?![nu])/g)?.length ?? 0;
  return Math.max(1, groups + split);
}

/** Sentences: ended by . ! ? (not after a known abbreviation or an initial) or by a line break. */
export function countSentences(text: string): number {
  let sentences = 0;
  for (const line of text.split(/\n+/)) {
    const tokens = line.trim().split(/\s+/).filter(Boolean);
    if (tokens.length === 0) continue;
    let open = false;
    tokens.forEach((token, index) => {
      if (/[\p{L}\p{N}]/u.test(token)) open = true;
      const ends = /[.!?]["'”’)\]]*$/.test(token);
      if (!ends || !open) return;
      const bare = token
        .replace(/["'”’)\]]+$/, '')
        .replace(/[.!?]+$/, '')
        .replace(/^["'“‘([]+/, '')
        .toLowerCase();
      const isLast = index === tokens.length - 1;
      if (!isLast && /[.]$/.test(token.replace(/["'”’)\]]+$/, '')) && (ABBREVIATIONS.has(bare) || /^\p{L}$/u.test(bare))) return;
      sentences += 1;
      open = false;
    });
    if (open) sentences += 1;
  }
  return sentences;
}

export interface TextStats {
  words: number;
  sentences: number;
  syllables: number;
  /** Flesch–Kincaid grade level, one decimal; 0 for an empty text. */
  grade: number;
  /** Flesch reading ease (0–100, higher is easier), one decimal. */
  readingEase: number;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

export function analyzeText(text: string): TextStats {
  const list = words(text);
  if (list.length === 0) return { words: 0, sentences: 0, syllables: 0, grade: 0, readingEase: 0 };
  const sentences = Math.max(1, countSentences(text));
  const syllables = list.reduce((sum, word) => sum + countSyllables(word), 0);
  const wordsPerSentence = list.length / sentences;
  const syllablesPerWord = syllables / list.length;
  const grade = 0.39 * wordsPerSentence + 11.8 * syllablesPerWord - 15.59;
  const ease = 206.835 - 1.015 * wordsPerSentence - 84.6 * syllablesPerWord;
  return {
    words: list.length,
    sentences,
    syllables,
    grade: round1(Math.max(0, grade)),
    readingEase: round1(Math.min(100, Math.max(0, ease))),
  };
}

export function fleschKincaidGrade(text: string): number {
  return analyzeText(text).grade;
}

/**
 * How far from its target a grade may be and still count as on target. Flesch–Kincaid itself is
 * only good to about two grades, so asking for more would be false precision.
 */
export const GRADE_TOLERANCE = 2;

export type TargetStatus = 'on-target' | 'near' | 'off';

export function gradeStatus(grade: number, target: number): TargetStatus {
  const distance = Math.abs(grade - target);
  if (distance <= GRADE_TOLERANCE) return 'on-target';
  return distance <= GRADE_TOLERANCE * 2 ? 'near' : 'off';
}

export function wordCountStatus(count: number, min: number, max: number): TargetStatus {
  if (count >= min && count <= max) return 'on-target';
  const slack = Math.max(10, Math.round((max - min) / 2));
  return count >= min - slack && count <= max + slack ? 'near' : 'off';
}

export interface DraftTargets {
  readingLevel: number;
  wordCountMin: number;
  wordCountMax: number;
  tone: string;
}

/** The plain-language warnings for a text measured against its targets (empty when on target). */
export function targetWarnings(stats: Pick<TextStats, 'words' | 'grade'>, targets: DraftTargets): string[] {
  const warnings: string[] = [];
  if (stats.words < targets.wordCountMin)
    warnings.push(`${stats.words} words: shorter than the ${targets.wordCountMin}–${targets.wordCountMax} words asked for.`);
  else if (stats.words > targets.wordCountMax)
    warnings.push(`${stats.words} words: longer than the ${targets.wordCountMin}–${targets.wordCountMax} words asked for.`);
  if (stats.words > 0 && gradeStatus(stats.grade, targets.readingLevel) !== 'on-target') {
    const direction = stats.grade > targets.readingLevel ? 'harder' : 'easier';
    warnings.push(`Reads at grade ${stats.grade.toFixed(1)}, ${direction} than the target grade ${targets.readingLevel}.`);
  }
  return warnings;
}

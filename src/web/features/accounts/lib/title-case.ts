const KEEP_UPPER = new Set(['II', 'III', 'IV', 'MD', 'DO', 'NP', 'PA', 'RN', 'PHD']);

function capitalise(word: string): string {
  if (KEEP_UPPER.has(word.toUpperCase())) return word.toUpperCase();
  const lower = word.toLowerCase();
  // Mc/Mac names are too ambiguous (Mace, Mack) to guess; only the common "Mc" prefix is handled.
  if (/^mc[a-z]{2,}/.test(lower)) return `Mc${lower.charAt(2).toUpperCase()}${lower.slice(3)}`;
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/** "MARGARET O'BRIEN-SMITH" → "Margaret O'Brien-Smith": the NPI registry sends names in capitals. */
export function titleCase(text: string | null | undefined): string {
  if (!text) return '';
  return text
    .trim()
    .split(/\s+/)
    .map((word) =>
      word
        .split(/([-'’])/)
        .map((part) => (/^[-'’]$/.test(part) ? part : capitalise(part)))
        .join(''),
    )
    .join(' ');
}

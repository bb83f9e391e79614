/** `%…%` for a case-insensitive "contains" (ILIKE), with the user's `%`, `_` and `\` taken literally. */
export function containsPattern(text: string) {
  return `%${escapeLike(text)}%`;
}

/** `abc%` for a LIKE on a lower-cased column ("starts with"), the text lower-cased and taken literally. */
export function lowerPrefixPattern(text: string) {
  return `${escapeLike(text.toLowerCase())}%`;
}

/** `abc%` for a case-insensitive "starts with" (ILIKE), the text taken literally. */
export function startsWithPattern(text: string) {
  return `${escapeLike(text)}%`;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

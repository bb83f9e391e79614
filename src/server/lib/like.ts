/** `%…%` for a case-insensitive "contains" (ILIKE), with the user's `%`, `_` and `\` taken literally. */
export function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

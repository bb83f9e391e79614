/** Words as a reader counts them: runs of letters or digits, with inner apostrophes and hyphens. */
export function countWords(text: string | null | undefined): number {
  if (!text) return 0;
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

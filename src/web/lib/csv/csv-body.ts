/**
 * A CSV upload's request body: the file's text as UTF-8 with the `text/csv` type, which the server
 * parses as it streams in (the preview already decoded the file; the server reads what was shown).
 */
export function csvBody(text: string): Blob {
  return new Blob([text], { type: 'text/csv;charset=utf-8' });
}

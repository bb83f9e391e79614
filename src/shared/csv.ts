import Papa from 'papaparse';

/**
 * RFC 4180 CSV through Papa Parse: comma-separated fields; double-quoted fields may hold commas,
 * quotes (doubled) and line breaks. Accepts CRLF, LF or CR line endings (one kind per file, as
 * spreadsheet programs write them) and a leading byte-order mark. Used for bulk uploads (server and
 * the browser's preview) and templates (both sides). What we add to Papa Parse: the 1-based line each
 * record starts on, blank lines skipped, and its quoting errors as one error naming the line.
 */

export interface CsvRecord {
  fields: string[];
  /** 1-based line of the file on which the record starts (records may span lines). */
  line: number;
}

export class CsvParseError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`line ${line}: ${message}`);
    this.name = 'CsvParseError';
  }
}

/** Offsets at which each line after the first begins (CRLF is one break). */
function lineStarts(text: string): number[] {
  const starts: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return starts;
}

/** The 1-based line of an offset, by binary search over the line starts. */
function lineAt(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (starts[middle]! <= offset) low = middle + 1;
    else high = middle;
  }
  return low + 1;
}

const QUOTING_ERRORS: Record<string, string> = {
  MissingQuotes: 'a quoted field is not closed',
  InvalidQuotes: 'unexpected text after a closing quote (a quote inside a quoted field must be doubled: "")',
};

/** Records in file order; blank lines are skipped. Throws CsvParseError on malformed quoting. */
export function parseCsv(input: string): CsvRecord[] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const starts = lineStarts(text);
  const records: CsvRecord[] = [];
  let failure: CsvParseError | null = null;
  let rowStart = 0;
  Papa.parse<string[]>(text, {
    delimiter: ',',
    quoteChar: '"',
    escapeChar: '"',
    skipEmptyLines: false,
    step: (row, parser) => {
      const rowEnd = row.meta.cursor;
      const quoting = row.errors.find((error) => error.type === 'Quotes');
      if (quoting) {
        failure = new CsvParseError(QUOTING_ERRORS[quoting.code] ?? quoting.message, lineAt(starts, quoting.index ?? rowStart));
        parser.abort();
        return;
      }
      // A line with nothing on it is skipped; a line holding "" is a record with one empty field.
      // (A stray CR of a CRLF line in a file whose first break was LF counts as nothing too.)
      const blank = row.data.length === 1 && /^[\r\n]*$/.test(text.slice(rowStart, rowEnd));
      if (!blank) records.push({ fields: row.data, line: lineAt(starts, rowStart) });
      rowStart = rowEnd;
    },
  });
  if (failure) throw failure;
  return records;
}

/** Header cells compared loosely: case, spaces, underscores and dashes do not matter ("Zip Code" = "zip_code"). */
export function normalizeCsvHeader(name: string): string {
  return name.trim().toLowerCase().replace(/[\s_-]+/g, '');
}

/** One field, quoted only when it must be. */
export function formatCsvField(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows joined with CRLF (RFC 4180), ending in a line break. */
export function formatCsv(rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>): string {
  return rows.map((row) => row.map(formatCsvField).join(',')).join('\r\n') + '\r\n';
}

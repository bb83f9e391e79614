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

const QUOTING_ERRORS: Record<string, string> = {
  MissingQuotes: 'a quoted field is not closed',
  InvalidQuotes: 'unexpected text after a closing quote (a quote inside a quoted field must be doubled: "")',
};

/** Line breaks inside a field (CRLF is one). */
const breaksIn = (field: string) => field.match(/\r\n|\r|\n/g)?.length ?? 0;

/**
 * Turns Papa Parse's rows, in order, into records with the line each starts on — from a whole text
 * or a stream alike, so it counts from the rows alone: a record takes one line plus the line breaks
 * inside its quoted fields. A row that holds nothing (its raw text is no longer than the file's line
 * break) is a blank line: counted, not kept. A CR left at the end of a line of a file whose first
 * break was LF is not a break of its own.
 */
export class CsvRecordReader {
  readonly records: CsvRecord[] = [];
  failure: CsvParseError | null = null;
  private line = 1;
  private rowStart = 0;

  /** Takes one row; false (with `failure` set) when its quoting is malformed. */
  add(row: Papa.ParseStepResult<string[]>): boolean {
    const quoting = row.errors.find((error) => error.type === 'Quotes');
    if (quoting) {
      this.failure = new CsvParseError(QUOTING_ERRORS[quoting.code] ?? quoting.message, this.line);
      return false;
    }
    const fields = row.data;
    const linebreak = row.meta.linebreak || '\n';
    const last = fields.length - 1;
    // A stray CR (a CRLF line in an LF file) ends the last field: a line ending, not a field's content.
    const strayCr = linebreak === '\n' && fields[last]?.endsWith('\r') ? 1 : 0;
    const rawLength = row.meta.cursor - this.rowStart;
    this.rowStart = row.meta.cursor;
    const blank = fields.length === 1 && /^\r?$/.test(fields[0]!) && rawLength <= linebreak.length + fields[0]!.length;
    if (!blank) this.records.push({ fields, line: this.line });
    this.line += 1 + fields.reduce((sum, field) => sum + breaksIn(field), 0) - strayCr;
    return true;
  }
}

/** Papa Parse's settings for our CSV (RFC 4180 quoting, comma-separated). */
export const CSV_PARSE_CONFIG = { delimiter: ',', quoteChar: '"', escapeChar: '"', skipEmptyLines: false } as const;

/** Records in file order; blank lines are skipped. Throws CsvParseError on malformed quoting. */
export function parseCsv(input: string): CsvRecord[] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const reader = new CsvRecordReader();
  Papa.parse<string[]>(text, {
    ...CSV_PARSE_CONFIG,
    step: (row, parser) => {
      if (!reader.add(row)) parser.abort();
    },
  });
  if (reader.failure) throw reader.failure;
  return reader.records;
}

/**
 * A CSV as the code that reads it receives it: the text (the browser's preview), or the records
 * parsed while the upload streamed in, or the error that stopped that parse (the server).
 */
export type CsvInput = string | CsvRecord[] | CsvParseError;

/** A CSV upload the server reads when it is ready for it (after its checks): see http/csv-upload.ts. */
export type ReadCsv = () => Promise<CsvInput>;

/** The records of a CSV input; throws its CsvParseError. */
export function csvRecords(input: CsvInput): CsvRecord[] {
  if (typeof input === 'string') return parseCsv(input);
  if (input instanceof CsvParseError) throw input;
  return input;
}

/** Header cells compared loosely: case, spaces, underscores and dashes do not matter ("Zip Code" = "zip_code"). */
export function normalizeCsvHeader(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
}

/**
 * Text a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return before
 * one): OWASP's CSV-injection advice is a leading single quote, which makes the cell plain text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, quoted only when it must be; text that would start a formula is neutralised. Numbers are written as they are. */
export function formatCsvField(value: string | number | boolean | null | undefined): string {
  const raw = value === null || value === undefined ? '' : String(value);
  const text = typeof value === 'string' && FORMULA_START.test(raw) ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) || text !== raw ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows joined with CRLF (RFC 4180), ending in a line break. */
export function formatCsv(rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>): string {
  return rows.map((row) => row.map(formatCsvField).join(',')).join('\r\n') + '\r\n';
}

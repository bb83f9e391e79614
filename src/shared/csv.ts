/**
 * RFC 4180 CSV: comma-separated fields, double-quoted fields may hold commas, quotes (doubled) and
 * line breaks. Accepts CRLF, LF or lone CR line endings and a leading byte-order mark, as
 * spreadsheet programs write them. Used for bulk uploads (server) and templates (both sides).
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

const QUOTE = '"';
const COMMA = ',';

/** Records in file order; blank lines are skipped. Throws CsvParseError on malformed quoting. */
export function parseCsv(input: string): CsvRecord[] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let state: 'start' | 'unquoted' | 'quoted' | 'closed' = 'start';
  let line = 1;
  let recordLine = 1;
  let quotedLine = 1;
  let sawQuote = false;

  const endField = () => {
    fields.push(field);
    field = '';
    state = 'start';
  };
  const endRecord = () => {
    endField();
    const blank = fields.length === 1 && fields[0] === '' && !sawQuote;
    if (!blank) records.push({ fields, line: recordLine });
    fields = [];
    sawQuote = false;
  };

  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    const isBreak = c === '\n' || c === '\r';
    // CRLF is one line break; counting it once keeps reported line numbers right.
    const breakLength = c === '\r' && text[i + 1] === '\n' ? 2 : 1;

    if (state === 'quoted') {
      if (c === QUOTE) {
        if (text[i + 1] === QUOTE) {
          field += QUOTE;
          i += 1;
        } else {
          state = 'closed';
        }
      } else if (isBreak) {
        field += text.slice(i, i + breakLength);
        i += breakLength - 1;
        line += 1;
      } else {
        field += c;
      }
      continue;
    }

    if (isBreak) {
      endRecord();
      i += breakLength - 1;
      line += 1;
      recordLine = line;
      continue;
    }
    if (c === COMMA) {
      endField();
      continue;
    }
    if (state === 'closed') {
      // Hand-edited files often pad after the closing quote; the padding is not part of the value.
      if (c === ' ' || c === '\t') continue;
      throw new CsvParseError(`unexpected ${JSON.stringify(c)} after a closing quote (a quote inside a quoted field must be doubled: "")`, line);
    }
    if (state === 'start' && c === QUOTE) {
      state = 'quoted';
      sawQuote = true;
      quotedLine = line;
      continue;
    }
    // A quote inside an unquoted field is taken literally, as spreadsheet programs do.
    field += c;
    state = 'unquoted';
  }

  if (state === 'quoted') throw new CsvParseError('a quoted field is not closed', quotedLine);
  if (field !== '' || fields.length > 0 || sawQuote) endRecord();
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

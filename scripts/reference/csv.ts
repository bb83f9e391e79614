import { readFileSync } from 'node:fs';

/** One data row keyed by the header names. */
export type TableRow = Record<string, string>;

/**
 * RFC 4180 style CSV: quoted fields may hold commas, line breaks and doubled quotes; records end in
 * LF or CRLF. Written by hand because the build must not pull in a dependency for four files.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let inQuotes = false;
  // A field that was quoted is kept even when empty, so `""` at the end of a line still counts.
  let fieldStarted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;

  const endField = () => {
    record.push(field);
    field = '';
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    // Blank lines (including a trailing newline at the end of the file) are not records.
    if (record.length > 1 || record[0] !== '') records.push(record);
    record = [];
  };

  while (i < text.length) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        i += 1;
        continue;
      }
      field += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && !fieldStarted && field === '') {
      inQuotes = true;
      fieldStarted = true;
      i += 1;
    } else if (ch === ',') {
      endField();
      i += 1;
    } else if (ch === '\r' && text[i + 1] === '\n') {
      endRecord();
      i += 2;
    } else if (ch === '\n' || ch === '\r') {
      endRecord();
      i += 1;
    } else {
      field += ch;
      fieldStarted = true;
      i += 1;
    }
  }
  if (inQuotes) throw new Error('CSV ends inside a quoted field');
  if (field !== '' || fieldStarted || record.length > 0) endRecord();
  return records;
}

/** Tab-separated values as the DisMaNET files use them: no quoting, one record per line. */
export function parseTsv(text: string): string[][] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return body
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => line.split('\t'));
}

/** Turns the header line plus records into keyed rows and checks that every row has every column. */
export function toRows(records: string[][], source: string): TableRow[] {
  const [header, ...body] = records;
  if (!header) throw new Error(`${source}: empty file`);
  const names = header.map((h) => h.trim());
  return body.map((cells, index) => {
    if (cells.length !== names.length) {
      throw new Error(`${source}: data row ${index + 1} has ${cells.length} fields, expected ${names.length}`);
    }
    const row: TableRow = {};
    names.forEach((name, column) => {
      row[name] = cells[column]!;
    });
    return row;
  });
}

export function readTable(path: string): TableRow[] {
  const text = readFileSync(path, 'utf8');
  return toRows(path.endsWith('.tsv') ? parseTsv(text) : parseCsv(text), path);
}

/** A trimmed cell; a missing column is a build error, an empty cell is ''. */
export function cell(row: TableRow, column: string): string {
  const value = row[column];
  if (value === undefined) throw new Error(`missing column ${column}`);
  return value.trim();
}

import { TERMS_CSV_MAX_ROWS } from '../../../shared/limits';
import { CsvParseError, csvRecords, formatCsv, normalizeCsvHeader, type CsvInput } from '../../../shared/csv';
import { AppError } from '../../lib/app-error';

/** Columns of the terms CSV; keywords and synonyms are `;`-separated. */
export const TERM_CSV_COLUMNS = ['term_id', 'term', 'term_type', 'specialty_name', 'synonyms', 'search_keywords', 'is_active'] as const;

export function termsCsvTemplate() {
  return formatCsv([
    [...TERM_CSV_COLUMNS],
    ['CON-I48', 'Atrial fibrillation and flutter', 'Condition', 'Cardiovascular Disease', 'AFib; AF', 'arrhythmia; irregular heartbeat', 'true'],
    ['PROC-cardiac-catheterization', 'Cardiac catheterization', 'Procedure', 'Interventional Cardiology', 'heart cath', '', 'true'],
  ]);
}

const list = (value: string | undefined) =>
  (value ?? '')
    .split(';')
    .map((item) => item.trim())
    .filter(Boolean);

/** The refusal of a file over the row cap (issue 36: 200,000 rows held the server for 99 s). */
export const termsCsvTooLarge = (rows: number) =>
  `The CSV has ${rows.toLocaleString('en-US')} terms; a file can hold at most ${TERMS_CSV_MAX_ROWS.toLocaleString('en-US')}. Split it, or remove rows you do not need.`;

/**
 * A terms CSV's rows, checked for the cap and the required columns, and a function that turns one row
 * into a raw term object (validated later). Split from termsFromCsv so the import job can turn rows
 * into terms a chunk at a time, yielding between chunks.
 */
export function termsCsvRows(csv: CsvInput) {
  let records;
  try {
    records = csvRecords(csv);
  } catch (error) {
    if (error instanceof CsvParseError) throw AppError.validation(`The CSV could not be read: ${error.message}`);
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) throw AppError.validation('The CSV is empty');
  // A hospital's list is tens of thousands of terms; 200,000 rows held the server for 99 s (issue 36).
  if (rows.length > TERMS_CSV_MAX_ROWS) throw AppError.validation(termsCsvTooLarge(rows.length));
  const index = new Map(header.fields.map((name, i) => [normalizeCsvHeader(name), i]));
  for (const required of ['termid', 'term']) {
    if (!index.has(required)) throw AppError.validation(`The CSV needs a "${required === 'termid' ? 'term_id' : 'term'}" column`);
  }
  const cell = (fields: string[], name: string) => {
    const i = index.get(name);
    return i === undefined ? undefined : fields[i]?.trim();
  };
  const termOf = (fields: string[]) => {
    const termType = cell(fields, 'termtype');
    const specialty = cell(fields, 'specialtyname') ?? cell(fields, 'specialty');
    const active = cell(fields, 'isactive');
    return {
      termId: cell(fields, 'termid') ?? '',
      term: cell(fields, 'term') ?? '',
      ...(termType ? { termType } : {}),
      specialtyName: specialty || null,
      synonyms: list(cell(fields, 'synonyms')),
      searchKeywords: list(cell(fields, 'searchkeywords')),
      isActive: active ? !/^(false|no|0)$/i.test(active) : true,
    };
  };
  return { rows, termOf };
}

/** CSV text → raw term objects (validated later, row by row) and each row's line number. */
export function termsFromCsv(csv: CsvInput) {
  const { rows, termOf } = termsCsvRows(csv);
  return { terms: rows.map((row) => termOf(row.fields)), lines: rows.map((row) => row.line) };
}

import { CsvParseError, normalizeCsvHeader } from '@shared/csv';
import { parseCsvOffThread } from '@web/lib/csv/parse-csv-off-thread';

export interface TermsCsvPrecheck {
  rowCount: number;
  error: string | null;
}

/** What the browser can tell before a replace: readable, a term_id and a term column, some rows. */
export async function precheckTermsCsv(text: string): Promise<TermsCsvPrecheck> {
  let records;
  try {
    records = await parseCsvOffThread(text);
  } catch (error) {
    if (error instanceof CsvParseError) return { rowCount: 0, error: `The CSV could not be read: ${error.message}` };
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) return { rowCount: 0, error: 'The CSV is empty' };
  const columns = new Set(header.fields.map(normalizeCsvHeader));
  for (const [key, name] of [
    ['termid', 'term_id'],
    ['term', 'term'],
  ] as const) {
    if (!columns.has(key)) return { rowCount: 0, error: `The CSV needs a "${name}" column` };
  }
  const data = rows.filter((row) => row.fields.some((field) => field.trim() !== ''));
  if (data.length === 0) return { rowCount: 0, error: 'The CSV has a header row but no terms' };
  return { rowCount: data.length, error: null };
}

/** `details.errors` of a refused replace ("Row 7: Term is required"). */
export function replaceErrors(details: unknown): string[] {
  const errors = (details as { errors?: unknown } | null | undefined)?.errors;
  return Array.isArray(errors) ? errors.filter((item): item is string => typeof item === 'string') : [];
}

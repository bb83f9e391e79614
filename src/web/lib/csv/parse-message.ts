import { CsvParseError, parseCsv, type CsvRecord } from '@shared/csv';

/** What the CSV worker answers: the records, or the parse error's text and line. */
export type CsvWorkerReply = { records: CsvRecord[] } | { error: { message: string; line: number } };

/** The worker's whole job, kept apart so it can run (and be tested) without a worker. */
export function parseCsvMessage(text: string): CsvWorkerReply {
  try {
    return { records: parseCsv(text) };
  } catch (error) {
    if (error instanceof CsvParseError) return { error: { message: error.message.replace(/^line \d+: /, ''), line: error.line } };
    throw error;
  }
}

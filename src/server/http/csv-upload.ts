import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Context, MiddlewareHandler } from 'hono';
import Papa from 'papaparse';
import { CSV_PARSE_CONFIG, CsvParseError, CsvRecordReader, csvRecords, type CsvRecord, type ReadCsv } from '../../shared/csv';
import { AppError } from '../lib/app-error';

/** The content type of a CSV upload: the file itself is the request body. */
export const CSV_CONTENT_TYPE = /^text\/csv\b/i;

export const isCsvUpload = (c: Context) => CSV_CONTENT_TYPE.test(c.req.header('content-type') ?? '');

/** Papa Parse tells the file's line break from its first chunk: that chunk holds at least this much. */
const FIRST_CHUNK_CHARS = 64 * 1024;

/** The same text, its first chunk gathered up to FIRST_CHUNK_CHARS (or the whole text if shorter). */
async function* withLargeFirstChunk(source: AsyncIterable<string>) {
  let head: string | null = '';
  for await (const chunk of source) {
    if (head === null) {
      yield chunk;
      continue;
    }
    head += chunk;
    if (head.length >= FIRST_CHUNK_CHARS) {
      yield head;
      head = null;
    }
  }
  if (head) yield head;
}

/**
 * Parses a CSV as it streams in: the bytes are decoded as UTF-8 (a byte-order mark dropped) and
 * handed to Papa Parse chunk by chunk, so the file's text is never held whole — only the records.
 * Resolves with the records, or with the CsvParseError that stopped a malformed file (the caller
 * decides what a bad file means); rejects when the stream itself fails (the body limit, a dropped
 * connection), so the body limit's 413 still answers.
 */
export function parseCsvStream(body: ReadableStream<Uint8Array>): Promise<CsvRecord[] | CsvParseError> {
  // TextDecoderStream keeps a character split across two chunks whole, and drops a leading BOM.
  const decoder = new TextDecoderStream() as unknown as ReadableWritablePair<string, Uint8Array>;
  const text = Readable.from(withLargeFirstChunk(Readable.fromWeb(body.pipeThrough(decoder) as unknown as NodeReadableStream<string>)));
  const reader = new CsvRecordReader();
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(text, {
      ...CSV_PARSE_CONFIG,
      step: (row, parser) => {
        if (!reader.add(row)) {
          parser.abort();
          text.destroy();
        }
      },
      complete: () => resolve(reader.failure ?? reader.records),
      error: (error: Error) => reject(error),
    });
  });
}

/**
 * The size limit of a CSV upload, kept while the body streams: a declared length past it is refused
 * at once, and a body sent without one fails as soon as it passes the limit (Hono's own body limit
 * would first buffer a body without a length whole). The error reaches whoever reads the body —
 * the parser — and answers 413.
 */
export function limitCsvUpload(maxBytes: number): MiddlewareHandler {
  const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', 413, `The file is too large (at most ${Math.round(maxBytes / 1_048_576)} MB).`);
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    if (Number(c.req.header('content-length') ?? 0) > maxBytes) throw tooLarge();
    let size = 0;
    const counted = body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          size += chunk.byteLength;
          if (size > maxBytes) controller.error(tooLarge());
          else controller.enqueue(chunk);
        },
      }),
    );
    c.req.raw = new Request(c.req.raw, { body: counted, duplex: 'half' } as RequestInit);
    return next();
  };
}

/** The CSV body of an upload route, sent as `text/csv`; a request with any other body is refused. */
export async function readCsvUpload(c: Context): Promise<CsvRecord[] | CsvParseError> {
  if (!isCsvUpload(c)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the CSV file itself as the request body (Content-Type: text/csv).');
  const body = c.req.raw.body;
  return body ? parseCsvStream(body) : [];
}

/**
 * The CSV body of an upload route as text (the size limit kept as it streams in), for an import
 * that runs later as a job and parses it then; a request with any other body is refused.
 */
export async function readCsvText(c: Context): Promise<string> {
  if (!isCsvUpload(c)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the CSV file itself as the request body (Content-Type: text/csv).');
  // Response.text() decodes UTF-8 and drops a byte-order mark, as the streaming parser's decoder does.
  return c.req.raw.body ? new Response(c.req.raw.body).text() : '';
}

/**
 * An upload's records for a service that imports them: a file that could not be parsed answers 400
 * with the line where reading stopped, an empty one answers `emptyMessage`.
 */
export async function uploadedRecords(readCsv: ReadCsv, emptyMessage: string): Promise<CsvRecord[]> {
  let records;
  try {
    records = csvRecords(await readCsv());
  } catch (error) {
    if (error instanceof CsvParseError) throw AppError.validation(`The CSV could not be read: ${error.message}`, { line: error.line });
    throw error;
  }
  if (records.length === 0) throw AppError.validation(emptyMessage);
  return records;
}

import { CsvParseError, parseCsv, type CsvRecord } from '@shared/csv';
import type { CsvWorkerReply } from './parse-message';

/** Above this many characters a CSV is parsed in a worker, so choosing a big file never freezes the page. */
export const CSV_WORKER_THRESHOLD = 1_000_000;

export interface CsvWorkerLike {
  onmessage: ((event: MessageEvent<CsvWorkerReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(text: string): void;
  terminate(): void;
}

const createCsvWorker = (): CsvWorkerLike => new Worker(new URL('./csv.worker.ts', import.meta.url), { type: 'module' }) as unknown as CsvWorkerLike;

/**
 * The records of a CSV the browser previews before an upload: small files here, big ones in a
 * worker. Rejects with CsvParseError (naming the line) like parseCsv.
 */
export function parseCsvOffThread(
  text: string,
  createWorker: (() => CsvWorkerLike) | null = typeof Worker === 'undefined' ? null : createCsvWorker,
): Promise<CsvRecord[]> {
  if (text.length < CSV_WORKER_THRESHOLD || !createWorker) {
    try {
      return Promise.resolve(parseCsv(text));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
  return new Promise((resolve, reject) => {
    const worker = createWorker();
    worker.onmessage = (event) => {
      worker.terminate();
      const reply = event.data;
      if ('records' in reply) resolve(reply.records);
      else reject(new CsvParseError(reply.error.message, reply.error.line));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'The file could not be read'));
    };
    worker.postMessage(text);
  });
}

import { describe, expect, it } from 'vitest';
import { CsvParseError } from '@shared/csv';
import { CSV_WORKER_THRESHOLD, parseCsvOffThread, type CsvWorkerLike } from './parse-csv-off-thread';
import { parseCsvMessage } from './parse-message';

/** A stand-in for the module worker (jsdom has none): the same message handler, answered later. */
function fakeWorkers() {
  const made: Array<{ posted: number; terminated: boolean }> = [];
  const create = (): CsvWorkerLike => {
    const record = { posted: 0, terminated: false };
    made.push(record);
    const worker: CsvWorkerLike = {
      onmessage: null,
      onerror: null,
      postMessage(text) {
        record.posted += 1;
        setTimeout(() => worker.onmessage?.({ data: parseCsvMessage(text) } as MessageEvent<ReturnType<typeof parseCsvMessage>>), 0);
      },
      terminate() {
        record.terminated = true;
      },
    };
    return worker;
  };
  return { made, create };
}

const bigCsv = (rows: number) => ['name,city', ...Array.from({ length: rows }, (_, i) => `"Clinic ${i}, North",Evanston`)].join('\r\n');

describe('parseCsvOffThread', () => {
  it('parses a small file here and a big one in a worker, with the same records', async () => {
    const workers = fakeWorkers();
    const small = await parseCsvOffThread('name\nA\n', workers.create);
    expect(small).toEqual([
      { fields: ['name'], line: 1 },
      { fields: ['A'], line: 2 },
    ]);
    expect(workers.made).toHaveLength(0);

    const text = bigCsv(60_000);
    expect(text.length).toBeGreaterThan(CSV_WORKER_THRESHOLD);
    const records = await parseCsvOffThread(text, workers.create);
    expect(records).toHaveLength(60_001);
    expect(records[60_000]).toEqual({ fields: ['Clinic 59999, North', 'Evanston'], line: 60_001 });
    expect(workers.made).toEqual([{ posted: 1, terminated: true }]);
  });

  it('rejects with the line of a quoting error, from the worker as from here', async () => {
    const workers = fakeWorkers();
    const broken = `${bigCsv(60_000)}\r\n"unclosed,Chicago`;
    const error = await parseCsvOffThread(broken, workers.create).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CsvParseError);
    expect((error as CsvParseError).message).toBe('line 60002: a quoted field is not closed');
    await expect(parseCsvOffThread('a\n"open', workers.create)).rejects.toThrow('line 2: a quoted field is not closed');
  });
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CsvParseError, formatCsv, parseCsv } from '../../shared/csv';
import { parseCsvStream } from './csv-upload';

/** The text as UTF-8 bytes in a stream of `size`-byte chunks (cutting characters, CRLFs and quotes). */
function chunked(text: string | Uint8Array, size: number) {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

const CMS = readFileSync(new URL('../../../tests/fixtures/real/cms/hospital-general-information-excerpt.csv', import.meta.url), 'latin1');

describe('parseCsvStream', () => {
  it('reads a real CMS export in small chunks exactly as the whole text parses', async () => {
    const whole = parseCsv(CMS);
    expect(whole).toHaveLength(68);
    for (const size of [7, 64, 4096]) expect(await parseCsvStream(chunked(CMS, size))).toEqual(whole);
  });

  it('keeps quoted line breaks, blank lines, CRLF, a BOM and characters cut between chunks, with the same lines', async () => {
    const text = `\uFEFFname,note\r\n"Zürich Klinik","first line\r\nsecond, with comma"\r\n\r\n"Ça ""quoted""",— dash\r\nlast,✓`;
    const expected = parseCsv(text);
    expect(expected.map((record) => record.line)).toEqual([1, 2, 5, 6]);
    expect(expected[0]!.fields[0]).toBe('name');
    for (const size of [1, 3, 5]) expect(await parseCsvStream(chunked(text, size))).toEqual(expected);
  });

  it('reads a file larger than the first chunk, cut every few bytes, exactly as the whole text parses', async () => {
    // Past 64 KiB, the chunks reach Papa Parse as they come: cut inside characters, CRLFs and quoted fields.
    const rows = Array.from({ length: 3000 }, (_, i) => [`Zürich ✓ ${i}`, `line one\r\nline ${i}`, i % 3 === 0 ? '' : `"q" ${i}`]);
    const text = [formatCsv([['a', 'b', 'c']]), '\r\n', formatCsv(rows)].join('');
    expect(text.length).toBeGreaterThan(2 * 64 * 1024);
    const whole = parseCsv(text);
    expect(whole.map((record) => record.fields)).toEqual([['a', 'b', 'c'], ...rows]);
    expect(whole.at(-1)!.line).toBe(3 + 2 * (3000 - 1));
    expect(await parseCsvStream(chunked(text, 7))).toEqual(whole);
    expect(await parseCsvStream(chunked(text, 16_384))).toEqual(whole);
  });

  it('resolves with the parse error of a malformed file, naming the line', async () => {
    const failure = await parseCsvStream(chunked('a,b\n1,2\n"open,3\n4,5\n', 4));
    expect(failure).toBeInstanceOf(CsvParseError);
    expect((failure as CsvParseError).message).toBe('line 3: a quoted field is not closed');
  });

  it('rejects when the stream itself fails', async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('a,b\n'));
        controller.error(new Error('connection reset'));
      },
    });
    await expect(parseCsvStream(broken)).rejects.toThrow('connection reset');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCsv } from '../../src/shared/csv';
import type { BrowserClient } from '../support/clients';
import { createAdminRow, createHospital, signInAdmin } from '../support/factories';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

// CSV uploads arrive as the file itself (text/csv) and are parsed as they stream in (issue [T2 4/5]):
// a body sent in pieces without a length, a file far past the parser's first chunk, the limit
// enforced while streaming, and JSON refused on these routes.

const CSV_LIMIT = 1_048_576;
let ctx: TestContext;
let system: BrowserClient;

beforeAll(async () => {
  ctx = await createTestApp({ CSV_UPLOAD_LIMIT_BYTES: String(CSV_LIMIT) });
  system = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'system_admin' })).email);
});
afterAll(async () => {
  await ctx?.close();
});

/** Sends `text` as a text/csv body in 1 KiB pieces with no Content-Length, as a browser streams a file. */
async function streamCsv(method: 'PUT' | 'POST', path: string, text: string) {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + 1024));
      at += 1024;
    },
  });
  const response = await ctx.app.request(path, {
    method,
    body,
    duplex: 'half',
    headers: { 'content-type': 'text/csv; charset=utf-8', origin: TEST_ORIGIN, ...system.jar.header() },
  } as RequestInit);
  return { status: response.status, body: await response.json() };
}

const TERM_HEADER = ['term_id', 'term', 'term_type', 'specialty_name', 'synonyms'];
const termRows = (count: number) =>
  Array.from({ length: count }, (_, i) => [
    `CON-S${i}`,
    `Streamed condition ${i} — Zürich`,
    'Condition',
    'Cardiovascular Disease',
    `alias ${i}; “quoted” ${i}`,
  ]);

describe(`CSV uploads streamed as text/csv (${databaseLabel})`, () => {
  it('replaces a hospital’s terms from a file sent in pieces, with the file’s own line numbers in errors', async () => {
    const hospital = await createHospital(ctx);
    const path = `/api/admin/hospitals/${hospital.id}/terms`;
    // About 190 KB: well past the parser's 64 KiB first chunk. Row 2 holds a quoted line break, so
    // the bad row below starts on line 2,004 of the file, not record 2,003.
    const rows = termRows(2500);
    rows[0]![4] = 'first alias\nsecond line';
    const bad = rows.map((row) => [...row]);
    bad[2001]![1] = '';
    const refused = await streamCsv('PUT', path, formatCsv([TERM_HEADER, ...bad]));
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.errors).toEqual(['Row 2004: Term is required']);

    const accepted = await streamCsv('PUT', path, formatCsv([TERM_HEADER, ...rows]));
    expect(accepted).toMatchObject({ status: 200, body: { created: 2500, failed: 0 } });
    const found = await (await system.get(`${path}?q=${encodeURIComponent('condition 2499 — Zürich')}`)).json();
    expect(found.items.map((term: { termId: string; synonyms: string[] }) => [term.termId, term.synonyms])).toEqual([
      ['CON-S2499', ['alias 2499', '“quoted” 2499']],
    ]);
  });

  it('stops a file past the limit while it streams, records the failed taxonomy upload and changes nothing', async () => {
    const hospital = await createHospital(ctx);
    const base = `/api/admin/hospitals/${hospital.id}/taxonomy`;
    const header = 'specialty,department,division,section,specialty_code,search_keywords,common_abbreviations';
    const lines = Array.from({ length: 25_000 }, (_, i) => `Specialty ${i},Medicine,Division ${i},,S-${i},keyword ${i},AB${i}`);
    const text = [header, ...lines].join('\n');
    expect(text.length).toBeGreaterThan(CSV_LIMIT);

    const tooLarge = await streamCsv('POST', `${base}/upload?fileName=huge.csv`, text);
    expect(tooLarge).toMatchObject({ status: 413, body: { error: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large (at most 1 MB).' } } });
    const uploads = (await (await system.get(`${base}/uploads`)).json()).items;
    expect(uploads).toEqual([expect.objectContaining({ fileName: 'huge.csv', uploadStatus: 'failed', errorMessage: 'The file could not be received.' })]);
    expect((await (await system.get(base)).json()).totalCount).toBe(0);

    // Under the limit, the same stream is taken.
    const fits = await streamCsv('POST', `${base}/upload?fileName=fits.csv`, [header, ...lines.slice(0, 3000)].join('\n'));
    expect(fits).toMatchObject({ status: 200, body: { rowCount: 3000 } });
  });

  it('takes only text/csv on the CSV routes, and text/csv nowhere else', async () => {
    const hospital = await createHospital(ctx);
    const json = await system.post(`/api/admin/hospitals/${hospital.id}/locations/bulk`, { csv: 'name\nClinic\n' });
    expect(json.status).toBe(415);
    expect((await json.json()).error.message).toBe('Send the CSV file itself as the request body (Content-Type: text/csv).');
    expect((await (await system.get(`/api/admin/hospitals/${hospital.id}/locations`)).json()).totalCount).toBe(0);

    const elsewhere = await ctx.app.request(`/api/admin/hospitals/${hospital.id}/locations`, {
      method: 'POST',
      body: 'name\nClinic\n',
      headers: { 'content-type': 'text/csv', origin: TEST_ORIGIN, ...system.jar.header() },
    });
    expect(elsewhere.status).toBe(415);

    const missingName = await system.post(`/api/admin/hospitals/${hospital.id}/taxonomy/upload`, new Blob(['specialty\nA\n'], { type: 'text/csv' }));
    expect((await missingName.json()).error.message).toBe('fileName is required');
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp, type AppDeps } from '../../src/server/app';
import { auditLog, brandGuidelineDocuments, hospitalBrandSettings, hospitals } from '../../src/server/db/schema';
import { loadEnv } from '../../src/server/env';
import { createLocalStorage, createS3Storage, type FileStorage } from '../../src/server/integrations/storage';
import { createLogger } from '../../src/server/lib/logger';
import { migrationsDir } from '../../src/server/paths';
import { startFakeS3 } from '../fakes/s3';
import { browserClient, type BrowserClient } from '../support/clients';
import { createAdminRow, createHospital, signInAdmin } from '../support/factories';
import { TEST_ORIGIN, type TestContext } from '../support/test-app';
import { createTestDatabase, databaseLabel } from '../support/test-database';

const UPLOAD_LIMIT = 1_048_576;
const enc = (text: string) => new TextEncoder().encode(text);
const bytesOf = (...parts: Array<Uint8Array | number[]>) => Uint8Array.from(parts.flatMap((part) => [...part]));
const PDF = enc('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const PNG = bytesOf([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], enc('\0\0\0\rIHDR'));
const DOCX = bytesOf([0x50, 0x4b, 0x03, 0x04], enc('\x14\0\0\0[Content_Types].xml....PK\x03\x04word/document.xml....'));
const SVG = enc('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');

/** The local store with switches: every put is recorded, and delete can be made to fail. */
function controllableStorage(inner: FileStorage) {
  const controls = { failDelete: false, failPut: false, failGet: false, puts: [] as string[] };
  const storage: FileStorage = {
    kind: inner.kind,
    put: async (key, body, options) => {
      if (controls.failPut) throw new Error('simulated storage outage');
      await inner.put(key, body, options);
      controls.puts.push(key);
    },
    get: async (key) => {
      if (controls.failGet) throw new Error('simulated storage outage');
      return inner.get(key);
    },
    delete: async (key) => {
      if (controls.failDelete) throw new Error('simulated storage outage');
      await inner.delete(key);
    },
    deleteFolder: (folder) => inner.deleteFolder(folder),
  };
  return { storage, controls };
}

let ctx: TestContext;
let deps: AppDeps & { storage: FileStorage };
let storageDir: string;
let inner: FileStorage;
let controls: ReturnType<typeof controllableStorage>['controls'];
const logLines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'vitae-brand-'));
  inner = createLocalStorage(storageDir);
  const controllable = controllableStorage(inner);
  controls = controllable.controls;
  const database = await createTestDatabase();
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    APP_URL: TEST_ORIGIN,
    TRUST_PROXY: 'true',
    STORAGE_DIR: storageDir,
    UPLOAD_LIMIT_BYTES: String(UPLOAD_LIMIT),
  });
  const logger = createLogger({ level: 'warn', environment: 'test', destination: { write: (line: string) => void logLines.push(JSON.parse(line)) } });
  deps = { env, database, logger, migrationsDir, storage: controllable.storage };
  ctx = { app: createApp(deps), database, env, close: () => database.close() };
});
afterAll(async () => {
  await ctx?.close();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});
beforeEach(() => {
  Object.assign(controls, { failDelete: false, failPut: false, failGet: false });
});

async function hospitalWithAdmin() {
  const hospital = await createHospital(ctx);
  const admin = await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id });
  const client = await signInAdmin(ctx, admin.email);
  return { hospital, admin, client };
}

async function upload(
  client: BrowserClient,
  hospitalId: string,
  file: File | null,
  fields: Record<string, string> = {},
  app: Pick<TestContext['app'], 'request'> = ctx.app,
) {
  const form = new FormData();
  if (file) form.append('file', file);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await app.request(`/api/admin/hospitals/${hospitalId}/brand-documents`, {
    method: 'POST',
    body: form,
    headers: { origin: TEST_ORIGIN, ...client.jar.header() },
  });
  client.jar.apply(response);
  return response;
}

const pdfFile = (name = 'guide.pdf', body: Uint8Array<ArrayBuffer> = PDF) => new File([body], name, { type: 'application/pdf' });
const hospitalRow = async (id: string) => (await ctx.database.db.select().from(hospitals).where(eq(hospitals.id, id)))[0]!;
const documentRows = (hospitalId: string) => ctx.database.db.select().from(brandGuidelineDocuments).where(eq(brandGuidelineDocuments.hospitalId, hospitalId));
const lastAudit = async (action: string, hospitalId: string) =>
  (
    await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.hospitalId, hospitalId)))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1)
  )[0];

describe(`brand settings and writing standards (${databaseLabel})`, () => {
  it('round-trips settings: trimmed, empty as null, updated_by the admin, audited', async () => {
    const { hospital, admin, client } = await hospitalWithAdmin();
    const base = `/api/admin/hospitals/${hospital.id}/brand-settings`;
    expect(await (await client.get(base)).json()).toEqual({
      hospitalId: hospital.id,
      brandVoice: null,
      toneGuidelines: null,
      writingStyleNotes: null,
      autoApplyToPrompts: false,
      updatedBy: null,
      updatedAt: null,
    });

    const saved = await client.put(base, {
      brandVoice: '  Warm, precise.  ',
      toneGuidelines: '   ',
      writingStyleNotes: 'Use first names.',
      autoApplyToPrompts: true,
    });
    expect(saved.status).toBe(200);
    const body = await saved.json();
    expect(body).toMatchObject({
      brandVoice: 'Warm, precise.',
      toneGuidelines: null,
      writingStyleNotes: 'Use first names.',
      autoApplyToPrompts: true,
      updatedBy: admin.id,
    });
    expect(await (await client.get(base)).json()).toEqual(body);

    // PUT replaces: a field left out is cleared; a second save updates the same row.
    await client.put(base, { brandVoice: 'Plain.' });
    const rows = await ctx.database.db.select().from(hospitalBrandSettings).where(eq(hospitalBrandSettings.hospitalId, hospital.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ brandVoice: 'Plain.', writingStyleNotes: null, autoApplyToPrompts: false });

    const audit = await lastAudit('brand.settings.update', hospital.id);
    expect(audit).toMatchObject({ actorId: admin.id, targetId: hospital.id });
    expect(audit!.summary).toMatchObject({
      before: { brandVoice: 'Warm, precise.', autoApplyToPrompts: true },
      after: { brandVoice: 'Plain.', autoApplyToPrompts: false },
    });

    const tooLong = await client.put(base, { brandVoice: 'x'.repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).error.message).toBe('Brand voice must be at most 2,000 characters');
    expect((await client.put(base, { brandVoice: 'x', hospitalId: 'other' })).status).toBe(400);
  });

  it('stores writing standards on the hospital and reports a zero-row update', async () => {
    const { hospital, client } = await hospitalWithAdmin();
    const base = `/api/admin/hospitals/${hospital.id}/brand-writing-standards`;
    expect(await (await client.get(base)).json()).toEqual({ writingStandards: null });
    const saved = await client.put(base, { writingStandards: '  Avoid jargon.\nSpell out abbreviations.  ' });
    expect(await saved.json()).toEqual({ writingStandards: 'Avoid jargon.\nSpell out abbreviations.' });
    expect((await hospitalRow(hospital.id)).brandWritingStandards).toBe('Avoid jargon.\nSpell out abbreviations.');
    expect(await (await client.get(base)).json()).toEqual({ writingStandards: 'Avoid jargon.\nSpell out abbreviations.' });
    expect((await lastAudit('brand.writing_standards.update', hospital.id))!.summary).toMatchObject({
      before: null,
      after: 'Avoid jargon.\nSpell out abbreviations.',
    });
    expect((await client.put(base, {})).status).toBe(400);

    // A trigger that skips the row makes the UPDATE affect nothing, as a policy or a race would.
    await ctx.database.db.execute(
      sql.raw(
        `create or replace function test_skip_hospital_update() returns trigger language plpgsql as $$ begin if old.id = '${hospital.id}' then return null; end if; return new; end $$`,
      ),
    );
    await ctx.database.db.execute(
      sql.raw('create trigger test_skip_hospital_update before update on hospitals for each row execute function test_skip_hospital_update()'),
    );
    try {
      const refused = await client.put(base, { writingStandards: 'Lost?' });
      expect(refused.status).toBe(409);
      expect((await refused.json()).error.message).toBe('Update operation affected 0 rows - brand writing standards were not saved to database');
      expect((await hospitalRow(hospital.id)).brandWritingStandards).toBe('Avoid jargon.\nSpell out abbreviations.');
    } finally {
      await ctx.database.db.execute(sql.raw('drop trigger test_skip_hospital_update on hospitals'));
    }
  });
});

describe(`brand guideline documents (${databaseLabel})`, () => {
  it('uploads a PDF: stored without overwrite, listed as primary, downloadable, URL on the hospital', async () => {
    const { hospital, admin, client } = await hospitalWithAdmin();
    const response = await upload(client, hospital.id, pdfFile('Brand Book 2025.pdf'));
    expect(response.status).toBe(201);
    const document = await response.json();
    expect(document).toMatchObject({
      hospitalId: hospital.id,
      fileName: 'Brand Book 2025.pdf',
      mimeType: 'application/pdf',
      sizeBytes: PDF.byteLength,
      isPrimary: true,
      uploadedBy: admin.id,
      url: `/api/admin/hospitals/${hospital.id}/brand-documents/${document.id}/file`,
    });
    expect(document.storageKey).toBeUndefined();

    const [row] = await documentRows(hospital.id);
    expect(row!.storageKey).toMatch(new RegExp(`^${hospital.id}/brand-guidelines-\\d{13}\\.pdf$`));
    expect(await inner.get(row!.storageKey)).toMatchObject({ contentType: 'application/pdf', cacheControl: 'public, max-age=3600' });
    expect((await hospitalRow(hospital.id)).brandGuidelinesUrl).toBe(document.url);

    const list = await (await client.get(`/api/admin/hospitals/${hospital.id}/brand-documents`)).json();
    expect(list.items).toEqual([document]);

    const file = await client.get(document.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(file.headers.get('content-disposition')).toBe(`inline; filename="Brand Book 2025.pdf"; filename*=UTF-8''Brand%20Book%202025.pdf`);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);

    expect((await lastAudit('brand.document.upload', hospital.id))!.summary).toMatchObject({ after: { fileName: 'Brand Book 2025.pdf', isPrimary: true } });
    const guidelines = await (await client.get(`/api/admin/hospitals/${hospital.id}/brand-guidelines`)).json();
    expect(guidelines).toMatchObject({
      writingStandards: null,
      brandGuidelinesUrl: document.url,
      documents: [document],
      settings: { hospitalId: hospital.id },
    });
  });

  it('a second upload made primary flips the first; others keep their place; PATCH moves it back', async () => {
    const { hospital, client } = await hospitalWithAdmin();
    const first = await (await upload(client, hospital.id, pdfFile('first.pdf'))).json();
    const second = await (await upload(client, hospital.id, new File([DOCX], 'second.docx'), { isPrimary: 'true' })).json();
    expect(second).toMatchObject({ isPrimary: true, mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    const third = await (await upload(client, hospital.id, new File([PNG], 'third.png', { type: 'image/png' }), { isPrimary: 'false' })).json();
    expect(third.isPrimary).toBe(false);
    expect((await hospitalRow(hospital.id)).brandGuidelinesUrl).toBe(second.url);

    const listed = (await (await client.get(`/api/admin/hospitals/${hospital.id}/brand-documents`)).json()).items;
    expect(listed.map((d: { id: string; isPrimary: boolean }) => [d.id, d.isPrimary])).toEqual([
      [second.id, true],
      [third.id, false],
      [first.id, false],
    ]);

    const patched = await client.patch(`/api/admin/hospitals/${hospital.id}/brand-documents/${first.id}`, { isPrimary: true });
    expect(patched.status).toBe(200);
    expect((await patched.json()).isPrimary).toBe(true);
    expect((await hospitalRow(hospital.id)).brandGuidelinesUrl).toBe(first.url);
    const rows = await documentRows(hospital.id);
    expect(rows.filter((r) => r.isPrimary).map((r) => r.id)).toEqual([first.id]);
    expect((await lastAudit('brand.document.make_primary', hospital.id))!.summary).toMatchObject({
      before: { primaryId: second.id },
      after: { primaryId: first.id },
    });

    const unset = await client.patch(`/api/admin/hospitals/${hospital.id}/brand-documents/${first.id}`, { isPrimary: false });
    expect(unset.status).toBe(400);
    expect((await unset.json()).error.message).toMatch(/can only be made primary/);
    expect((await client.patch(`/api/admin/hospitals/${hospital.id}/brand-documents/not-a-uuid`, { isPrimary: true })).status).toBe(404);
  });

  it('refuses disguised, scriptable, empty, oversized and missing files with clear messages, storing nothing', async () => {
    const { hospital, client } = await hospitalWithAdmin();
    const putsBefore = controls.puts.length;
    const expectRefusal = async (response: Response, status: number, message: string | RegExp) => {
      expect(response.status).toBe(status);
      const { error } = await response.json();
      if (typeof message === 'string') expect(error.message).toBe(message);
      else expect(error.message).toMatch(message);
    };
    const svgMessage = 'SVG files are not accepted because they can contain scripts. Upload a PDF, DOCX, PNG, JPEG or WEBP file.';

    await expectRefusal(
      await upload(client, hospital.id, new File([PNG], 'guide.pdf', { type: 'application/pdf' })),
      415,
      '"guide.pdf" does not contain a PDF file; its contents do not match its name or type.',
    );
    await expectRefusal(await upload(client, hospital.id, new File([SVG], 'logo.svg', { type: 'image/svg+xml' })), 415, svgMessage);
    await expectRefusal(await upload(client, hospital.id, new File([SVG], 'logo.png', { type: 'image/png' })), 415, svgMessage);
    await expectRefusal(
      await upload(client, hospital.id, new File([PDF], 'tool.exe', { type: 'application/octet-stream' })),
      415,
      'This file type is not accepted. Upload a PDF, DOCX, PNG, JPEG or WEBP file.',
    );
    await expectRefusal(await upload(client, hospital.id, new File([], 'empty.pdf', { type: 'application/pdf' })), 400, 'The file is empty.');
    const big = new Uint8Array(UPLOAD_LIMIT + 1);
    big.set(PDF);
    const tooLarge = await upload(client, hospital.id, pdfFile('big.pdf', big));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The file is too large (at most 1 MB).' } });
    await expectRefusal(await upload(client, hospital.id, null, { note: 'no file' }), 400, 'Choose a file to upload (form field "file").');
    await expectRefusal(await upload(client, hospital.id, pdfFile(), { isPrimary: 'yes' }), 400, 'isPrimary must be "true" or "false".');
    await expectRefusal(
      await client.post(`/api/admin/hospitals/${hospital.id}/brand-documents`, { file: 'x' }),
      415,
      'Send the file as multipart/form-data in a field named "file".',
    );

    expect(controls.puts.length).toBe(putsBefore);
    expect(await documentRows(hospital.id)).toEqual([]);
    expect((await hospitalRow(hospital.id)).brandGuidelinesUrl).toBeNull();
  });

  it('delete removes the row, clears the hospital URL and removes the file', async () => {
    const { hospital, client } = await hospitalWithAdmin();
    const keep = await (await upload(client, hospital.id, pdfFile('keep.pdf'))).json();
    const primary = await (await upload(client, hospital.id, pdfFile('primary.pdf'), { isPrimary: 'true' })).json();
    const [row] = (await documentRows(hospital.id)).filter((r) => r.id === primary.id);

    const deleted = await client.delete(`/api/admin/hospitals/${hospital.id}/brand-documents/${primary.id}`);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ deleted: true });
    expect((await documentRows(hospital.id)).map((r) => r.id)).toEqual([keep.id]);
    expect((await hospitalRow(hospital.id)).brandGuidelinesUrl).toBeNull();
    expect(await inner.get(row!.storageKey)).toBeNull();
    expect((await client.get(primary.url)).status).toBe(404);
    expect((await client.delete(`/api/admin/hospitals/${hospital.id}/brand-documents/${primary.id}`)).status).toBe(404);
    expect((await lastAudit('brand.document.delete', hospital.id))!.summary).toMatchObject({
      before: { fileName: 'primary.pdf', isPrimary: true },
      brandGuidelinesUrlCleared: true,
    });

    // Deleting a document that is not the primary leaves the URL alone; the next upload with no primary becomes it.
    const next = await (await upload(client, hospital.id, pdfFile('next.pdf'))).json();
    expect(next.isPrimary).toBe(true);
    await client.delete(`/api/admin/hospitals/${hospital.id}/brand-documents/${keep.id}`);
    expect((await hospitalRow(hospital.id)).brandGuidelinesUrl).toBe(next.url);
  });

  it('a failed file removal after delete is only logged', async () => {
    const { hospital, client } = await hospitalWithAdmin();
    const document = await (await upload(client, hospital.id, pdfFile())).json();
    const [row] = await documentRows(hospital.id);
    controls.failDelete = true;
    const deleted = await client.delete(`/api/admin/hospitals/${hospital.id}/brand-documents/${document.id}`);
    expect(deleted.status).toBe(200);
    expect(await documentRows(hospital.id)).toEqual([]);
    expect((await hospitalRow(hospital.id)).brandGuidelinesUrl).toBeNull();
    expect(logLines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        msg: 'brand document file could not be removed from storage',
        hospitalId: hospital.id,
        documentId: document.id,
        storagePath: expect.stringMatching(new RegExp(`^${hospital.id}/brand-guidelines-.+\\.pdf$`)),
        err: expect.objectContaining({ message: 'simulated storage outage' }),
      }),
    );
    expect(await inner.get(row!.storageKey)).not.toBeNull();
  });

  it('a database failure after the file was stored removes the file and changes nothing', async () => {
    const { hospital, client } = await hospitalWithAdmin();
    await ctx.database.db.execute(
      sql.raw(
        `create or replace function test_fail_brand_insert() returns trigger language plpgsql as $$ begin if new.file_name = 'explode.pdf' then raise exception 'simulated database failure'; end if; return new; end $$`,
      ),
    );
    await ctx.database.db.execute(
      sql.raw('create trigger test_fail_brand_insert before insert on brand_guideline_documents for each row execute function test_fail_brand_insert()'),
    );
    try {
      const putsBefore = controls.puts.length;
      const failed = await upload(client, hospital.id, pdfFile('explode.pdf'));
      expect(failed.status).toBe(500);
      expect(controls.puts.length).toBe(putsBefore + 1);
      expect(await inner.get(controls.puts.at(-1)!)).toBeNull();
      expect(await documentRows(hospital.id)).toEqual([]);
      expect((await hospitalRow(hospital.id)).brandGuidelinesUrl).toBeNull();
      expect(await lastAudit('brand.document.upload', hospital.id)).toBeUndefined();
    } finally {
      await ctx.database.db.execute(sql.raw('drop trigger test_fail_brand_insert on brand_guideline_documents'));
    }
  });

  it('answers 503 when the file store is down, recording nothing', async () => {
    const { hospital, client } = await hospitalWithAdmin();
    const stored = await (await upload(client, hospital.id, pdfFile('stored.pdf'))).json();
    controls.failPut = true;
    const refused = await upload(client, hospital.id, pdfFile('later.pdf'), { isPrimary: 'true' });
    expect(refused.status).toBe(503);
    expect((await refused.json()).error).toEqual({
      code: 'STORAGE_UNAVAILABLE',
      message: 'The file store is not responding. Please try again in a few minutes.',
    });
    expect((await documentRows(hospital.id)).map((r) => r.fileName)).toEqual(['stored.pdf']);
    expect((await hospitalRow(hospital.id)).brandGuidelinesUrl).toBe(stored.url);
    controls.failGet = true;
    expect((await client.get(stored.url)).status).toBe(503);
    // A row whose file has vanished from the store answers 404, not an empty 200.
    controls.failGet = false;
    await inner.delete((await documentRows(hospital.id))[0]!.storageKey);
    const missing = await client.get(stored.url);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toEqual({ code: 'FILE_MISSING', message: 'The file of this brand document is no longer in storage.' });
  });

  it('keeps each hospital to its own brand: another hospital answers 404 on every route', async () => {
    const mine = await hospitalWithAdmin();
    const theirs = await hospitalWithAdmin();
    const theirDocument = await (await upload(theirs.client, theirs.hospital.id, pdfFile('theirs.pdf'))).json();
    await theirs.client.put(`/api/admin/hospitals/${theirs.hospital.id}/brand-writing-standards`, { writingStandards: 'Secret house style' });
    const client = mine.client;
    const other = `/api/admin/hospitals/${theirs.hospital.id}`;
    const responses = [
      await client.get(`${other}/brand-settings`),
      await client.put(`${other}/brand-settings`, { brandVoice: 'hijack' }),
      await client.get(`${other}/brand-writing-standards`),
      await client.put(`${other}/brand-writing-standards`, { writingStandards: 'hijack' }),
      await client.get(`${other}/brand-guidelines`),
      await client.get(`${other}/brand-documents`),
      await upload(client, theirs.hospital.id, pdfFile()),
      await client.patch(`${other}/brand-documents/${theirDocument.id}`, { isPrimary: true }),
      await client.delete(`${other}/brand-documents/${theirDocument.id}`),
      await client.get(theirDocument.url),
      // Their document through my own hospital's path is not found either.
      await client.get(`/api/admin/hospitals/${mine.hospital.id}/brand-documents/${theirDocument.id}/file`),
      await client.patch(`/api/admin/hospitals/${mine.hospital.id}/brand-documents/${theirDocument.id}`, { isPrimary: true }),
      await client.delete(`/api/admin/hospitals/${mine.hospital.id}/brand-documents/${theirDocument.id}`),
    ];
    expect(responses.map((r) => r.status)).toEqual(Array(responses.length).fill(404));
    expect(await documentRows(theirs.hospital.id)).toHaveLength(1);
    expect(await documentRows(mine.hospital.id)).toEqual([]);
    expect((await hospitalRow(theirs.hospital.id)).brandWritingStandards).toBe('Secret house style');

    // A system administrator reaches every hospital; no session reaches none.
    const system = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'system_admin' })).email);
    expect((await system.get(theirDocument.url)).status).toBe(200);
    expect((await browserClient(ctx.app).get(`${other}/brand-documents`)).status).toBe(401);
    expect((await upload(browserClient(ctx.app), theirs.hospital.id, pdfFile())).status).toBe(401);
  });
});

describe(`brand documents on S3 (${databaseLabel}, loopback S3 fake)`, () => {
  it('stores under the same key with no-overwrite and cache control, serves and deletes the object', async () => {
    const fake = await startFakeS3();
    try {
      const s3 = createS3Storage({
        bucket: 'vitae-brand',
        region: 'us-east-1',
        endpoint: fake.url,
        accessKeyId: 'AKIDTEST',
        secretAccessKey: 'test-secret',
        forcePathStyle: true,
      });
      // The same database and sessions, another app instance whose storage is S3.
      const app = createApp({ ...deps, storage: s3 });
      const { hospital, client } = await hospitalWithAdmin();
      const s3Client = browserClient(app, client.jar);
      const created = await upload(s3Client, hospital.id, new File([PNG], 'logo.png', { type: 'image/png' }), {}, app);
      expect(created.status).toBe(201);
      const document = await created.json();
      const [row] = await documentRows(hospital.id);
      const put = fake.requests.find((r) => r.method === 'PUT')!;
      expect(put).toMatchObject({ bucket: 'vitae-brand', key: row!.storageKey });
      expect(put.headers).toMatchObject({ 'if-none-match': '*', 'cache-control': 'public, max-age=3600', 'content-type': 'image/png' });

      const file = await s3Client.get(document.url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG);

      expect((await s3Client.delete(`/api/admin/hospitals/${hospital.id}/brand-documents/${document.id}`)).status).toBe(200);
      expect(fake.objects.size).toBe(0);
    } finally {
      await fake.close();
    }
  });
});

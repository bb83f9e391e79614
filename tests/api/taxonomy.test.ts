import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTaxonomyCsv } from '../../src/shared/schemas/taxonomy';
import {
  auditLog,
  hospitalSpecialtyTaxonomiesPoc,
  hospitalTaxonomyConfigurations,
  hospitalTaxonomyUploads,
  medicalSpecialtyTaxonomy,
  type adminUsers,
  type hospitals,
} from '../../src/server/db/schema';
import { seedReferenceData } from '../../src/server/db/seed';
import { seedDataDir } from '../../src/server/paths';
import { browserClient, csvFile, type BrowserClient } from '../support/clients';
import { createAdminRow, createHospital, signInAdmin, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

let ctx: TestContext;
let system: BrowserClient;
let hospitalA: typeof hospitals.$inferSelect;
let hospitalB: typeof hospitals.$inferSelect;
let adminARow: typeof adminUsers.$inferSelect;
let adminA: BrowserClient;
let defaultRowCount: number;
let taxonomyInserts: string[] = [];

const HEADER = 'specialty,department,division,section,specialty_code,search_keywords,common_abbreviations';

beforeAll(async () => {
  ctx = await createTestApp({}, { onQuery: (query) => /^insert into "hospital_specialty_taxonomies_poc"/.test(query) && taxonomyInserts.push(query) });
  await seedReferenceData(ctx.database.db, seedDataDir);
  defaultRowCount = (await ctx.database.db.select({ id: medicalSpecialtyTaxonomy.id }).from(medicalSpecialtyTaxonomy)).length;
  system = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'system_admin' })).email);
  hospitalA = await createHospital(ctx);
  hospitalB = await createHospital(ctx);
  adminARow = await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospitalA.id });
  adminA = await signInAdmin(ctx, adminARow.email);
});
afterAll(async () => {
  await ctx?.close();
});

async function providerOf(hospitalId: string | null) {
  const client = browserClient(ctx.app);
  const response = await client.post(
    '/api/auth/sign-up',
    {
      email: `taxonomy.${uniqueSuffix()}@example.org`,
      password: 'a long passphrase',
      agreedToTerms: true,
      agreedToPrivacy: true,
      fullName: 'Tess Taxonomy',
      ...(hospitalId ? { hospitalId } : {}),
    },
    { 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 250)}` },
  );
  expect(response.status).toBe(201);
  return client;
}

async function hospitalRows(hospitalId: string) {
  return ctx.database.db
    .select()
    .from(hospitalSpecialtyTaxonomiesPoc)
    .where(eq(hospitalSpecialtyTaxonomiesPoc.hospitalId, hospitalId))
    .orderBy(asc(hospitalSpecialtyTaxonomiesPoc.specialty));
}

async function auditActions(targetIds: string[]) {
  const rows = await ctx.database.db.select().from(auditLog).where(inArray(auditLog.targetId, targetIds)).orderBy(asc(auditLog.id));
  return rows.map((row) => row.action);
}

const csv = (...lines: string[]) => lines.join('\r\n') + '\r\n';

describe(`default taxonomy (${databaseLabel})`, () => {
  it('lists the seeded taxonomy ordered by department, division, section, sort order and specialty', async () => {
    expect(defaultRowCount).toBe(238);
    const page = await (await adminA.get('/api/admin/taxonomy/default?pageSize=10000')).json();
    expect(page.totalCount).toBe(238);
    expect(page.items).toHaveLength(238);
    // Checked without re-sorting in JavaScript, whose string order need not match the database collation.
    type Row = { department: string | null; division: string | null; section: string | null; sortOrder: number };
    const unit = (r: Row) => JSON.stringify([r.department, r.division, r.section]);
    const seenUnits = new Set<string>();
    page.items.forEach((row: Row, index: number) => {
      const previous = page.items[index - 1] as Row | undefined;
      if (previous && unit(previous) === unit(row)) {
        expect(row.sortOrder).toBeGreaterThanOrEqual(previous.sortOrder);
      } else {
        expect(seenUnits.has(unit(row)), `${unit(row)} appears in two places`).toBe(false);
        seenUnits.add(unit(row));
      }
    });
    const departments = (await (await adminA.get('/api/admin/taxonomy/default/departments')).json()).items as string[];
    const inListOrder = [...new Set(page.items.map((r: Row) => r.department))].filter((d) => d !== null);
    expect(inListOrder).toEqual(departments);

    const second = await (await adminA.get('/api/admin/taxonomy/default?pageSize=100&page=2')).json();
    expect(second.items[0].id).toBe(page.items[100].id);
    expect((await adminA.get('/api/admin/taxonomy/default?pageSize=10001')).status).toBe(400);
  });

  it('filters by unit and searches specialty, code and keywords case-insensitively and literally', async () => {
    const family = await (await adminA.get('/api/admin/taxonomy/default?department=Primary%20Care&division=Family%20Medicine')).json();
    expect(family.totalCount).toBeGreaterThan(1);
    expect(family.items.every((r: { department: string; division: string }) => r.department === 'Primary Care' && r.division === 'Family Medicine')).toBe(true);

    const byCode = await (await adminA.get('/api/admin/taxonomy/default?q=207q00000x')).json();
    expect(byCode.items.map((r: { specialty: string }) => r.specialty)).toEqual(['Family Medicine']);
    const byKeyword = await (await adminA.get('/api/admin/taxonomy/default?q=GESTATIONAL')).json();
    expect(byKeyword.items.map((r: { specialty: string }) => r.specialty)).toContain('Diabetology (Family Medicine)');
    const byName = await (await adminA.get('/api/admin/taxonomy/default?q=family%20med')).json();
    expect(byName.totalCount).toBeGreaterThan(1);

    // % and _ are ordinary characters in a search, not wildcards.
    for (const q of ['%25', '_', 'Family%25Medicine', 'Family_Medicine']) {
      const response = await (await adminA.get(`/api/admin/taxonomy/default?q=${q}`)).json();
      expect(response.totalCount, q).toBe(0);
    }
  });

  it('offers departments, then a department’s divisions, then a division’s sections', async () => {
    const departments = (await (await adminA.get('/api/admin/taxonomy/default/departments')).json()).items as string[];
    expect(departments).toContain('Primary Care');
    expect(new Set(departments).size).toBe(departments.length);

    const divisions = (await (await adminA.get('/api/admin/taxonomy/default/divisions?department=Primary%20Care')).json()).items as string[];
    expect(divisions).toContain('Family Medicine');
    const allDivisions = (await (await adminA.get('/api/admin/taxonomy/default/divisions')).json()).items as string[];
    expect(allDivisions.length).toBeGreaterThan(divisions.length);

    const sections = (await (await adminA.get('/api/admin/taxonomy/default/sections?department=Primary%20Care&division=Family%20Medicine')).json())
      .items as string[];
    expect(sections).toContain('Addiction Medicine');
    expect(sections).not.toContain(null);
    expect(new Set(sections).size).toBe(sections.length);
  });

  it('lets a system admin create, update and delete default rows, trimming text', async () => {
    const created = await system.post('/api/admin/taxonomy/default', {
      specialty: '  Space Medicine  ',
      department: '   ',
      division: '  Aerospace ',
      specialtyCode: ' ZZ-SPACE ',
      searchKeywords: [' orbit ', '', 'ORBIT', 'gravity'],
      commonAbbreviations: ['  SM '],
    });
    expect(created.status).toBe(201);
    const row = await created.json();
    expect(row).toMatchObject({
      specialty: 'Space Medicine',
      department: null,
      division: 'Aerospace',
      section: null,
      specialtyCode: 'ZZ-SPACE',
      searchKeywords: ['orbit', 'gravity'],
      commonAbbreviations: ['SM'],
      isActive: true,
      sortOrder: 0,
    });

    const updated = await (await system.patch(`/api/admin/taxonomy/default/${row.id}`, { sortOrder: 7, department: ' Flight ' })).json();
    expect(updated).toMatchObject({ specialty: 'Space Medicine', department: 'Flight', division: 'Aerospace', sortOrder: 7, isActive: true });
    const cleared = await (await system.patch(`/api/admin/taxonomy/default/${row.id}`, { division: '  ', isActive: false })).json();
    expect(cleared).toMatchObject({ department: 'Flight', division: null, isActive: false, sortOrder: 7 });

    const blank = await system.post('/api/admin/taxonomy/default', { specialty: '   ' });
    expect(blank.status).toBe(400);
    expect((await blank.json()).error.message).toBe('specialty is required');

    expect((await system.delete(`/api/admin/taxonomy/default/${row.id}`)).status).toBe(200);
    const gone = await system.patch(`/api/admin/taxonomy/default/${row.id}`, { sortOrder: 1 });
    expect(gone.status).toBe(404);
    expect((await gone.json()).error.message).toBe('Taxonomy entry not found');
    expect(await auditActions([row.id])).toEqual(['taxonomy.default.create', 'taxonomy.default.update', 'taxonomy.default.update', 'taxonomy.default.delete']);
  });

  it('keeps the default taxonomy to system admins for writes, and to admins for reads', async () => {
    const [someRow] = await ctx.database.db.select().from(medicalSpecialtyTaxonomy).limit(1);
    expect((await adminA.post('/api/admin/taxonomy/default', { specialty: 'Mine' })).status).toBe(403);
    expect((await adminA.patch(`/api/admin/taxonomy/default/${someRow!.id}`, { specialty: 'Mine' })).status).toBe(403);
    expect((await adminA.delete(`/api/admin/taxonomy/default/${someRow!.id}`)).status).toBe(403);
    const [after] = await ctx.database.db.select().from(medicalSpecialtyTaxonomy).where(eq(medicalSpecialtyTaxonomy.id, someRow!.id));
    expect(after!.specialty).toBe(someRow!.specialty);
    expect((await browserClient(ctx.app).get('/api/admin/taxonomy/default')).status).toBe(401);
    const provider = await providerOf(null);
    expect((await provider.get('/api/admin/taxonomy/default')).status).toBe(401);
  });
});

describe(`a hospital’s taxonomy (${databaseLabel})`, () => {
  it('creates, lists, drills down, updates and deletes the hospital’s own rows', async () => {
    const base = `/api/admin/hospitals/${hospitalA.id}/taxonomy`;
    const created = await adminA.post(base, {
      specialty: ' Heart Failure ',
      department: ' Medicine ',
      division: 'Cardiology',
      section: ' ',
      specialtyCode: ' HF-1 ',
      searchKeywords: ['ignored'],
    });
    expect(created.status).toBe(201);
    const row = await created.json();
    expect(row).toMatchObject({
      hospitalId: hospitalA.id,
      specialty: 'Heart Failure',
      department: 'Medicine',
      division: 'Cardiology',
      section: null,
      specialtyCode: 'HF-1',
      isActive: true,
      isCustom: true,
      createdBy: adminARow.id,
    });
    const second = await (
      await adminA.post(base, { specialty: 'Electrophysiology', department: 'Medicine', division: 'Cardiology', section: 'Arrhythmia' })
    ).json();
    await adminA.post(base, { specialty: 'Sleep Medicine', department: 'Neurosciences' });

    const list = await (await adminA.get(base)).json();
    expect(list.totalCount).toBe(3);
    expect(list.items.map((r: { specialty: string }) => r.specialty)).toEqual(['Electrophysiology', 'Heart Failure', 'Sleep Medicine']);
    expect((await (await adminA.get(`${base}?q=hf-`)).json()).items.map((r: { id: string }) => r.id)).toEqual([row.id]);
    expect((await (await adminA.get(`${base}/departments`)).json()).items).toEqual(['Medicine', 'Neurosciences']);
    expect((await (await adminA.get(`${base}/divisions?department=Medicine`)).json()).items).toEqual(['Cardiology']);
    expect((await (await adminA.get(`${base}/sections?department=Medicine&division=Cardiology`)).json()).items).toEqual(['Arrhythmia']);

    const updated = await (await adminA.patch(`${base}/${row.id}`, { specialty: '  Advanced Heart Failure ', isActive: false })).json();
    expect(updated).toMatchObject({ specialty: 'Advanced Heart Failure', department: 'Medicine', isActive: false, isCustom: true });
    expect((await (await adminA.get(`${base}?activeOnly=true`)).json()).totalCount).toBe(2);

    expect((await adminA.delete(`${base}/${second.id}`)).status).toBe(200);
    expect((await adminA.delete(`${base}/${second.id}`)).status).toBe(404);
    expect(await auditActions([row.id, second.id])).toEqual([
      'taxonomy.hospital.create',
      'taxonomy.hospital.create',
      'taxonomy.hospital.update',
      'taxonomy.hospital.delete',
    ]);
  });

  it('answers 404 to a hospital admin on every route of another hospital', async () => {
    const [other] = await ctx.database.db
      .insert(hospitalSpecialtyTaxonomiesPoc)
      .values({ hospitalId: hospitalB.id, specialty: 'Their Specialty', specialtyCode: 'B-1' })
      .returning();
    const base = `/api/admin/hospitals/${hospitalB.id}/taxonomy`;
    const csvBody = csvFile(csv(HEADER, 'Takeover,,,,,,'));
    const attempts: Array<[string, () => Promise<Response>]> = [
      ['list', () => adminA.get(base)],
      ['departments', () => adminA.get(`${base}/departments`)],
      ['divisions', () => adminA.get(`${base}/divisions`)],
      ['sections', () => adminA.get(`${base}/sections`)],
      ['create', () => adminA.post(base, { specialty: 'Takeover' })],
      ['update', () => adminA.patch(`${base}/${other!.id}`, { specialty: 'Takeover' })],
      ['delete', () => adminA.delete(`${base}/${other!.id}`)],
      ['config', () => adminA.get(`${base}/config`)],
      ['config save', () => adminA.put(`${base}/config`, { usesDefaultTaxonomy: false, taxonomySource: 'uploaded' })],
      ['resolve', () => adminA.get(`${base}/resolve/B-1`)],
      ['uploads', () => adminA.get(`${base}/uploads`)],
      ['upload', () => adminA.post(`${base}/upload?fileName=take-over.csv`, csvBody)],
      ['reset', () => adminA.post(`${base}/reset`)],
      ['copy defaults', () => adminA.post(`${base}/copy-defaults`)],
    ];
    for (const [name, attempt] of attempts) expect((await attempt()).status, name).toBe(404);
    // Another hospital's row through one's own hospital path is not found either.
    expect((await adminA.patch(`/api/admin/hospitals/${hospitalA.id}/taxonomy/${other!.id}`, { specialty: 'Takeover' })).status).toBe(404);
    expect((await adminA.delete(`/api/admin/hospitals/${hospitalA.id}/taxonomy/${other!.id}`)).status).toBe(404);

    expect(await hospitalRows(hospitalB.id)).toEqual([expect.objectContaining({ id: other!.id, specialty: 'Their Specialty' })]);
    expect(await ctx.database.db.select().from(hospitalTaxonomyUploads).where(eq(hospitalTaxonomyUploads.hospitalId, hospitalB.id))).toHaveLength(0);
    expect(await ctx.database.db.select().from(hospitalTaxonomyConfigurations).where(eq(hospitalTaxonomyConfigurations.hospitalId, hospitalB.id))).toHaveLength(
      0,
    );
    // The system admin reaches every hospital.
    expect((await (await system.get(base)).json()).totalCount).toBe(1);
  });

  it('reads and upserts the configuration, with defaults when none is stored', async () => {
    const hospital = await createHospital(ctx);
    const base = `/api/admin/hospitals/${hospital.id}/taxonomy/config`;
    expect(await (await system.get(base)).json()).toMatchObject({
      usesDefaultTaxonomy: true,
      taxonomySource: 'default',
      updatedAt: null,
      effectiveSource: 'default',
    });
    const saved = await (await system.put(base, { usesDefaultTaxonomy: false, taxonomySource: 'yext_sync' })).json();
    expect(saved).toMatchObject({ usesDefaultTaxonomy: false, taxonomySource: 'yext_sync', activeHospitalRowCount: 0, effectiveSource: 'default' });
    const again = await (await system.put(base, { usesDefaultTaxonomy: true, taxonomySource: 'default' })).json();
    expect(again).toMatchObject({ usesDefaultTaxonomy: true, taxonomySource: 'default' });
    expect(await ctx.database.db.select().from(hospitalTaxonomyConfigurations).where(eq(hospitalTaxonomyConfigurations.hospitalId, hospital.id))).toHaveLength(
      1,
    );
    expect((await system.put(base, { usesDefaultTaxonomy: true, taxonomySource: 'spreadsheet' })).status).toBe(400);
    expect(await auditActions([hospital.id])).toEqual(['taxonomy.config.update', 'taxonomy.config.update']);
  });

  it('resolves a specialty code from the hospital’s rows, then the default taxonomy while the hospital uses it', async () => {
    const hospital = await createHospital(ctx);
    const base = `/api/admin/hospitals/${hospital.id}/taxonomy`;
    await system.post(base, { specialty: 'Concierge Medicine', specialtyCode: 'CONC-1' });
    expect(await (await system.get(`${base}/resolve/CONC-1`)).json()).toEqual({ code: 'CONC-1', specialty: 'Concierge Medicine', source: 'hospital' });
    expect(await (await system.get(`${base}/resolve/207q00000x`)).json()).toEqual({ code: '207Q00000X', specialty: 'Family Medicine', source: 'default' });

    const missing = await system.get(`${base}/resolve/NOPE123`);
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.message).toBe('Specialty code NOPE123 not found in database');

    await system.put(`${base}/config`, { usesDefaultTaxonomy: false, taxonomySource: 'uploaded' });
    const notDefault = await system.get(`${base}/resolve/207Q00000X`);
    expect(notDefault.status).toBe(404);
    expect((await notDefault.json()).error.message).toBe('Specialty code 207Q00000X not found in database');
    expect((await system.get(`${base}/resolve/conc-1`)).status).toBe(200);
  });
});

describe(`replacing a hospital’s taxonomy (${databaseLabel})`, () => {
  it('serves the upload template as a CSV attachment the upload accepts', async () => {
    const response = await adminA.get('/api/admin/taxonomy/template.csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.csv"$/);
    const text = await response.text();
    const lines = text.trim().split(/\r\n/);
    expect(lines[0]).toBe(HEADER);
    expect(lines).toHaveLength(3);
    const parsed = parseTaxonomyCsv(text);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows[0]!.searchKeywords.length).toBeGreaterThan(1);
    expect((await browserClient(ctx.app).get('/api/admin/taxonomy/template.csv')).status).toBe(401);
  });

  it('takes NUCC’s taxonomy file as NUCC publishes it (real excerpt of nucc_taxonomy_251.csv)', async () => {
    const hospital = await createHospital(ctx);
    const admin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id })).email);
    const base = `/api/admin/hospitals/${hospital.id}/taxonomy`;
    const file = readFileSync(join(__dirname, '../fixtures/real/nucc/nucc-taxonomy-251-excerpt.csv'), 'utf8');
    const uploaded = await admin.post(`${base}/upload?fileName=nucc_taxonomy_251.csv`, csvFile(file));
    expect(uploaded.status).toBe(200);
    expect(await uploaded.json()).toEqual({ uploadId: expect.any(String), rowCount: 11 });
    const rows = await hospitalRows(hospital.id);
    expect(rows.find((r) => r.specialtyCode === '207RC0000X')).toMatchObject({
      specialty: 'Cardiovascular Disease Physician',
      department: 'Allopathic & Osteopathic Physicians',
      division: 'Internal Medicine',
      section: 'Cardiovascular Disease',
    });
    expect(await (await admin.get(`${base}/resolve/2084N0400X`)).json()).toEqual({ code: '2084N0400X', specialty: 'Neurology Physician', source: 'hospital' });
  });

  it('replaces the taxonomy with a valid file and points the hospital at it', async () => {
    const hospital = await createHospital(ctx);
    const admin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id })).email);
    const base = `/api/admin/hospitals/${hospital.id}/taxonomy`;
    const old = await (await admin.post(base, { specialty: 'Old Specialty', specialtyCode: 'OLD-1' })).json();

    // Quotes, embedded commas and line breaks, CRLF and a byte-order mark, as spreadsheets write them.
    const file =
      '\uFEFF' +
      csv(
        'Specialty,Department,Division,Section,Specialty Code,Search Keywords,Common Abbreviations',
        '"Cardiology, Interventional",Medicine,Cardiology,,C-1,"stent;angioplasty",IC',
        ' Pediatric Cardiology ,Pediatrics,"Subspecialties",Cardiology,C-2,"children\nheart",',
        'Sleep Medicine,Neurosciences,,,,,',
        ',,,,,,',
      );
    const uploaded = await admin.post(`${base}/upload?fileName=taxonomy.csv`, csvFile(file));
    expect(uploaded.status).toBe(200);
    const result = await uploaded.json();
    expect(result).toEqual({ uploadId: expect.any(String), rowCount: 3 });

    const rows = await hospitalRows(hospital.id);
    expect(rows.map((r) => r.specialty)).toEqual(['Cardiology, Interventional', 'Pediatric Cardiology', 'Sleep Medicine']);
    expect(rows.find((r) => r.id === old.id)).toBeUndefined();
    expect(rows[1]).toMatchObject({
      department: 'Pediatrics',
      division: 'Subspecialties',
      section: 'Cardiology',
      specialtyCode: 'C-2',
      isCustom: false,
      isActive: true,
    });
    expect(rows[2]).toMatchObject({ division: null, section: null, specialtyCode: null });

    expect(await (await admin.get(`${base}/config`)).json()).toMatchObject({
      usesDefaultTaxonomy: false,
      taxonomySource: 'uploaded',
      effectiveSource: 'hospital',
    });
    const uploads = (await (await admin.get(`${base}/uploads`)).json()).items;
    expect(uploads).toEqual([
      expect.objectContaining({
        id: result.uploadId,
        fileName: 'taxonomy.csv',
        uploadStatus: 'completed',
        rowCount: 3,
        errorMessage: null,
        completedAt: expect.any(String),
      }),
    ]);
    expect(await auditActions([result.uploadId])).toEqual(['taxonomy.upload']);
  });

  it('rejects a file with a bad row in the middle, naming every line, and changes nothing', async () => {
    const hospital = await createHospital(ctx);
    const base = `/api/admin/hospitals/${hospital.id}/taxonomy`;
    const first = await (
      await system.post(`${base}/upload?fileName=good.csv`, csvFile(csv(HEADER, 'Keep Me,Medicine,,,K-1,,', 'Keep Me Too,Surgery,,,K-2,,')))
    ).json();
    const before = await hospitalRows(hospital.id);
    expect(before).toHaveLength(2);

    const bad = csv(
      HEADER, // line 1
      'Alpha,Medicine,,,A-1,,', // 2
      'Beta,Medicine,,,A-2,"one;two",', // 3
      '"Gamma","Medicine",,,A-3,"multi', // 4 (the record spans lines 4 and 5)
      'line",', // 5
      'Delta,Medicine,,,A-4,,', // 6
      '   ,Medicine,,,A-5,,', // 7: no specialty
      'Epsilon,Medicine,,,A-6,,', // 8
      'Zeta,Medicine,,,a-2,,', // 9: duplicate code of line 3
      'Eta,Medicine,,,A-8,,,extra', // 10: too many columns
      'Theta,Medicine,,,A-9,,', // 11
    );
    const response = await system.post(`${base}/upload?fileName=bad.csv`, csvFile(bad));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe('TAXONOMY_UPLOAD_INVALID');
    expect(body.error.message).toBe('The file has 3 invalid rows; nothing was changed.');
    expect(body.error.details.errors).toEqual([
      'Line 7: specialty is required',
      'Line 9: specialty code a-2 is already used on line 3',
      expect.stringMatching(/^Line 10: expected 7 columns but found 8/),
    ]);

    expect(await hospitalRows(hospital.id)).toEqual(before);
    expect(await (await system.get(`${base}/config`)).json()).toMatchObject({ taxonomySource: 'uploaded', usesDefaultTaxonomy: false });
    const uploads = (await (await system.get(`${base}/uploads`)).json()).items;
    expect(uploads.map((u: { uploadStatus: string }) => u.uploadStatus)).toEqual(['failed', 'completed']);
    expect(uploads[0]).toMatchObject({ id: body.error.details.uploadId, fileName: 'bad.csv', rowCount: 0 });
    expect(uploads[0].errorMessage).toContain('The file has 3 invalid rows');
    expect(uploads[0].errorMessage).toContain('Line 7: specialty is required');
    expect(uploads[1].id).toBe(first.uploadId);
    expect(await auditActions([body.error.details.uploadId])).toEqual(['taxonomy.upload.reject']);

    const headerOnly = await system.post(`${base}/upload?fileName=empty.csv`, csvFile(HEADER + '\n'));
    expect((await headerOnly.json()).error).toMatchObject({
      message: 'The file cannot be used; nothing was changed.',
      details: { errors: ['The file has no taxonomy rows below the header'] },
    });
    const misspelt = await system.post(`${base}/upload?fileName=typo.csv`, csvFile(csv('specialty,departmnet', 'A,B')));
    expect((await misspelt.json()).error.details.errors[0]).toMatch(/^Line 1: unknown column "departmnet"/);
    const unclosed = await system.post(`${base}/upload?fileName=quote.csv`, csvFile(csv(HEADER, 'A,B,,,,,', '"Broken,B,,,,,')));
    expect((await unclosed.json()).error.details.errors).toEqual([expect.stringMatching(/^Line 3: a quoted field is not closed/)]);
    expect(await hospitalRows(hospital.id)).toEqual(before);
  });

  it('keeps the old taxonomy and marks the upload failed when the replacement fails midway', async () => {
    const hospital = await createHospital(ctx);
    const base = `/api/admin/hospitals/${hospital.id}/taxonomy`;
    await system.post(`${base}/upload?fileName=v1.csv`, csvFile(csv(HEADER, 'Version One,Medicine,,,V-1,,')));
    const before = await hospitalRows(hospital.id);

    // 250 rows span three insert batches; the database refuses a row of the third.
    const lines = Array.from({ length: 250 }, (_, i) => `Specialty ${String(i).padStart(3, '0')},Medicine,,,S-${i},,`);
    lines[230] = 'Explode,Medicine,,,S-230,,';
    await ctx.database.db.execute(
      sql.raw(`create or replace function refuse_taxonomy_row() returns trigger as $$ begin raise exception 'injected failure'; end; $$ language plpgsql`),
    );
    await ctx.database.db.execute(
      sql.raw(
        `create trigger refuse_taxonomy_row before insert on hospital_specialty_taxonomies_poc for each row when (new.specialty = 'Explode') execute function refuse_taxonomy_row()`,
      ),
    );
    try {
      const failed = await system.post(`${base}/upload?fileName=v2.csv`, csvFile(csv(HEADER, ...lines)));
      expect(failed.status).toBe(500);
      const body = await failed.json();
      expect(body.error).toMatchObject({ code: 'TAXONOMY_UPLOAD_FAILED', message: 'Failed to update taxonomy' });
      expect(await hospitalRows(hospital.id)).toEqual(before);
      const [upload] = await ctx.database.db.select().from(hospitalTaxonomyUploads).where(eq(hospitalTaxonomyUploads.id, body.error.details.uploadId));
      expect(upload).toMatchObject({ uploadStatus: 'failed', rowCount: 0, errorMessage: 'Failed to update taxonomy' });
    } finally {
      await ctx.database.db.execute(sql.raw('drop trigger refuse_taxonomy_row on hospital_specialty_taxonomies_poc'));
    }

    const succeeded = await (await system.post(`${base}/upload?fileName=v3.csv`, csvFile(csv(HEADER, ...lines)))).json();
    expect(succeeded.rowCount).toBe(250);
    expect(await hospitalRows(hospital.id)).toHaveLength(250);
  });

  it('never merges two uploads that run at the same time', async () => {
    const hospital = await createHospital(ctx);
    const base = `/api/admin/hospitals/${hospital.id}/taxonomy`;
    const file = (prefix: string) => csv(HEADER, ...Array.from({ length: 120 }, (_, i) => `${prefix} ${i},Medicine,,,${prefix}-${i},,`));
    const results = await Promise.all([
      system.post(`${base}/upload?fileName=first.csv`, csvFile(file('First'))),
      system.post(`${base}/upload?fileName=second.csv`, csvFile(file('Second'))),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const prefixes = new Set((await hospitalRows(hospital.id)).map((row) => row.specialty.split(' ')[0]));
    expect(prefixes.size).toBe(1);
    expect(await hospitalRows(hospital.id)).toHaveLength(120);
  });

  it('resets a hospital to the default taxonomy in one step', async () => {
    const hospital = await createHospital(ctx);
    const admin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id })).email);
    const base = `/api/admin/hospitals/${hospital.id}/taxonomy`;
    await admin.post(`${base}/upload?fileName=mine.csv`, csvFile(csv(HEADER, 'Mine,Medicine,,,M-1,,', 'Also Mine,Medicine,,,M-2,,')));
    const reset = await admin.post(`${base}/reset`);
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({
      deletedRowCount: 2,
      config: { usesDefaultTaxonomy: true, taxonomySource: 'default', effectiveSource: 'default' },
    });
    expect(await hospitalRows(hospital.id)).toHaveLength(0);
    expect(await auditActions([hospital.id])).toEqual(['taxonomy.reset']);
  });
});

describe(`copying the default taxonomy to a hospital (${databaseLabel})`, () => {
  it('copies every active default row in batches of 50, keeps what the hospital has, and makes the copy what providers see', async () => {
    const hospital = await createHospital(ctx);
    const admin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id })).email);
    const base = `/api/admin/hospitals/${hospital.id}/taxonomy`;
    const [first] = await ctx.database.db.select().from(medicalSpecialtyTaxonomy).where(eq(medicalSpecialtyTaxonomy.isActive, true)).limit(1);
    // The hospital already has one of the defaults (and one of its own).
    await admin.post(base, {
      specialty: first!.specialty,
      department: first!.department,
      division: first!.division,
      section: first!.section,
      specialtyCode: first!.specialtyCode,
    });
    await admin.post(base, { specialty: 'Our Own Clinic', department: 'Medicine' });
    const active = (await ctx.database.db.select({ n: count() }).from(medicalSpecialtyTaxonomy).where(eq(medicalSpecialtyTaxonomy.isActive, true)))[0]!.n;

    taxonomyInserts = [];
    const copied = await admin.post(`${base}/copy-defaults`);
    expect(copied.status, await copied.clone().text()).toBe(200);
    const body = await copied.json();
    expect(body).toMatchObject({ created_count: active - 1, config: { usesDefaultTaxonomy: false, taxonomySource: 'copied', effectiveSource: 'hospital' } });
    expect(taxonomyInserts).toHaveLength(Math.ceil((active - 1) / 50));
    expect(await hospitalRows(hospital.id)).toHaveLength(active + 1);

    // Copying again adds nothing; the hospital's own rows stay.
    expect(await (await admin.post(`${base}/copy-defaults`)).json()).toMatchObject({ created_count: 0 });
    expect(await auditActions([hospital.id])).toContain('taxonomy.copy_defaults');
    const provider = await providerOf(hospital.id);
    const items = (await (await provider.get('/api/taxonomy')).json()).items as Array<{ specialty: string }>;
    expect(items.map((item) => item.specialty)).toContain('Our Own Clinic');
  });
});

describe(`the provider’s taxonomy (${databaseLabel})`, () => {
  type Item = { id: string; specialty: string; department: string | null; division: string | null; section: string | null; specialtyCode: string | null };

  it('gives a provider their hospital’s uploaded taxonomy, active rows only, by specialty', async () => {
    const hospital = await createHospital(ctx);
    await system.post(
      `/api/admin/hospitals/${hospital.id}/taxonomy/upload?fileName=ours.csv`,
      csvFile(csv(HEADER, 'Zoology Medicine,Medicine,Zoo,,Z-1,,', 'Anatomy,Medicine,,,A-1,,', 'Hidden Specialty,Medicine,,,H-1,,')),
    );
    const [hidden] = await ctx.database.db
      .select()
      .from(hospitalSpecialtyTaxonomiesPoc)
      .where(and(eq(hospitalSpecialtyTaxonomiesPoc.hospitalId, hospital.id), eq(hospitalSpecialtyTaxonomiesPoc.specialty, 'Hidden Specialty')));
    await system.patch(`/api/admin/hospitals/${hospital.id}/taxonomy/${hidden!.id}`, { isActive: false });

    const provider = await providerOf(hospital.id);
    const response = await (await provider.get('/api/taxonomy')).json();
    expect(response.source).toBe('hospital');
    expect(response.items.map((i: Item) => i.specialty)).toEqual(['Anatomy', 'Zoology Medicine']);
    expect(Object.keys(response.items[1]).sort()).toEqual(['department', 'division', 'id', 'section', 'specialty', 'specialtyCode']);
    expect(response.items[1]).toMatchObject({ department: 'Medicine', division: 'Zoo', section: null, specialtyCode: 'Z-1' });
    expect(await (await provider.get('/api/taxonomy/resolve/z-1')).json()).toEqual({ code: 'Z-1', specialty: 'Zoology Medicine', source: 'hospital' });
    const notOurs = await provider.get('/api/taxonomy/resolve/207Q00000X');
    expect((await notOurs.json()).error.message).toBe('Specialty code 207Q00000X not found in database');

    // Back to the default: the same provider now reads the default taxonomy.
    await system.post(`/api/admin/hospitals/${hospital.id}/taxonomy/reset`);
    const reset = await (await provider.get('/api/taxonomy')).json();
    expect(reset.source).toBe('default');
  });

  it('gives the default taxonomy to providers of default hospitals and without a hospital', async () => {
    const [inactive] = await ctx.database.db.select().from(medicalSpecialtyTaxonomy).orderBy(asc(medicalSpecialtyTaxonomy.specialty)).limit(1);
    await system.patch(`/api/admin/taxonomy/default/${inactive!.id}`, { isActive: false });
    const expected = await ctx.database.db
      .select({ id: medicalSpecialtyTaxonomy.id })
      .from(medicalSpecialtyTaxonomy)
      .where(eq(medicalSpecialtyTaxonomy.isActive, true))
      .orderBy(asc(medicalSpecialtyTaxonomy.specialty), asc(medicalSpecialtyTaxonomy.id));
    try {
      for (const hospitalId of [hospitalB.id, null]) {
        const provider = await providerOf(hospitalId);
        const response = await (await provider.get('/api/taxonomy')).json();
        expect(response.source).toBe('default');
        expect(response.items).toHaveLength(defaultRowCount - 1);
        expect(response.items.map((i: Item) => i.specialty)).not.toContain(inactive!.specialty);
        expect(response.items.map((i: Item) => i.id)).toEqual(expected.map((row) => row.id));
        expect(await (await provider.get('/api/taxonomy/resolve/207Q00000X')).json()).toMatchObject({ specialty: 'Family Medicine', source: 'default' });
      }
    } finally {
      await system.patch(`/api/admin/taxonomy/default/${inactive!.id}`, { isActive: true });
    }
    expect((await browserClient(ctx.app).get('/api/taxonomy')).status).toBe(401);
    expect((await adminA.get('/api/taxonomy')).status).toBe(401);
  });
});

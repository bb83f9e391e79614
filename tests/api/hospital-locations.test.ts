import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, hospitalLocations, hospitals } from '../../src/server/db/schema';
import { browserClient, csvFile } from '../support/clients';
import { createAdminRow, createHospital, signInAdmin, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

async function hospitalWithAdmin() {
  const hospital = await createHospital(ctx);
  const admin = await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id });
  const client = await signInAdmin(ctx, admin.email);
  return { hospital, admin, client, base: `/api/admin/hospitals/${hospital.id}/locations` };
}

const rowsOf = (hospitalId: string) => ctx.database.db.select().from(hospitalLocations).where(eq(hospitalLocations.hospitalId, hospitalId));
const lastAudit = async (action: string, hospitalId: string) =>
  (
    await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.hospitalId, hospitalId)))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1)
  )[0];

const REAL_FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'real');

describe(`hospital locations (${databaseLabel})`, () => {
  it('creates, reads, updates and deletes a location, audited, with validated and normalized fields', async () => {
    const { hospital, admin, client, base } = await hospitalWithAdmin();
    const created = await client.post(base, {
      name: '  Northfield Heart Center ',
      addressLine1: '251 E Huron St',
      addressLine2: '',
      city: 'Chicago',
      state: 'il',
      zipCode: '606114418',
      phoneNumber: '(312) 555-0100',
      url: 'https://www.example.org/heart',
      cDepartmentSpecialty: 'Cardiology',
    });
    expect(created.status).toBe(201);
    const location = await created.json();
    expect(location).toMatchObject({
      hospitalId: hospital.id,
      name: 'Northfield Heart Center',
      addressLine2: null,
      state: 'IL',
      zipCode: '60611-4418',
      postalCode: '60611-4418',
      country: 'US',
      isActive: true,
      isYextSourced: false,
      yextEntityId: null,
    });
    expect(await lastAudit('hospital_location.create', hospital.id)).toMatchObject({ actorId: admin.id, targetId: location.id });

    expect(await (await client.get(`${base}/${location.id}`)).json()).toEqual(location);

    const updated = await client.patch(`${base}/${location.id}`, { city: 'Evanston', url: '', isActive: false });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ city: 'Evanston', url: null, isActive: false, name: 'Northfield Heart Center', state: 'IL' });
    expect((await lastAudit('hospital_location.update', hospital.id))!.summary).toEqual({
      fields: ['city', 'url', 'isActive'],
      before: { city: 'Chicago', url: 'https://www.example.org/heart', isActive: true },
      after: { city: 'Evanston', url: null, isActive: false },
    });

    const deleted = await client.delete(`${base}/${location.id}`);
    expect(await deleted.json()).toEqual({ deleted: true });
    expect(await rowsOf(hospital.id)).toEqual([]);
    expect((await lastAudit('hospital_location.delete', hospital.id))!.summary).toMatchObject({ before: { name: 'Northfield Heart Center' } });
  });

  it('refuses invalid fields with clear messages', async () => {
    const { client, base } = await hospitalWithAdmin();
    const messageOf = async (body: unknown) => (await (await client.post(base, body)).json()).error.message;
    expect(await messageOf({})).toBe('Location name is required');
    expect(await messageOf({ name: '   ' })).toBe('Location name is required');
    expect(await messageOf({ name: 'A', state: 'Illinois' })).toBe('State must be a 2-letter code, like IL');
    expect(await messageOf({ name: 'A', zipCode: '60 61' })).toBe('ZIP code must be 5 digits or ZIP+4 (12345 or 12345-6789)');
    expect(await messageOf({ name: 'A', zipCode: '61' })).toBe('ZIP code must be 5 digits or ZIP+4 (12345 or 12345-6789)');
    expect(await messageOf({ name: 'A', postalCode: '60611-44' })).toBe('ZIP code must be 5 digits or ZIP+4 (12345 or 12345-6789)');
    expect(await messageOf({ name: 'A', url: 'javascript:alert(1)' })).toBe('URL must be a web address starting with http:// or https://');
    expect(await messageOf({ name: 'A', url: 'ftp://example.org' })).toBe('URL must be a web address starting with http:// or https://');
    expect(await messageOf({ name: 'A', phoneNumber: 'call us' })).toBe('Phone number must have 7 to 15 digits');
    expect(await messageOf({ name: 'A', isActive: 'yes' })).toBe('isActive must be true or false');
  });

  it('writes whitelisted fields only: hospital_id and the sync-owned listing-service fields in the body are ignored', async () => {
    const { hospital, client, base } = await hospitalWithAdmin();
    const other = await createHospital(ctx);
    const created = await client.post(base, {
      name: 'Whitelist Clinic',
      hospitalId: other.id,
      hospital_id: other.id,
      yextEntityId: 'yext-123',
      isYextSourced: true,
      lastSyncedFromYextAt: '2024-01-01T00:00:00Z',
      id: '00000000-0000-4000-8000-000000000001',
      createdAt: '2000-01-01T00:00:00Z',
      somethingElse: 'x',
    });
    expect(created.status).toBe(201);
    const location = await created.json();
    expect(location.id).not.toBe('00000000-0000-4000-8000-000000000001');
    const patched = await client.patch(`${base}/${location.id}`, { hospitalId: other.id, yextEntityId: 'yext-456', isYextSourced: true, name: 'Renamed' });
    expect(patched.status).toBe(200);
    const [row] = await rowsOf(hospital.id);
    // The entity id is the administrator's to set (it links the location to the listing service); the rest only a sync writes.
    expect(row).toMatchObject({ hospitalId: hospital.id, name: 'Renamed', yextEntityId: 'yext-456', isYextSourced: false, lastSyncedFromYextAt: null });
    expect(await rowsOf(other.id)).toEqual([]);
  });

  it("answers 'Location with ID {id} not found' for a missing, malformed or other hospital's location", async () => {
    const { base, client } = await hospitalWithAdmin();
    const theirs = await hospitalWithAdmin();
    const [foreign] = await ctx.database.db.insert(hospitalLocations).values({ hospitalId: theirs.hospital.id, name: 'Foreign' }).returning();
    const missing = '5a4f1a43-51a7-4e57-9d89-1b1a29b4e0b1';
    for (const id of [missing, foreign!.id, 'not-a-uuid']) {
      for (const response of [await client.patch(`${base}/${id}`, { name: 'X' }), await client.delete(`${base}/${id}`), await client.get(`${base}/${id}`)]) {
        expect(response.status).toBe(404);
        expect((await response.json()).error).toEqual({ code: 'LOCATION_NOT_FOUND', message: `Location with ID ${id} not found` });
      }
    }
    expect((await rowsOf(theirs.hospital.id)).map((r) => r.name)).toEqual(['Foreign']);
  });

  it('keeps each hospital to its own locations: every route of another hospital is 404', async () => {
    const mine = await hospitalWithAdmin();
    const theirs = await hospitalWithAdmin();
    const [foreign] = await ctx.database.db.insert(hospitalLocations).values({ hospitalId: theirs.hospital.id, name: 'Foreign' }).returning();
    const responses = [
      await mine.client.get(theirs.base),
      await mine.client.post(theirs.base, { name: 'Planted' }),
      await mine.client.get(`${theirs.base}/${foreign!.id}`),
      await mine.client.patch(`${theirs.base}/${foreign!.id}`, { name: 'Hijacked' }),
      await mine.client.delete(`${theirs.base}/${foreign!.id}`),
      await mine.client.post(`${theirs.base}/bulk`, csvFile('name\nPlanted\n')),
    ];
    expect(responses.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect((await rowsOf(theirs.hospital.id)).map((r) => r.name)).toEqual(['Foreign']);
    expect(await rowsOf(mine.hospital.id)).toEqual([]);
  });

  it('requires a session for writes, with the spec text, and an admin for reads', async () => {
    const { hospital, base } = await hospitalWithAdmin();
    const anonymous = browserClient(ctx.app);
    const refused = await anonymous.post(base, { name: 'X' });
    expect(refused.status).toBe(401);
    expect((await refused.json()).error).toEqual({ code: 'UNAUTHENTICATED', message: 'Authentication required for location updates' });
    expect((await anonymous.patch(`${base}/5a4f1a43-51a7-4e57-9d89-1b1a29b4e0b1`, { name: 'X' })).status).toBe(401);
    expect((await anonymous.post(`${base}/bulk`, csvFile('name\nX'))).status).toBe(401);
    expect((await anonymous.get(base)).status).toBe(401);
    expect(await rowsOf(hospital.id)).toEqual([]);
  });

  it('lists by name with search, paging and the total count', async () => {
    const { hospital, client, base } = await hospitalWithAdmin();
    const names = Array.from({ length: 7 }, (_, i) => `Clinic ${String.fromCharCode(71 - i)}`); // G … A, inserted out of order
    await ctx.database.db
      .insert(hospitalLocations)
      .values([
        ...names.map((name) => ({ hospitalId: hospital.id, name, city: 'Chicago' })),
        { hospitalId: hospital.id, name: 'Lakeside 100% Care', city: 'Evanston' },
      ]);
    const page1 = await (await client.get(`${base}?pageSize=3`)).json();
    expect(page1.totalCount).toBe(8);
    expect(page1.items.map((l: { name: string }) => l.name)).toEqual(['Clinic A', 'Clinic B', 'Clinic C']);
    const page3 = await (await client.get(`${base}?pageSize=3&page=3`)).json();
    expect(page3.items.map((l: { name: string }) => l.name)).toEqual(['Clinic G', 'Lakeside 100% Care']);
    const defaults = await (await client.get(base)).json();
    expect(defaults.items).toHaveLength(8);
    const search = await (await client.get(`${base}?q=${encodeURIComponent('evanston')}`)).json();
    expect(search).toMatchObject({ totalCount: 1, items: [{ name: 'Lakeside 100% Care' }] });
    // LIKE wildcards in the search are literal.
    expect((await (await client.get(`${base}?q=${encodeURIComponent('100%')}`)).json()).totalCount).toBe(1);
    expect((await (await client.get(`${base}?q=${encodeURIComponent('%')}`)).json()).totalCount).toBe(1);
    expect((await client.get(`${base}?pageSize=1001`)).status).toBe(400);
    expect((await (await client.get(`${base}?pageSize=1000`)).json()).items).toHaveLength(8);
  });

  it('imports a CSV: valid rows created in one go, refused rows reported as "{name}: line n: error"', async () => {
    const { hospital, client, base } = await hospitalWithAdmin();
    const csv = [
      '\uFEFFName,Address Line1,address_line2,CITY,State,Zip_Code,phone,URL,Department,Unknown Column,hospital_id',
      'Northfield Heart Center,251 E Huron St,Suite 8-100,Chicago,IL,60611,(312) 555-0100,https://example.org/heart,Cardiology,ignored,' +
        '5a4f1a43-51a7-4e57-9d89-1b1a29b4e0b1',
      '"Lakeside Clinic, West","1200 W Lake St',
      'Building ""B""",,Evanston,il,60201-4418,,,Family Medicine,,',
      '',
      'Bad State Clinic,1 Main St,,Springfield,Illinois,62701,,,,,',
      'Bad Zip Clinic,1 Main St,,Springfield,IL,62A01,,,,,',
      ',no name here,,,,,,,,,',
      'Bad Url Clinic,,,,,,,javascript:alert(1),,,',
      'Too Many Values,,,,,,,,,,,extra',
      '"Quoted, Padded"  ,,,Naperville,IL,60540,,,,,',
    ].join('\r\n');
    const response = await client.post(`${base}/bulk`, csvFile(csv));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      created: 3,
      failed: 5,
      errors: [
        'Bad State Clinic: line 6: State must be a 2-letter code, like IL',
        'Bad Zip Clinic: line 7: ZIP code must be 5 digits or ZIP+4 (12345 or 12345-6789)',
        '(no name): line 8: Location name is required',
        'Bad Url Clinic: line 9: URL must be a web address starting with http:// or https://',
        'Too Many Values: line 10: has 12 values but the header has 11 columns',
      ],
      // Columns we do not read are named back, not refused (hospital_id comes from the path only).
      ignoredColumns: ['Unknown Column', 'hospital_id'],
    });
    const rows = (await rowsOf(hospital.id)).sort((a, b) => a.name.localeCompare(b.name));
    expect(rows.map((r) => r.name)).toEqual(['Lakeside Clinic, West', 'Northfield Heart Center', 'Quoted, Padded']);
    expect(rows[0]).toMatchObject({
      addressLine1: '1200 W Lake St\r\nBuilding "B"',
      city: 'Evanston',
      state: 'IL',
      zipCode: '60201-4418',
      postalCode: '60201-4418',
      cDepartmentSpecialty: 'Family Medicine',
      hospitalId: hospital.id,
    });
    expect(rows[1]).toMatchObject({
      addressLine2: 'Suite 8-100',
      phoneNumber: '(312) 555-0100',
      url: 'https://example.org/heart',
      country: 'US',
      isActive: true,
    });
    expect((await lastAudit('hospital_location.bulk_create', hospital.id))!.summary).toMatchObject({ after: { created: 3, failed: 5 } });
  });

  it("imports a real CMS hospital list as a spreadsheet saved it: ZIP codes that lost their leading zeros, CMS's column names", async () => {
    // tests/fixtures/real/cms: rows of CMS's "Hospital General Information" as an Excel export keeps
    // them (CRLF, 28 columns, 57 of 67 ZIP codes shortened to 3 or 4 digits).
    const { hospital, client, base } = await hospitalWithAdmin();
    const csv = readFileSync(join(REAL_FIXTURES, 'cms', 'hospital-general-information-excerpt.csv'), 'latin1');
    const response = await client.post(`${base}/bulk`, csvFile(csv));
    expect(response.status).toBe(200);
    const report = await response.json();
    expect(report).toMatchObject({ created: 67, failed: 0, errors: [] });
    expect(report.ignoredColumns).toEqual(expect.arrayContaining(['Provider ID', 'County Name', 'Hospital Type', 'Hospital overall rating']));
    expect(report.ignoredColumns).not.toContain('Hospital Name');
    expect(report.ignoredColumns).toHaveLength(28 - 6);

    const rows = await rowsOf(hospital.id);
    const byName = (name: string) => rows.find((r) => r.name === name);
    expect(byName('ST FRANCIS HOSPITAL & MEDICAL CENTER')).toMatchObject({ city: 'HARTFORD', state: 'CT', zipCode: '06105', phoneNumber: '8607144000' });
    expect(byName('PRESBYTERIAN COMMUNITY HOSP')).toMatchObject({ city: 'SAN JUAN', state: 'PR', zipCode: '00907' });
    expect(byName('SOUTHEAST ALABAMA MEDICAL CENTER')).toMatchObject({ zipCode: '36301', addressLine1: null, address: '1108 ROSS CLARK CIRCLE' });
  });

  it("lets the administrator link a location to the listing service's entity", async () => {
    const { hospital, client, base } = await hospitalWithAdmin();
    const created = await (await client.post(base, { name: 'Heart Center', yextEntityId: 'loc-evanston' })).json();
    expect(created.yextEntityId).toBe('loc-evanston');
    const cleared = await client.patch(`${base}/${created.id}`, { yextEntityId: '' });
    expect((await cleared.json()).yextEntityId).toBeNull();
    const refused = await client.patch(`${base}/${created.id}`, { yextEntityId: 'loc evanston; drop' });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toBe('The listing-service entity ID may hold letters, digits, dots, dashes and underscores only');
    expect((await rowsOf(hospital.id))[0]).toMatchObject({ yextEntityId: null, isYextSourced: false });
  });

  it('refuses a CSV without a usable header, without rows, or with broken quoting', async () => {
    const { hospital, client, base } = await hospitalWithAdmin();
    const errorOf = async (csv: string) => (await (await client.post(`${base}/bulk`, csvFile(csv))).json()).error.message;
    expect(await errorOf('city,state\nChicago,IL')).toBe('The first line of the CSV must be a header row with a "name" column');
    expect(await errorOf('Northfield Heart Center,Chicago')).toBe('The first line of the CSV must be a header row with a "name" column');
    expect(await errorOf('name,city\n')).toBe('The CSV has a header row but no locations');
    expect(await errorOf('name,city\nA,B\n"unclosed,C\n')).toBe('The CSV could not be read: line 3: a quoted field is not closed');
    expect(await errorOf('')).toBe('Choose a CSV file to upload');
    expect(await rowsOf(hospital.id)).toEqual([]);
  });

  it('serves a CSV template that the import accepts as is', async () => {
    const { hospital, client, base } = await hospitalWithAdmin();
    const template = await client.get('/api/admin/locations/template.csv');
    expect(template.status).toBe(200);
    expect(template.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(template.headers.get('content-disposition')).toBe('attachment; filename="hospital-locations-template.csv"');
    const text = await template.text();
    expect(text.split('\r\n')[0]).toBe('name,address_line1,address_line2,city,state,zip_code,phone,url,department');
    expect(await (await client.post(`${base}/bulk`, csvFile(text))).json()).toEqual({ created: 2, failed: 0, errors: [], ignoredColumns: [] });
    expect((await rowsOf(hospital.id)).map((r) => r.name).sort()).toEqual(['Lakeside Clinic, West Campus', 'Northfield Heart Center']);
    expect((await browserClient(ctx.app).get('/api/admin/locations/template.csv')).status).toBe(401);
  });

  it("gives a signed-in provider their hospital's active locations, and none without a hospital", async () => {
    const { hospital } = await hospitalWithAdmin();
    const other = await createHospital(ctx);
    await ctx.database.db.insert(hospitalLocations).values([
      { hospitalId: hospital.id, name: 'Zeta Clinic' },
      { hospitalId: hospital.id, name: 'Alpha Clinic' },
      { hospitalId: hospital.id, name: 'Closed Clinic', isActive: false },
      { hospitalId: other.id, name: 'Elsewhere Clinic' },
    ]);
    const signUp = async (hospitalId?: string) => {
      const client = browserClient(ctx.app);
      const response = await client.post(
        '/api/auth/sign-up',
        {
          email: `provider.${uniqueSuffix()}@example.org`,
          password: 'correct horse battery',
          agreedToTerms: true,
          agreedToPrivacy: true,
          fullName: 'Jordan Avery',
          ...(hospitalId ? { hospitalId } : {}),
        },
        { 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 200) + 1}` },
      );
      expect(response.status).toBe(201);
      return client;
    };
    const provider = await signUp(hospital.id);
    const listed = await (await provider.get('/api/hospital-locations')).json();
    expect(listed.items.map((l: { name: string }) => l.name)).toEqual(['Alpha Clinic', 'Zeta Clinic']);
    expect(await (await (await signUp()).get('/api/hospital-locations')).json()).toEqual({ items: [] });
    expect((await browserClient(ctx.app).get('/api/hospital-locations')).status).toBe(401);
    // A provider is not an admin: the admin routes stay closed.
    expect((await provider.get(`/api/admin/hospitals/${hospital.id}/locations`)).status).toBe(401);
    expect((await provider.post(`/api/admin/hospitals/${hospital.id}/locations`, { name: 'X' })).status).toBe(401);
    const [unchanged] = await ctx.database.db.select().from(hospitals).where(eq(hospitals.id, hospital.id));
    expect(unchanged).toBeDefined();
  });
});

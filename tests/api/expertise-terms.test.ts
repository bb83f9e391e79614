import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { hospitals } from '../../src/server/db/schema';
import { hospitalExpertiseTerms, medicalExpertiseTerms, professionalIdentity, users } from '../../src/server/db/schema';
import { seedReferenceData } from '../../src/server/db/seed';
import { TERMS_PER_REQUEST_MAX } from '../../src/shared/limits';
import { seedDataDir } from '../../src/server/paths';
import { browserClient, csvFile, type BrowserClient } from '../support/clients';
import { createAdminRow, createHospital, signInAdmin, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';
import { FAKE_NPIS, startFakeNppes, type FakeNppes } from '../fakes/nppes';

let ctx: TestContext;
let hospitalA: typeof hospitals.$inferSelect;
let hospitalB: typeof hospitals.$inferSelect;
let adminA: BrowserClient;
let adminB: BrowserClient;
let system: BrowserClient;

const term = (termId: string, text: string, extra: Record<string, unknown> = {}) => ({ termId, term: text, specialtyName: 'Cardiovascular Disease', ...extra });

let nppes: FakeNppes;

beforeAll(async () => {
  nppes = await startFakeNppes();
  ctx = await createTestApp({ NPI_REGISTRY_URL: nppes.url });
  await seedReferenceData(ctx.database.db, seedDataDir);
  hospitalA = await createHospital(ctx);
  hospitalB = await createHospital(ctx);
  adminA = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospitalA.id })).email);
  adminB = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospitalB.id })).email);
  system = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'system_admin' })).email);
});
afterAll(async () => {
  await ctx?.close();
  await nppes?.close();
});

async function providerOf(hospitalId: string | null) {
  const client = browserClient(ctx.app);
  const email = `p.${uniqueSuffix()}@example.org`;
  const response = await client.post(
    '/api/auth/sign-up',
    { email, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName: 'Terry Terms', ...(hospitalId ? { hospitalId } : {}) },
    { 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 250)}` },
  );
  expect(response.status).toBe(201);
  return client;
}

describe(`hospital expertise terms (${databaseLabel})`, () => {
  it('creates terms with the spec defaults and types them by prefix', async () => {
    const created = await adminA.post(`/api/admin/hospitals/${hospitalA.id}/terms`, {
      termId: ' PROC-ablation ',
      term: '  Catheter ablation ',
      specialtyName: 'Cardiac Electrophysiology',
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      termId: 'PROC-ablation',
      term: 'Catheter ablation',
      termType: 'Procedure',
      isActive: true,
      isCustom: true,
      sortOrder: 0,
      synonyms: [],
      searchKeywords: [],
    });
    const duplicate = await adminA.post(`/api/admin/hospitals/${hospitalA.id}/terms`, {
      termId: 'PROC-ablation',
      term: 'Again',
      specialtyName: 'Cardiac Electrophysiology',
    });
    expect(duplicate.status).toBe(409);
    const empty = await adminA.post(`/api/admin/hospitals/${hospitalA.id}/terms`, { termId: 'CON-x', term: '   ' });
    expect((await empty.json()).error.message).toBe('Term is required');
  });

  it('searches literally: %, _, quotes and non-ASCII match only themselves, within the caller’s hospital', async () => {
    const rows = [
      term('CON-pct', '100% blockage'),
      term('CON-pct2', '1000 blockage'),
      term('CON-und', 'long_qt syndrome'),
      term('CON-und2', 'longxqt syndrome'),
      term('CON-quote', "Raynaud's phenomenon"),
      term('CON-uml', 'Ménière disease'),
      term('CON-plain', 'Meniere disease'),
      term('CON-bslash', 'back\\slash'),
    ];
    const bulk = await adminA.post(`/api/admin/hospitals/${hospitalA.id}/terms/bulk`, { terms: rows });
    expect(await bulk.json()).toEqual({ created: rows.length, failed: 0, errors: [] });
    await adminB.post(`/api/admin/hospitals/${hospitalB.id}/terms/bulk`, { terms: [term('CON-pct', '100% blockage elsewhere')] });

    const search = async (q: string) => {
      const response = await adminA.get(`/api/admin/hospitals/${hospitalA.id}/terms?q=${encodeURIComponent(q)}`);
      return ((await response.json()).items as Array<{ term: string }>).map((t) => t.term);
    };
    expect(await search('0%')).toEqual(['100% blockage']);
    expect(await search('g_qt')).toEqual(['long_qt syndrome']);
    expect(await search("'s phen")).toEqual(["Raynaud's phenomenon"]);
    expect(await search('MÉNI')).toEqual(['Ménière disease']);
    expect(await search('\\')).toEqual(['back\\slash']);
    expect((await search('  blockage  ')).sort()).toEqual(['1000 blockage', '100% blockage'].sort());
    expect((await search('')).length).toBeGreaterThanOrEqual(rows.length);
  });

  it('pages with a total count and filters by type (all is ignored)', async () => {
    const first = await (await adminA.get(`/api/admin/hospitals/${hospitalA.id}/terms?pageSize=3&page=1`)).json();
    const second = await (await adminA.get(`/api/admin/hospitals/${hospitalA.id}/terms?pageSize=3&page=2`)).json();
    expect(first.items).toHaveLength(3);
    expect(first.totalCount).toBe(second.totalCount);
    expect(first.items.map((t: { term: string }) => t.term)).toEqual([...first.items.map((t: { term: string }) => t.term)].sort());
    const procedures = await (await adminA.get(`/api/admin/hospitals/${hospitalA.id}/terms?termType=procedures`)).json();
    expect(procedures.items.every((t: { termType: string }) => t.termType === 'Procedure')).toBe(true);
    const all = await (await adminA.get(`/api/admin/hospitals/${hospitalA.id}/terms?termType=all`)).json();
    expect(all.totalCount).toBe(first.totalCount);
    expect((await adminA.get(`/api/admin/hospitals/${hospitalA.id}/terms?termType=nonsense`)).status).toBe(400);
  });

  it('keeps each hospital’s terms to its own admins', async () => {
    const [rowOfB] = await ctx.database.db.select().from(hospitalExpertiseTerms).where(eq(hospitalExpertiseTerms.hospitalId, hospitalB.id)).limit(1);
    for (const [method, path] of [
      ['get', `/api/admin/hospitals/${hospitalB.id}/terms`],
      ['patch', `/api/admin/hospitals/${hospitalB.id}/terms/${rowOfB!.id}`],
      ['delete', `/api/admin/hospitals/${hospitalB.id}/terms/${rowOfB!.id}`],
      ['post', `/api/admin/hospitals/${hospitalB.id}/terms/copy-defaults`],
      ['put', `/api/admin/hospitals/${hospitalB.id}/terms`],
    ] as const) {
      const response = await (adminA[method] as (p: string, b?: unknown) => Promise<Response>)(
        path,
        method === 'put' ? { terms: [term('CON-z', 'z')] } : method === 'patch' ? { term: 'x' } : undefined,
      );
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    // Row ids of another hospital are not found through one's own hospital either.
    expect((await adminA.patch(`/api/admin/hospitals/${hospitalA.id}/terms/${rowOfB!.id}`, { term: 'x' })).status).toBe(404);
  });

  it('replaces all terms in one transaction: one bad row leaves everything as it was', async () => {
    const before = await (await adminA.get(`/api/admin/hospitals/${hospitalA.id}/terms?pageSize=1000`)).json();
    const csv = [
      'term_id,term,term_type,specialty_name',
      'CON-new1,New condition,Condition,Cardiovascular Disease',
      'CON-new2,,Condition,Cardiovascular Disease',
      'CON-new3,"Third, with comma",Condition,Cardiovascular Disease',
    ].join('\n');
    const refused = await adminA.put(`/api/admin/hospitals/${hospitalA.id}/terms`, csvFile(csv));
    expect(refused.status).toBe(400);
    const body = await refused.json();
    expect(body.error.message).toBe('The file has 1 invalid row; nothing was changed.');
    expect(body.error.details.errors).toEqual(['Row 3: Term is required']);
    const after = await (await adminA.get(`/api/admin/hospitals/${hospitalA.id}/terms?pageSize=1000`)).json();
    expect(after.totalCount).toBe(before.totalCount);

    const good = await adminA.put(`/api/admin/hospitals/${hospitalA.id}/terms`, csvFile(csv.replace('CON-new2,,', 'CON-new2,Second,')));
    expect(await good.json()).toMatchObject({ created: 3, failed: 0 });
    const replaced = await (await adminA.get(`/api/admin/hospitals/${hospitalA.id}/terms?pageSize=1000`)).json();
    expect(replaced.items.map((t: { term: string }) => t.term)).toEqual(['New condition', 'Second', 'Third, with comma']);
  });

  it('reports bulk duplicates and invalid rows while keeping the rest', async () => {
    const report = await (
      await adminA.post(`/api/admin/hospitals/${hospitalA.id}/terms/bulk`, {
        terms: [term('CON-new1', 'dup of existing'), { termId: '', term: 'no id' }, term('CON-b1', 'Fresh one')],
      })
    ).json();
    expect(report.created).toBe(1);
    expect(report.failed).toBe(2);
    expect(report.errors).toEqual(['Row 2: Term ID is required', 'Row 1: A term with this ID already exists for this specialty (CON-new1)']);
  });

  it('refuses a JSON request of more terms than one request may hold, and writes none of them', async () => {
    const before = (await (await adminA.get(`/api/admin/hospitals/${hospitalA.id}/terms?pageSize=1`)).json()).totalCount;
    const tooMany = Array.from({ length: TERMS_PER_REQUEST_MAX + 1 }, (_, i) => term(`CON-many-${i}`, `Many ${i}`));
    const message = `At most ${TERMS_PER_REQUEST_MAX.toLocaleString('en-US')} terms in one request; for more, upload them as a CSV file, which is imported in the background`;
    for (const send of [
      () => adminA.post(`/api/admin/hospitals/${hospitalA.id}/terms/bulk`, { terms: tooMany }),
      () => adminA.put(`/api/admin/hospitals/${hospitalA.id}/terms`, { terms: tooMany }),
    ]) {
      const refused = await send();
      expect(refused.status).toBe(400);
      expect((await refused.json()).error.message).toBe(message);
    }
    expect((await (await adminA.get(`/api/admin/hospitals/${hospitalA.id}/terms?pageSize=1`)).json()).totalCount).toBe(before);
  });

  it('copies the default terms with one statement and reports the count', async () => {
    const [defaults] = await ctx.database.db.select({ n: count() }).from(medicalExpertiseTerms).where(eq(medicalExpertiseTerms.isActive, true));
    const hospital = await createHospital(ctx);
    const local = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id })).email);
    const copied = await (await local.post(`/api/admin/hospitals/${hospital.id}/terms/copy-defaults`)).json();
    expect(copied).toEqual({ success: true, created_count: Number(defaults!.n) });
    const again = await (await local.post(`/api/admin/hospitals/${hospital.id}/terms/copy-defaults`)).json();
    expect(again.created_count).toBe(0);
    const [custom] = await ctx.database.db
      .select({ n: count() })
      .from(hospitalExpertiseTerms)
      .where(and(eq(hospitalExpertiseTerms.hospitalId, hospital.id), eq(hospitalExpertiseTerms.isCustom, true)));
    expect(Number(custom!.n)).toBe(0);
  });

  it('lets only system admins edit the default terms', async () => {
    expect((await adminA.post('/api/admin/terms/default', { termId: 'CON-zz1', term: 'Zed', specialtyName: 'Family Medicine' })).status).toBe(403);
    const created = await system.post('/api/admin/terms/default', { termId: 'CON-zz1', term: 'Zed condition', specialtyName: 'Family Medicine' });
    expect(created.status).toBe(201);
    const listed = await (await adminA.get('/api/admin/terms/default?q=zed%20cond')).json();
    expect(listed.items.map((t: { termId: string }) => t.termId)).toEqual(['CON-zz1']);
  });
});

describe(`provider term lookups (${databaseLabel})`, () => {
  it('looks terms up by id: de-duplicated, hospital first, then defaults, else placeholders', async () => {
    const client = await providerOf(hospitalA.id);
    const [someDefault] = await ctx.database.db.select().from(medicalExpertiseTerms).limit(1);
    const response = await client.post('/api/terms/lookup', { ids: ['CON-new1', 'CON-new1', someDefault!.termId, 'PROC-unknown', 'REAS-zzz', 'XYZ-1'] });
    const items = (await response.json()).items;
    expect(items.map((t: { termId: string; source: string }) => [t.termId, t.source])).toEqual([
      ['CON-new1', 'hospital'],
      [someDefault!.termId, 'default'],
      ['PROC-unknown', 'placeholder'],
      ['REAS-zzz', 'placeholder'],
      ['XYZ-1', 'placeholder'],
    ]);
    expect(items[2]).toMatchObject({ termType: 'Procedure', specialtyName: 'All Specialties' });
    expect(items[3].termType).toBe('Reason for Visit');
    expect(items[4].termType).toBe('Other');
  });

  it('falls back for Hand Surgery, Spine Surgery and Sports Medicine, and gives others nothing', async () => {
    const client = await providerOf(null);
    const hand = await (await client.get('/api/terms/by-specialty?specialty=Hand%20Surgery')).json();
    const ortho = await (await client.get('/api/terms/by-specialty?specialty=Orthopedic%20Surgery')).json();
    expect(ortho.items.length).toBeGreaterThan(0);
    if (hand.fallbackFrom) {
      expect(hand.fallbackFrom).toEqual(['Orthopedic Surgery']);
      expect(hand.items.length).toBe(ortho.items.length);
    }
    const spine = await (await client.get('/api/terms/by-specialty?specialty=Spine%20Surgery')).json();
    expect(spine.fallbackFrom).toEqual(['Orthopedic Surgery', 'Neurosurgery']);
    const ids = spine.items.map((t: { termId: string }) => t.termId);
    expect(new Set(ids).size).toBe(ids.length);
    const sports = await (await client.get('/api/terms/by-specialty?specialty=Sports%20Medicine')).json();
    expect(sports.items.length).toBeGreaterThan(0);
    const none = await (await client.get('/api/terms/by-specialty?specialty=Underwater%20Basket%20Weaving')).json();
    expect(none).toEqual({ specialty: 'Underwater Basket Weaving', fallbackFrom: null, items: [] });
    // Found by the fuzzer: a name an object has built in is just another unknown specialty.
    for (const builtIn of ['toString', 'constructor', '__proto__']) {
      const response = await client.get(`/api/terms/by-specialty?specialty=${builtIn}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ specialty: builtIn, fallbackFrom: null, items: [] });
    }
  });

  it('searches the hospital’s terms when it has them, the defaults otherwise', async () => {
    const withTerms = await providerOf(hospitalA.id);
    // A new hospital shows its own terms beside the defaults until its admin chooses its own only.
    const own = await (await withTerms.get('/api/terms/search?q=third')).json();
    expect(own.source).toBe('hospital_and_default');
    expect(own.items.map((t: { term: string }) => t.term)).toContain('Third, with comma');
    const independent = await providerOf(null);
    const defaults = await (await independent.get('/api/terms/search?q=atrial%20fib&pageSize=5')).json();
    expect(defaults.source).toBe('default');
    expect(defaults.items.length).toBeGreaterThan(0);
    expect(defaults.items.every((t: { term: string }) => /atrial fib/i.test(t.term))).toBe(true);
  });

  it('shows every change to the terms in the next search, whoever makes it (the search cache is keyed by the terms revision)', async () => {
    const hospital = await createHospital(ctx);
    const admin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id })).email);
    const provider = await providerOf(hospital.id);
    const search = async (q: string) => {
      const body = await (await provider.get(`/api/terms/search?q=${q}&pageSize=5`)).json();
      return { source: body.source as string, terms: body.items.map((t: { term: string }) => t.term) as string[], total: body.totalCount as number };
    };
    // No own terms yet: the defaults; a default term added by a system admin shows at once.
    expect((await search('quokka')).terms).toEqual([]);
    expect((await system.post('/api/admin/terms/default', { termId: 'CON-quokka', term: 'Quokka fever', specialtyName: 'Family Medicine' })).status).toBe(201);
    expect(await search('quokka')).toEqual({ source: 'default', terms: ['Quokka fever'], total: 1 });
    // The hospital's first term switches the source; an edit, a deactivation and a delete at a SQL prompt each show.
    const created = await admin.post(`/api/admin/hospitals/${hospital.id}/terms`, term('CON-quokka2', 'Quokka bite'));
    expect(created.status).toBe(201);
    expect(await search('quokka')).toEqual({ source: 'hospital_and_default', terms: ['Quokka bite', 'Quokka fever'], total: 2 });
    const { id } = await created.json();
    expect((await admin.patch(`/api/admin/hospitals/${hospital.id}/terms/${id}`, { term: 'Quokka scratch' })).status).toBe(200);
    expect((await search('quokka')).terms).toEqual(['Quokka fever', 'Quokka scratch']);
    await ctx.database.db.update(hospitalExpertiseTerms).set({ isActive: false }).where(eq(hospitalExpertiseTerms.id, id));
    expect(await search('quokka')).toEqual({ source: 'default', terms: ['Quokka fever'], total: 1 });
    await ctx.database.db.delete(medicalExpertiseTerms).where(eq(medicalExpertiseTerms.termId, 'CON-quokka'));
    expect((await search('quokka')).terms).toEqual([]);
  });

  it('suggests specialties from the NPI taxonomies only above 0.3 confidence', async () => {
    const client = await providerOf(null);
    const session = await (await client.get('/api/auth/session')).json();
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, session.user.id));
    await ctx.database.db
      .update(professionalIdentity)
      .set({
        npiSpecialties: [
          { name: 'Internal Medicine, Cardiovascular Disease', code: '207RC0000X', is_primary: true },
          { name: 'Qzxv Wkjy', code: 'X', is_primary: false },
        ],
      })
      .where(eq(professionalIdentity.userId, user!.id));
    const suggestions = await (await client.get('/api/terms/specialty-suggestions')).json();
    expect(suggestions.items).toHaveLength(1);
    expect(suggestions.items[0]).toMatchObject({ npiSpecialty: 'Internal Medicine, Cardiovascular Disease', specialty: 'Cardiovascular Disease' });
    expect(suggestions.items[0].confidence).toBeGreaterThan(0.3);
  });

  // Issue 35 item 8: suggestions come from the provider's own registry taxonomies, by their NUCC code,
  // not from whatever specialty reads most like the registry's words.
  it('suggests the specialties of the provider’s own registry taxonomies, by code, the primary first', async () => {
    const client = await providerOf(null);
    const session = await (await client.get('/api/auth/session')).json();
    await ctx.database.db
      .update(professionalIdentity)
      .set({
        npiSpecialties: [
          { name: 'Student in an Organized Health Care Education/Training Program', code: '390200000X', is_primary: false },
          { name: 'Nurse Practitioner Family', code: '363LF0000X', is_primary: false },
          { name: 'Internal Medicine', code: '207R00000X', is_primary: true },
          { name: 'Internal Medicine', code: '207R00000X', is_primary: false },
        ],
      })
      .where(eq(professionalIdentity.userId, session.user.id));
    const suggestions = await (await client.get('/api/terms/specialty-suggestions')).json();
    // The nurse practitioner's taxonomy is no physician specialty: no "Family Medicine" from the words alike.
    expect(suggestions.items).toEqual([{ npiSpecialty: 'Internal Medicine', specialty: 'Internal Medicine', confidence: 1, matchedBy: 'code' }]);
  });

  it("stores how closely the registry's primary specialty matched the taxonomy, at sign-up and at refresh", async () => {
    const client = browserClient(ctx.app);
    const signedUp = await client.post(
      '/api/auth/sign-up',
      {
        email: `npi.${uniqueSuffix()}@example.org`,
        password: 'a long passphrase',
        agreedToTerms: true,
        agreedToPrivacy: true,
        fullName: 'Jordan Avery',
        npiNumber: FAKE_NPIS.cardiologist,
      },
      { 'x-forwarded-for': '198.51.100.7' },
    );
    expect(signedUp.status).toBe(201);
    const userId = (await signedUp.json()).user.id as string;
    const confidence = async () =>
      (
        await ctx.database.db
          .select({ value: professionalIdentity.matchedSpecialtyConfidence })
          .from(professionalIdentity)
          .where(eq(professionalIdentity.userId, userId))
      )[0]?.value;
    // 'Internal Medicine, Cardiovascular Disease' → the taxonomy's 'Cardiovascular Disease'.
    const atSignUp = await confidence();
    expect(atSignUp).toBeGreaterThan(0.3);
    expect(atSignUp).toBeLessThanOrEqual(1);

    await ctx.database.db
      .update(professionalIdentity)
      .set({ matchedSpecialtyConfidence: null, primarySpecialty: null })
      .where(eq(professionalIdentity.userId, userId));
    expect((await client.post('/api/profile/identity/npi-refresh', {})).status).toBe(200);
    expect(await confidence()).toBe(atSignUp);
  });
});

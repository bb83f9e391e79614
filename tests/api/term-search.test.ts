/**
 * Term search at the index's speed (issue [T2 1/5]): terms that start with the text rank first, the
 * total is exact up to 1,000 matches and "1,000+" beyond, and the page is the same whichever plan the
 * match count picks — on the provider's type-ahead and the console alike, on PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, ilike, sql } from 'drizzle-orm';
import { rowsOf } from '../../src/server/db/client';
import { hospitalExpertiseTerms, medicalExpertiseTerms, type hospitals } from '../../src/server/db/schema';
import { MATCH_COUNT_CAP } from '../../src/server/modules/expertise-terms/service';
import { seedReferenceData } from '../../src/server/db/seed';
import { seedDataDir } from '../../src/server/paths';
import { browserClient, type BrowserClient } from '../support/clients';
import { createAdminRow, createHospital, signInAdmin, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

let ctx: TestContext;
let hospital: typeof hospitals.$inferSelect;
let admin: BrowserClient;
let provider: BrowserClient;
let statements: string[] = [];

const TERMS = [
  'Atrial fibrillation',
  'Cardiac arrest',
  'Cardiomyopathy',
  'Congenital heart disease',
  'Heart failure',
  'Pericarditis',
  'Syncope',
  '100% card_test',
];

beforeAll(async () => {
  ctx = await createTestApp({}, { onQuery: (query) => statements.push(query) });
  await seedReferenceData(ctx.database.db, seedDataDir);
  hospital = await createHospital(ctx, { expertiseTermsScope: 'own_only' });
  admin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id })).email);
  // A few named terms, and 1,200 more that all contain "card" but start otherwise ("Echo cardiogram 0001").
  const rows = [
    ...TERMS.map((term, i) => ({ hospitalId: hospital.id, termId: `CON-${i}`, term, termType: 'Condition' })),
    ...Array.from({ length: 1200 }, (_, i) => ({
      hospitalId: hospital.id,
      termId: `PROC-${i}`,
      term: `Echo cardiogram ${String(i).padStart(4, '0')}`,
      termType: 'Procedure',
    })),
  ];
  for (let i = 0; i < rows.length; i += 500) await ctx.database.db.insert(hospitalExpertiseTerms).values(rows.slice(i, i + 500));
  provider = browserClient(ctx.app);
  const signUp = await provider.post(
    '/api/auth/sign-up',
    {
      email: `t.${uniqueSuffix()}@example.org`,
      password: 'a long passphrase',
      agreedToTerms: true,
      agreedToPrivacy: true,
      fullName: 'Tess Terms',
      hospitalId: hospital.id,
    },
    { 'x-forwarded-for': '192.0.2.91' },
  );
  expect(signUp.status).toBe(201);
});
afterAll(async () => {
  await ctx?.close();
});

const terms = (body: { items: Array<{ term: string }> }) => body.items.map((t) => t.term);

describe(`ranked term search with a capped total (${databaseLabel})`, () => {
  it('ranks terms that start with the text first, each group alphabetically', async () => {
    const response = await provider.get('/api/terms/search?q=CARD&pageSize=5');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.source).toBe('hospital');
    expect(terms(body)).toEqual(['Cardiac arrest', 'Cardiomyopathy', '100% card_test', 'Echo cardiogram 0000', 'Echo cardiogram 0001']);
    // 1,203 terms contain "card": the total stops at the cap and says so.
    expect(body.totalCount).toBe(MATCH_COUNT_CAP);
    expect(body.totalCountCapped).toBe(true);
  });

  it('pages through the ranked order without repeats, past the prefix group', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page += 1) seen.push(...terms(await (await provider.get(`/api/terms/search?q=card&pageSize=2&page=${page}`)).json()));
    expect(seen).toEqual(['Cardiac arrest', 'Cardiomyopathy', '100% card_test', 'Echo cardiogram 0000', 'Echo cardiogram 0001', 'Echo cardiogram 0002']);
  });

  it('counts exactly below the cap and ranks the same way when few terms match', async () => {
    const body = await (await provider.get('/api/terms/search?q=AT&pageSize=10')).json();
    expect(body.totalCountCapped).toBe(false);
    expect(terms(body)).toEqual(['Atrial fibrillation', 'Cardiomyopathy']);
    expect(body.totalCount).toBe(2);
  });

  it("answers any text in one statement after the session check and the hospital's term source, and past the last match too", async () => {
    // The first search of a text issues its statements; the same search again is answered from the
    // cache kept under the terms revision, which the term source's statement reads each time.
    const issued = async (path: string) => {
      statements = [];
      const body = await (await provider.get(path)).json();
      const first = [...statements];
      statements = [];
      expect(await (await provider.get(path)).json()).toEqual(body);
      return { body, issued: first, again: [...statements] };
    };
    const few = await issued('/api/terms/search?q=AT&pageSize=9');
    expect(few.issued, few.issued.join('\n')).toHaveLength(3);
    expect(few.again, few.again.join('\n')).toHaveLength(2);
    expect(few.body.totalCount).toBe(2);
    const common = await issued('/api/terms/search?q=card&pageSize=5');
    expect(common.issued, common.issued.join('\n')).toHaveLength(3);
    expect(common.again, common.again.join('\n')).toHaveLength(2);
    expect(common.body).toMatchObject({ totalCount: MATCH_COUNT_CAP, totalCountCapped: true });
    const past = await issued('/api/terms/search?q=AT&pageSize=10&page=2');
    expect(past.body).toMatchObject({ items: [], totalCount: 2, totalCountCapped: false });
  });

  it('applies the type and specialty filters to a text search, and pages past the first 1,001 matches', async () => {
    const console = (query: string) => admin.get(`/api/admin/hospitals/${hospital.id}/terms?${query}`).then((r) => r.json());
    // "card" matches 1,204 terms: 4 conditions and the 1,200 procedures.
    const conditions = await console('q=card&termType=Condition&pageSize=10');
    expect(terms(conditions)).toEqual(['Cardiac arrest', 'Cardiomyopathy', '100% card_test', 'Pericarditis']);
    expect(conditions).toMatchObject({ totalCount: 4, totalCountCapped: false });
    const procedures = await console('q=card&termType=Procedure&pageSize=2&page=2');
    expect(terms(procedures)).toEqual(['Echo cardiogram 0002', 'Echo cardiogram 0003']);
    expect(procedures).toMatchObject({ totalCount: MATCH_COUNT_CAP, totalCountCapped: true });
    // Past the window of 1,001 matches the ranked statement sees, the page still comes in order.
    const far = await console('q=card&pageSize=2&page=600');
    expect(terms(far)).toEqual(['Echo cardiogram 1195', 'Echo cardiogram 1196']);
    const noSpecialty = await console('q=card&specialty=Cardiology&pageSize=5');
    expect(noSpecialty).toMatchObject({ items: [], totalCount: 0, totalCountCapped: false });
  });

  it('takes %, _ and case literally in the prefix too', async () => {
    const percent = await (await provider.get(`/api/terms/search?q=${encodeURIComponent('100%')}`)).json();
    expect(terms(percent)).toEqual(['100% card_test']);
    const underscore = await (await provider.get(`/api/terms/search?q=${encodeURIComponent('d_t')}`)).json();
    expect(terms(underscore)).toEqual(['100% card_test']);
  });

  it('gives the console the same ranking and cap', async () => {
    const body = await (await admin.get(`/api/admin/hospitals/${hospital.id}/terms?q=card&pageSize=3`)).json();
    expect(terms(body)).toEqual(['Cardiac arrest', 'Cardiomyopathy', '100% card_test']);
    expect(body).toMatchObject({ totalCount: MATCH_COUNT_CAP, totalCountCapped: true });
    const all = await (await admin.get(`/api/admin/hospitals/${hospital.id}/terms?pageSize=1`)).json();
    expect(all).toMatchObject({ totalCount: TERMS.length + 1200, totalCountCapped: false });
  });

  it('ranks the default terms that start with the text first for a provider without hospital terms', async () => {
    const body = await (await admin.get('/api/admin/terms/default?q=atrial&pageSize=50')).json();
    expect(body.totalCountCapped).toBe(false);
    const starts = body.items.map((t: { term: string }) => t.term.toLowerCase().startsWith('atrial'));
    // Every prefix match comes before every other match.
    expect(starts.indexOf(false) === -1 || starts.lastIndexOf(true) < starts.indexOf(false)).toBe(true);
    expect(starts[0]).toBe(true);
  });

  it("counts the default terms a text matches in the page's own statement, capped like the hospital's, and past the last page too", async () => {
    const defaults = (query: string) => admin.get(`/api/admin/terms/default?${query}`).then((r) => r.json());
    const [expected] = await ctx.database.db
      .select({ n: count() })
      .from(medicalExpertiseTerms)
      .where(and(ilike(medicalExpertiseTerms.term, '%atrial%'), eq(medicalExpertiseTerms.isActive, true)));
    const atrial = await defaults('q=atrial&pageSize=5');
    expect(Number(expected!.n)).toBeGreaterThan(5);
    expect(atrial).toMatchObject({ totalCount: Number(expected!.n), totalCountCapped: false });
    expect(await defaults('q=atrial&pageSize=5&page=500')).toMatchObject({ items: [], totalCount: Number(expected!.n), totalCountCapped: false });
    // "e" is in most of the 13,000 defaults.
    expect(await defaults('q=e&pageSize=5')).toMatchObject({ totalCount: MATCH_COUNT_CAP, totalCountCapped: true });
    expect(await defaults('q=e&pageSize=5&page=5000')).toMatchObject({ items: [], totalCount: MATCH_COUNT_CAP, totalCountCapped: true });
  });
});

describe(`a hospital's own terms only, or its own plus the defaults (${databaseLabel})`, () => {
  it('lets one custom term sit beside the 13,000 defaults until the admin chooses "own terms only"', async () => {
    const own = await createHospital(ctx);
    const ownAdmin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: own.id })).email);
    expect(
      (
        await ownAdmin.post(`/api/admin/hospitals/${own.id}/terms`, {
          termId: 'custom-atrial',
          term: 'Atrial flutter ablation (our clinic)',
          termType: 'Procedure',
          specialtyName: 'Cardiology',
        })
      ).status,
    ).toBe(201);
    const client = browserClient(ctx.app);
    const signUp = await client.post(
      '/api/auth/sign-up',
      {
        email: `scope.${uniqueSuffix()}@example.org`,
        password: 'a long passphrase',
        agreedToTerms: true,
        agreedToPrivacy: true,
        fullName: 'Sam Scope',
        hospitalId: own.id,
      },
      { 'x-forwarded-for': '192.0.2.92' },
    );
    expect(signUp.status).toBe(201);

    const both = await (await client.get('/api/terms/search?q=atrial&pageSize=50')).json();
    expect(both.source).toBe('hospital_and_default');
    expect(terms(both)).toContain('Atrial flutter ablation (our clinic)');
    expect(both.items.filter((t: { source: string }) => t.source === 'default').length).toBeGreaterThan(0);
    const starts = both.items.map((t: { term: string }) => t.term.toLowerCase().startsWith('atrial'));
    expect(starts.indexOf(false) === -1 || starts.slice(starts.indexOf(false)).every((s: boolean) => !s)).toBe(true);
    expect(both.totalCount).toBeGreaterThan(1);
    // Pages of the merged list do not repeat.
    const ids = async (page: number) =>
      ((await (await client.get(`/api/terms/search?q=atrial&pageSize=3&page=${page}`)).json()).items as Array<{ id: string }>).map((t) => t.id);
    const [first, second] = [await ids(1), await ids(2)];
    expect(first.filter((id) => second.includes(id))).toEqual([]);
    expect([...first, ...second]).toEqual(both.items.slice(0, 6).map((t: { id: string }) => t.id));

    const patched = await ownAdmin.patch(`/api/admin/hospitals/${own.id}`, { expertiseTermsScope: 'own_only' });
    expect(patched.status, await patched.clone().text()).toBe(200);
    expect((await patched.json()).expertiseTermsScope).toBe('own_only');
    const only = await (await client.get('/api/terms/search?q=atrial&pageSize=50')).json();
    expect(only).toMatchObject({ source: 'hospital', totalCount: 1 });
    expect(terms(only)).toEqual(['Atrial flutter ablation (our clinic)']);
    expect((await ownAdmin.patch(`/api/admin/hospitals/${own.id}`, { expertiseTermsScope: 'everything' })).status).toBe(400);

    // Copying the defaults makes the hospital's own catalogue complete: own terms only from then on.
    expect((await ownAdmin.patch(`/api/admin/hospitals/${own.id}`, { expertiseTermsScope: 'own_plus_defaults' })).status).toBe(200);
    expect((await ownAdmin.post(`/api/admin/hospitals/${own.id}/terms/copy-defaults`, {})).status).toBe(200);
    // The copy refreshed the planner's statistics (PGlite has no autovacuum): the table's row estimate
    // counts the 13,000 new rows, so the next search is not planned for an empty table.
    const [stored] = await ctx.database.db.select({ n: count() }).from(hospitalExpertiseTerms);
    const [estimate] = rowsOf<{ reltuples: number }>(
      await ctx.database.db.execute(sql`select reltuples::float8 as reltuples from pg_class where relname = 'hospital_expertise_terms'`),
    );
    expect(Number(estimate!.reltuples)).toBeGreaterThan(Number(stored!.n) * 0.9);
    expect((await (await ownAdmin.get(`/api/admin/hospitals/${own.id}`)).json()).expertiseTermsScope).toBe('own_only');
    expect((await (await client.get('/api/terms/search?q=atrial&pageSize=5')).json()).source).toBe('hospital');
  });

  // Issue 35 item 12 (spec §6): a hospital whose data source is the listing service takes its terms
  // from its own table, even while its scope setting still says "own plus defaults".
  it('gives a listing-service hospital’s providers its own terms only', async () => {
    const listed = await createHospital(ctx, { dataSource: 'yext', expertiseTermsScope: 'own_plus_defaults' });
    const listedAdmin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: listed.id })).email);
    const client = browserClient(ctx.app);
    const signUp = await client.post(
      '/api/auth/sign-up',
      {
        email: `listed.${uniqueSuffix()}@example.org`,
        password: 'a long passphrase',
        agreedToTerms: true,
        agreedToPrivacy: true,
        fullName: 'Lee Listed',
        hospitalId: listed.id,
      },
      { 'x-forwarded-for': '192.0.2.93' },
    );
    expect(signUp.status).toBe(201);
    // No terms of its own yet: the defaults, or the provider would have nothing to pick.
    expect((await (await client.get('/api/terms/search?q=atrial&pageSize=5')).json()).source).toBe('default');
    expect(
      (
        await listedAdmin.post(`/api/admin/hospitals/${listed.id}/terms`, {
          termId: 'listed-atrial',
          term: 'Atrial flutter (listing service)',
          termType: 'Condition',
          specialtyName: 'Cardiology',
        })
      ).status,
    ).toBe(201);
    const only = await (await client.get('/api/terms/search?q=atrial&pageSize=50')).json();
    expect(only).toMatchObject({ source: 'hospital', totalCount: 1 });
    expect(terms(only)).toEqual(['Atrial flutter (listing service)']);
  });

  // Issue 35 item 8: the defaults rank by how well a term matches before the specialty it is filed
  // under; "hypertension" listed every cardiovascular term before the other specialties' closer ones.
  it('ranks the default terms by match quality before specialty', async () => {
    const client = browserClient(ctx.app);
    const signUp = await client.post(
      '/api/auth/sign-up',
      { email: `rank.${uniqueSuffix()}@example.org`, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName: 'Rae Rank' },
      { 'x-forwarded-for': '192.0.2.94' },
    );
    expect(signUp.status).toBe(201);
    const found = await (await client.get('/api/terms/search?q=hypertension&pageSize=40')).json();
    expect(found.source).toBe('default');
    const items = found.items as Array<{ term: string; specialtyName: string }>;
    expect(items[0]!.term).toBe('Hypertension');
    const tier = (term: string) => {
      const lower = term.toLowerCase();
      if (lower === 'hypertension') return 0;
      if (lower.startsWith('hypertension')) return 1;
      return lower
        .replace(/[^a-z0-9]+/g, ' ')
        .split(' ')
        .some((word) => word.startsWith('hypertension'))
        ? 2
        : 3;
    };
    for (let i = 1; i < items.length; i += 1) {
      const [a, b] = [items[i - 1]!, items[i]!];
      expect(tier(a.term) < tier(b.term) || (tier(a.term) === tier(b.term) && a.term.length <= b.term.length), `${a.term} before ${b.term}`).toBe(true);
    }
    // A shorter match filed under a later specialty comes before a longer cardiovascular one.
    const index = (term: string, specialty?: string) => items.findIndex((t) => t.term === term && (!specialty || t.specialtyName === specialty));
    expect(index('Portal hypertension')).toBeGreaterThan(-1);
    expect(index('Portal hypertension')).toBeLessThan(index('Renovascular hypertension', 'Cardiovascular Disease'));
  });
});

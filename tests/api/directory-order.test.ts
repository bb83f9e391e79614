import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedShapes, rowsOf } from '../../src/server/db/client';
import { directoryListings, insuranceAccepted, languages, languagesSpoken } from '../../src/server/db/schema';
import { findProviders, placeSearchPlans, runSearch, searchDirectory, type DirectorySearch } from '../../src/server/modules/directory/service';
import { insertProvider, openDirectoryHospital } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

// Issue 36: the directory search ranks, filters, counts and pages in SQL. What the process did by hand
// before is pinned here: names in the order of Intl.Collator('en') (by last name, then the whole name),
// equal names kept apart across pages, and a plan written two ways counted as one.

let ctx: TestContext;
let hospitalId: string;

/** [first name, last name, plans]. Accents, case, apostrophes, particles and a shared name. */
const PEOPLE: Array<[string, string, string[]]> = [
  ['Zoe', 'Zane', ['Aetna']],
  ['Ola', 'Åberg', [' aetna ']],
  ['Al', 'abbott', []],
  ['Bo', 'Abbott', ['Medicare']],
  ['Kim', "O'Neil", []],
  ['Ann', 'Oakes', []],
  ['Rosa', 'de la Cruz', []],
  ['Jim', 'Dean', []],
  ['Sam', 'Smith', []],
  ['Sam', 'Smith', []],
];

const everyone: DirectorySearch = { query: '', location: '', language: '', acceptingNewPatients: false, videoVisits: false, page: 1 };

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  await db.insert(languages).values({ code: 'en', name: 'English', isQuickAdd: true, sortOrder: 1 }).onConflictDoNothing();
  hospitalId = await openDirectoryHospital(ctx, 'Order', 'order');
  for (const [k, [first, last, plans]] of PEOPLE.entries()) {
    const userId = await insertProvider(ctx, { hospitalId, first, last, specialty: 'Family Medicine', emailPrefix: 'order' });
    await db.insert(languagesSpoken).values({ userId, languageCode: 'en', languageName: 'English', displayOrder: 1 });
    if (plans.length) await db.insert(insuranceAccepted).values(plans.map((insuranceName, order) => ({ userId, insuranceName, displayOrder: order })));
    await db.insert(directoryListings).values({ userId, hospitalId, status: 'published', slug: `order-${k}`, publishedAt: new Date() });
  }
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe(`directory search order and facets (${databaseLabel})`, () => {
  it("orders names as Intl.Collator('en') does, by last name then the whole name", async () => {
    const result = await searchDirectory(ctx.database.db, hospitalId, everyone);
    const collate = new Intl.Collator('en').compare;
    const expected = PEOPLE.map(([first, last]) => ({ last, name: `${first} ${last}` }))
      .sort((a, b) => collate(a.last, b.last) || collate(a.name, b.name))
      .map((p) => p.name);
    expect(result.items.map((item) => item.name)).toEqual(expected);
    expect(expected.slice(0, 4)).toEqual(['Al abbott', 'Bo Abbott', 'Ola Åberg', 'Rosa de la Cruz']);
    expect(result.total).toBe(PEOPLE.length);
  });

  it('keeps two providers of the same name in one order, the same on every search', async () => {
    const first = (await searchDirectory(ctx.database.db, hospitalId, { ...everyone, query: 'smith' })).items.map((item) => item.userId);
    const again = (await searchDirectory(ctx.database.db, hospitalId, { ...everyone, query: 'smith' })).items.map((item) => item.userId);
    expect(first).toHaveLength(2);
    expect(new Set(first).size).toBe(2);
    expect(again).toEqual(first);
  });

  it('counts a plan written two ways as one, and each facet without its own filter', async () => {
    const all = await searchDirectory(ctx.database.db, hospitalId, everyone);
    expect(all.facets.insurance?.map((plan) => [plan.value.toLowerCase(), plan.count])).toEqual([
      ['aetna', 2],
      ['medicare', 1],
    ]);
    expect(all.facets.languages).toEqual([{ value: 'en', name: 'English', count: PEOPLE.length }]);
    expect(all.facets.specialties).toEqual([{ value: 'Family Medicine', count: PEOPLE.length }]);
    // Filtered by a plan: the results and the other facets narrow, the plans' own facet does not.
    const aetna = await searchDirectory(ctx.database.db, hospitalId, { ...everyone, insurance: 'AETNA' });
    expect(aetna.items.map((item) => item.name)).toEqual(['Ola Åberg', 'Zoe Zane']);
    expect(aetna.total).toBe(2);
    expect(aetna.facets.languages).toEqual([{ value: 'en', name: 'English', count: 2 }]);
    expect(aetna.facets.specialties).toEqual([{ value: 'Family Medicine', count: 2 }]);
    expect(aetna.facets.insurance?.map((plan) => plan.count)).toEqual([2, 1]);
  });

  // Decision 0030: each shape of the search is a named statement, planned once per connection.
  it('runs a search as a named statement with a generic plan on PostgreSQL, and names only the first shapes', async () => {
    const postgres = databaseLabel === 'postgres';
    type Prepared = { name: string; generic_plans: number | string; custom_plans: number | string };
    await ctx.database.db.transaction(async (tx) => {
      const statements = async () =>
        new Map(
          rowsOf<Prepared>(
            await tx.execute(sql`select name, generic_plans, custom_plans from pg_prepared_statements where name like 'vitae_directory_search%'`),
          ).map((row) => [row.name, { generic: Number(row.generic_plans), custom: Number(row.custom_plans) }]),
        );
      // The API files of a worker share this process's modules, and the names its searches took.
      runSearch.forget();
      const before = await statements();
      const shape = { ...everyone, query: 'smith', language: 'en' };
      for (let i = 0; i < 3; i += 1) await findProviders(tx, hospitalId, shape);
      // The connection may hold other searches' statements already: this shape's ran three times more, each on its generic plan.
      const grown = [...(await statements())].filter(([name, after]) => after.generic - (before.get(name)?.generic ?? 0) === 3);
      expect(grown.length).toBe(postgres ? 1 : 0);
      if (postgres) expect(grown[0]![1].custom).toBe(before.get(grown[0]![0])?.custom ?? 0);

      const run = namedShapes('vitae_test_shape', 1);
      expect(rowsOf<{ n: number }>(await run(tx, true, sql`select 1 + ${1}::int as n`))[0]!.n).toBe(2);
      expect(rowsOf<{ n: number }>(await run(tx, true, sql`select 2 + ${1}::int as n`))[0]!.n).toBe(3);
      expect(rowsOf<{ n: number }>(await run(tx, true, sql`select 1 + ${5}::int as n`))[0]!.n).toBe(6);
      const shapes = rowsOf<{ statement: string }>(await tx.execute(sql`select statement from pg_prepared_statements where name like 'vitae_test_shape%'`));
      expect(shapes.map((row) => row.statement.replace(/\s+/g, ' '))).toEqual(postgres ? ['select 1 + $1::int as n'] : []);
    });
  });

  it('runs words with a place on the generic plan in a directory up to placeSearchPlans, and planned for its values past it', async () => {
    const postgres = databaseLabel === 'postgres';
    const limit = placeSearchPlans.placeGenericUpTo;
    await ctx.database.db.transaction(async (tx) => {
      const genericRuns = async () =>
        Number(
          rowsOf<{ n: number | string }>(
            await tx.execute(
              sql`select coalesce(sum(generic_plans), 0) as n from pg_prepared_statements where name like 'vitae_directory_search%' and statement like '%near as materialized%'`,
            ),
          )[0]!.n,
        );
      runSearch.forget();
      const shape = { ...everyone, query: 'smith', location: '60201' };
      const start = await genericRuns();
      for (let i = 0; i < 3; i += 1) await findProviders(tx, hospitalId, shape);
      const small = await genericRuns();
      // Nobody here has a location, so each search also tries its suggestions (a wider radius, no words).
      if (postgres) expect(small - start).toBeGreaterThanOrEqual(3);
      else expect(small).toBe(0);
      try {
        // The same search in a directory past the line: its statements with a place are planned for their values, none generic.
        placeSearchPlans.placeGenericUpTo = 0;
        const { result: results } = await findProviders(tx, hospitalId, shape);
        for (let i = 0; i < 2; i += 1) await findProviders(tx, hospitalId, shape);
        expect(await genericRuns()).toBe(small);
        placeSearchPlans.placeGenericUpTo = limit;
        // Either plan finds the same people.
        expect((await findProviders(tx, hospitalId, shape)).result.items).toEqual(results.items);
      } finally {
        placeSearchPlans.placeGenericUpTo = limit;
      }
    });
  });
});

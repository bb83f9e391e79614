import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedQueries, rowsOf, withGenericPlans, type DatabaseHandle } from '../../src/server/db/client';
import { languages } from '../../src/server/db/schema';
import { createTestDatabase, databaseLabel } from '../support/test-database';

// Decision 0030: statements composed per request run under a name per shape, planned once per
// connection. On PostgreSQL the names show in pg_prepared_statements; PGlite runs them unnamed.

let database: DatabaseHandle;
const postgres = databaseLabel === 'postgres';

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(languages).values([
    { code: 'xa', name: 'Test A', isQuickAdd: false, sortOrder: 1 },
    { code: 'xb', name: 'Test B', isQuickAdd: false, sortOrder: 2 },
  ]);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe(`named statements (${databaseLabel})`, () => {
  it('runs a query builder under a name for its first shapes, with the same rows as the builder itself', async () => {
    const named = namedQueries('vitae_test_query', 1);
    await database.db.transaction(async (tx) => {
      const byCode = (code: string) => tx.select({ name: languages.name, order: languages.sortOrder }).from(languages).where(eq(languages.code, code));
      expect(await named(byCode('xa'))).toEqual([{ name: 'Test A', order: 1 }]);
      expect(await named(byCode('xb'))).toEqual(await byCode('xb'));
      // A second shape, past the limit of one: runs unnamed, with the same answer.
      expect(await named(tx.select({ code: languages.code }).from(languages).where(eq(languages.name, 'Test B')))).toEqual([{ code: 'xb' }]);
      const prepared = rowsOf<{ statement: string }>(await tx.execute(sql`select statement from pg_prepared_statements where name like 'vitae_test_query%'`));
      expect(prepared.map((row) => row.statement)).toEqual(postgres ? [byCode('xa').toSQL().sql] : []);
    });
  });

  it('plans a transaction’s statements without their values on PostgreSQL only, and only inside it', async () => {
    const setting = async (on: typeof database.db) =>
      rowsOf<{ mode: string }>(await on.execute(sql`select current_setting('plan_cache_mode') as mode`))[0]!.mode;
    expect(await withGenericPlans(database.db, setting)).toBe(postgres ? 'force_generic_plan' : 'auto');
    expect(await setting(database.db)).toBe('auto');
  });

  it.runIf(postgres)('runs every pooled connection without JIT compilation', async () => {
    const settings = await Promise.all(
      Array.from({ length: 3 }, async () => rowsOf<{ jit: string }>(await database.db.execute(sql`select current_setting('jit') as jit`))[0]!.jit),
    );
    expect(settings).toEqual(['off', 'off', 'off']);
  });
});

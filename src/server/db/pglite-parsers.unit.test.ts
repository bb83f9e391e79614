import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { date, integer, interval, jsonb, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adoptDrizzleParsers } from './pglite-parsers';

const samples = pgTable('samples', {
  id: integer().primaryKey(),
  at: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  localAt: timestamp({ mode: 'string' }).notNull(),
  day: date({ mode: 'date' }).notNull(),
  wait: interval().notNull(),
  amount: numeric().notNull(),
  data: jsonb().$type<{ kind: string }>().notNull(),
});

const DDL = [
  `create table samples (id integer primary key, at timestamptz not null, local_at timestamp not null, day date not null, wait interval not null, amount numeric not null, data jsonb not null)`,
  `insert into samples values (1, '2026-11-27 10:15:30.25+01', '2026-11-27 10:15:30', '2026-02-28', '1 day 02:00:00', 12.50, '{"kind":"a"}'), (2, '1999-12-31 23:59:59+00', '1999-12-31 23:59:59', '2000-01-01', '00:00:01.5', 0, '{"kind":"b"}')`,
];

// Every type Drizzle parses as text, arrays included, next to types PGlite parses itself.
const RAW = `select at, local_at, day, wait, amount, data, id, id > 1 as later,
  array[at] as ats, array[local_at] as local_ats, array[day] as days, array[wait] as waits, array[amount] as amounts
  from samples order by id`;

async function makeDb(adopt: boolean) {
  const client = await PGlite.create();
  for (const statement of DDL) await client.query(statement);
  return { client, db: drizzle({ client: adopt ? adoptDrizzleParsers(client) : client, casing: 'snake_case' }) };
}

describe('adoptDrizzleParsers', () => {
  let plain: Awaited<ReturnType<typeof makeDb>>;
  let lean: Awaited<ReturnType<typeof makeDb>>;

  beforeAll(async () => {
    [plain, lean] = await Promise.all([makeDb(false), makeDb(true)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([plain?.client.close(), lean?.client.close()]);
  });

  it("gives Drizzle's raw statements, typed selects and transactions the same results as Drizzle's own parsers", async () => {
    expect(await lean.db.execute(sql.raw(RAW))).toEqual(await plain.db.execute(sql.raw(RAW)));
    const typed = (db: typeof plain.db) => db.select().from(samples).orderBy(samples.id);
    const rows = await typed(lean.db);
    expect(rows).toEqual(await typed(plain.db));
    expect(rows[0]).toMatchObject({
      at: new Date('2026-11-27T09:15:30.250Z'),
      localAt: '2026-11-27 10:15:30',
      wait: '1 day 02:00:00',
      amount: '12.50',
      data: { kind: 'a' },
    });
    const inTransaction = (db: typeof plain.db) => db.transaction(async (tx) => [await tx.execute(sql.raw(RAW)), await tx.select().from(samples)]);
    expect(await inTransaction(lean.db)).toEqual(await inTransaction(plain.db));
  });

  it('sends a statement with only those parsers without them, in a transaction too, and passes any other parser on', async () => {
    const seen: Array<QueryOptions | undefined> = [];
    const original = PGlite.prototype.query;
    const client = await PGlite.create();
    // Stand in for PGlite's own methods before the adoption wraps them, to see what they are given.
    client.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
      seen.push(options);
      return original.call(client, text, params, options);
    }) as PGlite['query'];
    const transaction = client.transaction.bind(client);
    client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
      transaction((tx) => {
        const txQuery = tx.query;
        tx.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
          seen.push(options);
          return txQuery(text, params, options);
        }) as Transaction['query'];
        return callback(tx);
      })) as PGlite['transaction'];
    const db = drizzle({ client: adoptDrizzleParsers(client) });
    try {
      await db.execute(sql`select now() as at`);
      await db.transaction(async (tx) => {
        await tx.execute(sql`select now() as at`);
      });
      expect(seen).toHaveLength(2);
      for (const options of seen) {
        expect(options).toMatchObject({ rowMode: 'object' });
        expect(options?.parsers).toBeUndefined();
      }

      seen.length = 0;
      const shout = (value: string) => value.toUpperCase();
      const result = await client.query<{ word: string }>(`select 'quiet'::text as word`, [], { parsers: { 25: shout } });
      expect(seen[0]?.parsers).toEqual({ 25: shout });
      expect(result.rows).toEqual([{ word: 'QUIET' }]);
    } finally {
      await client.close();
    }
    // Starting a PGlite instance takes seconds on a loaded machine (5.3 s in a CI run).
  }, 60_000);
});

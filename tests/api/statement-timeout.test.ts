/**
 * The spec's query timeout (60,000 ms) is PostgreSQL's `statement_timeout` on every pooled connection
 * (DATABASE_STATEMENT_TIMEOUT_MS), so a slow query cannot hold a connection for ever; migrations run
 * on their own connection without it. PGlite does not enforce timeouts (no timer signals in its
 * WebAssembly), so the check runs on PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { QUERY_TIMEOUT_MS } from '../../src/shared/limits';
import { createDatabase, rowsOf } from '../../src/server/db/client';
import { loadEnv } from '../../src/server/env';

const postgresUrl = process.env.DATABASE_URL;

describe('statement timeout', () => {
  it('defaults to the spec’s 60,000 ms and the pool to 10 connections, both configurable', () => {
    expect(QUERY_TIMEOUT_MS).toBe(60_000);
    expect(loadEnv({ NODE_ENV: 'test' })).toMatchObject({ DATABASE_STATEMENT_TIMEOUT_MS: 60_000, DATABASE_POOL_SIZE: 10 });
    expect(loadEnv({ NODE_ENV: 'test', DATABASE_STATEMENT_TIMEOUT_MS: '1500', DATABASE_POOL_SIZE: '25' })).toMatchObject({
      DATABASE_STATEMENT_TIMEOUT_MS: 1500,
      DATABASE_POOL_SIZE: 25,
    });
  });

  it.skipIf(!postgresUrl)('cancels a statement that runs longer than the timeout, and the connection serves the next one', async () => {
    const database = await createDatabase({ databaseUrl: postgresUrl, poolSize: 1, statementTimeoutMs: 300 });
    try {
      expect(rowsOf<{ timeout: string }>(await database.db.execute(sql`select current_setting('statement_timeout') as timeout`))[0]!.timeout).toBe('300ms');
      const started = Date.now();
      const slow = database.db.execute(sql`select pg_sleep(5)`);
      await expect(slow).rejects.toMatchObject({ cause: { code: '57014' } });
      expect(Date.now() - started).toBeLessThan(4000);
      expect(rowsOf<{ one: number }>(await database.db.execute(sql`select 1 as one`))[0]!.one).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('gives public reads a pool of their own, 5 connections and 5,000 ms by default, both configurable', () => {
    expect(loadEnv({ NODE_ENV: 'test' })).toMatchObject({ DATABASE_PUBLIC_POOL_SIZE: 5, DATABASE_PUBLIC_STATEMENT_TIMEOUT_MS: 5_000 });
    expect(loadEnv({ NODE_ENV: 'test', DATABASE_PUBLIC_POOL_SIZE: '2', DATABASE_PUBLIC_STATEMENT_TIMEOUT_MS: '800' })).toMatchObject({
      DATABASE_PUBLIC_POOL_SIZE: 2,
      DATABASE_PUBLIC_STATEMENT_TIMEOUT_MS: 800,
    });
  });

  it.skipIf(!postgresUrl)('cancels slow public reads sooner, and busy public connections leave the signed-in pool free', async () => {
    const database = await createDatabase({
      databaseUrl: postgresUrl,
      poolSize: 2,
      statementTimeoutMs: 60_000,
      publicPool: { size: 1, statementTimeoutMs: 2_000 },
      connectTimeoutMs: 2_000,
    });
    try {
      const setting = async (db: typeof database.db) =>
        rowsOf<{ timeout: string }>(await db.execute(sql`select current_setting('statement_timeout') as timeout`))[0]!.timeout;
      expect(await setting(database.publicDb)).toBe('2s');
      expect(await setting(database.db)).toBe('1min');
      // The one public connection is busy (and then cancelled); the signed-in pool answers meanwhile,
      // while the slow statement is still running (no wall-clock bound: CI machines stall). A Drizzle
      // query runs when it is first awaited (each `then` runs it again), so it is started once here.
      const started = Date.now();
      let slowSettled = false;
      const slow = database.publicDb.execute(sql`select pg_sleep(10)`).then(
        () => {
          slowSettled = true;
          return null;
        },
        (error: unknown) => {
          slowSettled = true;
          return error;
        },
      );
      expect(rowsOf<{ one: number }>(await database.db.execute(sql`select 1 as one`))[0]!.one).toBe(1);
      expect(slowSettled).toBe(false);
      expect(await slow).toMatchObject({ cause: { code: '57014' } });
      // Cancelled by the public pool's 2 s, far before the statement's own 10 s.
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      await database.close();
    }
  });

  // Issue 35 item 12: the README says why PGlite has no query timeout. If PGlite ever starts to
  // enforce statement_timeout, this fails, and the README and the pool setup should use it.
  it.skipIf(Boolean(postgresUrl))('on PGlite, statement_timeout is accepted and not enforced (the README says why)', async () => {
    const database = await createDatabase({ statementTimeoutMs: 100 });
    try {
      await database.db.execute(sql`set statement_timeout = 100`);
      const started = Date.now();
      await database.db.execute(sql`select pg_sleep(0.4)`);
      expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    } finally {
      await database.close();
    }
  });
});

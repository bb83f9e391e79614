import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { is, sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgDialect, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, NodePgSession } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { adoptDrizzleParsers } from './pglite-parsers';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers' databases share this type, so services are written once. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  /**
   * For anonymous public reads (the /find directory, the FHIR API): on PostgreSQL a pool of its own with
   * a shorter statement timeout, so internet traffic can neither hold a connection long nor take the
   * connections signed-in people need. On PGlite, and without `publicPool`, the same as `db`.
   */
  publicDb: Database;
  /**
   * For anonymous reads that need not see a write the moment it commits (directory pages, search,
   * FHIR, sitemaps, public photos): with `publicPool.readUrl`, a PostgreSQL streaming replica, which
   * falls back to the primary's public pool while the replica cannot be reached. Otherwise `publicDb`.
   * Anything that writes (rate-limit counts, appointment requests) uses `publicDb`.
   */
  publicReadDb: Database;
  kind: DatabaseKind;
  migrate(migrationsFolder: string): Promise<void>;
  /**
   * Runs `work` while no other process runs work under the same name on this database: on PostgreSQL a
   * session advisory lock held on a connection of its own, for the steps every process takes at start
   * (migrating, seeding) that must not run twice at once. PGlite has one process by its lock file.
   */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; `undefined` with no URL means an in-memory database (tests). */
  dataDir?: string;
  poolSize?: number;
  /** PostgreSQL: the separate pool for public reads (`publicDb`); absent, public reads share `db`. */
  publicPool?: { size: number; statementTimeoutMs: number; readUrl?: string };
  /**
   * PostgreSQL `statement_timeout` for every connection of the pool, in ms (0: none). PGlite runs in
   * this process's WebAssembly without timer signals and does not enforce it.
   */
  statementTimeoutMs?: number;
  /**
   * PostgreSQL: how long getting a pooled connection may take (every connection busy, or a database
   * that accepts the connection and then says nothing) before the request fails with a 503. The app
   * sets DATABASE_CONNECT_TIMEOUT_MS; absent here, a caller (a script, a test) waits as long as it takes.
   */
  connectTimeoutMs?: number;
  /** Called with every statement Drizzle sends and its parameters (tests count a request's statements; the bench replays them). */
  onQuery?: (query: string, params: unknown[]) => void;
  /** PGlite in memory only: start from this dump of a data folder (`dumpDataDir`) instead of an empty database. */
  loadDataDir?: Blob;
}

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data folder ${dataDir} is in use by another Vitae process (pid ${pid}). PGlite allows one process per folder: stop that process or set DATA_DIR to another folder.`,
    );
    this.name = 'DataDirLockedError';
  }
}

function isProcessAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PGlite is one process per data folder; a pid lock file makes a second process fail loudly. */
function acquireLock(dataDir: string) {
  const lockPath = join(dataDir, 'vitae.lock');
  if (existsSync(lockPath)) {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    if (Number.isInteger(pid) && pid !== process.pid && isProcessAlive(pid)) throw new DataDirLockedError(dataDir, pid);
  }
  writeFileSync(lockPath, String(process.pid));
  return () => rmSync(lockPath, { force: true });
}

/** Errors that say the server cannot be reached or is not taking queries, as opposed to a bad statement. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);
function isUnreachable(error: unknown) {
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return (
    (code !== undefined && UNREACHABLE_CODES.has(code)) ||
    /Connection terminated|timeout exceeded when trying to connect|the database system is/i.test(message ?? '')
  );
}
/** After the replica failed, how long reads go straight to the primary before it is tried again. */
const REPLICA_RETRY_MS = 5_000;

/**
 * The replica's pool, answering from `fallback` (the primary) while the replica cannot be reached:
 * a replica restarting must neither fail nor hang public pages. Only reads come here, so a statement
 * that failed to reach the replica is safe to run again on the primary. It stays a `pg.Pool` (Drizzle
 * starts transactions on a pool's own client) with `query` and `connect` routed.
 */
function withFallback(replica: pg.Pool, fallback: pg.Pool): pg.Pool {
  let downUntil = 0;
  const routed =
    <T>(onReplica: () => Promise<T>, onFallback: () => Promise<T>) =>
    async () => {
      if (Date.now() < downUntil) return onFallback();
      try {
        return await onReplica();
      } catch (error) {
        if (!isUnreachable(error)) throw error;
        downUntil = Date.now() + REPLICA_RETRY_MS;
        return onFallback();
      }
    };
  const query = replica.query.bind(replica) as (...args: unknown[]) => Promise<unknown>;
  const connect = replica.connect.bind(replica) as () => Promise<pg.PoolClient>;
  type Done = (error: Error | undefined, client?: pg.PoolClient, release?: (error?: Error) => void) => void;
  Object.assign(replica, {
    // Promise form only: Drizzle's node-postgres session passes no callback.
    query: (...args: unknown[]) =>
      routed(
        () => query(...args),
        () => (fallback.query as (...a: unknown[]) => Promise<unknown>)(...args),
      )(),
    // pg-pool's own `query` asks `connect` with a callback; Drizzle's transactions without one.
    connect: (done?: Done) => {
      const client = routed(connect, () => fallback.connect())();
      if (!done) return client;
      client.then(
        (c) => done(undefined, c, (error) => c.release(error)),
        (error: Error) => done(error),
      );
      return undefined;
    },
  });
  return replica;
}

export async function createDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  const { onQuery } = options;
  const logger = onQuery ? { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } : undefined;
  if (options.databaseUrl) {
    const makePool = (max: number, statementTimeoutMs: number | undefined, connectionString = options.databaseUrl) => {
      const made = new pg.Pool({
        connectionString,
        max,
        // No JIT compilation (decision 0030): its cost is estimated from the plan's, and the directory
        // search's estimates (the public views, many CTEs) made it compile for about 300 ms a search
        // that runs in 20 ms. Every statement here is a short read or write, which JIT does not speed up.
        options: '-c jit=off',
        connectionTimeoutMillis: options.connectTimeoutMs ?? 0,
        ...(statementTimeoutMs
          ? // The server cancels a slow statement; the client gives up too when the server itself stops answering.
            { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + 5_000 }
          : {}),
      });
      // An idle client losing its connection (database restart) must not crash the process.
      made.on('error', () => {});
      return made;
    };
    const pool = makePool(options.poolSize ?? 10, options.statementTimeoutMs);
    const publicPool = options.publicPool ? makePool(options.publicPool.size, options.publicPool.statementTimeoutMs) : null;
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case', logger }) as unknown as Database;
    const publicDb = publicPool ? (drizzlePg({ client: publicPool, schema, casing: 'snake_case', logger }) as unknown as Database) : db;
    const readPool = options.publicPool?.readUrl
      ? withFallback(makePool(options.publicPool.size, options.publicPool.statementTimeoutMs, options.publicPool.readUrl), publicPool ?? pool)
      : null;
    const publicReadDb = readPool ? (drizzlePg({ client: readPool, schema, casing: 'snake_case', logger }) as unknown as Database) : publicDb;
    const exclusively = async <T>(name: string, work: () => Promise<T>) => {
      const lock = new pg.Client({ connectionString: options.databaseUrl });
      await lock.connect();
      try {
        await lock.query('select pg_advisory_lock(hashtext($1))', [name]);
        return await work();
      } finally {
        await lock.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => {});
        await lock.end();
      }
    };
    return {
      db,
      publicDb,
      publicReadDb,
      kind: 'postgres',
      exclusively,
      // Several processes may start together: one applies the migrations while the others wait, then
      // finds nothing left to do.
      migrate: (migrationsFolder) =>
        exclusively('vitae:migrations', async () => {
          // Migrations run on their own connection without the statement timeout: building an index on a
          // large table may rightly take longer than any request should.
          const migrationPool = new pg.Pool({ connectionString: options.databaseUrl, max: 1 });
          try {
            await migratePg(drizzlePg({ client: migrationPool, schema, casing: 'snake_case' }), { migrationsFolder });
          } finally {
            await migrationPool.end();
          }
        }),
      close: async () => {
        await Promise.all([pool.end(), publicPool?.end(), readPool?.end()]);
      },
    };
  }

  let releaseLock = () => {};
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = resolve(options.dataDir);
    mkdirSync(dataDir, { recursive: true });
    releaseLock = acquireLock(dataDir);
  }
  let client: PGlite;
  try {
    client = adoptDrizzleParsers(
      await PGlite.create(dataDir ? join(dataDir, 'pglite') : undefined, {
        extensions: { pg_trgm, btree_gin },
        loadDataDir: dataDir ? undefined : options.loadDataDir,
      }),
    );
  } catch (error) {
    releaseLock();
    throw error;
  }
  const db = drizzlePglite({ client, schema, casing: 'snake_case', logger }) as unknown as Database;
  return {
    db,
    publicDb: db,
    publicReadDb: db,
    kind: 'pglite',
    migrate: (migrationsFolder) => migratePglite(db as never, { migrationsFolder }),
    exclusively: (_name, work) => work(),
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        releaseLock();
      }
    },
  };
}

export interface MigrationLevel {
  applied: number;
  available: number;
  latest: string | null;
  upToDate: boolean;
}

/** The migrations a build ships: read once per folder, not on each health check (a file read per request). */
const journals = new Map<string, { entries: Array<{ tag: string }> }>();

function migrationJournal(migrationsFolder: string) {
  let journal = journals.get(migrationsFolder);
  if (!journal) {
    journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
    journals.set(migrationsFolder, journal);
  }
  return journal;
}

/** How many of the committed migrations the database has applied. */
export async function readMigrationLevel(db: Database, migrationsFolder: string): Promise<MigrationLevel> {
  const journal = migrationJournal(migrationsFolder);
  const result = await db.execute<{ count: string | number }>(sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
  const rows = rowsOf<{ count: string | number }>(result);
  const applied = Number(rows[0]?.count ?? 0);
  const available = journal.entries.length;
  return { applied, available, latest: journal.entries.at(-1)?.tag ?? null, upToDate: applied >= available };
}

/** Rows of a raw `db.execute()` result; both drivers answer `{ rows }`. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/**
 * `build`'s result once per database handle: for prepared statements (decision 0014), which belong to
 * the handle they were built on. A handle that goes away takes its statements with it.
 */
export function perDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}

/** True when `db` (or a transaction of it) talks to PostgreSQL through node-postgres, where named statements keep their plans. */
export function onPostgres(db: Database) {
  return is(db._.session, NodePgSession);
}

/**
 * Statements composed per request whose text takes one of a few shapes (decision 0030): each shape
 * runs as a named statement, so node-postgres prepares it once per connection and PostgreSQL parses,
 * rewrites (the public views) and, under `plan_cache_mode = force_generic_plan`, plans it once. A
 * generic plan of the directory search holds about 1.6 MB of a connection's memory, so only the first
 * `shapes` shapes a process meets are named; the others run unnamed, as any other statement.
 * PGlite runs every statement unnamed.
 */
export function namedShapes(prefix: string, shapes: number) {
  const nameOf = shapeNames(prefix, shapes);
  /** `named` false runs the statement unnamed, planned for its values on each execution. */
  const run = (db: Database, named: boolean, query: SQL): Promise<unknown> => {
    const built = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(query);
    return db._.session.prepareQuery(built, undefined, named ? nameOf(built.sql) : undefined, false).execute();
  };
  return Object.assign(run, { forget: nameOf.forget });
}

/**
 * The name of a statement's text: a hash of it under `prefix`, for the first `shapes` texts met;
 * undefined for the others. `forget` clears what was met (tests that share one process).
 */
export function shapeNames(prefix: string, shapes: number) {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined && names.size < shapes) {
      name = `${prefix}_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
      names.set(text, name);
    }
    return name;
  };
  return Object.assign(nameOf, { forget: () => names.clear() });
}

/**
 * Runs `work` in a read transaction whose statements are planned without their values
 * (`plan_cache_mode = force_generic_plan`, PostgreSQL only; PGlite runs `work` on `db` as it is), so
 * a named statement is planned once per connection even where PostgreSQL's own choice (`auto`) keeps
 * planning it for each execution's values (decision 0030).
 */
export function withGenericPlans<T>(db: Database, work: (on: Database) => Promise<T>): Promise<T> {
  if (!onPostgres(db)) return work(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('plan_cache_mode', 'force_generic_plan', true)`);
    return work(tx as unknown as Database);
  });
}

/** A Drizzle query that can be run as a named statement (a select builder). */
interface Nameable<T> {
  toSQL(): { sql: string };
  prepare(name: string): { execute(): Promise<T> };
}

/**
 * `namedShapes` for Drizzle query builders: the query runs as a named statement under a hash of its
 * text, for the first `shapes` texts a process meets, and as itself after that. PostgreSQL then
 * parses and rewrites each shape once per connection, and after five executions plans it once when a
 * plan for any value costs no more than one for the values (its `plan_cache_mode = auto`).
 */
export function namedQueries(prefix: string, shapes: number) {
  const nameOf = shapeNames(prefix, shapes);
  return <T>(query: Nameable<T> & PromiseLike<T>): Promise<T> => {
    // The builder makes its text twice (here for the shape, then to run it): Drizzle's prepare takes
    // no text already made.
    const name = nameOf(query.toSQL().sql);
    return name === undefined ? Promise.resolve(query) : query.prepare(name).execute();
  };
}

/** From this many rows written at once, the planner's statistics of the table are refreshed. */
export const BULK_WRITE_ROWS = 500;

/**
 * Refreshes the planner's statistics of `table` after a bulk write of `rows` rows (ANALYZE samples
 * the table: about 0.4 s for 50,000 terms on PGlite). PGlite has no autovacuum, so without this a
 * table filled by an import keeps the statistics of its empty self, and a plan made for "few rows"
 * scanned all 50,000 terms of a hospital (57 ms instead of 10 for a term search). PostgreSQL's
 * autovacuum would get there within a minute; until then the same plan would be chosen there too.
 */
export async function analyzeAfterBulkWrite(db: Pick<Database, 'execute'>, table: PgTable, rows: number) {
  if (rows < BULK_WRITE_ROWS) return;
  await db.execute(sql`analyze ${table}`);
}

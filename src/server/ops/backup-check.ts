/**
 * The backup drill (`npm run ops:backup-check`): dump the PostgreSQL database with pg_dump, restore
 * the dump into a new database with pg_restore, and prove the copy is usable — every table holds the
 * same number of rows, the app starts on it (migrations already applied), and a provider signs in
 * on the copy and reads a profile identical to the one the original holds. The source is only read;
 * the copy is dropped at the end, whatever happened.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import pg from 'pg';
import { createApp } from '../app';
import { createDatabase, readMigrationLevel, rowsOf, type DatabaseHandle } from '../db/client';
import { authAccounts, users } from '../db/schema';
import { loadEnv } from '../env';
import { createLogger } from '../lib/logger';
import { getProfile } from '../modules/profile/service';
import { migrationsDir } from '../paths';

const run = promisify(execFile);

export interface BackupCheckResult {
  dumpBytes: number;
  tables: Array<{ table: string; source: number; restored: number }>;
  migrations: { source: number; restored: number };
  /** The provider whose profile was read on the copy; null when the database holds none. */
  providerId: string | null;
  profileMatches: boolean | null;
  ms: number;
}

async function tableCounts(db: DatabaseHandle['db']) {
  const tables = rowsOf<{ name: string }>(await db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`));
  const counts = new Map<string, number>();
  for (const { name } of tables) {
    const [row] = rowsOf<{ n: string }>(await db.execute(sql`select count(*) as n from ${sql.identifier(name)}`));
    counts.set(name, Number(row?.n ?? 0));
  }
  return counts;
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Signs in on the copy as one provider (a password set on the copy only) and reads GET /api/profile. */
async function readProfileOnCopy(copy: DatabaseHandle, copyUrl: string, userId: string) {
  const [user] = await copy.db.select({ email: users.email, authUserId: users.authUserId }).from(users).where(eq(users.id, userId));
  if (!user?.authUserId) return null;
  const password = `drill-${randomBytes(12).toString('hex')}`;
  const hash = await hashPassword(password);
  const [credential] = await copy.db
    .select({ id: authAccounts.id })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, user.authUserId), eq(authAccounts.providerId, 'credential')));
  if (credential) await copy.db.update(authAccounts).set({ password: hash }).where(eq(authAccounts.id, credential.id));
  else
    await copy.db
      .insert(authAccounts)
      .values({ id: randomBytes(16).toString('hex'), accountId: user.authUserId, providerId: 'credential', userId: user.authUserId, password: hash });

  const origin = 'http://backup-check.invalid';
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: origin, DATABASE_URL: copyUrl });
  const app = createApp({ env, database: copy, logger: createLogger({ level: 'silent', environment: 'test' }), migrationsDir });
  const signIn = await app.request('/api/auth/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: user.email, password, rememberMe: false }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in on the restored copy answered ${signIn.status}: ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const profile = await app.request('/api/profile', { headers: { cookie, origin } });
  if (profile.status !== 200) throw new Error(`GET /api/profile on the restored copy answered ${profile.status}`);
  return (await profile.json()) as unknown;
}

export async function backupCheck(sourceUrl: string): Promise<BackupCheckResult> {
  const started = performance.now();
  const folder = await mkdtemp(join(tmpdir(), 'vitae-backup-'));
  const dumpFile = join(folder, 'vitae.dump');
  const copyName = `vitae_restore_${randomBytes(5).toString('hex')}`;
  const copyUrl = new URL(sourceUrl);
  copyUrl.pathname = `/${copyName}`;
  const source = await createDatabase({ databaseUrl: sourceUrl, poolSize: 2 });
  let copy: DatabaseHandle | null = null;
  try {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${dumpFile}`, sourceUrl]);
    const { size: dumpBytes } = await stat(dumpFile);
    await withAdminClient(sourceUrl, (client) => client.query(`create database ${copyName}`));
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${copyUrl.toString()}`, dumpFile]);

    copy = await createDatabase({ databaseUrl: copyUrl.toString(), poolSize: 2 });
    // The app's start migrates; on a faithful copy there is nothing left to apply.
    const before = await readMigrationLevel(copy.db, migrationsDir);
    await copy.migrate(migrationsDir);
    const sourceLevel = await readMigrationLevel(source.db, migrationsDir);

    const [sourceCounts, copyCounts] = [await tableCounts(source.db), await tableCounts(copy.db)];
    const tables = [...sourceCounts].map(([table, count]) => ({ table, source: count, restored: copyCounts.get(table) ?? -1 }));

    // The provider with the most profile data is the one whose read proves the most.
    const [candidate] = rowsOf<{ id: string }>(
      await source.db.execute(
        sql`select u.id from users u where u.auth_user_id is not null order by u.profile_completion_percentage desc, u.created_at limit 1`,
      ),
    );
    let profileMatches: boolean | null = null;
    if (candidate) {
      const onCopy = await readProfileOnCopy(copy, copyUrl.toString(), candidate.id);
      const original = JSON.parse(
        JSON.stringify(await getProfile({ db: source.db, logger: createLogger({ level: 'silent', environment: 'test' }) }, { userId: candidate.id })),
      ) as { user: Record<string, unknown> };
      const copied = onCopy as { user: Record<string, unknown> } | null;
      // Signing in on the copy stamps its last sign-in; everything else must be the same.
      if (copied) {
        delete copied.user.lastLoginAt;
        delete original.user.lastLoginAt;
      }
      profileMatches = copied !== null && JSON.stringify(copied) === JSON.stringify(original);
    }
    return {
      dumpBytes,
      tables,
      migrations: { source: sourceLevel.applied, restored: before.applied },
      providerId: candidate?.id ?? null,
      profileMatches,
      ms: Math.round(performance.now() - started),
    };
  } finally {
    await copy?.close();
    await source.close();
    await withAdminClient(sourceUrl, (client) => client.query(`drop database if exists ${copyName} with (force)`)).catch(() => undefined);
    await rm(folder, { recursive: true, force: true });
  }
}

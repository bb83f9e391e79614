import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { seedDatabase } from '../../src/server/db/seed';
import { createLogger } from '../../src/server/lib/logger';
import { seedDataDir } from '../../src/server/paths';
import { createTestDatabase, databaseLabel } from '../support/test-database';

const logger = createLogger({ level: 'silent', environment: 'test' });
const handles: DatabaseHandle[] = [];
afterAll(async () => {
  for (const handle of handles.reverse()) await handle.close();
});

const rowsOf = (result: unknown) => ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as Array<Record<string, unknown>>;

// Several app processes started together on one PostgreSQL database (the cluster, a rolling deploy) each
// migrate and seed at start. Without a lock, two of three seeding a fresh database at once failed on the
// demo providers' unique e-mails, and those processes exited.
describe.runIf(databaseLabel === 'postgres')('processes starting together (postgres)', () => {
  it('seed one after another: every process starts, and the demo tenant is there once', async () => {
    const fresh = await createTestDatabase();
    handles.push(fresh);
    const processes = await Promise.all([1, 2, 3].map(() => createDatabase({ databaseUrl: fresh.url, poolSize: 2 })));
    handles.push(...processes);
    const seeded = await Promise.allSettled(
      processes.map((database) => database.exclusively('vitae:seed', () => seedDatabase(database.db, { dataDir: seedDataDir, demo: true, logger }))),
    );
    expect(seeded.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started'))).toEqual(['started', 'started', 'started']);
    const [counts] = rowsOf(
      await fresh.db.execute(
        'select (select count(*)::int from hospitals) as hospitals, (select count(*)::int from admin_users) as admins, (select (count(*) - count(distinct email))::int from users) as repeated_emails' as never,
      ),
    );
    expect(counts).toEqual({ hospitals: 1, admins: 2, repeated_emails: 0 });
  });

  it('runs work under one name one at a time, and under different names side by side', async () => {
    const fresh = await createTestDatabase();
    handles.push(fresh);
    const [first, second] = await Promise.all([1, 2].map(() => createDatabase({ databaseUrl: fresh.url, poolSize: 1 })));
    handles.push(first!, second!);
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const a = first!.exclusively('vitae:test', async () => {
      events.push('a starts');
      await held;
      events.push('a ends');
    });
    // Wait until a holds the lock, then b asks for it.
    while (!events.includes('a starts')) await new Promise((resolve) => setTimeout(resolve, 5));
    const b = second!.exclusively('vitae:test', async () => events.push('b starts'));
    const other = await second!.exclusively('vitae:other', async () => 'other ran while a held vitae:test');
    expect(other).toBe('other ran while a held vitae:test');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).toEqual(['a starts']);
    release();
    await Promise.all([a, b]);
    expect(events).toEqual(['a starts', 'a ends', 'b starts']);
  });
});

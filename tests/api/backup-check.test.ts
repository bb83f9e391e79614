/**
 * The backup drill (`npm run ops:backup-check`, src/server/ops/backup-check.ts) on a real PostgreSQL
 * database: dump, restore into a new database, same rows in every table, and a provider's profile
 * read through the app on the copy identical to the original. PostgreSQL only: pg_dump and
 * pg_restore are PostgreSQL's tools (the embedded PGlite is backed up by copying its folder).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupCheck } from '../../src/server/ops/backup-check';
import { browserClient } from '../support/clients';
import { uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';

const onPostgres = Boolean(process.env.DATABASE_URL);
let ctx: TestContext;

beforeAll(async () => {
  if (onPostgres) ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe.skipIf(!onPostgres)('backup drill (postgres)', () => {
  it('restores a dump into a new database the app reads the same profile from', async () => {
    const client = browserClient(ctx.app);
    const signedUp = await client.post(
      '/api/auth/sign-up',
      { email: `backup.${uniqueSuffix()}@example.org`, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName: 'Rosa Delgado' },
      { 'x-forwarded-for': '198.51.100.77' },
    );
    expect(signedUp.status).toBe(201);
    for (const [section, body] of [
      ['biography', { professionalSummary: 'Pediatric cardiologist.', publicSummary: 'I care for children’s hearts.' }],
      ['awards', { items: [{ awardName: 'Teaching award', year: 2022 }] }],
      [
        'locations',
        { items: [{ locationName: 'Lakeside Clinic', address: '1 Main St', city: 'Evanston', state: 'IL', postalCode: '60201', isPrimaryLocation: true }] },
      ],
    ] as const) {
      expect((await client.put(`/api/profile/sections/${section}`, body)).status).toBe(200);
    }

    const url = (ctx.database as { url?: string }).url!;
    const result = await backupCheck(url);
    expect(result.dumpBytes).toBeGreaterThan(10_000);
    expect(result.tables.filter((t) => t.source !== t.restored)).toEqual([]);
    expect(result.tables.find((t) => t.table === 'users')).toMatchObject({ source: 1, restored: 1 });
    expect(result.tables.find((t) => t.table === 'field_provenance')!.source).toBeGreaterThanOrEqual(8);
    expect(result.migrations.restored).toBe(result.migrations.source);
    expect(result.profileMatches).toBe(true);
  });
});

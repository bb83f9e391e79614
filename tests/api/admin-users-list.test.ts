/**
 * The console's provider list an administrator can work with (issue 35 item 6): sorted by completion
 * or last sign-in, filtered by completion below a threshold, sign-in age and publishing status.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryListings, users } from '../../src/server/db/schema';
import { browserClient, type BrowserClient } from '../support/clients';
import { createAdminRow, createHospital, signInAdmin, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

let ctx: TestContext;
let admin: BrowserClient;
let hospitalId: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  hospitalId = (await createHospital(ctx)).id;
  admin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId })).email);
  const day = 24 * 60 * 60 * 1000;
  const people = [
    { name: 'Ada Published', completion: 100, lastLoginAt: new Date(Date.now() - 2 * day), listing: 'published' },
    { name: 'Ben Pending', completion: 60, lastLoginAt: new Date(Date.now() - 45 * day), listing: 'pending' },
    { name: 'Cy Never', completion: 10, lastLoginAt: null, listing: null },
  ] as const;
  for (const [n, person] of people.entries()) {
    const client = browserClient(ctx.app);
    const response = await client.post(
      '/api/auth/sign-up',
      {
        email: `list.${uniqueSuffix()}@example.org`,
        password: 'a long passphrase',
        agreedToTerms: true,
        agreedToPrivacy: true,
        fullName: person.name,
        hospitalId,
      },
      { 'x-forwarded-for': `192.0.2.${140 + n}` },
    );
    expect(response.status).toBe(201);
    const id = ((await response.json()) as { user: { id: string } }).user.id;
    ids[person.name] = id;
    await ctx.database.db.update(users).set({ profileCompletionPercentage: person.completion, lastLoginAt: person.lastLoginAt }).where(eq(users.id, id));
    if (person.listing) await ctx.database.db.insert(directoryListings).values({ userId: id, hospitalId, status: person.listing, slug: `p-${uniqueSuffix()}` });
  }
});
afterAll(async () => {
  await ctx?.close();
});

const names = async (query: string) => {
  const response = await admin.get(`/api/admin/users?pageSize=50&${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { items: Array<{ fullName: string }> }).items.map((user) => user.fullName);
};

describe(`the console's provider list (${databaseLabel})`, () => {
  it('sorts by completion and by last sign-in, never signed in counting as the oldest', async () => {
    expect(await names('sort=completion&dir=asc')).toEqual(['Cy Never', 'Ben Pending', 'Ada Published']);
    expect(await names('sort=completion&dir=desc')).toEqual(['Ada Published', 'Ben Pending', 'Cy Never']);
    expect(await names('sort=lastSignIn&dir=desc')).toEqual(['Ada Published', 'Ben Pending', 'Cy Never']);
    expect(await names('sort=lastSignIn&dir=asc')).toEqual(['Cy Never', 'Ben Pending', 'Ada Published']);
  });

  it('filters by completion below a threshold, sign-in age and publishing status, and says how each is listed', async () => {
    expect(await names('completionBelow=50')).toEqual(['Cy Never']);
    expect(await names('signIn=never')).toEqual(['Cy Never']);
    expect(await names('signIn=over_30_days')).toEqual(['Ben Pending']);
    expect(await names('signIn=within_30_days')).toEqual(['Ada Published']);
    expect(await names('publishing=published')).toEqual(['Ada Published']);
    expect(await names('publishing=pending')).toEqual(['Ben Pending']);
    expect(await names('publishing=not_published')).toEqual(['Cy Never']);
    const page = (await (await admin.get('/api/admin/users?publishing=pending')).json()) as {
      totalCount: number;
      items: Array<{ listingStatus: string | null }>;
    };
    expect(page.totalCount).toBe(1);
    expect(page.items[0]!.listingStatus).toBe('pending');
    expect((await admin.get('/api/admin/users?sort=everything')).status).toBe(400);
  });
});

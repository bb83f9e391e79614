/** In-app notifications and notification settings: listing, read state, deletion, ownership, schedule slots. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../src/server/db/schema';
import { DEFAULT_NOTIFICATION_SETTINGS, nextScheduledRun } from '../../src/shared/schemas/notifications';
import { notifyDiscoveryResults } from '../../src/server/modules/notifications/service';
import { createLogger } from '../../src/server/lib/logger';
import { browserClient } from '../support/clients';
import { uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

let ctx: TestContext;
let statements: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp({}, { onQuery: (query) => statements.push(query) });
});
afterAll(async () => {
  await ctx?.close();
});

async function provider() {
  const client = browserClient(ctx.app);
  const email = `notify.${uniqueSuffix()}@example.org`;
  const response = await client.post(
    '/api/auth/sign-up',
    { email, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName: 'Nora Notified' },
    { 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 250)}` },
  );
  expect(response.status).toBe(201);
  const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  return { client, user: user! };
}

async function seed(userId: string, count: number, start = Date.now() - count * 60_000) {
  return ctx.database.db
    .insert(notifications)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userId,
        type: 'system',
        title: `Notice ${i}`,
        message: `Message ${i}`,
        isRead: i % 3 === 0,
        createdAt: new Date(start + i * 60_000),
      })),
    )
    .returning();
}

describe(`notifications (${databaseLabel})`, () => {
  it('needs a provider session', async () => {
    const anonymous = browserClient(ctx.app);
    for (const response of [
      await anonymous.get('/api/notifications'),
      await anonymous.post('/api/notifications/read-all'),
      await anonymous.patch('/api/notifications/00000000-0000-0000-0000-000000000000', { isRead: true }),
      await anonymous.delete('/api/notifications/00000000-0000-0000-0000-000000000000'),
      await anonymous.get('/api/notifications/settings'),
      await anonymous.put('/api/notifications/settings', {}),
    ]) {
      expect(response.status).toBe(401);
      expect((await response.json()).error.message).toBe('User not authenticated');
    }
  });

  it('lists newest first, at most 50, with the unread count; unreadOnly filters', async () => {
    const { client, user } = await provider();
    await seed(user.id, 55);
    const all = await (await client.get('/api/notifications?limit=100')).json();
    expect(all.items).toHaveLength(50);
    expect(all.items[0].title).toBe('Notice 54');
    expect(all.items.at(-1).title).toBe('Notice 5');
    // 55 seeded, every third one read (0, 3, …, 54: 19 of them).
    expect(all.unreadCount).toBe(36);
    const unread = await (await client.get('/api/notifications?unreadOnly=true&limit=10')).json();
    expect(unread.items).toHaveLength(10);
    expect(unread.items.every((n: { isRead: boolean }) => !n.isRead)).toBe(true);
    expect(unread.items[0].title).toBe('Notice 53');
    expect(unread.unreadCount).toBe(36);
    // The page and the count are one statement besides the session check (every member page asks for them).
    statements = [];
    expect((await client.get('/api/notifications')).status).toBe(200);
    expect(statements.filter((q) => /"notifications"/.test(q))).toHaveLength(1);
    // Nothing to list: nothing unread either.
    const fresh = await provider();
    expect(await (await fresh.client.get('/api/notifications?unreadOnly=true')).json()).toEqual({ items: [], unreadCount: 0 });
  });

  it('marks one read or unread, marks all read, deletes; only the owner’s', async () => {
    const { client, user } = await provider();
    const stranger = await provider();
    const [first, second] = await seed(user.id, 3);
    const read = await client.patch(`/api/notifications/${second!.id}`, { isRead: true });
    expect(await read.json()).toMatchObject({ id: second!.id, isRead: true });
    expect((await client.patch(`/api/notifications/${second!.id}`, { isRead: 'yes' })).status).toBe(400);
    expect((await stranger.client.patch(`/api/notifications/${first!.id}`, { isRead: true })).status).toBe(404);
    expect((await stranger.client.delete(`/api/notifications/${first!.id}`)).status).toBe(404);
    expect((await client.patch('/api/notifications/not-an-id', { isRead: true })).status).toBe(404);

    const all = await client.post('/api/notifications/read-all');
    expect(await all.json()).toEqual({ updated: 1 });
    expect((await (await client.get('/api/notifications')).json()).unreadCount).toBe(0);

    expect((await client.delete(`/api/notifications/${first!.id}`)).status).toBe(200);
    expect((await client.delete(`/api/notifications/${first!.id}`)).status).toBe(404);
    expect((await (await client.get('/api/notifications')).json()).items).toHaveLength(2);
  });

  it('returns the default settings, saves any subset, and validates', async () => {
    const { client } = await provider();
    expect(await (await client.get('/api/notifications/settings')).json()).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, nextScheduledRun: null });
    const saved = await (await client.put('/api/notifications/settings', { smsEnabled: true, emailEnabled: false, categories: { mediaPress: false } })).json();
    expect(saved).toMatchObject({
      smsEnabled: true,
      emailEnabled: false,
      inAppEnabled: true,
      categories: { ...DEFAULT_NOTIFICATION_SETTINGS.categories, mediaPress: false },
    });
    expect(await (await client.get('/api/notifications/settings')).json()).toEqual(saved);

    const badDay = await client.put('/api/notifications/settings', { scheduleDay: 7 });
    expect(badDay.status).toBe(400);
    expect((await badDay.json()).error.message).toBe('Schedule day must be between 0 (Sunday) and 6 (Saturday)');
    expect((await (await client.put('/api/notifications/settings', { scheduleHour: 24 })).json()).error.message).toBe('Schedule hour must be between 0 and 23');
    expect((await (await client.put('/api/notifications/settings', { frequency: 'hourly' })).json()).error.message).toBe('Frequency must be weekly or daily');
  });
});

describe(`in-app notifications follow the provider's setting (${databaseLabel})`, () => {
  it('stores nothing in the app while in-app notifications are off, and again once they are on', async () => {
    const { client, user } = await provider();
    const run = () =>
      notifyDiscoveryResults(
        { db: ctx.database.db, logger: createLogger({ level: 'silent', environment: 'test' }), appUrl: 'http://localhost:3000' },
        user.id,
        {
          runId: crypto.randomUUID(),
          scheduled: false,
          added: { publications: 2, clinicalTrials: 0, mediaPress: 0 },
          errors: 0,
        },
      );
    expect((await client.put('/api/notifications/settings', { inAppEnabled: false })).status).toBe(200);
    expect(await run()).toBeNull();
    expect((await (await client.get('/api/notifications')).json()).items).toEqual([]);

    expect((await client.put('/api/notifications/settings', { inAppEnabled: true })).status).toBe(200);
    const shown = await run();
    expect(shown).toMatchObject({ type: 'discovery_results', title: '2 new items to review' });
    expect((await (await client.get('/api/notifications')).json()).items.map((n: { id: string }) => n.id)).toEqual([shown!.id]);
  });
});

describe('scheduled search slots (UTC)', () => {
  const at = (iso: string) => new Date(iso);
  it('weekly: the next chosen weekday and hour, strictly after now', () => {
    // 2024-05-15 is a Wednesday.
    expect(nextScheduledRun({ scheduleDay: 1, scheduleHour: 9, frequency: 'weekly' }, at('2024-05-15T12:00:00Z')).toISOString()).toBe(
      '2024-05-20T09:00:00.000Z',
    );
    expect(nextScheduledRun({ scheduleDay: 3, scheduleHour: 14, frequency: 'weekly' }, at('2024-05-15T12:00:00Z')).toISOString()).toBe(
      '2024-05-15T14:00:00.000Z',
    );
    expect(nextScheduledRun({ scheduleDay: 3, scheduleHour: 12, frequency: 'weekly' }, at('2024-05-15T12:00:00Z')).toISOString()).toBe(
      '2024-05-22T12:00:00.000Z',
    );
    expect(nextScheduledRun({ scheduleDay: 0, scheduleHour: 0, frequency: 'weekly' }, at('2024-12-31T23:59:00Z')).toISOString()).toBe(
      '2025-01-05T00:00:00.000Z',
    );
  });
  it('daily: today at the hour if still ahead, else tomorrow', () => {
    expect(nextScheduledRun({ scheduleDay: 1, scheduleHour: 18, frequency: 'daily' }, at('2024-05-15T12:00:00Z')).toISOString()).toBe(
      '2024-05-15T18:00:00.000Z',
    );
    expect(nextScheduledRun({ scheduleDay: 1, scheduleHour: 6, frequency: 'daily' }, at('2024-05-15T12:00:00Z')).toISOString()).toBe(
      '2024-05-16T06:00:00.000Z',
    );
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { hospitals } from '../../src/server/db/schema';
import { auditLog, hospitalLocations, locations, notifications, users } from '../../src/server/db/schema';
import { browserClient, type BrowserClient } from '../support/clients';
import { createAdminRow, createHospital, signInAdmin, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

// Issue T2 2/5 item 7: a provider who signed up without a hospital asks to join one; the hospital's
// administrator approves or declines; a system administrator assigns or moves a provider.

let ctx: TestContext;
let hospitalA: typeof hospitals.$inferSelect;
let hospitalB: typeof hospitals.$inferSelect;
let adminA: BrowserClient;
let adminB: BrowserClient;
let system: BrowserClient;
let ip = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  hospitalA = await createHospital(ctx, { name: `Lakeside ${uniqueSuffix()}` });
  hospitalB = await createHospital(ctx, { name: `Mercy ${uniqueSuffix()}` });
  adminA = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospitalA.id })).email);
  adminB = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospitalB.id })).email);
  system = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'system_admin' })).email);
});
afterAll(async () => {
  await ctx?.close();
});

async function provider(hospitalId?: string) {
  const client = browserClient(ctx.app);
  const response = await client.post(
    '/api/auth/sign-up',
    {
      email: `joiner.${uniqueSuffix()}@example.org`,
      password: 'a long passphrase',
      agreedToTerms: true,
      agreedToPrivacy: true,
      fullName: 'Robin Joiner',
      ...(hospitalId ? { hospitalId } : {}),
    },
    { 'x-forwarded-for': `198.51.100.${(ip += 1)}` },
  );
  expect(response.status).toBe(201);
  const { user } = await response.json();
  return { client, userId: user.id as string };
}

const userRow = async (id: string) => (await ctx.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe(`hospital membership (${databaseLabel})`, () => {
  it('a provider without a hospital asks to join one; its administrator approves and the provider is assigned', async () => {
    const { client, userId } = await provider();
    expect(await (await client.get('/api/me/hospital')).json()).toEqual({ hospital: null, request: null });

    expect((await client.post('/api/me/hospital-request', { hospitalId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    const asked = await client.post('/api/me/hospital-request', { hospitalId: hospitalA.id, message: '  I joined the cardiology group in May.  ' });
    expect(asked.status).toBe(201);
    const request = await asked.json();
    expect(request).toMatchObject({
      hospitalId: hospitalA.id,
      hospitalName: hospitalA.name,
      message: 'I joined the cardiology group in May.',
      status: 'pending',
    });
    const again = await client.post('/api/me/hospital-request', { hospitalId: hospitalB.id });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe('You already have a request waiting. Cancel it to ask another hospital.');

    // Another hospital's administrator neither sees nor answers it.
    expect((await (await adminB.get('/api/admin/hospital-requests')).json()).items.map((r: { id: string }) => r.id)).not.toContain(request.id);
    expect((await adminB.post(`/api/admin/hospital-requests/${request.id}/approve`)).status).toBe(404);

    const listed = (await (await adminA.get('/api/admin/hospital-requests')).json()).items;
    expect(listed).toEqual([expect.objectContaining({ id: request.id, user: expect.objectContaining({ id: userId, fullName: 'Robin Joiner' }) })]);
    const approved = await adminA.post(`/api/admin/hospital-requests/${request.id}/approve`);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ status: 'approved' });
    expect((await adminA.post(`/api/admin/hospital-requests/${request.id}/decline`)).status).toBe(409);

    expect(await userRow(userId)).toMatchObject({ hospitalId: hospitalA.id, organization: hospitalA.name });
    expect(await (await client.get('/api/me/hospital')).json()).toMatchObject({
      hospital: { id: hospitalA.id, name: hospitalA.name },
      request: { status: 'approved' },
    });
    // Everything scoped by hospital follows: the session, the sections the hospital shows.
    expect((await (await client.get('/api/auth/session')).json()).user).toMatchObject({ hospitalId: hospitalA.id, hospitalName: hospitalA.name });
    expect((await (await client.get('/api/me/sections')).json()).hospitalId).toBe(hospitalA.id);

    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.hospital_assigned'), eq(auditLog.targetId, userId)));
    expect(entry).toMatchObject({ hospitalId: hospitalA.id, summary: expect.objectContaining({ requestId: request.id, from: null, to: hospitalA.id }) });
    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId));
    expect(told.map((n) => n.title)).toEqual([`Welcome to ${hospitalA.name}`]);

    // A provider with a hospital is moved by an administrator, not by asking.
    const member = await client.post('/api/me/hospital-request', { hospitalId: hospitalB.id });
    expect(member.status).toBe(409);
  });

  it('declines and cancels: the provider is told, nothing is assigned', async () => {
    const { client, userId } = await provider();
    const request = await (await client.post('/api/me/hospital-request', { hospitalId: hospitalB.id })).json();
    expect((await adminB.post(`/api/admin/hospital-requests/${request.id}/decline`)).status).toBe(200);
    expect((await userRow(userId)).hospitalId).toBeNull();
    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId));
    expect(told.map((n) => n.title)).toEqual([`${hospitalB.name} declined your request`]);

    await client.post('/api/me/hospital-request', { hospitalId: hospitalA.id });
    expect((await client.delete('/api/me/hospital-request')).status).toBe(200);
    expect((await client.delete('/api/me/hospital-request')).status).toBe(404);
    expect((await (await client.get('/api/me/hospital')).json()).request).toMatchObject({ status: 'cancelled', hospitalId: hospitalA.id });
    expect((await (await adminA.get('/api/admin/hospital-requests')).json()).items.some((r: { user: { id: string } }) => r.user.id === userId)).toBe(false);
  });

  it("a system administrator moves a provider; links to the old hospital's locations go, the address stays", async () => {
    const { client, userId } = await provider(hospitalA.id);
    const [site] = await ctx.database.db
      .insert(hospitalLocations)
      .values({ hospitalId: hospitalA.id, name: 'Lakeside Heart Center', city: 'Evanston', state: 'IL' })
      .returning();
    await ctx.database.db
      .insert(locations)
      .values({ userId, locationName: 'Lakeside Heart Center', predefinedLocationId: site!.id, city: 'Evanston', state: 'IL' });

    expect((await adminA.put(`/api/admin/users/${userId}/hospital`, { hospitalId: hospitalB.id })).status).toBe(403);
    const moved = await system.put(`/api/admin/users/${userId}/hospital`, { hospitalId: hospitalB.id });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toEqual({ userId, hospitalId: hospitalB.id, hospitalName: hospitalB.name });
    expect(await userRow(userId)).toMatchObject({ hospitalId: hospitalB.id, organization: hospitalB.name });
    const [kept] = await ctx.database.db.select().from(locations).where(eq(locations.userId, userId));
    expect(kept).toMatchObject({ locationName: 'Lakeside Heart Center', city: 'Evanston', predefinedLocationId: null });
    expect((await (await client.get('/api/auth/session')).json()).user.hospitalName).toBe(hospitalB.name);
    // Hospital A's administrator no longer sees the provider; B's does.
    expect((await adminA.get(`/api/admin/users/${userId}`)).status).toBe(404);
    expect((await adminB.get(`/api/admin/users/${userId}`)).status).toBe(200);

    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.hospital_assigned'), eq(auditLog.targetId, userId)));
    expect(entry?.summary).toMatchObject({ from: hospitalA.id, to: hospitalB.id });
    expect((await system.put(`/api/admin/users/${userId}/hospital`, { hospitalId: null })).status).toBe(200);
    expect((await userRow(userId)).hospitalId).toBeNull();
    expect((await system.put(`/api/admin/users/${userId}/hospital`, { hospitalId: 'nope' })).status).toBe(400);
  });
});

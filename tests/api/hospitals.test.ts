import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUsers, hospitals, professionalIdentity, users } from '../../src/server/db/schema';
import { browserClient, type BrowserClient } from '../support/clients';
import { createAdminRow, createHospital, signInAdmin, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

let ctx: TestContext;
let system: BrowserClient;
let hospitalA: typeof hospitals.$inferSelect;
let hospitalB: typeof hospitals.$inferSelect;
let adminA: BrowserClient;

beforeAll(async () => {
  ctx = await createTestApp();
  const systemAdmin = await createAdminRow(ctx, { role: 'system_admin' });
  system = await signInAdmin(ctx, systemAdmin.email);
  hospitalA = await createHospital(ctx);
  hospitalB = await createHospital(ctx);
  adminA = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospitalA.id })).email);
});
afterAll(async () => {
  await ctx?.close();
});

async function signUpProvider(hospitalId: string | null) {
  const client = browserClient(ctx.app);
  const email = `provider.${uniqueSuffix()}@example.org`;
  const response = await client.post(
    '/api/auth/sign-up',
    { email, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName: 'Pat Provider', ...(hospitalId ? { hospitalId } : {}) },
    { 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 250)}` },
  );
  expect(response.status).toBe(201);
  const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  return { client, user: user! };
}

describe(`hospitals (${databaseLabel})`, () => {
  it('requires an admin session to list, with the spec message', async () => {
    const response = await browserClient(ctx.app).get('/api/admin/hospitals');
    expect(response.status).toBe(401);
    expect((await response.json()).error.message).toBe('Admin authentication required. Please log in as an admin user.');
  });

  it('refuses the hospital permissions and the admin stats without an admin session in the same words', async () => {
    const hospitalId = (await createHospital(ctx)).id;
    const provider = (await signUpProvider(hospitalId)).client;
    for (const client of [browserClient(ctx.app), provider]) {
      for (const [method, path] of [
        ['get', `/api/admin/hospitals/${hospitalId}/section-permissions`],
        ['put', `/api/admin/hospitals/${hospitalId}/section-permissions`],
        ['get', '/api/admin/stats'],
      ] as const) {
        const response = method === 'get' ? await client.get(path) : await client.put(path, { permissions: [] });
        expect(response.status, path).toBe(401);
        expect((await response.json()).error, `${method} ${path}`).toMatchObject({
          code: 'ADMIN_UNAUTHORIZED',
          message: 'Admin authentication required. Please log in as an admin user.',
        });
      }
    }
  });

  it('lets a system admin create a hospital with default permissions and reading levels', async () => {
    const code = `new-${uniqueSuffix()}`;
    const created = await system.post('/api/admin/hospitals', {
      name: 'Lakeside Medical Group',
      code,
      contactEmail: 'IT@Lakeside.example',
      dataSource: 'yext',
      yextConfig: { apiKey: 'yext-secret-key-9876', apiVersion: '20231201' },
    });
    expect(created.status).toBe(201);
    const hospital = await created.json();
    expect(hospital).toMatchObject({ code: code.toUpperCase(), contactEmail: 'it@lakeside.example', dataSource: 'yext', isActive: true });
    expect(hospital.yextConfig).toMatchObject({ hasApiKey: true, apiKeyMasked: '••••9876', apiVersion: '20231201' });
    expect(JSON.stringify(hospital)).not.toContain('yext-secret-key');
    const [row] = await ctx.database.db.select().from(hospitals).where(eq(hospitals.id, hospital.id));
    expect(row!.yextApiKeyEncrypted).toMatch(/^v1\./);
    expect(row!.yextApiKeyEncrypted).not.toContain('yext-secret-key');

    const permissions = await (await system.get(`/api/admin/hospitals/${hospital.id}/section-permissions`)).json();
    expect(permissions.items).toHaveLength(9);
    expect(permissions.items.filter((p: { isRequired: boolean }) => p.isRequired).map((p: { sectionId: string }) => p.sectionId)).toEqual([
      'professional_identity',
      'education_training',
      'practice_essentials',
    ]);
    const levels = await (await system.get(`/api/admin/hospitals/${hospital.id}/reading-levels`)).json();
    expect(levels).toEqual({
      professionalReadingLevel: 12,
      publicReadingLevel: 8,
      professionalTone: 'professional',
      publicTone: 'friendly',
      professionalWordCountMin: 150,
      professionalWordCountMax: 200,
      publicWordCountMin: 120,
      publicWordCountMax: 150,
    });

    // A partial update leaves every other setting as it was.
    const renamed = await (await system.patch(`/api/admin/hospitals/${hospital.id}`, { name: 'Lakeside Medical' })).json();
    expect(renamed).toMatchObject({
      name: 'Lakeside Medical',
      dataSource: 'yext',
      contactEmail: 'it@lakeside.example',
      yextConfig: { apiKeyMasked: '••••9876' },
    });

    const duplicate = await system.post('/api/admin/hospitals', { name: 'Again', code: code.toLowerCase() });
    expect(duplicate.status).toBe(409);
    expect((await duplicate.json()).error.message).toBe('A hospital with this code already exists');
  });

  it('keeps hospital creation and deletion to system admins, and scopes hospital admins', async () => {
    expect((await adminA.post('/api/admin/hospitals', { name: 'Mine', code: `m-${uniqueSuffix()}` })).status).toBe(403);
    expect((await adminA.delete(`/api/admin/hospitals/${hospitalA.id}`)).status).toBe(403);
    const list = await (await adminA.get('/api/admin/hospitals')).json();
    expect(list.items.map((h: { id: string }) => h.id)).toEqual([hospitalA.id]);
    for (const path of ['', '/section-permissions', '/reading-levels', '/data-sources']) {
      const response = await adminA.get(`/api/admin/hospitals/${hospitalB.id}${path}`);
      expect(response.status, path).toBe(404);
    }
    expect((await adminA.patch(`/api/admin/hospitals/${hospitalB.id}`, { name: 'Taken over' })).status).toBe(404);
    const renamed = await adminA.patch(`/api/admin/hospitals/${hospitalA.id}`, { name: 'Renamed A', yextConfig: { apiKey: 'another-key-4321' } });
    expect(await renamed.json()).toMatchObject({ name: 'Renamed A', yextConfig: { apiKeyMasked: '••••4321' } });
    expect((await adminA.patch(`/api/admin/hospitals/${hospitalA.id}`, { isActive: false })).status).toBe(403);
  });

  it('forces a hidden section to be optional', async () => {
    const saved = await adminA.put(`/api/admin/hospitals/${hospitalA.id}/section-permissions`, {
      permissions: [
        { sectionId: 'publications', isVisible: false, isRequired: true },
        { sectionId: 'biography', isVisible: true, isRequired: true },
      ],
    });
    const items = (await saved.json()).items as Array<{ sectionId: string; isVisible: boolean; isRequired: boolean }>;
    expect(items.find((p) => p.sectionId === 'publications')).toEqual({ sectionId: 'publications', isVisible: false, isRequired: false });
    expect(items.find((p) => p.sectionId === 'biography')).toEqual({ sectionId: 'biography', isVisible: true, isRequired: true });
    const bad = await adminA.put(`/api/admin/hospitals/${hospitalA.id}/section-permissions`, {
      permissions: [{ sectionId: 'nonsense', isVisible: true, isRequired: false }],
    });
    expect(bad.status).toBe(400);
  });

  it('validates reading levels', async () => {
    const body = {
      professionalReadingLevel: 11,
      publicReadingLevel: 7,
      professionalTone: 'authoritative',
      publicTone: 'warm',
      professionalWordCountMin: 160,
      professionalWordCountMax: 220,
      publicWordCountMin: 100,
      publicWordCountMax: 90,
    };
    const bad = await adminA.put(`/api/admin/hospitals/${hospitalA.id}/reading-levels`, body);
    expect((await bad.json()).error.message).toBe('The maximum must not be below the minimum');
    const good = await adminA.put(`/api/admin/hospitals/${hospitalA.id}/reading-levels`, { ...body, publicWordCountMax: 130 });
    expect(await good.json()).toEqual({ ...body, publicWordCountMax: 130 });
  });

  it('keeps one active data source configuration with its field mappings', async () => {
    const base = `/api/admin/hospitals/${hospitalA.id}/data-sources`;
    const none = await adminA.get(`${base}/active`);
    expect(none.status).toBe(404);
    expect((await none.json()).error.message).toBe('No active data source configuration found');
    const first = await (
      await adminA.post(base, {
        sourceType: 'yext',
        sourceName: 'Listings',
        fieldMappings: [
          { profileSection: 'professional_identity', profileField: 'first_name', sourcePath: 'name.first', fallbackPaths: ['firstName'], isRequired: true },
        ],
      })
    ).json();
    const second = await (await adminA.post(base, { sourceType: 'npi_registry', sourceName: 'Registry' })).json();
    const active = await (await adminA.get(`${base}/active`)).json();
    expect(active.id).toBe(second.id);
    const list = await (await adminA.get(base)).json();
    expect(list.items.filter((c: { isActive: boolean }) => c.isActive)).toHaveLength(1);
    const reactivated = await (await adminA.patch(`${base}/${first.id}`, { isActive: true })).json();
    expect(reactivated.fieldMappings).toEqual([
      expect.objectContaining({
        profileSection: 'professional_identity',
        profileField: 'first_name',
        sourcePath: 'name.first',
        fallbackPaths: ['firstName'],
        isRequired: true,
      }),
    ]);
    expect((await (await adminA.get(`${base}/active`)).json()).id).toBe(first.id);
    const badMapping = await adminA.post(base, {
      sourceType: 'yext',
      sourceName: 'Bad',
      fieldMappings: [{ profileSection: 'nowhere', profileField: 'x', sourcePath: 'y' }],
    });
    expect(badMapping.status).toBe(400);
  });
});

describe(`users of a hospital (${databaseLabel})`, () => {
  it('lists a hospital’s providers for its admin only, and views a profile read-only', async () => {
    const { user: mine } = await signUpProvider(hospitalA.id);
    const { user: theirs } = await signUpProvider(hospitalB.id);
    const list = await (await adminA.get('/api/admin/users?pageSize=1000')).json();
    const ids = list.items.map((u: { id: string }) => u.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect((await adminA.get(`/api/admin/users/${theirs.id}`)).status).toBe(404);
    expect((await adminA.delete(`/api/admin/users/${theirs.id}`)).status).toBe(404);
    const view = await (await adminA.get(`/api/admin/users/${mine.id}`)).json();
    expect(view.user).toMatchObject({ id: mine.id, hospitalId: hospitalA.id, hospitalName: expect.any(String) });
    expect(view.sections.professionalIdentity).toHaveLength(1);
    const all = await (await system.get(`/api/admin/users?hospitalId=${hospitalB.id}`)).json();
    expect(all.items.map((u: { id: string }) => u.id)).toContain(theirs.id);
    expect((await system.get('/api/admin/users?hospitalId=not-a-uuid')).status).toBe(400);
  });

  it('deletes a provider with every profile row and the sign-in account, all or nothing', async () => {
    const { user, client } = await signUpProvider(hospitalA.id);
    // Make the second half of the delete fail: the whole transaction must roll back.
    await ctx.database.db.execute(
      sql.raw(`
      create or replace function refuse_auth_delete() returns trigger as $$ begin raise exception 'injected failure'; end; $$ language plpgsql;
    `),
    );
    await ctx.database.db.execute(
      sql.raw(
        `create trigger refuse_auth_delete before delete on auth_users for each row when (old.id = '${user.authUserId}') execute function refuse_auth_delete()`,
      ),
    );
    const failed = await adminA.delete(`/api/admin/users/${user.id}`);
    expect(failed.status).toBe(500);
    expect(await ctx.database.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    expect(await ctx.database.db.select().from(professionalIdentity).where(eq(professionalIdentity.userId, user.id))).toHaveLength(1);
    await ctx.database.db.execute(sql.raw('drop trigger refuse_auth_delete on auth_users'));

    const deleted = await adminA.delete(`/api/admin/users/${user.id}`);
    expect(deleted.status).toBe(200);
    expect(await ctx.database.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await ctx.database.db.select().from(professionalIdentity).where(eq(professionalIdentity.userId, user.id))).toHaveLength(0);
    expect(await ctx.database.db.select().from(authUsers).where(eq(authUsers.id, user.authUserId!))).toHaveLength(0);
    expect((await (await client.get('/api/auth/session')).json()).user).toBeNull();
  });

  it('moves a pending provider to active once the e-mail is confirmed', async () => {
    const { user } = await signUpProvider(hospitalA.id);
    await ctx.database.db.update(users).set({ status: 'pending', emailVerified: false }).where(eq(users.id, user.id));
    const unconfirmed = await (await adminA.post(`/api/admin/users/${user.id}/sync-auth-status`)).json();
    expect(unconfirmed.status).toBe('pending');
    await ctx.database.db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.id, user.authUserId!));
    const synced = await (await adminA.post(`/api/admin/users/${user.id}/sync-auth-status`)).json();
    expect(synced).toMatchObject({ status: 'active', emailVerified: true });
  });

  it('tells a provider which sections their hospital shows and requires', async () => {
    const { client } = await signUpProvider(hospitalA.id);
    const sections = await (await client.get('/api/me/sections')).json();
    expect(sections.hospitalId).toBe(hospitalA.id);
    expect(sections.items.find((s: { sectionId: string }) => s.sectionId === 'publications')).toEqual({
      sectionId: 'publications',
      isVisible: false,
      isRequired: false,
    });
    const { client: independent } = await signUpProvider(null);
    const defaults = await (await independent.get('/api/me/sections')).json();
    expect(defaults.items.filter((s: { isRequired: boolean }) => s.isRequired)).toHaveLength(3);
    expect((await browserClient(ctx.app).get('/api/me/sections')).status).toBe(401);
  });
});

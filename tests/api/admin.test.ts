import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminUsers, auditLog, authSessions, mailOutbox, promptTemplates } from '../../src/server/db/schema';
import { browserClient } from '../support/clients';
import { createAdminRow, createHospital, latestMail, signInAdmin, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp(process.env.DEBUG_LOG ? { LOG_LEVEL: 'error' } : {});
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const requestLink = (email: unknown, ip = '203.0.113.9') => browserClient(ctx.app).post('/api/admin/auth/magic-link', { email }, { 'x-forwarded-for': ip });

describe(`admin magic-link sign-in (${databaseLabel})`, () => {
  it('refuses a malformed e-mail with INVALID_EMAIL_FORMAT', async () => {
    const response = await requestLink('not-an-email');
    expect(response.status).toBe(400);
    expect((await response.json()).error).toEqual({ code: 'INVALID_EMAIL_FORMAT', message: 'Please enter a valid email address.' });
  });

  it('refuses an unknown e-mail with ADMIN_USER_NOT_FOUND', async () => {
    const response = await requestLink(`nobody.${uniqueSuffix()}@example.org`);
    expect(response.status).toBe(404);
    expect((await response.json()).error).toEqual({ code: 'ADMIN_USER_NOT_FOUND', message: 'No admin account found with this email address.' });
  });

  it('refuses a deactivated admin with ADMIN_USER_INACTIVE', async () => {
    const admin = await createAdminRow(ctx, { role: 'system_admin', isActive: false });
    const response = await requestLink(admin.email);
    expect(response.status).toBe(403);
    expect((await response.json()).error).toEqual({ code: 'ADMIN_USER_INACTIVE', message: 'This admin account has been deactivated. Please contact support.' });
  });

  it('trims and lower-cases, sends a link to /auth/callback?admin=true and signs in on the callback', async () => {
    const admin = await createAdminRow(ctx, { role: 'system_admin' });
    const response = await requestLink(`  ${admin.email.toUpperCase()}  `);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ sent: true, email: admin.email, cooldownSeconds: 60, redirectDelayMs: 2000 });
    const mail = await latestMail(ctx, admin.email);
    const link = new URL(mail!.links[0]!);
    expect(link.pathname).toBe('/auth/callback');
    expect(link.searchParams.get('admin')).toBe('true');

    const client = browserClient(ctx.app);
    const verified = await client.post('/api/auth/callback', { token_hash: link.searchParams.get('token_hash'), type: 'magiclink', admin: true });
    expect(verified.status, await verified.clone().text()).toBe(200);
    expect((await verified.json()).redirectTo).toBe('/system-admin');
    const me = await (await client.get('/api/admin/me')).json();
    expect(me).toMatchObject({
      id: admin.id,
      email: admin.email,
      role: 'system_admin',
      hospital_id: null,
      is_super_admin: true,
      is_active: true,
      must_change_password: false,
    });
    expect(me.permissions).toEqual(['view_hospitals', 'manage_permissions', 'view_users', 'system_settings']);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'admin.sign_in'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(entry).toMatchObject({ actorId: admin.id, actorRole: 'system_admin', targetId: admin.id });
  });

  it('enforces the 60 s resend cooldown and then 3 requests per 5 minutes, at the boundaries', async () => {
    const admin = await createAdminRow(ctx, { role: 'system_admin' });
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    expect((await requestLink(admin.email)).status).toBe(200);
    vi.setSystemTime(start + 59_000);
    const cooling = await requestLink(admin.email);
    expect(cooling.status).toBe(429);
    expect((await cooling.json()).error).toMatchObject({
      code: 'RESEND_COOLDOWN_ACTIVE',
      message: 'Please wait a moment before requesting another magic link.',
    });
    vi.setSystemTime(start + 60_000);
    expect((await requestLink(admin.email)).status).toBe(200); // third attempt of the window
    vi.setSystemTime(start + 2 * 60_000);
    const fourth = await requestLink(admin.email);
    expect(fourth.status).toBe(429);
    expect((await fourth.json()).error).toMatchObject({
      code: 'RATE_LIMIT_EXCEEDED',
      message: 'Too many attempts. Please wait a few minutes before trying again.',
    });
    // The window slides: 5 minutes after the first attempt, one attempt frees up.
    vi.setSystemTime(start + 5 * 60_000 + 1);
    expect((await requestLink(admin.email)).status).toBe(200);
  });

  it('counts parallel requests exactly: 3 of 8 pass the limit', async () => {
    const email = `burst.${uniqueSuffix()}@example.org`;
    const results = await Promise.all(Array.from({ length: 8 }, () => requestLink(email)));
    const codes = await Promise.all(results.map(async (r) => (await r.json()).error?.code));
    expect(codes.filter((c) => c === 'ADMIN_USER_NOT_FOUND')).toHaveLength(3);
    expect(codes.filter((c) => c === 'RATE_LIMIT_EXCEEDED')).toHaveLength(5);
  });

  it('sends one link for parallel requests of an administrator: the cooldown is claimed, not checked then recorded', async () => {
    const admin = await createAdminRow(ctx, { role: 'system_admin' });
    const results = await Promise.all(Array.from({ length: 3 }, () => requestLink(admin.email)));
    const codes = await Promise.all(results.map(async (r) => (r.status === 200 ? 'SENT' : (await r.json()).error.code)));
    expect(codes.sort()).toEqual(['RESEND_COOLDOWN_ACTIVE', 'RESEND_COOLDOWN_ACTIVE', 'SENT']);
    const sent = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, admin.email));
    expect(sent).toHaveLength(1);
  });

  it('reports an expired link with MAGIC_LINK_EXPIRED', async () => {
    const admin = await createAdminRow(ctx, { role: 'system_admin' });
    await requestLink(admin.email);
    const link = new URL((await latestMail(ctx, admin.email))!.links[0]!);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16 * 60_000 });
    const response = await browserClient(ctx.app).post('/api/auth/callback', {
      token_hash: link.searchParams.get('token_hash'),
      type: 'magiclink',
      admin: true,
    });
    expect((await response.json()).error).toEqual({ code: 'MAGIC_LINK_EXPIRED', message: 'This magic link has expired. Please request a new one.' });
  });
});

describe(`admin sessions (${databaseLabel})`, () => {
  it('expire 8 hours after sign-in, whatever the activity', async () => {
    const admin = await createAdminRow(ctx, { role: 'system_admin' });
    const client = await signInAdmin(ctx, admin.email);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    vi.setSystemTime(start + 7 * 60 * 60_000);
    expect((await client.get('/api/admin/me')).status).toBe(200);
    vi.setSystemTime(start + 8 * 60 * 60_000 + 1000);
    const expired = await client.get('/api/admin/me');
    expect(expired.status).toBe(401);
    expect((await expired.json()).error).toMatchObject({ code: 'SESSION_EXPIRED', message: 'Your session has expired. Please log in again.' });
  });

  it('end at once when the admin is deactivated', async () => {
    const system = await createAdminRow(ctx, { role: 'system_admin' });
    const target = await createAdminRow(ctx, { role: 'system_admin' });
    const systemClient = await signInAdmin(ctx, system.email);
    const targetClient = await signInAdmin(ctx, target.email);
    expect((await targetClient.get('/api/admin/me')).status).toBe(200);
    const deactivated = await systemClient.patch(`/api/admin/admins/${target.id}`, { isActive: false });
    expect(deactivated.status).toBe(200);
    expect((await targetClient.get('/api/admin/me')).status).toBe(401);
    const sessions = await ctx.database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, target.authUserId ?? ''));
    expect(sessions.filter((s) => s.kind === 'admin')).toHaveLength(0);
  });

  it('sign out ends every admin session of the account', async () => {
    const admin = await createAdminRow(ctx, { role: 'system_admin' });
    const first = await signInAdmin(ctx, admin.email);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    const second = await signInAdmin(ctx, admin.email);
    vi.useRealTimers();
    expect((await first.post('/api/admin/auth/sign-out')).status).toBe(200);
    expect((await second.get('/api/admin/me')).status).toBe(401);
  });
});

describe(`admin accounts (${databaseLabel})`, () => {
  it('creates a hospital admin with a temporary password and an invitation to set one', async () => {
    const hospital = await createHospital(ctx);
    const system = await createAdminRow(ctx, { role: 'system_admin' });
    const client = await signInAdmin(ctx, system.email);
    const email = `new.admin.${uniqueSuffix()}@example.org`;
    const created = await client.post('/api/admin/admins', { email, fullName: 'Nia Newcomer', role: 'hospital_admin', hospitalId: hospital.id });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      email,
      role: 'hospital_admin',
      hospital_id: hospital.id,
      is_active: true,
      must_change_password: true,
      email_verified: false,
      is_super_admin: false,
      created_by: system.id,
    });
    const mail = await latestMail(ctx, email);
    expect(mail!.kind).toBe('admin_invite');
    const link = new URL(mail!.links[0]!);
    expect(link.pathname).toBe('/admin/reset-password');

    // The new admin sets a password through the link: that is the change the temporary password
    // called for, so they sign in straight to the console (issue 32, item 19).
    const reset = await browserClient(ctx.app).post('/api/auth/reset-password', {
      token: link.searchParams.get('token'),
      newPassword: 'first chosen passphrase',
    });
    expect(reset.status).toBe(200);
    const [row] = await ctx.database.db.select().from(adminUsers).where(eq(adminUsers.email, email));
    expect(row).toMatchObject({ mustChangePassword: false, emailVerified: true });
    const newcomer = await signInAdmin(ctx, email);
    expect(await (await newcomer.get('/api/admin/me')).json()).toMatchObject({ must_change_password: false, has_password: true });
    expect((await newcomer.get('/api/admin/admins')).status).toBe(200);
    const changed = await newcomer.post('/api/auth/change-password', { currentPassword: 'first chosen passphrase', newPassword: 'second chosen passphrase' });
    expect(await changed.json()).toEqual({ changed: true });
  });

  it('lets an admin held to a password change set one without the lost temporary password', async () => {
    const hospital = await createHospital(ctx);
    const system = await createAdminRow(ctx, { role: 'system_admin' });
    const client = await signInAdmin(ctx, system.email);
    const email = `lost.invite.${uniqueSuffix()}@example.org`;
    expect((await client.post('/api/admin/admins', { email, fullName: 'Lee Lost', role: 'hospital_admin', hospitalId: hospital.id })).status).toBe(201);
    const newcomer = await signInAdmin(ctx, email);
    const me = await (await newcomer.get('/api/admin/me')).json();
    expect(me).toMatchObject({ must_change_password: true, hospital_id: hospital.id, hospital_name: hospital.name });
    const blocked = await newcomer.get('/api/admin/admins');
    expect(blocked.status).toBe(403);
    expect((await blocked.json()).error.code).toBe('PASSWORD_CHANGE_REQUIRED');
    const set = await newcomer.post('/api/admin/auth/set-password', { newPassword: 'chosen without the old one' });
    const setBody = await set.json();
    expect(setBody, JSON.stringify(setBody)).toEqual({ changed: true });
    expect((await newcomer.get('/api/admin/admins')).status).toBe(200);
    // Once the change is done, the current password is required again.
    expect((await newcomer.post('/api/admin/auth/set-password', { newPassword: 'another passphrase here' })).status).toBe(403);
    const changed = await newcomer.post('/api/auth/change-password', { currentPassword: 'chosen without the old one', newPassword: 'another passphrase here' });
    expect(changed.status).toBe(200);
  });

  it("follows a magic link's own kind, never the client's flag, and keeps administrators off the provider side", async () => {
    const hospital = await createHospital(ctx);
    const system = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'system_admin' })).email);
    const email = `kind.${uniqueSuffix()}@example.org`;
    expect((await system.post('/api/admin/admins', { email, fullName: 'Kim Kind', role: 'hospital_admin', hospitalId: hospital.id })).status).toBe(201);
    const invite = new URL((await latestMail(ctx, email))!.links[0]!);
    expect(
      (await browserClient(ctx.app).post('/api/auth/reset-password', { token: invite.searchParams.get('token'), newPassword: 'temporary passphrase' })).status,
    ).toBe(200);

    // An administrator's link redeemed as if it were a provider's: still an admin session.
    expect((await browserClient(ctx.app).post('/api/admin/auth/magic-link', { email }, { 'x-forwarded-for': '198.51.100.201' })).status).toBe(200);
    const link = new URL((await latestMail(ctx, email))!.links[0]!);
    const client = browserClient(ctx.app);
    const redeemed = await client.post('/api/auth/callback', { token_hash: link.searchParams.get('token_hash'), type: 'magiclink', admin: false });
    expect(redeemed.status).toBe(200);
    expect(await redeemed.json()).toMatchObject({ redirectTo: '/system-admin' });
    expect(await (await client.get('/api/admin/me')).json()).toMatchObject({ email, role: 'hospital_admin' });
    expect((await client.get('/api/dashboard')).status).toBe(401);
    const profiles = await ctx.database.db.execute(sql`select id from users where lower(email) = ${email}`);
    expect((profiles as unknown as { rows: unknown[] }).rows).toEqual([]);

    // The provider sign-in refuses the administrator's password as it would a wrong one (not
    // confirming it), and leaves no session behind.
    const provider = browserClient(ctx.app);
    const signIn = await provider.post('/api/auth/sign-in', { email, password: 'temporary passphrase' }, { 'x-forwarded-for': '198.51.100.202' });
    expect(signIn.status).toBe(401);
    expect((await signIn.json()).error).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
    expect(await (await provider.get('/api/auth/session')).json()).toMatchObject({ user: null });
    expect((await provider.get('/api/admin/me')).status).toBe(401);

    // The provider's magic-link form sends an administrator nothing (and says the same as for anyone).
    const before = (await latestMail(ctx, email))!.id;
    const asked = await browserClient(ctx.app).post('/api/auth/magic-link', { email }, { 'x-forwarded-for': '198.51.100.203' });
    expect(await asked.json()).toMatchObject({ sent: true });
    expect((await latestMail(ctx, email))!.id).toBe(before);
    const rows = await ctx.database.db.execute(sql`select id from users where lower(email) = ${email}`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('refuses a duplicate e-mail and a hospital admin without a hospital', async () => {
    const system = await createAdminRow(ctx, { role: 'system_admin' });
    const client = await signInAdmin(ctx, system.email);
    const duplicate = await client.post('/api/admin/admins', { email: system.email, fullName: 'Twin', role: 'system_admin' });
    expect(duplicate.status).toBe(409);
    const noHospital = await client.post('/api/admin/admins', { email: `x.${uniqueSuffix()}@example.org`, fullName: 'X', role: 'hospital_admin' });
    expect((await noHospital.json()).error.message).toBe('A hospital administrator must belong to a hospital');
  });

  it('scopes hospital admins to their hospital: another hospital’s admins are 404', async () => {
    const [a, b] = [await createHospital(ctx), await createHospital(ctx)];
    const adminA = await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: a.id });
    const adminB = await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: b.id });
    const client = await signInAdmin(ctx, adminA.email);
    expect((await client.get(`/api/admin/admins/${adminB.id}`)).status).toBe(404);
    expect((await client.patch(`/api/admin/admins/${adminB.id}`, { fullName: 'Renamed' })).status).toBe(404);
    expect((await client.delete(`/api/admin/admins/${adminB.id}`)).status).toBe(404);
    const list = await (await client.get('/api/admin/admins?pageSize=1000')).json();
    expect(list.items.every((item: { hospital_id: string }) => item.hospital_id === a.id)).toBe(true);
    // A hospital admin cannot make system admins, nor place admins in another hospital.
    const escalate = await client.post('/api/admin/admins', { email: `esc.${uniqueSuffix()}@example.org`, fullName: 'E', role: 'system_admin' });
    expect(escalate.status).toBe(403);
    const elsewhere = await client.post('/api/admin/admins', {
      email: `else.${uniqueSuffix()}@example.org`,
      fullName: 'E',
      role: 'hospital_admin',
      hospitalId: b.id,
    });
    expect(elsewhere.status).toBe(201);
    expect((await elsewhere.json()).hospital_id).toBe(a.id);
    // Only system admins read the audit log.
    expect((await client.get('/api/admin/audit-log')).status).toBe(403);
  });

  it('never deletes the last system administrator', async () => {
    await ctx.database.db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.role, 'system_admin'));
    const only = await createAdminRow(ctx, { role: 'system_admin' });
    const hospital = await createHospital(ctx);
    const local = await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id });
    const client = await signInAdmin(ctx, only.email);
    // A second system admin can be removed while one remains.
    const other = await createAdminRow(ctx, { role: 'system_admin' });
    const [template] = await ctx.database.db
      .insert(promptTemplates)
      .values({ promptType: 'professional', promptName: 'T', promptContent: 'Write.', createdBy: other.id, updatedBy: other.id })
      .returning();
    expect((await client.delete(`/api/admin/admins/${other.id}`)).status).toBe(200);
    const [kept] = await ctx.database.db.select().from(promptTemplates).where(eq(promptTemplates.id, template!.id));
    expect(kept).toMatchObject({ createdBy: null, updatedBy: null });
    // The last one cannot go, whoever asks.
    const localClient = await signInAdmin(ctx, local.email);
    expect((await localClient.delete(`/api/admin/admins/${only.id}`)).status).toBe(404);
    const helper = await createAdminRow(ctx, { role: 'system_admin', isActive: false });
    await ctx.database.db.update(adminUsers).set({ isActive: true }).where(eq(adminUsers.id, helper.id));
    const helperClient = await signInAdmin(ctx, helper.email);
    await helperClient.patch(`/api/admin/admins/${helper.id}`, {}); // no-op
    await ctx.database.db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.id, helper.id));
    const refused = await client.delete(`/api/admin/admins/${only.id}`);
    expect(refused.status).toBe(403); // cannot delete yourself
    await ctx.database.db.update(adminUsers).set({ isActive: true }).where(eq(adminUsers.id, helper.id));
    await ctx.database.db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.id, only.id));
    const lastOne = await helperClient.delete(`/api/admin/admins/${only.id}`);
    expect(lastOne.status).toBe(200); // an inactive system admin may go while an active one remains
  });

  it('records admin writes, denied requests and rate-limit hits in an append-only log', async () => {
    const system = await createAdminRow(ctx, { role: 'system_admin' });
    const client = await signInAdmin(ctx, system.email);
    await browserClient(ctx.app).get('/api/admin/admins');
    const log = await (await client.get(`/api/admin/audit-log?action=authz.denied&q=${encodeURIComponent('GET /api/admin/admins')}&pageSize=100`)).json();
    expect(log.totalCount).toBeGreaterThan(0);
    expect(log.items[0]).toMatchObject({ action: 'authz.denied', targetId: 'GET /api/admin/admins', actorRole: 'anonymous' });
    await requestLink('not an email at all');
    const created = await client.post('/api/admin/admins', { email: `audited.${uniqueSuffix()}@example.org`, fullName: 'Audited Admin', role: 'system_admin' });
    const createdId = (await created.json()).id;
    const writes = await (await client.get(`/api/admin/audit-log?action=admin_user.create&q=${createdId}`)).json();
    expect(writes.items[0]).toMatchObject({ actorId: system.id, actorRole: 'system_admin', targetType: 'admin_user', targetId: createdId });
    // A signed-out browser probing /api/admin/me is not an access attempt worth a log line.
    const before = (await (await client.get('/api/admin/audit-log?action=authz.denied&pageSize=1')).json()).totalCount;
    await browserClient(ctx.app).get('/api/admin/me');
    expect((await (await client.get('/api/admin/audit-log?action=authz.denied&pageSize=1')).json()).totalCount).toBe(before);
    await expect(ctx.database.db.delete(auditLog)).rejects.toThrow();
    await expect(ctx.database.db.update(auditLog).set({ action: 'x' })).rejects.toThrow();
  });

  it('computes dashboard stats from the database, scoped for hospital admins', async () => {
    const hospital = await createHospital(ctx);
    const system = await createAdminRow(ctx, { role: 'system_admin' });
    const local = await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id });
    const all = await (await (await signInAdmin(ctx, system.email)).get('/api/admin/stats')).json();
    const mine = await (await (await signInAdmin(ctx, local.email)).get('/api/admin/stats')).json();
    expect(all.hospitals).toBeGreaterThanOrEqual(2);
    expect(mine).toEqual({ hospitals: 1, users: 0, activeHospitals: 1, sectionsConfigured: 0 });
  });
});

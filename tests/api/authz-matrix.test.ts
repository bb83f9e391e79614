import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsers, authSessions, users } from '../../src/server/db/schema';
import { browserClient, type BrowserClient } from '../support/clients';
import { createAdminRow, createHospital, signInAdmin, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';
import { AUTHZ_MATRIX, type AccessClass } from './authz-matrix';
import { startFakeNppes, type FakeNppes } from '../fakes/nppes';

let ctx: TestContext;
let nppes: FakeNppes;
type Role = 'anonymous' | 'provider' | 'hospital_admin' | 'system_admin' | 'deactivated_admin' | 'expired_provider';
const clients = {} as Record<Role, BrowserClient>;

const ALLOWED: Record<AccessClass, Role[]> = {
  public: ['anonymous', 'provider', 'hospital_admin', 'system_admin', 'deactivated_admin', 'expired_provider'],
  session: ['provider', 'hospital_admin', 'system_admin'],
  provider: ['provider'],
  provider_or_admin: ['provider', 'hospital_admin', 'system_admin'],
  admin: ['hospital_admin', 'system_admin'],
  system: ['system_admin'],
};

function appRoutes() {
  const keys = new Set<string>();
  for (const route of ctx.app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue;
    keys.add(`${route.method} ${route.path}`);
  }
  return [...keys].sort();
}

/** A concrete URL for a route pattern: ids become unknown uuids, so allowed callers get 400/404, not data. */
function concrete(path: string) {
  return path
    .replace(/:file$/, 'x.png')
    .replace(/:number$/, '1234567893')
    .replace(/:sectionId/, 'biography')
    .replace(/:code/, 'XYZ')
    .replace(/:[A-Za-z]+/g, '6f1c2a4e-1c9b-4c59-9a43-3d1f0c9e7a10');
}

beforeAll(async () => {
  nppes = await startFakeNppes();
  ctx = await createTestApp({ NPI_REGISTRY_URL: nppes.url });
  const hospital = await createHospital(ctx);
  clients.anonymous = browserClient(ctx.app);
  clients.provider = browserClient(ctx.app);
  const email = `matrix.${uniqueSuffix()}@example.org`;
  const signUp = await clients.provider.post(
    '/api/auth/sign-up',
    { email, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName: 'Max Matrix', hospitalId: hospital.id },
    { 'x-forwarded-for': '192.0.2.77' },
  );
  expect(signUp.status).toBe(201);
  clients.hospital_admin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id })).email);
  clients.system_admin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'system_admin' })).email);
  const deactivated = await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id });
  clients.deactivated_admin = await signInAdmin(ctx, deactivated.email);
  await ctx.database.db.update(adminUsers).set({ isActive: false }).where(eq(adminUsers.id, deactivated.id));
  clients.expired_provider = browserClient(ctx.app);
  const expiredEmail = `expired.${uniqueSuffix()}@example.org`;
  await clients.expired_provider.post(
    '/api/auth/sign-up',
    { email: expiredEmail, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName: 'Ex Pired', hospitalId: hospital.id },
    { 'x-forwarded-for': '192.0.2.78' },
  );
  const [expiredUser] = await ctx.database.db.select().from(users).where(eq(users.email, expiredEmail));
  await ctx.database.db
    .update(authSessions)
    .set({ lastActiveAt: new Date(Date.now() - 31 * 60_000) })
    .where(eq(authSessions.userId, expiredUser!.authUserId!));
});
afterAll(async () => {
  await ctx?.close();
  await nppes?.close();
});

describe(`authorization matrix (${databaseLabel})`, () => {
  it('has an access decision for every API route the app registers, and no stale entries', () => {
    const routes = appRoutes();
    const missing = routes.filter((route) => !(route in AUTHZ_MATRIX));
    const stale = Object.keys(AUTHZ_MATRIX).filter((route) => !routes.includes(route));
    expect(missing, `routes without an access decision:\n${missing.join('\n')}`).toEqual([]);
    expect(stale, `matrix entries for routes that no longer exist:\n${stale.join('\n')}`).toEqual([]);
  });

  it('refuses every caller outside a route’s access class and lets the others through', async () => {
    const failures: string[] = [];
    let checked = 0;
    const roles: Role[] = ['anonymous', 'provider', 'hospital_admin', 'system_admin', 'deactivated_admin', 'expired_provider'];
    for (const route of appRoutes()) {
      const access = AUTHZ_MATRIX[route];
      if (!access) continue;
      const [method, path] = route.split(' ') as [string, string];
      // Calls that would end the session being used are checked elsewhere.
      if (/sign-out|set-password|change-password/.test(path)) continue;
      for (const role of roles) {
        if (role === 'anonymous' && access === 'public') continue;
        const client = clients[role];
        const url = concrete(path);
        const body = method === 'GET' ? undefined : {};
        const response =
          method === 'GET'
            ? await client.get(url)
            : method === 'DELETE'
              ? await client.delete(url)
              : method === 'PUT'
                ? await client.put(url, body)
                : method === 'PATCH'
                  ? await client.patch(url, body)
                  : await client.post(url, body);
        checked += 1;
        const allowed = ALLOWED[access].includes(role);
        const refused = response.status === 401 || response.status === 403;
        if (allowed && refused) failures.push(`${role} ${route}: expected access, got ${response.status}`);
        if (!allowed && !refused) failures.push(`${role} ${route}: expected 401/403, got ${response.status}`);
        if (response.status >= 500) failures.push(`${role} ${route}: server error ${response.status}`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
    console.log(`authorization matrix: ${appRoutes().length} routes × 6 roles, ${checked} requests checked`);
  });
});

describe(`CSRF and body hygiene on every state-changing route (${databaseLabel})`, () => {
  const stateChanging = () => appRoutes().filter((route) => !route.startsWith('GET '));

  it('refuses a cross-origin request from a signed-in browser on every route', async () => {
    const failures: string[] = [];
    for (const route of stateChanging()) {
      const [method, path] = route.split(' ') as [string, string];
      for (const role of ['provider', 'system_admin'] as const) {
        const response = await ctx.app.request(concrete(path), {
          method,
          headers: { 'content-type': 'application/json', origin: 'https://attacker.example', ...clients[role].jar.header() },
          body: '{}',
        });
        if (response.status !== 403) failures.push(`${role} ${route}: ${response.status}`);
        const sameSiteless = await ctx.app.request(concrete(path), {
          method,
          headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site', ...clients[role].jar.header() },
          body: '{}',
        });
        if (sameSiteless.status !== 403) failures.push(`${role} ${route} (sec-fetch-site): ${sameSiteless.status}`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('refuses non-JSON bodies on every route that takes JSON', async () => {
    const failures: string[] = [];
    for (const route of stateChanging()) {
      const [method, path] = route.split(' ') as [string, string];
      const response = await ctx.app.request(concrete(path), {
        method,
        headers: { 'content-type': 'text/plain', origin: 'http://localhost:3000', 'content-length': '5', ...clients.system_admin.jar.header() },
        body: 'hello',
      });
      if (response.status !== 415) failures.push(`${route}: ${response.status}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('ignores identity, role and tenancy fields smuggled into bodies', async () => {
    const provider = clients.provider;
    const before = await (await provider.get('/api/auth/session')).json();
    await provider.patch('/api/auth/profile', {
      fullName: 'Max Matrix',
      role: 'system_admin',
      hospital_id: null,
      hospitalId: null,
      tier: 'alpha',
      status: 'pending',
      email_verified: false,
      userId: '00000000-0000-0000-0000-000000000000',
    });
    const after = await (await provider.get('/api/auth/session')).json();
    expect(after.user).toMatchObject({
      id: before.user.id,
      hospitalId: before.user.hospitalId,
      tier: before.user.tier,
      status: before.user.status,
      emailVerified: before.user.emailVerified,
    });
    const escalate = await clients.hospital_admin.post('/api/admin/admins', {
      email: `esc.${uniqueSuffix()}@example.org`,
      fullName: 'E',
      role: 'system_admin',
      is_super_admin: true,
    });
    expect(escalate.status).toBe(403);
  });
});

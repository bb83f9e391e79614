/**
 * No N+1 on a console list (issue [T2 1/5]): each list page is read in one statement plus at most
 * one count, whatever the number of rows on the page. A statement counter on the database sees what
 * one request sends; the guard's own statements (the session check, the admin's row) are measured
 * on a route that reads nothing else and subtracted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserClient, csvFile, type BrowserClient } from '../support/clients';
import { createAdminRow, createHospital, signInAdmin, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

let ctx: TestContext;
let statements: string[] = [];
let system: BrowserClient;
let hospitalAdmin: BrowserClient;
let hospitalId: string;
const ROWS = 6;

beforeAll(async () => {
  ctx = await createTestApp({}, { onQuery: (query) => statements.push(query) });
  hospitalId = (await createHospital(ctx)).id;
  for (let i = 1; i < ROWS; i += 1) await createHospital(ctx);
  for (let i = 0; i < ROWS; i += 1) await createAdminRow(ctx, { role: 'hospital_admin', hospitalId });
  system = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'system_admin' })).email);
  hospitalAdmin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId })).email);
  for (let i = 0; i < ROWS; i += 1) {
    const provider = browserClient(ctx.app);
    const signUp = await provider.post(
      '/api/auth/sign-up',
      {
        email: `list.${uniqueSuffix()}@example.org`,
        password: 'a long passphrase',
        agreedToTerms: true,
        agreedToPrivacy: true,
        fullName: `Lee List ${i}`,
        hospitalId,
      },
      { 'x-forwarded-for': `192.0.2.${10 + i}` },
    );
    expect(signUp.status).toBe(201);
    const feedback = await provider.post('/api/feedback', {
      title: `Row ${i} looks wrong`,
      description: 'The list shows the wrong date.',
      technicalContext: {},
      applicationContext: { currentRoute: '/dashboard' },
    });
    expect(feedback.status, await feedback.clone().text()).toBe(201);
    const taxonomy = await hospitalAdmin.post(`/api/admin/hospitals/${hospitalId}/taxonomy`, {
      specialty: `Specialty ${i}`,
      department: 'Medicine',
      division: `Division ${i}`,
    });
    expect(taxonomy.status, await taxonomy.clone().text()).toBe(201);
  }
  const locations = await hospitalAdmin.post(
    `/api/admin/hospitals/${hospitalId}/locations/bulk`,
    csvFile(`name,city\n${Array.from({ length: ROWS }, (_, i) => `Clinic ${i},Springfield`).join('\n')}\n`),
  );
  expect(locations.status, await locations.clone().text()).toBeLessThan(300);
  const terms = await hospitalAdmin.post(`/api/admin/hospitals/${hospitalId}/terms/bulk`, {
    terms: Array.from({ length: ROWS }, (_, i) => ({ termId: `list-${i}`, term: `Listed condition ${i}`, termType: 'Condition', specialtyName: 'Cardiology' })),
  });
  expect(terms.status, await terms.clone().text()).toBeLessThan(300);
  expect((await terms.json()).created).toBe(ROWS);
});
afterAll(async () => {
  await ctx?.close();
});

/** The statements one GET sends, after a first call has warmed any per-process cache. */
async function statementsOf(client: BrowserClient, path: string) {
  await client.get(path);
  statements = [];
  const response = await client.get(path);
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  const body = await response.json();
  return { body, issued: [...statements] };
}

const lists = (id: () => string) => [
  { name: 'all users', path: () => `/api/admin/users` },
  { name: 'feedback', path: () => `/api/admin/feedback` },
  { name: 'audit log', path: () => `/api/admin/audit-log` },
  { name: 'terms', path: () => `/api/admin/hospitals/${id()}/terms` },
  { name: 'taxonomy', path: () => `/api/admin/hospitals/${id()}/taxonomy` },
  { name: 'locations', path: () => `/api/admin/hospitals/${id()}/locations` },
  { name: 'hospitals', path: () => `/api/admin/hospitals` },
  { name: 'administrators', path: () => `/api/admin/admins` },
];

const isSession = (q: string) => /^select .* from "auth_sessions"/i.test(q);
const isHospitalCheck = (q: string) => /^select .* from "hospitals" where \(?"hospitals"."id" = \$1( and "hospitals"."id" = \$2\))? limit/i.test(q);
const isCount = (q: string) => /^select count\(/i.test(q);
const itemsOf = (body: Record<string, unknown>) => (body.items ?? Object.values(body).find(Array.isArray)) as unknown[];

describe(`console lists read a page in one statement plus one count (${databaseLabel})`, () => {
  for (const who of ['system', 'hospital'] as const) {
    it.each(lists(() => hospitalId).filter((list) => who === 'system' || !['administrators', 'audit log'].includes(list.name)))(
      `$name, as the ${who} admin`,
      async ({ path }) => {
        const client = who === 'system' ? system : hospitalAdmin;
        const one = await statementsOf(client, `${path()}?page=1&pageSize=1`);
        const full = await statementsOf(client, `${path()}?page=1&pageSize=${ROWS}`);
        expect(itemsOf(one.body)).toHaveLength(1);
        expect(itemsOf(full.body).length, JSON.stringify(full.body).slice(0, 300)).toBeGreaterThanOrEqual(
          who === 'hospital' && path() === '/api/admin/hospitals' ? 1 : ROWS,
        );

        // The guard's one session statement, the tenancy check of a hospital in the path, then the page and its count.
        const issued = full.issued;
        expect(issued.filter(isSession), issued.join('\n')).toHaveLength(1);
        expect(issued.filter(isHospitalCheck).length).toBeLessThanOrEqual(path().includes('/hospitals/') ? 1 : 0);
        const reads = issued.filter((q) => !isSession(q) && !isHospitalCheck(q));
        expect(reads.filter(isCount).length, reads.join('\n')).toBeLessThanOrEqual(1);
        expect(reads.length, reads.join('\n')).toBeLessThanOrEqual(2);
        // Nothing grows with the rows on the page.
        expect(issued).toHaveLength(one.issued.length);
      },
    );
  }
});

/**
 * The change history (issue 32 item 22, decision 0019): every write to a profile section is one
 * append-only row of profile_changes — who, when, through what, each field's old and new value, per
 * entry for lists — written in the write's own transaction and only when something changed. The
 * provider reads their history per section and restores a change as a new write; an admin reads a
 * provider's history within their scope; the system audit log records sign-ups and e-mail
 * confirmations, reads in plain words, filters and exports CSV; retention deletes old changes only
 * through its own door.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditActionLabel } from '../../src/shared/audit-actions';
import { parseCsv } from '../../src/shared/csv';
import type { ProfileChangeDto, ProfileHistoryPage } from '../../src/shared/history';
import { describeChange } from '../../src/shared/history';
import { auditLog, hospitalLocations, jobs, profileChanges, users } from '../../src/server/db/schema';
import { createLogger } from '../../src/server/lib/logger';
import { purgeHistory } from '../../src/server/modules/profile/history';
import { createHistoryJobHandlers, HISTORY_PURGE_JOB, scheduleHistoryPurge } from '../../src/server/modules/profile/history-jobs';
import { browserClient, type BrowserClient } from '../support/clients';
import { confirmProviderEmail, createAdminRow, createHospital, latestMail, signInAdmin, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';
import { FAKE_NPIS, startFakeNppes, type FakeNppes } from '../fakes/nppes';

let ctx: TestContext;
let nppes: FakeNppes;
let hospitalA: { id: string };
let hospitalB: { id: string };
let adminA: BrowserClient;
let adminB: BrowserClient;
let systemAdmin: BrowserClient;
let systemAdminEmail: string;

beforeAll(async () => {
  nppes = await startFakeNppes();
  ctx = await createTestApp({ NPI_REGISTRY_URL: nppes.url });
  hospitalA = await createHospital(ctx);
  hospitalB = await createHospital(ctx);
  adminA = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospitalA.id })).email);
  adminB = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospitalB.id })).email);
  systemAdminEmail = (await createAdminRow(ctx, { role: 'system_admin' })).email;
  systemAdmin = await signInAdmin(ctx, systemAdminEmail);
});
afterAll(async () => {
  await ctx?.close();
  await nppes?.close();
});

let ip = 0;
async function signUp(input: { fullName: string; npiNumber?: string; hospitalId?: string } = { fullName: 'Riley Hart' }) {
  const client = browserClient(ctx.app);
  const email = `history.${uniqueSuffix()}@example.org`;
  const response = await client.post(
    '/api/auth/sign-up',
    { email, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, hospitalId: hospitalA.id, ...input },
    { 'x-forwarded-for': `203.0.113.${(ip += 1)}` },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  return { client, user: user!, email };
}

async function history(client: BrowserClient, section?: string): Promise<ProfileChangeDto[]> {
  const response = await client.get(`/api/profile/history${section ? `?section=${section}` : ''}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as ProfileHistoryPage).items;
}

const rowsFor = (userId: string, sectionId: string) =>
  ctx.database.db
    .select()
    .from(profileChanges)
    .where(and(eq(profileChanges.userId, userId), eq(profileChanges.sectionId, sectionId)));

async function section(client: BrowserClient, id: string) {
  return ((await (await client.get(`/api/profile/sections/${id}`)).json()) as { data: Record<string, unknown> }).data;
}

describe(`change history of a provider's own saves (${databaseLabel})`, () => {
  it("records each changed field's old and new value, by the provider, and nothing for an unchanged save", async () => {
    const { client, user, email } = await signUp();
    expect((await client.put('/api/profile/sections/biography', { professionalSummary: 'First words.', personalInterests: 'Sailing' })).status).toBe(200);
    const bio = await section(client, 'biography');
    const before = (await rowsFor(user.id, 'biography')).length;

    // Saved again as it is: nothing changed, nothing recorded.
    expect((await client.put('/api/profile/sections/biography', bio)).status).toBe(200);
    expect(await rowsFor(user.id, 'biography')).toHaveLength(before);

    expect((await client.put('/api/profile/sections/biography', { ...bio, professionalSummary: 'Better words.' })).status).toBe(200);
    const [latest] = await history(client, 'biography');
    expect(latest).toMatchObject({
      sectionId: 'biography',
      source: 'provider',
      actor: { id: user.id, kind: 'provider', email },
      changes: { fields: [{ field: 'professionalSummary', old: 'First words.', new: 'Better words.' }] },
    });
    expect(Date.parse(latest!.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(describeChange(latest!.changes)).toEqual(['Professional summary: First words. → Better words.']);
    // Only this section's changes when one is asked for.
    expect((await history(client, 'biography')).every((change) => change.sectionId === 'biography')).toBe(true);
  });

  it('records list sections per entry: added, removed and changed with the entry’s fields', async () => {
    const { client } = await signUp();
    const first = {
      items: [
        { awardName: 'Teaching award', awardYear: 2021 },
        { awardName: 'Top Doctor', awardYear: 2023 },
      ],
    };
    expect((await client.put('/api/profile/sections/awards', first)).status).toBe(200);
    const [added] = await history(client, 'awards');
    expect(added!.changes).toEqual({
      items: [
        { op: 'added', index: 0, item: expect.objectContaining({ awardName: 'Teaching award', awardYear: 2021 }) },
        { op: 'added', index: 1, item: expect.objectContaining({ awardName: 'Top Doctor', awardYear: 2023 }) },
      ],
    });

    const second = {
      items: [
        { awardName: 'Teaching award', awardYear: 2022 },
        { awardName: 'Patients’ choice', awardYear: 2024, awardingOrganization: 'Clinic' },
      ],
    };
    expect((await client.put('/api/profile/sections/awards', second)).status).toBe(200);
    const [edited] = await history(client, 'awards');
    const ops = 'items' in edited!.changes ? edited!.changes.items : [];
    expect(ops).toContainEqual(
      expect.objectContaining({
        op: 'changed',
        fields: ['awardYear'],
        before: expect.objectContaining({ awardYear: 2021 }),
        after: expect.objectContaining({ awardYear: 2022 }),
      }),
    );
    expect(ops).toContainEqual(expect.objectContaining({ op: 'removed', item: expect.objectContaining({ awardName: 'Top Doctor' }) }));
    expect(ops).toContainEqual(expect.objectContaining({ op: 'added', item: expect.objectContaining({ awardName: 'Patients’ choice' }) }));
    expect(ops).toHaveLength(3);
  });

  it('writes the history in the save’s transaction: a failing write records nothing, a failing record saves nothing', async () => {
    const { client, user } = await signUp();
    expect((await client.put('/api/profile/sections/biography', { professionalSummary: 'Kept words.' })).status).toBe(200);
    const recorded = (await rowsFor(user.id, 'biography')).length;
    const db = ctx.database.db;

    // The section's own write fails in the database.
    await db.execute(
      sql.raw(`create or replace function history_test_fail() returns trigger as $$ begin raise exception 'history test failure'; end; $$ language plpgsql`),
    );
    await db.execute(
      sql.raw(
        `create trigger history_test_fail_write before update on biography for each row when (new.professional_summary = 'FAIL-WRITE') execute function history_test_fail()`,
      ),
    );
    // The history row itself fails, after the section was written in the same transaction.
    await db.execute(
      sql.raw(
        `create trigger history_test_fail_record before insert on profile_changes for each row when (new.changes::text like '%FAIL-RECORD%') execute function history_test_fail()`,
      ),
    );
    try {
      const failedWrite = await client.put('/api/profile/sections/biography', { professionalSummary: 'FAIL-WRITE' });
      expect(failedWrite.status).toBe(500);
      expect(await rowsFor(user.id, 'biography')).toHaveLength(recorded);

      const failedRecord = await client.put('/api/profile/sections/biography', { professionalSummary: 'FAIL-RECORD' });
      expect(failedRecord.status).toBe(500);
      expect(await rowsFor(user.id, 'biography')).toHaveLength(recorded);
      expect((await section(client, 'biography')).professionalSummary).toBe('Kept words.');
    } finally {
      await db.execute(sql.raw('drop trigger history_test_fail_write on biography'));
      await db.execute(sql.raw('drop trigger history_test_fail_record on profile_changes'));
    }
  });

  it('records the sign-up’s filled sections and the registry refresh with its source', async () => {
    const { client, user, email } = await signUp({ fullName: 'Jordan Avery', npiNumber: FAKE_NPIS.familyPhysician });
    const identity = await history(client, 'professional_identity');
    expect(identity.at(-1)).toMatchObject({ source: 'provider', actor: { kind: 'provider', email } });
    expect((await history(client, 'languages')).at(-1)).toMatchObject({ source: 'system', actor: { kind: 'system', id: null } });

    const current = await section(client, 'professional_identity');
    expect(
      (await client.put('/api/profile/sections/professional_identity', { ...current, lastName: 'Typed', manualOverrideFlags: { lastName: false } })).status,
    ).toBe(200);
    // The refresh puts the registry's last name back: recorded as the registry's, asked for by the provider.
    const refreshed = await client.post('/api/profile/identity/npi-refresh', {});
    expect(refreshed.status, await refreshed.clone().text()).toBe(200);
    const [latest] = await history(client, 'professional_identity');
    expect(latest).toMatchObject({ source: 'registry', actor: { id: user.id, kind: 'provider' } });
    expect('fields' in latest!.changes && latest!.changes.fields.find((change) => change.field === 'lastName')).toMatchObject({ old: 'Typed' });
  });

  it('records a trial role edited on its own route', async () => {
    const { client, user } = await signUp();
    expect((await client.put('/api/profile/sections/clinical_trials', { items: [{ trialTitle: 'Registry study' }] })).status).toBe(200);
    const [trial] = (await section(client, 'clinical_trials')).items as Array<{ id: string }>;
    expect((await client.patch(`/api/profile/clinical-trials/${trial!.id}/role`, { role: 'Principal Investigator' })).status).toBe(200);
    const [latest] = await history(client, 'clinical_trials');
    expect(latest).toMatchObject({ source: 'provider', actor: { id: user.id } });
    expect('items' in latest!.changes && latest!.changes.items).toEqual([
      expect.objectContaining({ op: 'changed', fields: ['role'], after: expect.objectContaining({ role: 'Principal Investigator' }) }),
    ]);
  });
});

describe(`writes by others (${databaseLabel})`, () => {
  it('records an administrator’s write with source admin and the administrator as the actor', async () => {
    const { client, user } = await signUp();
    const [site] = await ctx.database.db
      .insert(hospitalLocations)
      .values({ hospitalId: hospitalA.id, name: 'North Clinic', addressLine1: '1 North Way', city: 'Springfield', state: 'IL', postalCode: '62701' })
      .returning();
    expect(
      (
        await client.put('/api/profile/sections/locations', {
          items: [{ predefinedLocationId: site!.id, locationName: 'North Clinic', isPrimaryLocation: true }],
        })
      ).status,
    ).toBe(200);

    // A system administrator moves the provider: the link to the former hospital's location goes.
    const moved = await systemAdmin.put(`/api/admin/users/${user.id}/hospital`, { hospitalId: hospitalB.id });
    expect(moved.status, await moved.clone().text()).toBe(200);
    const [latest] = await history(client, 'locations');
    expect(latest).toMatchObject({ source: 'admin', actor: { kind: 'system_admin', email: systemAdminEmail } });
    expect('items' in latest!.changes && latest!.changes.items).toEqual([
      expect.objectContaining({
        op: 'changed',
        fields: ['predefinedLocationId'],
        before: expect.objectContaining({ predefinedLocationId: site!.id }),
        after: expect.objectContaining({ predefinedLocationId: null }),
      }),
    ]);
  });

  it('records an NPI moved by a granted claim in both providers’ histories, by the administrator', async () => {
    const holder = await signUp({ fullName: 'Jordan Avery', npiNumber: FAKE_NPIS.cardiologist });
    const claimant = await signUp({ fullName: 'Jordan Avery' });
    await confirmProviderEmail(ctx, claimant.user.id);
    const filed = await claimant.client.post('/api/me/npi-claims', { npiNumber: FAKE_NPIS.cardiologist });
    expect(filed.status, await filed.clone().text()).toBe(201);
    const granted = await systemAdmin.post(`/api/admin/npi-claims/${(await filed.json()).id}/grant`, {});
    expect(granted.status, await granted.clone().text()).toBe(200);

    const npiChange = (change: ProfileChangeDto | undefined) =>
      'fields' in change!.changes ? change!.changes.fields.find((field) => field.field === 'npiNumber') : undefined;
    const [lost] = await history(holder.client, 'professional_identity');
    expect(lost).toMatchObject({ source: 'admin', actor: { kind: 'system_admin', email: systemAdminEmail } });
    expect(npiChange(lost)).toEqual({ field: 'npiNumber', old: FAKE_NPIS.cardiologist, new: null });
    const [gained] = await history(claimant.client, 'professional_identity');
    expect(gained).toMatchObject({ source: 'admin' });
    expect(npiChange(gained)).toEqual({ field: 'npiNumber', old: null, new: FAKE_NPIS.cardiologist });
  });

  it('shows a provider’s history to their hospital’s admin and a system admin; another hospital’s admin gets 404', async () => {
    const { client, user } = await signUp();
    expect((await client.put('/api/profile/sections/insurance', { items: [{ insuranceName: 'Acme Health', planType: 'PPO' }] })).status).toBe(200);

    const own = await adminA.get(`/api/admin/users/${user.id}/history?section=insurance`);
    expect(own.status).toBe(200);
    expect(((await own.json()) as ProfileHistoryPage).items[0]).toMatchObject({ sectionId: 'insurance', source: 'provider' });
    expect((await systemAdmin.get(`/api/admin/users/${user.id}/history`)).status).toBe(200);

    const other = await adminB.get(`/api/admin/users/${user.id}/history`);
    expect(other.status).toBe(404);
    expect(JSON.stringify(await other.json())).not.toContain('Acme');
    // The provider's own route never reaches another provider's history.
    const stranger = await signUp();
    expect((await history(stranger.client)).every((change) => change.userId === stranger.user.id)).toBe(true);
  });
});

describe(`restoring a change (${databaseLabel})`, () => {
  it('restores a field’s old value as a new write recorded with source restore', async () => {
    const { client, user } = await signUp();
    expect((await client.put('/api/profile/sections/biography', { professionalSummary: 'Original.', personalInterests: 'Chess' })).status).toBe(200);
    const bio = await section(client, 'biography');
    expect((await client.put('/api/profile/sections/biography', { ...bio, professionalSummary: 'Rewritten.' })).status).toBe(200);
    expect((await client.put('/api/profile/sections/biography', { ...bio, professionalSummary: 'Rewritten.', personalInterests: 'Rowing' })).status).toBe(200);
    const [, rewrite] = await history(client, 'biography');
    expect(rewrite!.changes).toMatchObject({ fields: [{ field: 'professionalSummary', new: 'Rewritten.' }] });

    const restored = await client.post(`/api/profile/history/${rewrite!.id}/restore`);
    expect(restored.status, await restored.clone().text()).toBe(200);
    const data = await section(client, 'biography');
    // That change undone; the later one (interests) kept.
    expect(data).toMatchObject({ professionalSummary: 'Original.', personalInterests: 'Rowing' });
    const [latest] = await history(client, 'biography');
    expect(latest).toMatchObject({
      source: 'restore',
      actor: { id: user.id, kind: 'provider' },
      changes: { fields: [{ field: 'professionalSummary', old: 'Rewritten.', new: 'Original.' }] },
    });

    // Someone else's change, or none, is not found.
    const other = await signUp();
    expect((await other.client.post(`/api/profile/history/${rewrite!.id}/restore`)).status).toBe(404);
    expect((await client.post('/api/profile/history/999999999/restore')).status).toBe(404);
    expect((await client.post('/api/profile/history/not-a-change/restore')).status).toBe(404);
  });

  it('restores list entries: an added one goes, a removed one comes back, an edited one gets its old content', async () => {
    const { client } = await signUp();
    expect(
      (
        await client.put('/api/profile/sections/awards', {
          items: [
            { awardName: 'A', awardYear: 2020 },
            { awardName: 'B', awardYear: 2021 },
          ],
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await client.put('/api/profile/sections/awards', {
          items: [
            { awardName: 'A', awardYear: 2022 },
            { awardName: 'C', awardYear: 2023 },
          ],
        })
      ).status,
    ).toBe(200);
    const [change] = await history(client, 'awards');
    expect((await client.post(`/api/profile/history/${change!.id}/restore`)).status).toBe(200);
    const items = ((await section(client, 'awards')).items as Array<{ awardName: string; awardYear: number }>).map((item) => [item.awardName, item.awardYear]);
    expect(items).toEqual([
      ['A', 2020],
      ['B', 2021],
    ]);
    expect((await history(client, 'awards'))[0]!.source).toBe('restore');
  });

  it('validates a restore with the section’s schema like any save', async () => {
    const { client, user } = await signUp();
    expect((await client.put('/api/profile/sections/biography', { professionalSummary: 'Fine.' })).status).toBe(200);
    // A recorded old value the schema no longer accepts (too long for the summary).
    const [row] = await ctx.database.db
      .insert(profileChanges)
      .values({
        userId: user.id,
        sectionId: 'biography',
        source: 'provider',
        actorId: user.id,
        actorKind: 'provider',
        actorEmail: user.email,
        changes: { fields: [{ field: 'professionalSummary', old: 'x'.repeat(100_000), new: 'Fine.' }] },
      })
      .returning();
    const refused = await client.post(`/api/profile/history/${row!.id}/restore`);
    expect(refused.status).toBe(400);
    expect((await section(client, 'biography')).professionalSummary).toBe('Fine.');
  });
});

describe(`the change record is append-only, with retention its one way out (${databaseLabel})`, () => {
  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    const { client, user } = await signUp();
    expect((await client.put('/api/profile/sections/biography', { professionalSummary: 'Stays.' })).status).toBe(200);
    const db = ctx.database.db;
    await expect(db.update(profileChanges).set({ source: 'admin' }).where(eq(profileChanges.userId, user.id))).rejects.toThrow();
    await expect(db.delete(profileChanges).where(eq(profileChanges.userId, user.id))).rejects.toThrow();
    await expect(db.execute(sql`truncate profile_changes`)).rejects.toThrow();
    expect((await rowsFor(user.id, 'biography')).length).toBeGreaterThan(0);
  });

  it('purges only changes older than the retention, through the scheduled job, and schedules the next run', async () => {
    const { client, user } = await signUp();
    expect((await client.put('/api/profile/sections/biography', { professionalSummary: 'Recent.' })).status).toBe(200);
    const db = ctx.database.db;
    const [old] = await db
      .insert(profileChanges)
      .values({
        userId: user.id,
        sectionId: 'biography',
        source: 'provider',
        actorKind: 'provider',
        changes: { fields: [] },
        createdAt: new Date(Date.now() - 400 * 86_400_000),
      })
      .returning();

    // Unset retention keeps everything and queues nothing.
    expect(await scheduleHistoryPurge(db, undefined)).toBe(false);
    expect(await scheduleHistoryPurge(db, 365)).toBe(true);
    expect(await scheduleHistoryPurge(db, 365)).toBe(false);
    const [queued] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, HISTORY_PURGE_JOB), eq(jobs.status, 'queued')));
    const handlers = createHistoryJobHandlers({ db, env: { HISTORY_RETENTION_DAYS: 365 }, logger: createLogger({ level: 'silent', environment: 'test' }) });
    await handlers[HISTORY_PURGE_JOB]!(queued!);

    const left = await rowsFor(user.id, 'biography');
    expect(left.some((row) => row.id === old!.id)).toBe(false);
    expect(left.length).toBeGreaterThan(0);
    const next = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, HISTORY_PURGE_JOB), eq(jobs.status, 'queued')));
    expect(next.some((job) => job.runAt.getTime() > Date.now() + 23 * 3_600_000)).toBe(true);
    // The door closes with the purge's transaction.
    await expect(db.delete(profileChanges).where(eq(profileChanges.userId, user.id))).rejects.toThrow();
    expect(await purgeHistory(db, 365)).toBe(0);
  });
});

describe(`the system audit log (${databaseLabel})`, () => {
  it('records a provider’s sign-up and e-mail confirmation, in plain words', async () => {
    const { client, user, email } = await signUp();
    const [signedUp] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'provider.signed_up'), eq(auditLog.targetId, user.id)));
    expect(signedUp).toMatchObject({ actorId: user.id, actorRole: 'provider', actorEmail: email, targetType: 'user', hospitalId: hospitalA.id });

    await ctx.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, user.id));
    expect((await client.post('/api/auth/verification-email')).status).toBe(200);
    const link = new URL((await latestMail(ctx, email))!.links[0]!);
    expect((await client.post('/api/auth/callback', { token_hash: link.searchParams.get('token_hash'), type: 'email' })).status).toBe(200);
    const [confirmed] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'provider.email_confirmed'), eq(auditLog.targetId, user.id)));
    expect(confirmed).toMatchObject({ actorId: user.id, actorEmail: email });

    const listed = await systemAdmin.get(`/api/admin/audit-log?target=${user.id}`);
    const body = (await listed.json()) as { items: Array<{ action: string; actionLabel: string }>; totalCount: number };
    expect(body.items.map((item) => [item.action, item.actionLabel])).toEqual([
      ['provider.email_confirmed', 'Confirmed their e-mail address'],
      ['provider.signed_up', 'Signed up as a provider'],
    ]);
    expect(auditActionLabel('directory.listing_approved')).toBe('Approved a public listing');
    expect(auditActionLabel('directory.photo_hidden_by_admin')).toBe('Directory: photo hidden by admin');
  });

  it('filters by actor, action (exact or a family), target and dates, and exports the same as CSV', async () => {
    const { user, email } = await signUp();
    const db = ctx.database.db;
    const old = new Date('2020-03-04T10:00:00Z');
    await db.insert(auditLog).values([
      {
        actorId: user.id,
        actorRole: 'provider',
        actorEmail: email,
        action: 'directory.listing_requested',
        targetType: 'user',
        targetId: user.id,
        createdAt: old,
      },
      {
        actorRole: 'system_admin',
        actorEmail: 'boss@example.org',
        action: 'directory.listing_approved',
        targetType: 'user',
        targetId: user.id,
        summary: { note: '=HYPERLINK("http://evil.example")' },
        createdAt: old,
      },
      {
        actorRole: 'anonymous',
        actorEmail: '=HYPERLINK("http://evil.example")',
        action: 'provider.sign_in_failed',
        targetType: `formula-${user.id}`,
        createdAt: old,
      },
    ]);
    const list = async (query: string) => {
      const response = await systemAdmin.get(`/api/admin/audit-log?${query}`);
      expect(response.status, await response.clone().text()).toBe(200);
      return ((await response.json()) as { items: Array<{ action: string; actorEmail: string | null }> }).items;
    };
    expect((await list(`target=${user.id}&action=directory.*`)).map((item) => item.action).sort()).toEqual([
      'directory.listing_approved',
      'directory.listing_requested',
    ]);
    expect((await list(`target=${user.id}&action=directory.listing_approved`)).map((item) => item.action)).toEqual(['directory.listing_approved']);
    expect((await list(`target=${user.id}&actor=boss@example`)).map((item) => item.actorEmail)).toEqual(['boss@example.org']);
    expect((await list(`target=${user.id}&actor=${user.id}`)).map((item) => item.action).sort()).toEqual(['directory.listing_requested', 'provider.signed_up']);
    expect((await list(`target=${user.id}&from=2020-03-04&to=2020-03-04`)).length).toBe(2);
    expect((await list(`target=${user.id}&to=2020-03-03`)).length).toBe(0);
    expect((await list(`target=${user.id}&from=2020-03-05`)).map((item) => item.action)).toEqual(['provider.signed_up']);
    expect((await systemAdmin.get('/api/admin/audit-log?from=yesterday')).status).toBe(400);

    const exported = await systemAdmin.get(`/api/admin/audit-log/export?target=${user.id}&action=directory.*`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(exported.headers.get('content-disposition')).toMatch(/attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const records = parseCsv(await exported.text()).map((record) => record.fields);
    expect(records[0]).toEqual(['Time (UTC)', 'Who', 'Role', 'What', 'Action code', 'Target type', 'Target', 'Hospital', 'IP address', 'Details']);
    expect(records.slice(1).map((fields) => [fields[3], fields[4]])).toEqual([
      ['Approved a public listing', 'directory.listing_approved'],
      ['Asked to publish a public listing', 'directory.listing_requested'],
    ]);
    expect(records[1]![0]).toBe('2020-03-04T10:00:00.000Z');
    // What people typed cannot become a spreadsheet formula.
    const typed = parseCsv(await (await systemAdmin.get(`/api/admin/audit-log/export?target=formula-${user.id}`)).text());
    expect(typed[1]!.fields[1]).toBe(`'=HYPERLINK("http://evil.example")`);

    // System administrators only.
    expect((await adminA.get('/api/admin/audit-log/export')).status).toBe(403);
  });
});

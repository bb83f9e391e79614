/**
 * The profile reads are one statement each (issue [T2 1/5]): a full profile read through the API
 * answers exactly what the old per-section reads answered, and a statement counter on the database
 * proves each read costs the session check plus one statement, and never writes.
 */
import { asc, eq, getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { computeProfileCompletion, type CompletionSections } from '../../src/shared/profile-completion';
import { PROFILE_SECTION_IDS } from '../../src/shared/schemas/profile';
import { hospitalSectionPermissions, hospitals, medicalExpertiseTerms, medicalSchools, users } from '../../src/server/db/schema';
import { seedReferenceData } from '../../src/server/db/seed';
import { readFullProfile } from '../../src/server/modules/profile/read';
import { PROFILE_TABLES } from '../../src/server/modules/profile/snapshot';
import { seedDataDir } from '../../src/server/paths';
import { browserClient, type BrowserClient } from '../support/clients';
import { createAdminRow, createHospital, signInAdmin, uniqueSuffix } from '../support/factories';
import { fillFullProfile, fullProfileSections, type FullProfileRefs } from '../support/full-profile';
import { LEGACY_SECTION_READERS, legacySnapshot } from '../support/legacy-profile-read';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

let ctx: TestContext;
let statements: string[] = [];
let provider: BrowserClient;
let userId: string;
let hospitalId: string;

let refs: FullProfileRefs;

beforeAll(async () => {
  ctx = await createTestApp({}, { onQuery: (query) => statements.push(query) });
  await seedReferenceData(ctx.database.db, seedDataDir);
  const hospital = await createHospital(ctx);
  hospitalId = hospital.id;
  provider = browserClient(ctx.app);
  const email = `full.${uniqueSuffix()}@example.org`;
  const signUp = await provider.post(
    '/api/auth/sign-up',
    { email, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName: 'Beatriz Castillo', hospitalId },
    { 'x-forwarded-for': '192.0.2.77' },
  );
  expect(signUp.status).toBe(201);
  const db = ctx.database.db;
  userId = (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  const terms = await db
    .selectDistinct({ termId: medicalExpertiseTerms.termId })
    .from(medicalExpertiseTerms)
    .orderBy(asc(medicalExpertiseTerms.termId))
    .limit(12);
  const [school] = await db.select({ id: medicalSchools.id }).from(medicalSchools).limit(1);
  refs = { termIds: terms.map((t) => t.termId), medicalSchoolId: school!.id };
  await fillFullProfile(async (sectionId, body) => {
    const response = await provider.put(`/api/profile/sections/${sectionId}`, body);
    expect(response.status, `${sectionId}: ${await response.clone().text()}`).toBe(200);
  }, refs);
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(() => {
  statements = [];
});

/** The statements one request issued (the session check included). */
async function statementsOf(request: () => Promise<Response>) {
  statements = [];
  const response = await request();
  expect(response.status).toBe(200);
  const body = await response.json();
  return { body, issued: [...statements] };
}

/**
 * A section save: the session, reference checks, then the transaction (lock, the section before, the
 * write, every section after for the answer and the completion, history); on PostgreSQL begin and
 * commit count too. The users row comes with the session check.
 */
const SAVE_STATEMENTS_AT_MOST = 10;

const writes = (issued: string[]) => issued.filter((q) => /^\s*(insert|update|delete)\b/i.test(q));

describe(`one statement per profile read (${databaseLabel})`, () => {
  it('GET /api/profile answers what the per-section reads answered, byte for byte', async () => {
    const { body } = await statementsOf(() => provider.get('/api/profile'));
    expect(JSON.stringify(body).length).toBeGreaterThan(15_000);
    for (const id of PROFILE_SECTION_IDS) {
      const legacy = await (LEGACY_SECTION_READERS[id] as (db: unknown, userId: string) => Promise<{ data: unknown }>)(ctx.database.db, userId);
      expect(JSON.stringify(body.sections[id]), id).toBe(JSON.stringify(legacy.data));
    }
    expect(body.sections.publications.items).toHaveLength(15);
    expect(body.sections.locations.items.map((l: { locationName: string }) => l.locationName)).toEqual([
      'Lakeside Heart Center',
      'Evanston Office',
      'Oak Park Clinic',
    ]);
    expect(body.sections.medical_expertise.items).toHaveLength(12);
  });

  it('each section read answers what its old reader answered, with the same last-saved time', async () => {
    for (const id of PROFILE_SECTION_IDS) {
      const { body, issued } = await statementsOf(() => provider.get(`/api/profile/sections/${id}`));
      const legacy = await (LEGACY_SECTION_READERS[id] as (db: unknown, userId: string) => Promise<{ data: unknown; updatedAt: Date | null }>)(
        ctx.database.db,
        userId,
      );
      expect(JSON.stringify(body.data), id).toBe(JSON.stringify(legacy.data));
      expect(body.updatedAt, id).toBe(legacy.updatedAt?.toISOString() ?? null);
      expect(issued.length, `${id}: ${issued.join('\n')}`).toBeLessThanOrEqual(2);
    }
  });

  it('the profile, the dashboard, the export and the sections shown cost the session check plus one statement, and never write', async () => {
    for (const path of ['/api/profile', '/api/dashboard', '/api/profile/export', '/api/me/sections']) {
      const { issued } = await statementsOf(() => provider.get(path));
      expect(issued.length, `${path}:\n${issued.join('\n')}`).toBeLessThanOrEqual(2);
      expect(writes(issued), path).toEqual([]);
    }
  });

  it('the admin read-only view is one statement after the session and matches the stored rows', async () => {
    const admin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId })).email);
    const { body, issued } = await statementsOf(() => admin.get(`/api/admin/users/${userId}`));
    expect(issued.length, issued.join('\n')).toBeLessThanOrEqual(2);
    expect(writes(issued)).toEqual([]);
    const legacy = await legacySnapshot(ctx.database.db, userId, PROFILE_TABLES as never);
    expect(JSON.stringify(body.sections)).toBe(JSON.stringify(legacy));
    expect(body.user).toMatchObject({ id: userId, hospitalId, fullName: 'Beatriz Elena Castillo' });

    // Another hospital's admin is told the provider does not exist, in the same one statement.
    const other = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: (await createHospital(ctx)).id })).email);
    statements = [];
    expect((await other.get(`/api/admin/users/${userId}`)).status).toBe(404);
    expect(statements.length).toBeLessThanOrEqual(2);
  });

  it('a save stores the completion in its own transaction, so the next read needs no write', async () => {
    const saved = await provider.put('/api/profile/sections/biography', { professionalSummary: '' });
    expect(saved.status).toBe(200);
    const stored = (await ctx.database.db.select({ p: users.profileCompletionPercentage }).from(users).where(eq(users.id, userId)))[0]!.p;
    const { body, issued } = await statementsOf(() => provider.get('/api/dashboard'));
    expect(body.completionPercentage).toBe(stored);
    expect(writes(issued)).toEqual([]);
  });

  it('an unchanged profile is answered from the cache with no statement beyond the session check', async () => {
    const first = await statementsOf(() => provider.get('/api/profile'));
    const second = await statementsOf(() => provider.get('/api/profile'));
    expect(second.issued, second.issued.join('\n')).toHaveLength(1);
    expect(JSON.stringify(second.body)).toBe(JSON.stringify(first.body));
    // The cached read's JSON text is kept with it: the same bytes as serializing the read anew.
    const again = await provider.get('/api/profile');
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await again.text()).toBe(JSON.stringify(first.body));
    for (const path of ['/api/dashboard', '/api/profile/export', '/api/profile/sections/publications']) {
      expect((await statementsOf(() => provider.get(path))).issued, path).toHaveLength(1);
    }
  });

  // Decision 0036: after a save, a read re-reads only what changed since the kept read.
  it('a profile changed since the kept read is read again in part: the sections changed since, with the users row and hospital', async () => {
    const db = ctx.database.db;
    const sameAsEverySectionRead = async (body: { sections: Record<string, unknown> }) => {
      for (const id of PROFILE_SECTION_IDS) {
        const legacy = await (LEGACY_SECTION_READERS[id] as (db: unknown, userId: string) => Promise<{ data: unknown }>)(db, userId);
        expect(JSON.stringify(body.sections[id]), id).toBe(JSON.stringify(legacy.data));
      }
    };
    const tablesRead = (statement: string) =>
      Object.values(PROFILE_TABLES)
        .map((table) => getTableName(table))
        .filter((table) => statement.includes(`from "${table}"`));
    await statementsOf(() => provider.get('/api/profile')); // kept

    // Saved in another process (a statement at a SQL prompt, as far as this one can tell).
    await db.execute(sql`update biography set professional_summary = 'Read again in part.' where user_id = ${userId}`);
    let after = await statementsOf(() => provider.get('/api/profile'));
    // The session check, the provider's section versions, then one read: the users row, the hospital and the biography.
    expect(after.issued, after.issued.join('\n')).toHaveLength(3);
    expect(tablesRead(after.issued[2]!)).toEqual(['biography']);
    expect(after.body.sections.biography.professionalSummary).toBe('Read again in part.');
    await sameAsEverySectionRead(after.body);

    // Saved in this process: the save keeps the read it made after its write, once committed, so the
    // next read answers from it (the users row read again when the completion moved it).
    expect((await provider.put('/api/profile/sections/biography', { professionalSummary: 'Saved here.' })).status).toBe(200);
    after = await statementsOf(() => provider.get('/api/profile'));
    expect(after.issued.length).toBeLessThanOrEqual(3);
    expect(after.issued.slice(1).flatMap(tablesRead)).toEqual([]);
    expect(after.body.sections.biography.professionalSummary).toBe('Saved here.');
    await sameAsEverySectionRead(after.body);

    // Two tables changed at a SQL prompt, and the users row: both tables are read, and the row.
    await db.execute(sql`update publications set title = 'Renamed in part' where user_id = ${userId} and display_order = 1`);
    await db.execute(sql`update languages_spoken set proficiency = 'native' where user_id = ${userId}`);
    await db.update(users).set({ jobTitle: 'Cardiologist, in part' }).where(eq(users.id, userId));
    after = await statementsOf(() => provider.get('/api/profile'));
    expect(tablesRead(after.issued[2]!).sort()).toEqual(['languages_spoken', 'publications']);
    expect(after.body.user.jobTitle).toBe('Cardiologist, in part');
    await sameAsEverySectionRead(after.body);

    // Only the users row: no section is read again, and the answer is the same as reading everything.
    await db.update(users).set({ jobTitle: 'Cardiologist' }).where(eq(users.id, userId));
    after = await statementsOf(() => provider.get('/api/profile'));
    expect(tablesRead(after.issued[2]!)).toEqual([]);
    expect(after.body.user.jobTitle).toBe('Cardiologist');
    await sameAsEverySectionRead(after.body);
  });

  it('a change made outside the section saves — any table, the users row, the hospital — is seen on the next read', async () => {
    const db = ctx.database.db;
    await statementsOf(() => provider.get('/api/profile')); // cached
    // Another process, a job or a person at a SQL prompt: the triggers bump the version all the same.
    await db.execute(sql`update publications set title = 'Renamed at the SQL prompt' where user_id = ${userId} and display_order = 1`);
    let body = (await statementsOf(() => provider.get('/api/profile'))).body;
    expect(body.sections.publications.items.map((p: { title: string }) => p.title)).toContain('Renamed at the SQL prompt');

    await db.execute(sql`delete from awards_recognitions where user_id = ${userId}`);
    body = (await statementsOf(() => provider.get('/api/profile/sections/awards'))).body;
    expect(body.data.items).toEqual([]);

    await db.update(users).set({ fullName: 'Beatriz E. Castillo' }).where(eq(users.id, userId));
    expect((await statementsOf(() => provider.get('/api/dashboard'))).body.user.fullName).toBe('Beatriz E. Castillo');

    await db.update(hospitals).set({ name: 'Lakeside Renamed' }).where(eq(hospitals.id, hospitalId));
    expect((await statementsOf(() => provider.get('/api/profile'))).body.user.hospitalName).toBe('Lakeside Renamed');

    // The hospital hides media: the dashboard drops the section at once.
    const before = (await statementsOf(() => provider.get('/api/dashboard'))).body;
    const media = (b: { sections: Array<{ sectionId: string; isVisible: boolean }> }) =>
      b.sections.find((section) => section.sectionId === 'media_press')?.isVisible ?? false;
    expect(media(before)).toBe(true);
    const shown = async () =>
      ((await (await provider.get('/api/me/sections')).json()) as { items: Array<{ sectionId: string; isVisible: boolean }> }).items.find(
        (section) => section.sectionId === 'media_press',
      )?.isVisible;
    expect(await shown()).toBe(true);
    // With the read cached, the sections shown are the session check alone.
    expect((await statementsOf(() => provider.get('/api/me/sections'))).issued).toHaveLength(1);
    await db
      .insert(hospitalSectionPermissions)
      .values({ hospitalId, sectionId: 'media_press', isVisible: false, isRequired: false })
      .onConflictDoUpdate({
        target: [hospitalSectionPermissions.hospitalId, hospitalSectionPermissions.sectionId],
        set: { isVisible: false, isRequired: false },
      });
    expect(media((await statementsOf(() => provider.get('/api/dashboard'))).body)).toBe(false);
    expect(await shown()).toBe(false);
  });
});

describe(`section saves (${databaseLabel})`, () => {
  it('answer the section as a read of it then answers, in a bounded number of statements each', async () => {
    const counts: string[] = [];
    for (const [sectionId, body] of Object.entries(fullProfileSections(refs))) {
      const { body: saved, issued } = await statementsOf(() => provider.put(`/api/profile/sections/${sectionId}`, body));
      counts.push(`${sectionId} ${issued.length}`);
      const read = (await (await provider.get(`/api/profile/sections/${sectionId}`)).json()) as Record<string, unknown>;
      expect({ ...saved, completionPercentage: undefined }, sectionId).toEqual({ ...read, completionPercentage: undefined });
      expect(issued.length, `${sectionId}:\n${issued.join('\n')}`).toBeLessThanOrEqual(SAVE_STATEMENTS_AT_MOST);
    }
    console.log(`[statements] a full section save sends (session check included): ${counts.join(', ')}`);
  });

  // Decision 0036: with a current read of the rest kept, the save reads only what it wrote.
  it('read after the write only the section written when the process keeps a current read of the rest, and the completion is the same', async () => {
    const db = ctx.database.db;
    const reads = (issued: string[]) => issued.filter((q) => q.startsWith('select "users"."id"'));
    const tablesRead = (issued: string[]) =>
      [
        ...new Set(
          reads(issued).flatMap((q) =>
            Object.values(PROFILE_TABLES)
              .map((table) => getTableName(table))
              .filter((table) => q.includes(`from "${table}"`)),
          ),
        ),
      ].sort();
    const completionOfEverything = async () => {
      const read = (await readFullProfile(db, userId))!;
      return computeProfileCompletion(read.sections as CompletionSections, read.permissions).percentage;
    };
    const stored = async () => (await db.select({ p: users.profileCompletionPercentage }).from(users).where(eq(users.id, userId)))[0]!.p;

    await provider.get('/api/profile'); // kept, current
    // Emptied, the biography no longer counts: the completion falls, read from the biography alone.
    let save = await statementsOf(() => provider.put('/api/profile/sections/biography', { professionalSummary: '' }));
    expect(tablesRead(save.issued), save.issued.join('\n')).toEqual(['biography']);
    const fallen = await completionOfEverything();
    expect(save.body.completionPercentage).toBe(fallen);
    expect(await stored()).toBe(fallen);

    // Another table changed since the kept read (at a SQL prompt): the save reads that section too, once
    // its first read's users row has named it.
    await provider.get('/api/profile');
    await db.execute(sql`delete from education_training where user_id = ${userId}`);
    save = await statementsOf(() => provider.put('/api/profile/sections/biography', { professionalSummary: 'Counted again.' }));
    expect(tablesRead(save.issued)).toEqual(['biography', 'education_training']);
    // The biography before the write; after it, the biography, then it and the education.
    expect(reads(save.issued)).toHaveLength(3);
    const now = await completionOfEverything();
    expect(now).not.toBe(fallen);
    expect(save.body.completionPercentage).toBe(now);
    expect(await stored()).toBe(now);

    // Committed, that read is kept: the next save, with no read between, reads only what it writes.
    save = await statementsOf(() => provider.put('/api/profile/sections/biography', { professionalSummary: 'Counted once more.' }));
    expect(tablesRead(save.issued), save.issued.join('\n')).toEqual(['biography']);
    expect(reads(save.issued)).toHaveLength(2);
    expect(save.body.completionPercentage).toBe(await completionOfEverything());
    // And what it kept answers the next read as a read of everything does.
    const profile = (await (await provider.get('/api/profile')).json()) as { sections: Record<string, unknown> };
    const everything = (await readFullProfile(db, userId))!;
    expect(profile.sections.biography).toEqual(everything.sections.biography.data);
    expect(profile.sections.education_training).toEqual(everything.sections.education_training.data);
  });
});

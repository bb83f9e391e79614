/**
 * The roster's pre-filling job (issue 37 item 2) against the loopback NPPES fake serving the real
 * recorded registry records (tests/fixtures/real/nppes) and the loopback listing-service fake: drafts
 * with their fields and provenance, an existing account linked and never duplicated, a second run that
 * changes nothing, a crash part-way and the run after it, progress, and tenancy.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROSTER_MESSAGES } from '../../src/shared/schemas/roster';
import type { Database } from '../../src/server/db/client';
import type { hospitals } from '../../src/server/db/schema';
import {
  auditLog,
  biography,
  educationTraining,
  fieldProvenance,
  hospitalJoinRequests,
  hospitalLocations,
  jobs,
  languages,
  languagesSpoken,
  locations,
  professionalIdentity,
  professionalLicenses,
  publicListings,
  rosterRows,
  users,
} from '../../src/server/db/schema';
import { loadReferenceData } from '../../src/server/db/seed/reference-data';
import { createNppesRegistry } from '../../src/server/integrations/npi-registry';
import { claimJob, createWorker, enqueueJob, requeueStaleJobs } from '../../src/server/jobs/queue';
import { createLogger } from '../../src/server/lib/logger';
import { createSecretBox } from '../../src/server/lib/secret-box';
import { seedDataDir } from '../../src/server/paths';
import { createRosterJobHandlers, processRosterBatch, ROSTER_DRAFT_JOB, type RosterDraftDeps } from '../../src/server/modules/roster/drafts';
import { yextDepsFrom } from '../../src/server/modules/yext/context';
import { FAKE_NPIS, startFakeNppes, type FakeNppes } from '../fakes/nppes';
import { FAKE_YEXT_KEYS, providerEntity, startFakeYext, type FakeYext } from '../fakes/yext';
import { csvFile, type BrowserClient } from '../support/clients';
import { createAdminRow, createHospital, signInAdmin, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

// Real NPPES individuals (NPI-1), each used by one test only (an NPI belongs to one account):
// Barnes (urology, 777 Cleveland Ave SW), Oiyemhonlan (emergency medicine, two licences), Cooper
// (no credential), Sprang, Wansky, Steinberg, then five for the crash, one for the registry outage,
// one for the listing service and one for tenancy.
const BARNES = '1063410173';
const OIYEMHONLAN = '1568726677';
const COOPER = '1932510609';
const SPRANG = '1053975268';
const WANSKY = '1043467608';
const STEINBERG = '1396949913';
const CRASH = ['1083762025', '1508193921', '1013090240', '1669960134', '1972547016'] as const;
const MATHEWS = '1154556637';
// The fake's own hand-made individuals (the real recordings are all used above).
const KILLED = [FAKE_NPIS.cardiologist, FAKE_NPIS.familyPhysician] as const;
const SHRENSEL = '1366785115';
const NARVAEZ = '1336333764';

const logger = createLogger({ level: 'silent', environment: 'test' });
let nppes: FakeNppes;
let yext: FakeYext;
let ctx: TestContext;
let db: Database;
let draftDeps: RosterDraftDeps;

beforeAll(async () => {
  nppes = await startFakeNppes();
  yext = await startFakeYext();
  ctx = await createTestApp({ NPI_REGISTRY_URL: nppes.url });
  db = ctx.database.db;
  const data = loadReferenceData(seedDataDir);
  await db
    .insert(languages)
    .values(data.languages.map((l) => ({ code: l.code, name: l.name, isQuickAdd: l.isQuickAdd, sortOrder: l.sortOrder })))
    .onConflictDoNothing();
  draftDeps = {
    db,
    logger,
    npiRegistry: createNppesRegistry({ baseUrl: nppes.url }),
    yext: yextDepsFrom({ db, logger, env: { ...ctx.env, YEXT_API_URL: yext.url, YEXT_SANDBOX_URL: yext.sandboxUrl } }),
  };
});
afterAll(async () => {
  await ctx?.close();
  await nppes?.close();
  await yext?.close();
});

/** The app's worker for the roster job only, run until no job is due. */
const runJobs = () =>
  createWorker(db, createRosterJobHandlers({ db, env: ctx.env, logger, npiRegistry: draftDeps.npiRegistry, yext: draftDeps.yext }), logger).drain();

async function hospitalWithAdmin(overrides: Partial<typeof hospitals.$inferInsert> = {}) {
  const hospital = await createHospital(ctx, overrides);
  const admin = await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id });
  const client = await signInAdmin(ctx, admin.email);
  return { hospital, admin, client, base: `/api/admin/hospitals/${hospital.id}/roster-uploads` };
}

async function uploadRoster(client: BrowserClient, base: string, lines: string[]) {
  const response = await client.post(base, csvFile(['NPI,Email,Name,Location,Specialty', ...lines].join('\n')));
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string; acceptedRows: number; rows: Array<{ id: string; line: number; npi: string; state: string }> };
}

const start = (client: BrowserClient, base: string, uploadId: string) => client.post(`${base}/${uploadId}/drafting`);
const progress = async (client: BrowserClient, base: string, uploadId: string) => (await client.get(`${base}/${uploadId}/progress`)).json();
const rowsOf = (uploadId: string) => db.select().from(rosterRows).where(eq(rosterRows.uploadId, uploadId)).orderBy(rosterRows.line);
const usersByEmails = async (emails: string[]) =>
  (
    await db
      .select({ n: count() })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, emails))
  )[0]!.n;

async function provenanceOf(userId: string) {
  const rows = await db.select().from(fieldProvenance).where(eq(fieldProvenance.userId, userId));
  return Object.fromEntries(rows.map((row) => [`${row.sectionId}.${row.field}`, row.source]));
}

describe(`roster pre-filling job (${databaseLabel})`, () => {
  it('makes an unclaimed draft per accepted row with the registry’s fields, matched location and provenance, then a second run changes nothing', async () => {
    const { hospital, client, base } = await hospitalWithAdmin();
    const [clinic] = await db
      .insert(hospitalLocations)
      .values({
        hospitalId: hospital.id,
        name: 'Cleveland Avenue Clinic',
        addressLine1: '777 Cleveland Avenue SW',
        city: 'Atlanta',
        state: 'GA',
        zipCode: '30315',
        phoneNumber: '404-555-0100',
      })
      .returning();
    const suffix = uniqueSuffix();
    const emails = [`barnes.${suffix}@example.org`, `oiyemhonlan.${suffix}@example.org`, `cooper.${suffix}@example.org`, `gone.${suffix}@example.org`];
    const upload = await uploadRoster(client, base, [
      `${BARNES},${emails[0]},Anthony Barnes,,`,
      `${OIYEMHONLAN},${emails[1]},,,`,
      `${COOPER},${emails[2]},,,Family Nurse Practitioner`,
      `${FAKE_NPIS.deactivated},${emails[3]},,,`,
    ]);
    expect(upload.acceptedRows).toBe(4);
    expect(await progress(client, base, upload.id)).toMatchObject({ status: 'checked', total: 4, waiting: 4, done: 0 });

    const started = await start(client, base, upload.id);
    expect(started.status).toBe(202);
    expect(await started.json()).toMatchObject({ status: 'drafting', total: 4, waiting: 4 });
    // A second click while it runs starts nothing more.
    expect((await start(client, base, upload.id)).status).toBe(409);
    expect(await runJobs()).toBe(1);
    expect(await progress(client, base, upload.id)).toMatchObject({ status: 'drafted', total: 4, waiting: 0, drafting: 0, drafted: 3, failed: 1, done: 4 });

    const rows = await rowsOf(upload.id);
    expect(rows.map((row) => [row.state, row.outcome, row.failureReason])).toEqual([
      ['drafted', 'created', null],
      ['drafted', 'created', null],
      ['drafted', 'created', null],
      ['failed', null, ROSTER_MESSAGES.failedDeactivated],
    ]);

    // The admin's view of the rows names each profile as the registry has it.
    const detail = await (await client.get(`${base}/${upload.id}`)).json();
    expect(detail.rows.map((row: { state: string; outcome: string | null; profileName: string | null }) => [row.state, row.outcome, row.profileName])).toEqual([
      ['drafted', 'created', 'Anthony Barnes'],
      ['drafted', 'created', 'Brenda Oiyemhonlan'],
      ['drafted', 'created', 'Chandra Cooper'],
      ['failed', null, null],
    ]);

    // Barnes: an unclaimed account (no sign-in, not verified, not active), the registry's name in proper case.
    const [barnes] = await db.select().from(users).where(eq(users.id, rows[0]!.userId!));
    expect(barnes).toMatchObject({
      authUserId: null,
      status: 'unclaimed',
      emailVerified: false,
      hospitalId: hospital.id,
      npiNumber: BARNES,
      fullName: 'Anthony Barnes',
      firstName: 'Anthony',
      lastName: 'Barnes',
      email: emails[0],
      lastLoginAt: null,
    });
    const [identity] = await db.select().from(professionalIdentity).where(eq(professionalIdentity.userId, barnes!.id));
    expect(identity).toMatchObject({ npiNumber: BARNES, primarySpecialty: 'Urology', professionalEmail: emails[0], isAutoPopulated: true });
    // The registry's own spelling ('M.D'); splitting spaced credentials is issue 37 item 7.
    expect(identity!.credentials.map((c) => c.name)).toEqual(['M.D']);
    expect(identity!.npiSpecialties).toEqual([expect.objectContaining({ name: 'Urology', is_primary: true })]);
    expect(
      await db
        .select({ number: professionalLicenses.licenseNumber, state: professionalLicenses.issuingState })
        .from(professionalLicenses)
        .where(eq(professionalLicenses.userId, barnes!.id)),
    ).toEqual([{ number: '041718', state: 'GA' }]);
    // The registry's practice address is the hospital's clinic: linked to it.
    const [office] = await db.select().from(locations).where(eq(locations.userId, barnes!.id));
    expect(office).toMatchObject({ predefinedLocationId: clinic!.id, isPrimary: true, locationName: 'Cleveland Avenue Clinic' });
    expect(await provenanceOf(barnes!.id)).toMatchObject({
      'professional_identity.fullLegalName': 'registry',
      'professional_identity.firstName': 'registry',
      'professional_identity.lastName': 'registry',
      'professional_identity.credentials': 'registry',
      'professional_identity.primarySpecialty': 'registry',
      'professional_identity.licenses': 'registry',
      'professional_identity.professionalEmail': 'roster',
      'licenses.items': 'registry',
      'locations.items': 'registry',
    });

    // Oiyemhonlan: an office that is not the hospital's stays her own address, in proper case.
    const [second] = await db.select().from(locations).where(eq(locations.userId, rows[1]!.userId!));
    expect(second).toMatchObject({ predefinedLocationId: null, locationName: '531 Asbury Cir', city: 'Atlanta', state: 'GA' });
    // Cooper: the registry names no credential; her specialty is the registry's, not the roster's.
    const [cooper] = await db.select().from(professionalIdentity).where(eq(professionalIdentity.userId, rows[2]!.userId!));
    expect(cooper).toMatchObject({ primarySpecialty: 'Nurse Practitioner Family', credentials: [] });

    // Not public: no listing, and nothing in the public gate.
    expect(
      await db
        .select()
        .from(publicListings)
        .where(
          inArray(
            publicListings.userId,
            rows.slice(0, 3).map((row) => row.userId!),
          ),
        ),
    ).toEqual([]);
    expect(
      await db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'provider.drafted_from_roster'), eq(auditLog.hospitalId, hospital.id))),
    ).toEqual([{ n: 3 }]);

    // A second run changes nothing: no job to run, the start refused, the same users, rows and history.
    const before = { users: await usersByEmails(emails), rows: JSON.stringify(await rowsOf(upload.id)) };
    await enqueueJob(db, ROSTER_DRAFT_JOB, { uploadId: upload.id });
    expect(await runJobs()).toBe(1);
    expect((await start(client, base, upload.id)).status).toBe(409);
    expect({ users: await usersByEmails(emails), rows: JSON.stringify(await rowsOf(upload.id)) }).toEqual(before);
    expect(before.users).toBe(3);
    // And the same file uploaded again accepts no one.
    expect((await uploadRoster(client, base, [`${BARNES},${emails[0]},,,`])).acceptedRows).toBe(0);
  });

  it('links an existing account by NPI or e-mail instead of making a second one; an account without a hospital asks to join', async () => {
    const { hospital, client, base } = await hospitalWithAdmin();
    const suffix = uniqueSuffix();
    const upload = await uploadRoster(client, base, [
      `${SPRANG},sprang.${suffix}@example.org,,,`,
      `${WANSKY},wansky.${suffix}@example.org,,,`,
      `${STEINBERG},steinberg.${suffix}@example.org,,,`,
    ]);
    // After the upload, before the job: Sprang signs up on her own (no hospital, another e-mail);
    // Wansky's e-mail joins this hospital; Steinberg's NPI is at another hospital.
    const other = await createHospital(ctx);
    const [sprang] = await db
      .insert(users)
      .values({ email: `kelsey.${suffix}@example.org`, fullName: 'Kelsey Sprang', jobTitle: 'Psychologist', npiNumber: SPRANG })
      .returning();
    const [wansky] = await db
      .insert(users)
      .values({ email: `Wansky.${suffix}@Example.org`, fullName: 'Michelle Wansky', jobTitle: 'Nurse practitioner', hospitalId: hospital.id })
      .returning();
    await db.insert(users).values({
      email: `steinberg.elsewhere.${suffix}@example.org`,
      fullName: 'Amir Steinberg',
      jobTitle: 'Physician',
      npiNumber: STEINBERG,
      hospitalId: other.id,
    });

    expect((await start(client, base, upload.id)).status).toBe(202);
    await runJobs();
    const rows = await rowsOf(upload.id);
    expect(rows.map((row) => [row.state, row.outcome, row.userId, row.failureReason])).toEqual([
      ['drafted', 'join_requested', sprang!.id, null],
      ['drafted', 'linked', wansky!.id, null],
      ['failed', null, null, ROSTER_MESSAGES.failedOtherHospital],
    ]);
    // Never duplicated: no account was made for any of them.
    expect(await usersByEmails([`sprang.${suffix}@example.org`, `wansky.${suffix}@example.org`, `steinberg.${suffix}@example.org`])).toBe(1);
    expect(
      (
        await db
          .select({ n: count() })
          .from(users)
          .where(inArray(users.npiNumber, [SPRANG, STEINBERG]))
      )[0]!.n,
    ).toBe(2);
    // Sprang's account asks to join; the hospital's administrators decide as for any request.
    expect(
      await db
        .select({ hospitalId: hospitalJoinRequests.hospitalId, status: hospitalJoinRequests.status })
        .from(hospitalJoinRequests)
        .where(eq(hospitalJoinRequests.userId, sprang!.id)),
    ).toEqual([{ hospitalId: hospital.id, status: 'pending' }]);
    const [unchanged] = await db.select().from(users).where(eq(users.id, sprang!.id));
    expect(unchanged).toMatchObject({ hospitalId: null, status: 'active', fullName: 'Kelsey Sprang' });
  });

  it('carries on after a crash at any point: no row done twice and none lost', async () => {
    const { hospital, client, base } = await hospitalWithAdmin();
    // Smith's registry office, written the hospital's way ("Road", no dot).
    await db.insert(hospitalLocations).values({
      hospitalId: hospital.id,
      name: 'Canterbury Road Office',
      addressLine1: '925 Canterbury Road NE #1242',
      city: 'Atlanta',
      state: 'GA',
      zipCode: '30324',
    });
    const suffix = uniqueSuffix();
    const npis = [...CRASH];
    const emails = npis.map((npi) => `crash.${npi}.${suffix}@example.org`);
    const upload = await uploadRoster(
      client,
      base,
      npis.map((npi, index) => `${npi},${emails[index]},,,`),
    );
    expect((await start(client, base, upload.id)).status).toBe(202);

    // A process killed between rows: one row done, the rest waiting.
    expect(await processRosterBatch(draftDeps, upload.id, { stopAfterRows: 1 })).toEqual({ processed: 1, open: 4 });
    // A process killed inside a row, after its draft was committed but before the location and the
    // final state: that row is left `drafting` with its user.
    await expect(processRosterBatch(draftDeps, upload.id, { stopAfterRows: 0, crashAt: 'after-create' })).rejects.toThrow(/simulated crash/);
    let rows = await rowsOf(upload.id);
    expect(rows.map((row) => row.state)).toEqual(['drafted', 'drafting', 'accepted_waiting', 'accepted_waiting', 'accepted_waiting']);
    expect(await db.select().from(locations).where(eq(locations.userId, rows[1]!.userId!))).toEqual([]);
    expect(await progress(client, base, upload.id)).toMatchObject({ status: 'drafting', total: 5, waiting: 3, drafting: 1, drafted: 1, done: 1 });

    // Restarted: the queued job (and a duplicate delivery of it) carries on from the states.
    await enqueueJob(db, ROSTER_DRAFT_JOB, { uploadId: upload.id });
    await runJobs();
    rows = await rowsOf(upload.id);
    expect(rows.map((row) => row.state)).toEqual(['drafted', 'drafted', 'drafted', 'drafted', 'drafted']);
    expect(new Set(rows.map((row) => row.userId)).size).toBe(5);
    expect(await usersByEmails(emails)).toBe(5);
    expect((await db.select({ n: count() }).from(users).where(inArray(users.npiNumber, npis)))[0]!.n).toBe(5);
    // The interrupted row was finished: its office matched to the hospital's, once.
    const offices = await db.select().from(locations).where(eq(locations.userId, rows[1]!.userId!));
    expect(offices).toHaveLength(1);
    expect(offices[0]!.locationName).toBe('Canterbury Road Office');
    expect(await db.select({ n: count() }).from(professionalLicenses).where(eq(professionalLicenses.userId, rows[1]!.userId!))).toEqual([{ n: 1 }]);
    expect(await progress(client, base, upload.id)).toMatchObject({ status: 'drafted', drafted: 5, done: 5 });
  });

  it('a batch whose process was killed is taken back after its 5-minute lease (not the queue’s 15) and finished once', async () => {
    const { client, base } = await hospitalWithAdmin();
    const suffix = uniqueSuffix();
    const emails = KILLED.map((npi) => `killed.${npi}.${suffix}@example.org`);
    const upload = await uploadRoster(
      client,
      base,
      KILLED.map((npi, index) => `${npi},${emails[index]},,,`),
    );
    expect((await start(client, base, upload.id)).status).toBe(202);
    // A worker claims the batch, drafts one row and dies (SIGKILL): its job stays `running`.
    const job = await claimJob(db, 'worker-killed', [ROSTER_DRAFT_JOB]);
    expect(job?.payload).toEqual({ uploadId: upload.id });
    await processRosterBatch(draftDeps, upload.id, { stopAfterRows: 1 });
    const [other] = await db
      .insert(jobs)
      .values({ type: 'feedback.linear', payload: {}, status: 'running', lockedBy: 'worker-killed', lockedAt: new Date(Date.now() - 6 * 60_000) })
      .returning();
    await db
      .update(jobs)
      .set({ lockedAt: new Date(Date.now() - 4 * 60_000) })
      .where(eq(jobs.id, job!.id));
    await requeueStaleJobs(db);
    // Four minutes after its last heartbeat it may still be working: left alone.
    expect((await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, job!.id)))[0]!.status).toBe('running');
    await db
      .update(jobs)
      .set({ lockedAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(jobs.id, job!.id));
    await requeueStaleJobs(db);
    // Six minutes: the roster batch is queued again; another type keeps the queue's 15 minutes.
    expect((await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, job!.id)))[0]!.status).toBe('queued');
    expect((await db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, other!.id)))[0]!.status).toBe('running');
    await db.delete(jobs).where(eq(jobs.id, other!.id));

    // The restarted process's worker takes it and finishes: each row once.
    await runJobs();
    const rows = await rowsOf(upload.id);
    expect(rows.map((row) => row.state)).toEqual(['drafted', 'drafted']);
    expect(await usersByEmails(emails)).toBe(2);
    // The job renewed its lock as it went (locked_at after the claim's).
    const [finished] = await db.select().from(jobs).where(eq(jobs.id, job!.id));
    expect(finished).toMatchObject({ status: 'completed' });
  });

  it('finds an account whose identity section holds the NPI (not only the account’s own number), and never loops on it', async () => {
    const { client, base } = await hospitalWithAdmin();
    const other = await createHospital(ctx);
    const suffix = uniqueSuffix();
    const upload = await uploadRoster(client, base, [`${FAKE_NPIS.nursePractitioner},np.${suffix}@example.org,,,`]);
    const [holder] = await db
      .insert(users)
      .values({ email: `np.elsewhere.${suffix}@example.org`, fullName: 'Priya Nair', jobTitle: 'Nurse practitioner', hospitalId: other.id })
      .returning();
    await db.insert(professionalIdentity).values({ userId: holder!.id, npiNumber: FAKE_NPIS.nursePractitioner, fullLegalName: 'Priya Nair' });
    expect((await start(client, base, upload.id)).status).toBe(202);
    expect(await runJobs()).toBe(1);
    expect((await rowsOf(upload.id)).map((row) => [row.state, row.failureReason])).toEqual([['failed', ROSTER_MESSAGES.failedOtherHospital]]);
  });

  it('waits out a registry that is down: rows stay waiting, the job is retried and finishes', async () => {
    const { client, base } = await hospitalWithAdmin();
    const upload = await uploadRoster(client, base, [`${MATHEWS},down.${uniqueSuffix()}@example.org,,,`]);
    expect((await start(client, base, upload.id)).status).toBe(202);
    // The worker's registry has no cache of this NPI yet, so the job really asks.
    const worker = () =>
      createWorker(
        db,
        createRosterJobHandlers({ db, env: ctx.env, logger, npiRegistry: createNppesRegistry({ baseUrl: nppes.url, retries: 0 }), yext: draftDeps.yext }),
        logger,
      ).drain();
    nppes.setMode('error500');
    try {
      await worker();
    } finally {
      nppes.setMode('normal');
    }
    expect((await rowsOf(upload.id)).map((row) => row.state)).toEqual(['accepted_waiting']);
    const [retry] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, ROSTER_DRAFT_JOB), sql`${jobs.payload}->>'uploadId' = ${upload.id}`));
    expect(retry).toMatchObject({ status: 'queued', attempts: 1 });
    // The admin sees it waiting to try again, with why.
    expect((await progress(client, base, upload.id)).job).toMatchObject({ status: 'queued', attempts: 1, lastError: expect.stringMatching(/NPI registry/) });
    // Out of retries: the job failed; the admin's Start resumes it (a second one while it is queued is refused).
    await db.update(jobs).set({ status: 'failed' }).where(eq(jobs.id, retry!.id));
    expect((await progress(client, base, upload.id)).job).toMatchObject({ status: 'failed' });
    expect((await start(client, base, upload.id)).status).toBe(202);
    expect((await start(client, base, upload.id)).status).toBe(409);
    await worker();
    expect((await rowsOf(upload.id)).map((row) => row.state)).toEqual(['drafted']);
    expect(await progress(client, base, upload.id)).toMatchObject({ status: 'drafted', done: 1, job: { status: 'completed' } });
  });

  it('at a listing-service hospital, the draft also has the listing’s biography, education and languages, with their provenance', async () => {
    yext.addProvider(providerEntity({ id: SHRENSEL, npi: SHRENSEL, firstName: 'Jeffrey', lastName: 'Shrensel', locatedIn: 'loc-tucson' }));
    const { hospital, client, base } = await hospitalWithAdmin({
      dataSource: 'yext',
      yextConfig: { api_version: '20231201' },
      yextApiKeyEncrypted: createSecretBox(ctx.env.encryptionKey).seal(FAKE_YEXT_KEYS.production),
      populationConfig: { enabled: true, match_by_hospital_id: true, email_domain_patterns: [], enhanced_expertise: false },
    });
    await db.insert(hospitalLocations).values({
      hospitalId: hospital.id,
      name: 'Tucson Medical Center',
      addressLine1: '1501 North Campbell Avenue',
      city: 'Tucson',
      state: 'AZ',
      zipCode: '85724',
      yextEntityId: 'loc-tucson',
      isYextSourced: true,
    });
    const upload = await uploadRoster(client, base, [`${SHRENSEL},shrensel.${uniqueSuffix()}@example.org,,,`]);
    expect((await start(client, base, upload.id)).status).toBe(202);
    await runJobs();
    const [row] = await rowsOf(upload.id);
    expect(row).toMatchObject({ state: 'drafted', outcome: 'created' });
    const userId = row!.userId!;
    const [bio] = await db.select().from(biography).where(eq(biography.userId, userId));
    expect(bio!.professionalSummary).toContain('Dr. Shrensel is a board-certified cardiologist');
    expect((await db.select().from(educationTraining).where(eq(educationTraining.userId, userId))).map((e) => e.institutionName).sort()).toEqual([
      'Cleveland Clinic',
      'Northwestern University Feinberg School of Medicine',
      'University of Chicago Medical Center',
    ]);
    expect((await db.select().from(languagesSpoken).where(eq(languagesSpoken.userId, userId))).map((l) => l.languageName).sort()).toEqual([
      'English',
      'Spanish',
    ]);
    const [office] = await db.select().from(locations).where(eq(locations.userId, userId));
    expect(office!.predefinedLocationId).not.toBeNull();
    const sources = await provenanceOf(userId);
    expect(sources).toMatchObject({
      'professional_identity.fullLegalName': 'registry',
      'professional_identity.licenses': 'registry',
      'biography.professionalSummary': 'listing_service',
      'education_training.items': 'listing_service',
      'languages.items': 'listing_service',
      'locations.items': 'listing_service',
    });
    const [identity] = await db.select().from(professionalIdentity).where(eq(professionalIdentity.userId, userId));
    expect(identity!.profilePhoto).toContain(`/p/${SHRENSEL}/`);
  });

  it('tenancy: another hospital’s admin can neither start nor watch this upload', async () => {
    const { client, base } = await hospitalWithAdmin();
    const upload = await uploadRoster(client, base, [`${NARVAEZ},tenant.${uniqueSuffix()}@example.org,,,`]);
    const other = await hospitalWithAdmin();
    expect((await other.client.post(`${base}/${upload.id}/drafting`)).status).toBe(404);
    expect((await other.client.get(`${base}/${upload.id}/progress`)).status).toBe(404);
    expect((await other.client.post(`${other.base}/${upload.id}/drafting`)).status).toBe(404);
    expect((await other.client.get(`${other.base}/${upload.id}/progress`)).status).toBe(404);
    expect(await progress(client, base, upload.id)).toMatchObject({ status: 'checked', waiting: 1 });
    expect(
      await db
        .select()
        .from(jobs)
        .where(sql`${jobs.payload}->>'uploadId' = ${upload.id}`),
    ).toEqual([]);
  });

  it('refuses to start an upload with no accepted rows', async () => {
    const { client, base } = await hospitalWithAdmin();
    const response = await client.post(base, csvFile(`NPI,Email\n${FAKE_NPIS.organization},org.${uniqueSuffix()}@example.org\n`));
    const upload = (await response.json()) as { id: string };
    const refused = await start(client, base, upload.id);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toBe(ROSTER_MESSAGES.nothingToDraft);
  });
});

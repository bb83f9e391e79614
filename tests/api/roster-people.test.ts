/**
 * The roster's People list (issue 37 item 3): each accepted person's state after drafting (invited,
 * opened, claimed, sections complete, published, bounced, unsubscribed, and the pre-filling ones),
 * the state filter, the search by name, NPI and e-mail, the sort, the paging, and the CSV export of
 * the same view with spreadsheet formulas neutralised; another hospital's admin gets 404. Real
 * recorded NPIs drafted by the app's job and invited through the admin's press.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/shared/csv';
import type { RosterPeoplePageDto, RosterPersonState } from '../../src/shared/schemas/roster-people';
import type { Database } from '../../src/server/db/client';
import { directoryListings, rosterInvitations, rosterRows, users } from '../../src/server/db/schema';
import { createLogger } from '../../src/server/lib/logger';
import { FAKE_NPIS, startFakeNppes, type FakeNppes } from '../fakes/nppes';
import { csvFile } from '../support/clients';
import { uniqueSuffix } from '../support/factories';
import { draftRoster, recordingMailer, rosterHospital, runInvitationJobs } from '../support/roster';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

const logger = createLogger({ level: 'silent', environment: 'test' });
let nppes: FakeNppes;
let ctx: TestContext;
let db: Database;
let setup: Awaited<ReturnType<typeof rosterHospital>>;
let people: string;
const suffix = uniqueSuffix();
const email = (who: string) => `${who}.${suffix}@example.org`;

// Invited (upload B), in this order: each is moved to one state below.
const INVITED = {
  invited: '1063410173', // Anthony Barnes
  opened: '1568726677',
  claimed: '1932510609',
  sections_complete: '1053975268',
  published: '1043467608',
  bounced: '1396949913',
  unsubscribed: '1154556637',
} as const;
const DRAFT_READY = '1366785115';

beforeAll(async () => {
  nppes = await startFakeNppes();
  ctx = await createTestApp({ NPI_REGISTRY_URL: nppes.url });
  db = ctx.database.db;
  setup = await rosterHospital(ctx, { directoryEnabled: true, directorySlug: `people-${suffix}` });
  people = `/api/admin/hospitals/${setup.hospital.id}/roster/people`;

  // Upload A: drafted, never invited; plus one the registry has as deactivated (not pre-filled).
  await draftRoster(ctx, { nppesUrl: nppes.url, logger }, setup.client, setup.base, [
    `${DRAFT_READY},${email('draft')}`,
    `${FAKE_NPIS.deactivated},${email('failed')}`,
  ]);
  // Upload B: drafted and invited.
  const { upload } = await draftRoster(
    ctx,
    { nppesUrl: nppes.url, logger },
    setup.client,
    setup.base,
    Object.entries(INVITED).map(([state, npi]) => `${npi},${email(state)}`),
  );
  expect((await setup.client.post(`${setup.base}/${upload.id}/invitations`)).status).toBe(202);
  await runInvitationJobs(db, ctx, logger, recordingMailer());
  // Upload C: checked, pre-filling not started (waiting). Its roster name would run as a formula in a spreadsheet.
  const waiting = await setup.client.post(setup.base, csvFile(`NPI,Email,Name\n${FAKE_NPIS.cardiologist},${email('waiting')},=HYPERLINK("http://x.example")`));
  expect(waiting.status).toBe(201);

  const invitationOf = async (npi: string) => {
    const [row] = await db
      .select({ invitation: rosterInvitations })
      .from(rosterInvitations)
      .innerJoin(rosterRows, eq(rosterRows.id, rosterInvitations.rowId))
      .where(eq(rosterRows.npi, npi));
    return row!.invitation;
  };
  const now = new Date();
  const claim = async (npi: string) => {
    const invitation = await invitationOf(npi);
    await db.update(rosterInvitations).set({ openedAt: now, claimedAt: now }).where(eq(rosterInvitations.id, invitation.id));
    await db.update(users).set({ status: 'active', emailVerified: true }).where(eq(users.id, invitation.userId!));
    return invitation;
  };
  await db
    .update(rosterInvitations)
    .set({ openedAt: now })
    .where(eq(rosterInvitations.id, (await invitationOf(INVITED.opened)).id));
  await claim(INVITED.claimed);
  const complete = await claim(INVITED.sections_complete);
  await db.update(users).set({ profileCompletionPercentage: 100 }).where(eq(users.id, complete.userId!));
  const published = await claim(INVITED.published);
  await db
    .insert(directoryListings)
    .values({ userId: published.userId!, hospitalId: setup.hospital.id, status: 'published', slug: `pub-${suffix}`, publishedAt: now });
  await db
    .update(rosterInvitations)
    .set({ bouncedAt: now, bounceReason: '550 User unknown' })
    .where(eq(rosterInvitations.id, (await invitationOf(INVITED.bounced)).id));
  await db
    .update(rosterInvitations)
    .set({ unsubscribedAt: now })
    .where(eq(rosterInvitations.id, (await invitationOf(INVITED.unsubscribed)).id));
});
afterAll(async () => {
  await ctx?.close();
  await nppes?.close();
});

const list = async (query = '') => {
  const response = await setup.client.get(`${people}${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as RosterPeoplePageDto;
};
const stateByNpi = (page: RosterPeoplePageDto) => Object.fromEntries(page.items.map((p) => [p.npi, p.state]));

describe(`roster people (${databaseLabel})`, () => {
  it('gives each accepted person the furthest state they reached, with counts and their e-mails', async () => {
    const page = await list();
    expect(page.total).toBe(10);
    const expected: Record<string, RosterPersonState> = {
      ...Object.fromEntries(Object.entries(INVITED).map(([state, npi]) => [npi, state as RosterPersonState])),
      [DRAFT_READY]: 'draft_ready',
      [FAKE_NPIS.deactivated]: 'failed',
      [FAKE_NPIS.cardiologist]: 'waiting',
    };
    expect(stateByNpi(page)).toEqual(expected);
    expect(page.counts).toEqual({
      invited: 1,
      opened: 1,
      claimed: 1,
      sections_complete: 1,
      published: 1,
      bounced: 1,
      unsubscribed: 1,
      draft_ready: 1,
      failed: 1,
      waiting: 1,
    });
    const barnes = page.items.find((p) => p.npi === INVITED.invited)!;
    expect(barnes.profileName).toBe('Anthony Barnes');
    expect([barnes.emailCount, barnes.lastEmailKind, barnes.lastEmailStatus]).toEqual([1, 'invitation', 'sent']);
    expect(barnes.lastEmailAt).not.toBeNull();
    const draft = page.items.find((p) => p.npi === DRAFT_READY)!;
    expect([draft.emailCount, draft.lastEmailAt, draft.invitedAt]).toEqual([0, null, null]);
    expect(page.items.find((p) => p.npi === FAKE_NPIS.deactivated)!.failureReason).toMatch(/deactivated/);
  });

  it('filters by state, searches name, NPI and e-mail, sorts and pages on the server', async () => {
    expect(stateByNpi(await list('?state=published,claimed'))).toEqual({ [INVITED.published]: 'published', [INVITED.claimed]: 'claimed' });
    expect((await list('?q=barnes')).items.map((p) => p.npi)).toEqual([INVITED.invited]);
    expect((await list(`?q=${INVITED.bounced.slice(0, 6)}`)).items.map((p) => p.npi)).toEqual([INVITED.bounced]);
    expect((await list(`?q=${encodeURIComponent(`unsubscribed.${suffix}`)}`)).items.map((p) => p.state)).toEqual(['unsubscribed']);
    // A LIKE wildcard is taken literally.
    expect((await list('?q=%25')).total).toBe(0);

    const byName = (await list('?sort=name&dir=asc&pageSize=200')).items.map((p) => (p.profileName ?? p.name ?? p.email).toLowerCase());
    expect(byName).toEqual([...byName].sort());
    const byNameDesc = (await list('?sort=name&dir=desc&pageSize=200')).items.map((p) => (p.profileName ?? p.name ?? p.email).toLowerCase());
    expect(byNameDesc).toEqual([...byName].reverse());
    const byState = (await list('?sort=state&dir=desc')).items.map((p) => p.state);
    expect(byState.slice(0, 3)).toEqual(['published', 'sections_complete', 'claimed']);
    expect(byState.at(-1)).toBe('waiting');
    const byCompletion = (await list('?sort=completion&dir=desc')).items;
    expect(byCompletion[0]!.completion).toBe(100);
    expect(byCompletion.at(-1)!.completion).toBeNull();

    const first = await list('?sort=name&pageSize=4&page=1');
    const third = await list('?sort=name&pageSize=4&page=3');
    expect([first.items.length, third.items.length, third.total, third.page]).toEqual([4, 2, 10, 3]);
    expect(new Set([...first.items, ...third.items].map((p) => p.id)).size).toBe(6);
    expect((await list('?page=9')).total).toBe(10);
    expect((await setup.client.get(`${people}?state=nonsense`)).status).toBe(400);
    expect((await setup.client.get(`${people}?sort=password`)).status).toBe(400);
  });

  it('exports the same view as CSV, the state in words and formulas neutralised', async () => {
    const response = await setup.client.get(`${people}.csv?state=waiting,published&sort=state`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain('attachment');
    const rows = parseCsv(await response.text()).map((r) => r.fields);
    expect(rows[0]!.slice(0, 8)).toEqual(['NPI', 'Email', 'Name', 'Roster name', 'Specialty', 'Department', 'State', 'Completion %']);
    expect(
      rows
        .slice(1)
        .filter((r) => r.length > 1)
        .map((r) => [r[0], r[6]]),
    ).toEqual([
      [FAKE_NPIS.cardiologist, 'Waiting to be pre-filled'],
      [INVITED.published, 'Published'],
    ]);
    expect(rows[1]![3]).toBe(`'=HYPERLINK("http://x.example")`);
    // Search too.
    const searched = parseCsv(await (await setup.client.get(`${people}.csv?q=barnes`)).text())
      .map((r) => r.fields)
      .filter((r) => r.length > 1);
    expect(searched.map((r) => r[0])).toEqual(['NPI', INVITED.invited]);
  });

  it('answers 404 to another hospital’s admin and keeps each hospital to its own people', async () => {
    const other = await rosterHospital(ctx);
    expect((await other.client.get(people)).status).toBe(404);
    expect((await other.client.get(`${people}.csv`)).status).toBe(404);
    const own = await other.client.get(`/api/admin/hospitals/${other.hospital.id}/roster/people`);
    expect(((await own.json()) as RosterPeoplePageDto).total).toBe(0);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boardCertifications,
  directoryListings,
  hospitalLocations,
  hospitals,
  locations,
  medicalSpecialtyTaxonomy,
  professionalIdentity,
  users,
} from '../../src/server/db/schema';
import { insertListedProvider, openDirectoryHospital, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

// Issue 36, decision 0034: a FHIR provider search's match is kept per process under every hospital's
// directory revision. Decision 0037: its whole answer is kept with its providers' listings, and a
// repeated search reads the revisions and the listings (one statement) instead of searching and
// building; each change a search can see shows at once, whichever code path writes it (here:
// statements straight to the tables, as a script would); a change no parameter reads still shows, in
// the resources, which are built again from the profiles when a provider's version moves; and a search
// that reads what the revisions do not cover is searched every time.

let ctx: TestContext;
let statements: string[] = [];
let hospitalId: string;
let adaId: string;
let boId: string;
// A made-up NUCC-shaped code, so that only this file's taxonomy row and providers are involved.
const CODE = `207Q${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}X`;
const SPECIALTY = `Quillology ${uniqueSuffix()}`;

const addProvider = (first: string, last: string) =>
  insertListedProvider(ctx, {
    hospitalId,
    first,
    last,
    specialty: SPECIALTY,
    emailPrefix: 'fhircache',
    slug: `${first}-${last}-${uniqueSuffix()}`.toLowerCase(),
  });

beforeAll(async () => {
  ctx = await createTestApp({}, { onQuery: (query) => statements.push(query) });
  hospitalId = await openDirectoryHospital(ctx, 'Quill Clinic', 'fhir-cache');
  await ctx.database.db.insert(medicalSpecialtyTaxonomy).values({ specialty: SPECIALTY, specialtyCode: CODE });
  adaId = await addProvider('Ada', 'Quill');
  boId = await addProvider('Bo', 'Quill');
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

interface Bundle {
  total: number;
  entry?: Array<{ resource: { resourceType: string; id: string; practitioner?: { display?: string }; name?: Array<{ text?: string }> } }>;
}

async function fhir(query: string) {
  const response = await ctx.app.request(`/fhir/r4/${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Bundle;
}

const roles = (query = `specialty=${CODE}`) => fhir(`PractitionerRole?${query}`);
const ids = (bundle: Bundle) => (bundle.entry ?? []).filter((e) => e.resource.resourceType === 'PractitionerRole').map((e) => e.resource.id);

/** The statements `work` sent, the public rate limit's own left out. */
async function statementsOf(work: () => Promise<unknown>) {
  statements = [];
  await work();
  return statements.filter((statement) => !/consume_rate_limit/.test(statement));
}

const searched = (sent: string[]) => sent.some((statement) => /count\(\*\) over \(\)/.test(statement));

describe(`the FHIR provider search's kept match (${databaseLabel})`, () => {
  it('answers a repeated search without searching, with the same bundle', async () => {
    const first = await roles();
    expect(first.total).toBe(2);
    let again: Bundle | undefined;
    const sent = await statementsOf(async () => (again = await roles()));
    expect(searched(sent)).toBe(false);
    // One statement: the page's providers' versions, and the revisions.
    expect(sent).toEqual([expect.stringMatching(/"profile_version".*string_agg/s)]);
    expect(again).toEqual(first);
    // The count alone is kept too, under the revisions alone.
    const count = await roles(`specialty=${CODE}&_summary=count`);
    expect(count.total).toBe(2);
    expect(await statementsOf(() => roles(`specialty=${CODE}&_summary=count`))).toEqual([expect.stringMatching(/string_agg/)]);
    // Another page is another search.
    expect(searched(await statementsOf(() => roles(`specialty=${CODE}&_count=1&_offset=1`)))).toBe(true);
  });

  it('shows at once each change a search can see: a name, a take-down, the taxonomy, the hospital', async () => {
    const db = ctx.database.db;
    const names = (bundle: Bundle) => ids(bundle).map((_, i) => bundle.entry![i]!.resource.practitioner?.display);
    expect(names(await roles())).toEqual([expect.stringMatching(/^Ada Quill/), expect.stringMatching(/^Bo Quill/)]);
    // Renamed, Bo's listing goes back for a check (migration 0017's trigger): gone at once.
    await db.update(users).set({ fullName: 'Aaron Quill', firstName: 'Aaron' }).where(eq(users.id, boId));
    await db.update(professionalIdentity).set({ firstName: 'Aaron' }).where(eq(professionalIdentity.userId, boId));
    expect(names(await roles())).toEqual([expect.stringMatching(/^Ada Quill/)]);
    // Published again: back, and the new name orders the match.
    await db.update(directoryListings).set({ status: 'published' }).where(eq(directoryListings.userId, boId));
    expect(names(await roles())).toEqual([expect.stringMatching(/^Aaron Quill/), expect.stringMatching(/^Ada Quill/)]);
    // Taken down: gone from the match and the total.
    await db.update(directoryListings).set({ status: 'withdrawn' }).where(eq(directoryListings.userId, boId));
    expect((await roles()).total).toBe(1);
    await db.update(directoryListings).set({ status: 'published' }).where(eq(directoryListings.userId, boId));
    expect((await roles()).total).toBe(2);
    // The taxonomy: the specialty's code changes, so the old code finds no one and the new one both.
    const moved = `${CODE.slice(0, -1)}Y`;
    await db.update(medicalSpecialtyTaxonomy).set({ specialtyCode: moved }).where(eq(medicalSpecialtyTaxonomy.specialty, SPECIALTY));
    expect((await roles()).total).toBe(0);
    expect((await roles(`specialty=${moved}`)).total).toBe(2);
    await db.update(medicalSpecialtyTaxonomy).set({ specialtyCode: CODE }).where(eq(medicalSpecialtyTaxonomy.specialty, SPECIALTY));
    expect((await roles()).total).toBe(2);
    // The hospital closes its directory: no one; opened again: both.
    await db.update(hospitals).set({ directoryEnabled: false }).where(eq(hospitals.id, hospitalId));
    expect((await roles()).total).toBe(0);
    await db.update(hospitals).set({ directoryEnabled: true }).where(eq(hospitals.id, hospitalId));
    expect((await roles()).total).toBe(2);
  });

  it('builds the resources from profiles read anew: a change no parameter reads shows at once from the kept match', async () => {
    const db = ctx.database.db;
    const query = `Practitioner?family=Quill&given=Ada`;
    const before = await fhir(query);
    expect(before.total).toBe(1);
    expect(JSON.stringify(before)).not.toContain('American Board of Quills');
    const revision = async () => (await db.select({ r: hospitals.directoryRevision }).from(hospitals).where(eq(hospitals.id, hospitalId)))[0]!.r;
    const kept = await revision();
    // A board certification (straight to the table): the profile's version moves, the directory's does not.
    await db.insert(boardCertifications).values({ userId: adaId, certificationBoard: 'American Board of Quills', certificationYear: 2020 });
    expect(await revision()).toBe(kept);
    let after: Bundle | undefined;
    const sent = await statementsOf(async () => (after = await fhir(query)));
    expect(searched(sent)).toBe(false);
    expect(after!.total).toBe(1);
    expect(JSON.stringify(after)).toContain('American Board of Quills');
  });

  it("answers again from the hospital's row and sites as they are now (migration 0036 moves the revision)", async () => {
    const db = ctx.database.db;
    const revision = async () => (await db.select({ r: hospitals.directoryRevision }).from(hospitals).where(eq(hospitals.id, hospitalId)))[0]!.r;
    const organizations = (bundle: Bundle) => (bundle.entry ?? []).map((e) => (e.resource as { organization?: { display?: string } }).organization?.display);
    const [before] = await db.select({ name: hospitals.name }).from(hospitals).where(eq(hospitals.id, hospitalId));
    expect(organizations(await roles())).toEqual([before!.name, before!.name]);
    // The hospital's name, phone and address show in the resources: a change to them moves the revision
    // (here a statement that leaves updated_at alone, as a script would; the app's updates move updated_at too).
    let kept = await revision();
    await db.execute(sql`update hospitals set name = 'Quill Clinic, renamed' where id = ${hospitalId}`);
    expect(await revision()).toBeGreaterThan(kept);
    expect(organizations(await roles())).toEqual(['Quill Clinic, renamed', 'Quill Clinic, renamed']);
    // And the answer is kept again, as it is now.
    const sent = await statementsOf(async () => expect(organizations(await roles())).toEqual(['Quill Clinic, renamed', 'Quill Clinic, renamed']));
    expect(sent).toHaveLength(1);
    await db.update(hospitals).set({ name: before!.name }).where(eq(hospitals.id, hospitalId));
    expect(organizations(await roles())).toEqual([before!.name, before!.name]);

    // An office picked from one of the hospital's sites is part of it (Location.partOf) while the site is active.
    const [site] = await db.insert(hospitalLocations).values({ hospitalId, name: 'Quill Tower', city: 'Chicago', state: 'IL' }).returning();
    await db.insert(locations).values({ userId: adaId, locationName: 'Quill Tower, 3rd floor', city: 'Chicago', state: 'IL', predefinedLocationId: site!.id });
    const partOf = async () =>
      (await roles(`specialty=${CODE}&_include=PractitionerRole:location`)).entry!.flatMap((e) =>
        e.resource.resourceType === 'Location' ? [(e.resource as { partOf?: { reference: string } }).partOf?.reference] : [],
      );
    expect(await partOf()).toEqual([`Location/${site!.id}`]);
    expect(await partOf()).toEqual([`Location/${site!.id}`]);
    kept = await revision();
    await db.update(hospitalLocations).set({ isActive: false }).where(eq(hospitalLocations.id, site!.id));
    expect(await revision()).toBeGreaterThan(kept);
    expect(await partOf()).toEqual([undefined]);
    await db.delete(locations).where(eq(locations.userId, adaId));
    await db.delete(hospitalLocations).where(eq(hospitalLocations.id, site!.id));
  });

  it("keeps no answer that includes the hospitals' services (they read every clinician of the hospital)", async () => {
    const query = `specialty=${CODE}&_include=PractitionerRole:service`;
    await roles(query);
    expect((await statementsOf(() => roles(query))).length).toBeGreaterThan(1);
  });

  it('searches every time when a parameter reads what the revisions do not cover', async () => {
    await fhir(`Practitioner?family=Quill&_lastUpdated=ge2000-01-01`);
    expect(searched(await statementsOf(() => fhir(`Practitioner?family=Quill&_lastUpdated=ge2000-01-01`)))).toBe(true);
    const chained = `PractitionerRole?organization.name=Quill`;
    await fhir(chained);
    expect(searched(await statementsOf(() => fhir(chained)))).toBe(true);
  });
});

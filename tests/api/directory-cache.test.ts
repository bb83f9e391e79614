import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  biography,
  directoryListings,
  hospitalExpertiseTerms,
  hospitals,
  hospitalSectionPermissions,
  insuranceAccepted,
  languages,
  languagesSpoken,
  locations,
  practiceEssentials,
  professionalIdentity,
  userMedicalExpertise,
  users,
} from '../../src/server/db/schema';
import { searchDirectory, type DirectorySearch } from '../../src/server/modules/directory/service';
import { insertListedProvider, openDirectoryHospital } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

// Issue 36, decision 0032: the public search is answered from the process's cache while the hospital's
// revisions stand, and triggers bump them with every change the search can read, whichever code path
// writes it (here: statements straight to the tables, as a script would). public-surface.test.ts walks
// every hide through every public route with the cache warm; this pins that a repeated search costs one
// statement, that each kind of change shows at once, and that what a search cannot see leaves the cache.

let ctx: TestContext;
let statements: string[] = [];
let hospitalId: string;
let otherHospitalId: string;
let userId: string;
let otherUserId: string;

const everyone: DirectorySearch = { query: '', location: '', language: '', acceptingNewPatients: false, videoVisits: false, page: 1 };

const addProvider = (hospital: string, first: string, last: string, slug: string) =>
  insertListedProvider(ctx, { hospitalId: hospital, first, last, specialty: 'Cardiology', emailPrefix: 'cache', slug });

const openDirectory = (name: string) => openDirectoryHospital(ctx, name, 'cache');

beforeAll(async () => {
  ctx = await createTestApp({}, { onQuery: (query) => statements.push(query) });
  await ctx.database.db.insert(languages).values({ code: 'pt', name: 'Portuguese', isQuickAdd: false, sortOrder: 3 }).onConflictDoNothing();
  hospitalId = await openDirectory('Cache');
  otherHospitalId = await openDirectory('Elsewhere');
  userId = await addProvider(hospitalId, 'Ada', 'Quill', 'ada-quill');
  otherUserId = await addProvider(otherHospitalId, 'Bo', 'Quill', 'bo-quill');
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

const search = (changed: Partial<DirectorySearch> = {}, hospital = hospitalId) => searchDirectory(ctx.database.db, hospital, { ...everyone, ...changed });

/** How many statements `work` sent to the database. */
async function statementsOf(work: () => Promise<unknown>) {
  statements = [];
  await work();
  return statements.length;
}

async function revision(hospital = hospitalId) {
  const [row] = await ctx.database.db
    .select({ directory: hospitals.directoryRevision, terms: hospitals.termsRevision })
    .from(hospitals)
    .where(eq(hospitals.id, hospital));
  return row!;
}

describe(`the directory search's cache (${databaseLabel})`, () => {
  it('answers a repeated search with one statement (the revisions), the same answer', async () => {
    const first = await search({ query: 'quill' });
    expect(first.items.map((item) => item.name)).toEqual(['Ada Quill']);
    let again: Awaited<ReturnType<typeof search>> | undefined;
    expect(await statementsOf(async () => (again = await search({ query: 'quill' })))).toBe(1);
    expect(again).toBe(first);
    // Another search, another answer: found in the database.
    expect(await statementsOf(() => search({ query: 'quill', page: 2 }))).toBeGreaterThan(1);
  });

  it("answers a repeated search page with the hospital's one statement, which reads the revisions too", async () => {
    const [{ slug }] = (await ctx.database.db.select({ slug: hospitals.directorySlug }).from(hospitals).where(eq(hospitals.id, hospitalId))) as [
      { slug: string },
    ];
    const page = async () => {
      const response = await ctx.app.request(`/find/${slug}?q=ada`);
      expect(response.status).toBe(200);
      return response.text();
    };
    const first = await page();
    let again = '';
    await statementsOf(async () => (again = await page()));
    // Besides the public rate limit's own (one call of consume_rate_limit, migration 0033).
    const searched = statements.filter((statement) => !/consume_rate_limit/.test(statement));
    expect(searched).toEqual([expect.stringMatching(/^select .*"directory_revision", "terms_revision" from "hospitals" where/)]);
    expect(again).toBe(first);
    expect(again).toContain('Ada Quill');
  });

  it("makes a profile page once per cached read, and shows a save, the hospital's change and the language at once", async () => {
    const [{ slug }] = (await ctx.database.db.select({ slug: hospitals.directorySlug }).from(hospitals).where(eq(hospitals.id, hospitalId))) as [
      { slug: string },
    ];
    const page = async (prefix = '') => {
      const response = await ctx.app.request(`${prefix}/find/${slug}/ada-quill`);
      expect(response.status).toBe(200);
      return { etag: response.headers.get('etag'), html: await response.text() };
    };
    const first = await page();
    expect(await page()).toEqual(first);
    // A save (straight to the table: the trigger moves the profile's version) is a new read, so a new page.
    await ctx.database.db
      .insert(biography)
      .values({ userId, publicSummary: 'Ada cares for hearts that skip.' })
      .onConflictDoUpdate({ target: biography.userId, set: { publicSummary: 'Ada cares for hearts that skip.' } });
    const saved = await page();
    expect(saved.html).toContain('Ada cares for hearts that skip.');
    expect(saved.etag).not.toBe(first.etag);
    // (A later case writes the biography itself.)
    await ctx.database.db.delete(biography).where(eq(biography.userId, userId));
    expect((await page()).html).not.toContain('555-0142');
    // The hospital's row is part of the page's key: its phone moves no profile's version.
    await ctx.database.db.update(hospitals).set({ contactPhone: '(312) 555-0142' }).where(eq(hospitals.id, hospitalId));
    const phoned = await page();
    expect(phoned.html).toContain('555-0142');
    // The same read in Spanish is another page.
    const spanish = await page('/es');
    expect(spanish.html).toContain('lang="es"');
    expect((await page()).html).toContain('lang="en"');
  });

  // Each row: a change straight to a table the search reads, and a search (asked before the change, so
  // its answer is cached) whose answer the change alters.
  const changes: Array<[string, () => Promise<unknown>, Partial<DirectorySearch>, (result: Awaited<ReturnType<typeof search>>) => unknown]> = [
    [
      'a new specialty',
      () => ctx.database.db.update(professionalIdentity).set({ primarySpecialty: 'Neurology' }).where(eq(professionalIdentity.userId, userId)),
      {},
      (r) => r.facets.specialties.map((s) => s.value),
    ],
    [
      'an office',
      () =>
        ctx.database.db
          .insert(locations)
          .values({ userId, locationName: 'Lakeside', city: 'Oak Park', state: 'IL', postalCode: '60304', latitude: 41.87, longitude: -87.79 }),
      { location: '60304' },
      (r) => r.total,
    ],
    [
      'a language',
      () => ctx.database.db.insert(languagesSpoken).values({ userId, languageCode: 'pt', languageName: 'Portuguese', displayOrder: 1 }),
      { language: 'pt' },
      (r) => r.total,
    ],
    [
      'a plan',
      () => ctx.database.db.insert(insuranceAccepted).values({ userId, insuranceName: 'Aetna', displayOrder: 1 }),
      { insurance: 'aetna' },
      (r) => r.total,
    ],
    [
      'a condition',
      () => ctx.database.db.insert(userMedicalExpertise).values({ userId, termId: 'CACHE-1', term: 'Zorblax syndrome', displayOrder: 1 }),
      { query: 'zorblax' },
      (r) => r.total,
    ],
    [
      'accepting new patients',
      () => ctx.database.db.insert(practiceEssentials).values({ userId, acceptingNewPatients: true }),
      { acceptingNewPatients: true },
      (r) => r.total,
    ],
    [
      "a hospital term's synonym (the terms revision)",
      () =>
        ctx.database.db
          .insert(hospitalExpertiseTerms)
          .values({ hospitalId, termId: 'CACHE-1', term: 'Zorblax syndrome', termType: 'Condition', synonyms: ['glorp'] }),
      { query: 'glorp' },
      (r) => r.total,
    ],
    [
      'the section hidden by the hospital',
      () => ctx.database.db.insert(hospitalSectionPermissions).values({ hospitalId, sectionId: 'medical_expertise', isVisible: false, isRequired: false }),
      { query: 'zorblax' },
      (r) => r.total,
    ],
    [
      'the listing taken down',
      () => ctx.database.db.update(directoryListings).set({ status: 'removed' }).where(eq(directoryListings.userId, userId)),
      {},
      (r) => r.total,
    ],
    [
      'the listing published again',
      () => ctx.database.db.update(directoryListings).set({ status: 'published' }).where(eq(directoryListings.userId, userId)),
      {},
      (r) => r.total,
    ],
    // A new name sends a published listing back for its identity check (migration 0017): off the directory.
    [
      'a new name',
      () => ctx.database.db.update(users).set({ fullName: 'Ada Quillon' }).where(eq(users.id, userId)),
      {},
      (r) => r.items.map((item) => item.name),
    ],
  ];

  it.each(changes)('shows %s at once', async (_label, change, changed, seen) => {
    const before = await search(changed);
    expect(await search(changed)).toBe(before);
    const revised = await revision();
    await change();
    expect(await revision()).not.toEqual(revised);
    const after = await search(changed);
    expect(seen(after)).not.toEqual(seen(before));
  });

  it('keeps its answers through changes the search cannot see, and through another hospital’s', async () => {
    await ctx.database.db.update(directoryListings).set({ status: 'published' }).where(eq(directoryListings.userId, userId));
    const before = await search({ query: 'quill' });
    const revised = await revision();
    const db = ctx.database.db;
    // A save the search does not read (the biography), with what every save does to the user's row.
    await db.insert(biography).values({ userId, professionalSummary: 'Cares for hearts.' });
    await db
      .update(users)
      .set({ profileVersion: sql`${users.profileVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, userId));
    // The same name written again, and the other hospital's provider given another specialty.
    await db.update(users).set({ fullName: 'Ada Quillon' }).where(eq(users.id, userId));
    const otherBefore = await search({ query: 'quill' }, otherHospitalId);
    await db.update(professionalIdentity).set({ primarySpecialty: 'Dermatology' }).where(eq(professionalIdentity.userId, otherUserId));
    expect(await revision()).toEqual(revised);
    expect(await statementsOf(async () => expect(await search({ query: 'quill' })).toBe(before))).toBe(1);
    // The other hospital's search does see its own change.
    expect(otherBefore.items.map((item) => item.specialty)).toEqual(['Cardiology']);
    expect((await search({ query: 'quill' }, otherHospitalId)).items.map((item) => item.specialty)).toEqual(['Dermatology']);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DirectoryStatus } from '../../src/shared/enums';
import { SECTION_IDS, type SectionId } from '../../src/shared/limits';
import {
  clinicalTrials,
  directoryListings,
  hospitals,
  hospitalSectionPermissions,
  languages,
  locations,
  medicalExpertiseTerms,
  medicalSpecialtyTaxonomy,
  professionalIdentity,
  users,
} from '../../src/server/db/schema';
import { browserClient, type BrowserClient } from '../support/clients';
import { createHospital, publishProvider, uniqueSuffix } from '../support/factories';
import { fillFullProfile } from '../support/full-profile';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

// Issue 32 "done when": every public route and parameter, with in turn each section hidden, an item
// hidden, the listing in each publishing state, the provider moved, the provider not active and the
// hospital deactivated or its directory off — nothing hidden appears anywhere. The gate is the public_*
// views (decision 0020); this walks what a visitor, a search engine and a FHIR client can ask.

const NPI = '1245319599';
const NAME = 'Beatriz Elena Castillo';
const TERM = 'Zorblax syndrome';

/** What each section puts on the public surface (distinct strings that only that section writes). */
const MARKERS: Record<SectionId, string[]> = {
  // Issue 33 added the whole profile page: the job title, the certification years, the NPI registry
  // link, education's programmes, each office's call and directions links, insurance in the JSON-LD,
  // PubMed and DOI links, each trial's ClinicalTrials.gov link, phase and role.
  // Issue 34 item 1 walks the Spanish pages too: their own words for some markers are markers as well.
  professional_identity: [
    NPI,
    'Clinical Cardiac Electrophysiology',
    'ABIM',
    '207RC0000X',
    'Attending Cardiologist',
    'certified 2014',
    'certificado en 2014',
    `npiregistry.cms.hhs.gov/provider-view/${NPI}`,
  ],
  education_training: ['Massachusetts General Hospital', 'Brigham and Women’s Hospital', 'Harvard T.H. Chan School of Public Health'],
  practice_essentials: ['Blue Cross Blue Shield', 'Portuguese', 'Portugués', 'Evanston General', 'isAcceptingNewPatients', 'paymentAccepted'],
  locations: ['Lakeside Heart Center', '251 E Huron St', 'Oak Park', '60304', 'tel:3125550100', 'query=251%20E%20Huron%20St'],
  biography: ['whose heart beats too fast', 'Top Doctors', 'Teaching Award'],
  publications: ['Outcomes of catheter ablation', 'https://doi.org/10.1161/CIRCEP', 'https://pubmed.ncbi.nlm.nih.gov/30000000/'],
  clinical_trials: [
    'Early Rhythm Control',
    'https://clinicaltrials.gov/study/NCT04000000',
    'NCT04000000 on ClinicalTrials.gov',
    'NCT04000000 en ClinicalTrials.gov',
    'Principal investigator',
  ],
  media_press: ['What to know about a racing heart'],
  medical_expertise: [TERM],
};

let ctx: TestContext;
let hospital: typeof hospitals.$inferSelect;
let other: typeof hospitals.$inferSelect;
let client: BrowserClient;
let userId: string;
let locationId: string;
const slug = `surface-${uniqueSuffix()}`;
let ip = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  await db
    .insert(languages)
    .values([
      { code: 'en', name: 'English', isQuickAdd: true, sortOrder: 1 },
      { code: 'es', name: 'Spanish', isQuickAdd: true, sortOrder: 2 },
      { code: 'pt', name: 'Portuguese', isQuickAdd: false, sortOrder: 3 },
    ])
    .onConflictDoNothing();
  await db.insert(medicalSpecialtyTaxonomy).values({ specialty: 'Cardiovascular Disease', specialtyCode: '207RC0000X' }).onConflictDoNothing();
  const termIds = Array.from({ length: 12 }, (_, i) => `SURF-${i}`);
  await db
    .insert(medicalExpertiseTerms)
    .values(termIds.map((termId, i) => ({ termId, term: i === 0 ? TERM : `Surface condition ${i}`, termType: 'Condition', specialtyName: 'Cardiology' })));
  hospital = await createHospital(ctx, { name: `Surface ${uniqueSuffix()}`, contactPhone: '(312) 555-0199' });
  other = await createHospital(ctx, { name: `Elsewhere ${uniqueSuffix()}` });
  await db.update(hospitals).set({ directoryEnabled: true, directorySlug: slug }).where(eq(hospitals.id, hospital.id));

  client = browserClient(ctx.app);
  const signUp = await client.post(
    '/api/auth/sign-up',
    {
      email: `surface.${uniqueSuffix()}@example.org`,
      password: 'a long passphrase',
      agreedToTerms: true,
      agreedToPrivacy: true,
      fullName: NAME,
      hospitalId: hospital.id,
    },
    { 'x-forwarded-for': `192.0.2.${(ip += 1)}` },
  );
  expect(signUp.status).toBe(201);
  userId = (await signUp.json()).user.id;
  await fillFullProfile(
    async (sectionId, body) => {
      const withNpi = sectionId === 'professional_identity' ? { ...(body as object), npiNumber: NPI } : body;
      const saved = await client.put(`/api/profile/sections/${sectionId}`, withNpi);
      expect(saved.status, await saved.clone().text()).toBe(200);
    },
    { termIds },
  );
  await db
    .update(professionalIdentity)
    .set({ npiSpecialties: [{ name: 'Cardiovascular Disease', code: '207RC0000X', is_primary: true }] })
    .where(eq(professionalIdentity.userId, userId));
  [{ id: locationId }] = (await db.select({ id: locations.id }).from(locations).where(eq(locations.userId, userId))).filter(Boolean) as [{ id: string }];
  expect(await publishProvider(ctx, client, userId)).toBe(`/find/${slug}/beatriz-elena-castillo`);
});
afterAll(async () => {
  await ctx?.close();
});

/** The Spanish twin of every directory page (issue 34 item 1, decision 0022): the same gate must answer it. */
const spanishTwins = (paths: string[]) => paths.filter((path) => path.startsWith('/find') && !path.endsWith('.xml')).map((path) => `/es${path}`);

/** The embed twin of a hospital's search and profile pages (issue 34 item 2, decision 0024): the /find pages for a frame. */
const embedTwins = (paths: string[]) =>
  paths
    .filter((path) => path.startsWith(`/find/${slug}`) && !path.endsWith('.xml') && !path.includes('/request'))
    .map((path) => path.replace(/^\/find\//, '/embed/'));

/** Searches that find the provider by what one or more sections hold: hidden, they must not. */
const searches = (): Array<{ path: string; sources: SectionId[] }> => {
  const english = englishSearches();
  const directory = english.filter((s) => s.path.startsWith('/find'));
  return [...english, ...directory.map((s) => ({ ...s, path: `/es${s.path}` })), ...directory.map((s) => ({ ...s, path: embedTwins([s.path])[0]! }))];
};
const englishSearches = (): Array<{ path: string; sources: SectionId[] }> => [
  { path: `/find/${slug}?q=${encodeURIComponent(TERM)}`, sources: ['medical_expertise'] },
  { path: `/find/${slug}?q=cardiovascular`, sources: ['professional_identity'] },
  { path: `/find/${slug}?near=Oak%20Park`, sources: ['locations'] },
  { path: `/find/${slug}?near=60304`, sources: ['locations'] },
  { path: `/find/${slug}?lang=pt`, sources: ['practice_essentials'] },
  { path: `/find/${slug}?accepting=1`, sources: ['practice_essentials'] },
  { path: `/find/${slug}?video=1`, sources: ['practice_essentials'] },
  // Places measured by distance (issue 33): a city with its state, a lower-case city and state, a nearby ZIP within 5 miles.
  { path: `/find/${slug}?near=${encodeURIComponent('Oak Park, IL')}`, sources: ['locations'] },
  { path: `/find/${slug}?near=oak%20park%20il&radius=10`, sources: ['locations'] },
  { path: `/find/${slug}?near=60302&radius=5`, sources: ['locations'] },
  { path: `/find/${slug}?ins=${encodeURIComponent('Blue Cross Blue Shield')}`, sources: ['practice_essentials'] },
  { path: `/find/${slug}?specialty=${encodeURIComponent('Cardiovascular Disease')}`, sources: ['professional_identity'] },
  { path: `/fhir/r4/Practitioner?identifier=http://hl7.org/fhir/sid/us-npi|${NPI}`, sources: ['professional_identity'] },
  { path: `/fhir/r4/PractitionerRole?specialty=http://nucc.org/provider-taxonomy|207RC0000X`, sources: ['professional_identity'] },
  { path: `/fhir/r4/PractitionerRole?location=Location/${locationId}`, sources: ['locations'] },
  // Plan-Net's table (issue 34 item 3): each new parameter, chain and revinclude reads the gate too.
  { path: '/fhir/r4/Practitioner?family=Castillo', sources: ['professional_identity'] },
  { path: '/fhir/r4/Practitioner?given=beatriz', sources: ['professional_identity'] },
  { path: '/fhir/r4/PractitionerRole?role=ph', sources: ['professional_identity'] },
  { path: '/fhir/r4/PractitionerRole?location.address-city=Oak%20Park', sources: ['locations'] },
  { path: '/fhir/r4/PractitionerRole?location.address-postalcode=60304&organization.type=prvgrp', sources: ['locations'] },
  { path: '/fhir/r4/Location?address=251%20E%20Huron&_revinclude=PractitionerRole:location', sources: ['locations'] },
  { path: '/fhir/r4/Location?address-state=IL&address-city:exact=Oak%20Park&_revinclude=PractitionerRole:location', sources: ['locations'] },
  { path: '/fhir/r4/HealthcareService?specialty=207RC0000X&_revinclude=PractitionerRole:service', sources: ['professional_identity'] },
  { path: '/fhir/r4/HealthcareService?location.address-postalcode=60304&_revinclude=PractitionerRole:service', sources: ['locations'] },
];

/** Every other public route: where the provider is listed or shown; the directory's pages in English and Spanish. */
const routes = () => [...englishRoutes(), ...spanishTwins(englishRoutes()), ...embedTwins(englishRoutes())];
const englishRoutes = () => [
  '/find',
  '/sitemap.xml',
  '/sitemap-find.xml',
  `/find/${slug}`,
  `/find/${slug}?q=castillo`,
  `/sitemap-find-${slug}.xml`,
  `/find/${slug}/beatriz-elena-castillo`,
  // The profile reached from a search result: the search rides along for "Back to results".
  `/find/${slug}/beatriz-elena-castillo?from=${encodeURIComponent('q=castillo&near=Chicago')}`,
  // The appointment request form on its own page and its confirmation (decision 0021).
  `/find/${slug}/beatriz-elena-castillo/request`,
  `/find/${slug}/beatriz-elena-castillo/request/sent`,
  '/robots.txt',
  `/fhir/r4/Practitioner?_count=100`,
  `/fhir/r4/Practitioner?name=castillo`,
  `/fhir/r4/Practitioner/${userId}`,
  `/fhir/r4/PractitionerRole?_count=100&_include=PractitionerRole:practitioner&_include=PractitionerRole:location&_include=PractitionerRole:organization`,
  `/fhir/r4/PractitionerRole/${userId}`,
  `/fhir/r4/PractitionerRole?practitioner=Practitioner/${userId}`,
  `/fhir/r4/PractitionerRole?organization=Organization/${hospital.id}`,
  `/fhir/r4/Location?_count=100`,
  `/fhir/r4/Location/${locationId}`,
  `/fhir/r4/Location?organization=Organization/${hospital.id}`,
  `/fhir/r4/Organization?_count=100`,
  `/fhir/r4/HealthcareService?_count=100`,
  `/fhir/r4/Practitioner?_lastUpdated=ge2000-01-01&_revinclude=PractitionerRole:practitioner`,
  `/fhir/r4/PractitionerRole?endpoint=Endpoint/${hospital.id}&_include=PractitionerRole:service&_include=PractitionerRole:endpoint`,
  `/fhir/r4/Organization?_id=${hospital.id}&_include=Organization:endpoint&_revinclude=PractitionerRole:organization&_revinclude=HealthcareService:organization`,
  `/fhir/r4/HealthcareService?_include=HealthcareService:location&_revinclude=PractitionerRole:service`,
  `/fhir/r4/Endpoint?_count=100&_include=Endpoint:organization`,
  `/fhir/r4/InsurancePlan?_count=100`,
  '/fhir/r4/InsurancePlan?name=blue',
];

/** What a request itself names (its path's parts, its parameters' values) is echoed back (a search box, a self link, a 404): left out of the checks. */
function withoutEcho(path: string, text: string) {
  const url = new URL(path, 'http://x');
  const echoed = [...url.pathname.split('/'), ...[...url.searchParams.values()].flatMap((value) => [value, ...value.split(/[|/]/)])].filter(
    (part) => part.length > 2,
  );
  let out = text;
  for (const part of echoed.sort((a, b) => b.length - a.length)) out = out.split(part).join('').split(encodeURIComponent(part)).join('');
  return out;
}

const fetchText = async (path: string) => {
  const response = await ctx.app.request(path);
  return `${response.status} ${withoutEcho(path, await response.text())}`;
};

/** Everything the public surface says, route by route. */
async function surface() {
  const all = [...routes(), ...searches().map((s) => s.path)];
  return new Map(await Promise.all(all.map(async (path) => [path, await fetchText(path)] as const)));
}

const showsProvider = (text: string) => text.includes(NAME) || text.includes(userId) || text.includes('beatriz-elena-castillo');

/** The routes and markers where something hidden shows, for a readable failure. */
function leaks(pages: Map<string, string>, hiddenMarkers: string[], hiddenSearches: string[], providerHidden: boolean) {
  const found: string[] = [];
  for (const [path, text] of pages) {
    for (const marker of hiddenMarkers) if (text.includes(marker)) found.push(`${path}: "${marker}"`);
    if ((providerHidden || hiddenSearches.includes(path)) && showsProvider(text)) found.push(`${path}: the provider`);
  }
  return found;
}

async function setSectionVisible(sectionId: SectionId, isVisible: boolean) {
  await ctx.database.db
    .insert(hospitalSectionPermissions)
    .values({ hospitalId: hospital.id, sectionId, isVisible, isRequired: false })
    .onConflictDoUpdate({ target: [hospitalSectionPermissions.hospitalId, hospitalSectionPermissions.sectionId], set: { isVisible, isRequired: false } });
}

describe(`the public surface (${databaseLabel})`, () => {
  it('shows every marker and answers every search while all is visible (so the walk can see a leak)', async () => {
    const pages = await surface();
    const text = [...pages.values()].join('\n');
    for (const markers of Object.values(MARKERS)) for (const marker of markers) expect(text, marker).toContain(marker);
    for (const search of searches()) expect(showsProvider(pages.get(search.path)!), search.path).toBe(true);
    // Routes that list hospitals or places, not providers, are walked for markers only.
    const hospitalLevel = ['/find', '/es/find', '/sitemap.xml', '/sitemap-find.xml', '/robots.txt'];
    for (const path of routes().filter(
      (p) => !hospitalLevel.includes(p) && !/^\/fhir\/r4\/(Organization|HealthcareService|Location|Endpoint|InsurancePlan)/.test(p),
    )) {
      expect(showsProvider(pages.get(path)!), path).toBe(true);
    }
  });

  it.each([...SECTION_IDS])('leaves nothing of a hidden section anywhere: %s', async (sectionId) => {
    await setSectionVisible(sectionId, false);
    try {
      const pages = await surface();
      const hiddenSearches = searches()
        .filter((s) => s.sources.every((source) => source === sectionId))
        .map((s) => s.path);
      expect(leaks(pages, MARKERS[sectionId], hiddenSearches, false)).toEqual([]);
      // The rest stays public: the profile page still shows the provider and the other sections.
      const page = pages.get(`/find/${slug}/beatriz-elena-castillo`)!;
      expect(page.startsWith('200 ')).toBe(true);
      for (const other of SECTION_IDS.filter((id) => id !== sectionId && id !== 'professional_identity')) expect(page, other).toContain(MARKERS[other][0]);
    } finally {
      await setSectionVisible(sectionId, true);
    }
  });

  it('leaves out an entry the provider hid', async () => {
    const [trial] = await ctx.database.db.select().from(clinicalTrials).where(eq(clinicalTrials.userId, userId)).limit(1);
    await ctx.database.db.update(clinicalTrials).set({ userStatus: 'hidden' }).where(eq(clinicalTrials.id, trial!.id));
    try {
      const pages = await surface();
      expect(leaks(pages, [trial!.trialTitle], [], false)).toEqual([]);
    } finally {
      await ctx.database.db.update(clinicalTrials).set({ userStatus: 'manual' }).where(eq(clinicalTrials.id, trial!.id));
    }
  });

  const everything = Object.values(MARKERS).flat();

  it.each(['draft', 'pending', 'withdrawn', 'removed'] satisfies DirectoryStatus[])('shows nothing of a listing that is %s', async (status) => {
    await ctx.database.db.update(directoryListings).set({ status }).where(eq(directoryListings.userId, userId));
    try {
      expect(leaks(await surface(), everything, [], true)).toEqual([]);
    } finally {
      await ctx.database.db.update(directoryListings).set({ status: 'published' }).where(eq(directoryListings.userId, userId));
    }
  });

  it('shows nothing once the provider is not active, or the hospital is deactivated, or its directory is off', async () => {
    const db = ctx.database.db;
    const cases: Array<[string, () => Promise<unknown>, () => Promise<unknown>]> = [
      [
        'provider not active',
        () => db.update(users).set({ status: 'pending' }).where(eq(users.id, userId)),
        () => db.update(users).set({ status: 'active' }).where(eq(users.id, userId)),
      ],
      [
        'hospital deactivated',
        () => db.update(hospitals).set({ isActive: false }).where(eq(hospitals.id, hospital.id)),
        () => db.update(hospitals).set({ isActive: true }).where(eq(hospitals.id, hospital.id)),
      ],
      [
        'directory off',
        () => db.update(hospitals).set({ directoryEnabled: false }).where(eq(hospitals.id, hospital.id)),
        () => db.update(hospitals).set({ directoryEnabled: true }).where(eq(hospitals.id, hospital.id)),
      ],
    ];
    for (const [label, hide, restore] of cases) {
      await hide();
      try {
        expect(leaks(await surface(), everything, [], true), label).toEqual([]);
      } finally {
        await restore();
      }
    }
    expect(showsProvider((await surface()).get(`/find/${slug}/beatriz-elena-castillo`)!)).toBe(true);
  });

  it('shows nothing once the provider moves to another hospital, and nothing when they move back', async () => {
    const db = ctx.database.db;
    await db.update(users).set({ hospitalId: other.id }).where(eq(users.id, userId));
    expect(leaks(await surface(), everything, [], true)).toEqual([]);
    await db.update(users).set({ hospitalId: hospital.id }).where(eq(users.id, userId));
    expect(leaks(await surface(), everything, [], true)).toEqual([]);
    expect(await (await client.get('/api/me/directory')).json()).toMatchObject({ status: 'draft' });
  });
});

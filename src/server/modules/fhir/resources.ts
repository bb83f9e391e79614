import type { PublicProfile } from '../directory/public-profile';

/**
 * Published directory data as FHIR R4 resources, following the Da Vinci Plan-Net profiles where the
 * data exists (Practitioner, PractitionerRole, Location, Organization, HealthcareService). Only what
 * the public page shows is here: the same publishing rules decide both.
 */

export const NPI_SYSTEM = 'http://hl7.org/fhir/sid/us-npi';
export const NUCC_SYSTEM = 'http://nucc.org/provider-taxonomy';
export const BCP47_SYSTEM = 'urn:ietf:bcp:47';
const PLAN_NET = 'http://hl7.org/fhir/us/davinci-pdex-plan-net/StructureDefinition';

export type FhirResource = { resourceType: string; id: string; [key: string]: unknown };

export interface DirectoryHospital {
  id: string;
  name: string;
  slug: string;
  address: string | null;
  contactPhone: string | null;
  /** The hospital's internal contact address (its administrators'): read with the row, never published. */
  contactEmail?: string | null;
  /** meta.lastUpdated of the hospital's Organization, HealthcareService and Endpoint (Plan-Net requires one). */
  updatedAt?: string;
}

export interface PublishedProvider {
  userId: string;
  slug: string;
  updatedAt: string;
  hospital: DirectoryHospital;
  profile: PublicProfile;
  /** NUCC codes for the provider's specialties (the registry's, else the taxonomy's by name). */
  specialties: Array<{ code: string; display: string }>;
  /** Office (location id) → the public hospital site it was picked from. */
  partOf?: Map<string, string>;
}

const meta = (profile: string, lastUpdated?: string) => ({ ...(lastUpdated ? { lastUpdated } : {}), profile: [`${PLAN_NET}/${profile}`] });
const phone = (value: string) => ({ system: 'phone', value, use: 'work' });

export const ORG_TYPE_SYSTEM = 'http://hl7.org/fhir/us/davinci-pdex-plan-net/CodeSystem/OrgTypeCS';
export const SERVICE_CATEGORY_SYSTEM = 'http://hl7.org/fhir/us/davinci-pdex-plan-net/CodeSystem/HealthcareServiceCategoryCS';
export const PROVIDER_ROLE_SYSTEM = 'http://hl7.org/fhir/us/davinci-pdex-plan-net/CodeSystem/ProviderRoleCS';
export const CONNECTION_TYPE_SYSTEM = 'http://terminology.hl7.org/CodeSystem/endpoint-connection-type';

/** The reference every resource of a hospital carries to its Endpoint (this API, which publishes the hospital's directory). */
const endpointOf = (hospitalId: string) => [{ reference: `Endpoint/${hospitalId}` }];

export function organizationResource(hospital: DirectoryHospital): FhirResource {
  return {
    resourceType: 'Organization',
    id: hospital.id,
    meta: meta('plannet-Organization', hospital.updatedAt),
    active: true,
    type: [{ coding: [{ system: ORG_TYPE_SYSTEM, code: 'prvgrp', display: 'Provider Group' }] }],
    name: hospital.name,
    // Only the phone: the contact e-mail is the hospital's internal one, and there is no setting to make an address public.
    ...(hospital.contactPhone ? { telecom: [phone(hospital.contactPhone)] } : {}),
    ...(hospital.address ? { address: [{ text: hospital.address }] } : {}),
    endpoint: endpointOf(hospital.id),
  };
}

/**
 * The hospital's Endpoint: this FHIR API, where its published directory is read. One per hospital
 * (same id as its Organization), so PractitionerRole, Location, Organization and HealthcareService
 * can name where they are served, as Plan-Net's `endpoint` parameters expect.
 */
export function endpointResource(hospital: DirectoryHospital, baseUrl: string): FhirResource {
  return {
    resourceType: 'Endpoint',
    id: hospital.id,
    meta: meta('plannet-Endpoint', hospital.updatedAt),
    status: 'active',
    connectionType: { system: CONNECTION_TYPE_SYSTEM, code: 'hl7-fhir-rest', display: 'HL7 FHIR' },
    name: `${hospital.name} provider directory (FHIR R4)`,
    managingOrganization: { reference: `Organization/${hospital.id}`, display: hospital.name },
    payloadType: [
      { coding: [{ system: 'http://hl7.org/fhir/us/davinci-pdex-plan-net/CodeSystem/EndpointPayloadTypeCS', code: 'NA', display: 'Not Applicable' }] },
    ],
    payloadMimeType: ['application/fhir+json'],
    address: baseUrl,
  };
}

export interface PublishedPlan {
  id: string;
  name: string;
  updatedAt: string;
}

/**
 * Insurance a published clinician accepts, one InsurancePlan per name (case and spaces aside). The
 * directory knows the name as the clinicians typed it, not the payer, its product type or networks:
 * Plan-Net's required `type`, `ownedBy` and `administeredBy` carry that name as text only.
 */
export function insurancePlanResource(plan: PublishedPlan): FhirResource {
  return {
    resourceType: 'InsurancePlan',
    id: plan.id,
    meta: meta('plannet-InsurancePlan', plan.updatedAt),
    status: 'active',
    type: [{ text: 'Health insurance accepted by clinicians in this directory' }],
    name: plan.name,
    ownedBy: { display: plan.name },
    administeredBy: { display: plan.name },
  };
}

export function practitionerResource(provider: PublishedProvider): FhirResource {
  const { profile } = provider;
  const given = profile.firstName ? [profile.firstName] : [];
  return {
    resourceType: 'Practitioner',
    id: provider.userId,
    meta: meta('plannet-Practitioner', provider.updatedAt),
    ...(profile.npi ? { identifier: [{ use: 'official', system: NPI_SYSTEM, value: profile.npi }] } : {}),
    active: true,
    name: [
      {
        use: 'official',
        text: [profile.name, ...profile.credentials].join(', '),
        ...(profile.lastName ? { family: profile.lastName } : {}),
        ...(given.length ? { given } : {}),
        ...(profile.credentials.length ? { suffix: profile.credentials } : {}),
      },
    ],
    ...(profile.photo ? { photo: [{ url: profile.photo }] } : {}),
    ...(profile.boardCertifications.length || profile.credentials.length
      ? {
          qualification: [
            ...profile.credentials.map((credential) => ({ code: { text: credential } })),
            ...profile.boardCertifications.map((c) => ({ code: { text: [c.board, c.specialty].filter(Boolean).join(' – ') } })),
          ],
        }
      : {}),
    ...(profile.languageCodes.length
      ? {
          communication: profile.languageCodes.map((language) => ({
            coding: [{ system: BCP47_SYSTEM, code: language.code, display: language.name }],
            text: language.name,
          })),
        }
      : {}),
  };
}

export function locationResources(provider: PublishedProvider): FhirResource[] {
  return provider.profile.locations.map((location) => ({
    resourceType: 'Location',
    id: location.id,
    meta: meta('plannet-Location', provider.updatedAt),
    status: 'active',
    ...(location.name ? { name: location.name } : {}),
    ...(location.phone ? { telecom: [phone(location.phone)] } : {}),
    ...(location.address || location.city
      ? {
          address: {
            use: 'work',
            ...(location.address ? { line: [location.address, ...(location.addressLine2 ? [location.addressLine2] : [])] } : {}),
            ...(location.city ? { city: location.city } : {}),
            ...(location.state ? { state: location.state } : {}),
            ...(location.postalCode ? { postalCode: location.postalCode } : {}),
            country: 'US',
          },
        }
      : {}),
    managingOrganization: { reference: `Organization/${provider.hospital.id}`, display: provider.hospital.name },
    ...(provider.partOf?.has(location.id) ? { partOf: { reference: `Location/${provider.partOf.get(location.id)}` } } : {}),
    endpoint: endpointOf(provider.hospital.id),
  }));
}

/** A hospital's own site (hospital_locations), published as the Location its providers' offices are part of. */
export function siteLocationResource(
  site: {
    id: string;
    name: string;
    address: string | null;
    addressLine1: string | null;
    addressLine2: string | null;
    city: string | null;
    state: string | null;
    postalCode: string | null;
    zipCode: string | null;
    mainPhone: string | null;
    phoneNumber: string | null;
    updatedAt: Date;
  },
  hospital: DirectoryHospital,
): FhirResource {
  const line = [site.addressLine1 ?? site.address, site.addressLine2].filter((v): v is string => !!v);
  const postalCode = site.postalCode ?? site.zipCode;
  const telephone = site.mainPhone ?? site.phoneNumber;
  return {
    resourceType: 'Location',
    id: site.id,
    meta: meta('plannet-Location', new Date(site.updatedAt).toISOString()),
    status: 'active',
    name: site.name,
    ...(telephone ? { telecom: [phone(telephone)] } : {}),
    ...(line.length || site.city
      ? {
          address: {
            use: 'work',
            ...(line.length ? { line } : {}),
            ...(site.city ? { city: site.city } : {}),
            ...(site.state ? { state: site.state } : {}),
            ...(postalCode ? { postalCode } : {}),
            country: 'US',
          },
        }
      : {}),
    managingOrganization: { reference: `Organization/${hospital.id}`, display: hospital.name },
    endpoint: endpointOf(hospital.id),
  };
}

/**
 * Plan-Net's role (ProviderRoleCS) read from the NUCC taxonomy's grouping of a specialty code: the
 * grouping says what kind of clinician the code is for. Codes outside these groupings give no role.
 */
export const ROLE_BY_NUCC_PREFIX: ReadonlyArray<{ prefixes: string[]; code: string; display: string }> = [
  { prefixes: ['207', '208'], code: 'ph', display: 'Physician' },
  { prefixes: ['363A'], code: 'pa', display: 'Physician Assistant' },
  { prefixes: ['363L'], code: 'crnp', display: 'Certified Registered Nurse Practitioner' },
  { prefixes: ['163W'], code: 'rn', display: 'Registered Nurse' },
  { prefixes: ['1223'], code: 'de', display: 'Dentist' },
  { prefixes: ['111N'], code: 'ch', display: 'Chiropractor' },
];

export const rolesOf = (codes: string[]) => ROLE_BY_NUCC_PREFIX.filter((role) => codes.some((code) => role.prefixes.some((prefix) => code.startsWith(prefix))));

const specialtyConcepts = (specialties: PublishedProvider['specialties']) =>
  specialties.map((s) => ({ coding: [{ system: NUCC_SYSTEM, code: s.code, display: s.display }], text: s.display }));

export function practitionerRoleResource(provider: PublishedProvider): FhirResource {
  const { profile } = provider;
  const roles = rolesOf(provider.specialties.map((s) => s.code));
  return {
    resourceType: 'PractitionerRole',
    id: provider.userId,
    meta: meta('plannet-PractitionerRole', provider.updatedAt),
    active: true,
    practitioner: { reference: `Practitioner/${provider.userId}`, display: profile.name },
    organization: { reference: `Organization/${provider.hospital.id}`, display: provider.hospital.name },
    ...(roles.length ? { code: roles.map((role) => ({ coding: [{ system: PROVIDER_ROLE_SYSTEM, code: role.code, display: role.display }] })) } : {}),
    ...(provider.specialties.length ? { specialty: specialtyConcepts(provider.specialties) } : {}),
    ...(profile.locations.length
      ? { location: profile.locations.map((l) => ({ reference: `Location/${l.id}`, ...(l.name ? { display: l.name } : {}) })) }
      : {}),
    healthcareService: [{ reference: `HealthcareService/${provider.hospital.id}` }],
    ...(profile.locations.some((l) => l.phone) ? { telecom: profile.locations.filter((l) => l.phone).map((l) => phone(l.phone!)) } : {}),
    ...(profile.acceptingNewPatients !== null
      ? {
          extension: [
            {
              url: `${PLAN_NET}/newpatients`,
              extension: [
                {
                  url: 'acceptingPatients',
                  valueCodeableConcept: {
                    coding: [
                      {
                        system: 'http://hl7.org/fhir/us/davinci-pdex-plan-net/CodeSystem/AcceptingPatientsCS',
                        code: profile.acceptingNewPatients ? 'newpt' : 'nopt',
                      },
                    ],
                  },
                },
              ],
            },
          ],
        }
      : {}),
    endpoint: endpointOf(provider.hospital.id),
  };
}

export interface ServiceSummary {
  /** The specialties its published providers offer, NUCC coded. */
  specialties: Array<{ code: string; display: string }>;
  /** Its published providers' locations (at most SERVICE_LOCATION_LIMIT). */
  locationIds: string[];
}

export const SERVICE_CATEGORY = { system: SERVICE_CATEGORY_SYSTEM, code: 'prov', display: 'Medical Provider' };
export const serviceName = (hospitalName: string) => `${hospitalName} clinicians`;

/** One service per hospital: the specialties its published providers offer, at their locations. */
export function healthcareServiceResource(hospital: DirectoryHospital, summary: ServiceSummary): FhirResource {
  return {
    resourceType: 'HealthcareService',
    id: hospital.id,
    meta: meta('plannet-HealthcareService', hospital.updatedAt),
    active: true,
    providedBy: { reference: `Organization/${hospital.id}`, display: hospital.name },
    category: [{ coding: [SERVICE_CATEGORY] }],
    name: serviceName(hospital.name),
    ...(summary.specialties.length ? { specialty: specialtyConcepts(summary.specialties) } : {}),
    ...(summary.locationIds.length ? { location: summary.locationIds.map((id) => ({ reference: `Location/${id}` })) } : {}),
    endpoint: endpointOf(hospital.id),
  };
}

export type OutcomeCode = 'not-found' | 'invalid' | 'not-supported' | 'exception' | 'too-long' | 'throttled' | 'too-costly';

export function operationOutcome(code: OutcomeCode, diagnostics: string, severity: 'error' | 'information' = 'error') {
  return { resourceType: 'OperationOutcome', issue: [{ severity, code, diagnostics }] };
}

export type SearchParameterType = 'token' | 'string' | 'reference' | 'number' | 'date';
export const FHIR_TYPES = ['Practitioner', 'PractitionerRole', 'Location', 'Organization', 'HealthcareService', 'Endpoint', 'InsurancePlan'] as const;
export type FhirType = (typeof FHIR_TYPES)[number];

type Parameter = { name: string; type: SearchParameterType; modifiers?: string[]; target?: FhirType; chain?: string[]; documentation?: string };

const ID: Parameter = { name: '_id', type: 'token' };
const LAST_UPDATED: Parameter = {
  name: '_lastUpdated',
  type: 'date',
  documentation: 'meta.lastUpdated, with the prefixes eq, ne, gt, lt, ge, le, sa and eb; repeated, each must hold',
};
const STRING_MODIFIERS = ['exact', 'contains'];
const startsWith = (what: string) => `${what}: starts with the text, case-insensitive; \`:contains\` anywhere, \`:exact\` the whole value`;
const reference = (name: string, target: FhirType, chain: string[], what: string): Parameter => ({
  name,
  type: 'reference',
  target,
  chain,
  documentation: `${what}, as \`${target}/<id>\`; chained as \`${name}.<parameter>\` (${chain.join(', ')})`,
});
const ORGANIZATION_CHAIN = ['name', 'address', 'type'];
const LOCATION_CHAIN = ['address', 'address-postalcode', 'address-city', 'address-state', 'organization'];

/**
 * The search parameters each resource supports, with their modifiers and chains: the routes accept
 * exactly these (anything else is left out, or refused with `Prefer: handling=strict`) and the
 * CapabilityStatement declares the same. `_count`, `_offset` and `_summary` (count) apply to all.
 * They follow Plan-Net 1.1.0's table (tests/fixtures/real/plan-net/search-table.json) where the data
 * holds what a line asks; NOT_FILLED names the other lines and why.
 */
export const SEARCH_PARAMETERS: Record<FhirType, Parameter[]> = {
  Practitioner: [
    ID,
    LAST_UPDATED,
    { name: 'identifier', type: 'token', documentation: 'NPI, as `http://hl7.org/fhir/sid/us-npi|<npi>` or the bare number; comma-separated values match any' },
    {
      name: 'name',
      type: 'string',
      modifiers: ['exact'],
      documentation: 'Contains the text (case-insensitive); `name:exact` matches the whole name or the last name exactly (case and accents count)',
    },
    { name: 'family', type: 'string', modifiers: STRING_MODIFIERS, documentation: startsWith('The last name') },
    { name: 'given', type: 'string', modifiers: STRING_MODIFIERS, documentation: startsWith('The first name') },
    { name: 'active', type: 'token', documentation: '`true` matches every published practitioner, `false` none' },
  ],
  PractitionerRole: [
    ID,
    LAST_UPDATED,
    reference('practitioner', 'Practitioner', ['name', 'family', 'given'], 'The practitioner'),
    reference('organization', 'Organization', ORGANIZATION_CHAIN, 'The hospital'),
    reference('location', 'Location', LOCATION_CHAIN, 'One of its locations'),
    reference('service', 'HealthcareService', ['service-category', 'organization', 'location', 'specialty'], "The hospital's HealthcareService"),
    reference('endpoint', 'Endpoint', ['organization'], "The hospital's Endpoint"),
    { name: 'specialty', type: 'token', documentation: 'NUCC provider taxonomy code; comma-separated values (at most 20) match any' },
    {
      name: 'role',
      type: 'token',
      documentation: 'Plan-Net ProviderRoleCS code (ph, pa, crnp, rn, de, ch), read from the NUCC grouping of the specialty codes',
    },
    { name: 'active', type: 'token', documentation: '`true` matches every published role, `false` none' },
  ],
  Location: [
    ID,
    LAST_UPDATED,
    reference('organization', 'Organization', ORGANIZATION_CHAIN, 'The managing hospital'),
    reference('endpoint', 'Endpoint', ['organization'], "The hospital's Endpoint"),
    reference('partof', 'Location', ['address', 'organization'], 'The hospital site an office was picked from (a site is listed only as such a parent)'),
    { name: 'address', type: 'string', modifiers: STRING_MODIFIERS, documentation: startsWith('Any part of the address (street lines, city, state, ZIP)') },
    { name: 'address-city', type: 'string', modifiers: STRING_MODIFIERS, documentation: startsWith('The city') },
    { name: 'address-state', type: 'string', modifiers: STRING_MODIFIERS, documentation: startsWith('The state') },
    { name: 'address-postalcode', type: 'string', modifiers: STRING_MODIFIERS, documentation: startsWith('The ZIP code') },
  ],
  Organization: [
    ID,
    LAST_UPDATED,
    { name: 'name', type: 'string', modifiers: ['exact'], documentation: 'Contains the text (case-insensitive); `name:exact` matches the whole name exactly' },
    { name: 'address', type: 'string', modifiers: STRING_MODIFIERS, documentation: startsWith('The address') },
    { name: 'type', type: 'token', documentation: `\`${ORG_TYPE_SYSTEM}|prvgrp\`: every hospital is a provider group` },
    reference('endpoint', 'Endpoint', ['organization'], "The hospital's Endpoint"),
    { name: 'active', type: 'token', documentation: '`true` matches every organization with a public directory, `false` none' },
  ],
  HealthcareService: [
    ID,
    LAST_UPDATED,
    { name: 'name', type: 'string', modifiers: STRING_MODIFIERS, documentation: startsWith('The name ("<hospital> clinicians")') },
    { name: 'specialty', type: 'token', documentation: 'NUCC provider taxonomy code of a specialty its clinicians offer' },
    { name: 'service-category', type: 'token', documentation: `\`${SERVICE_CATEGORY_SYSTEM}|prov\`: every service is a medical provider's` },
    reference('organization', 'Organization', ORGANIZATION_CHAIN, 'The hospital providing it'),
    reference('location', 'Location', LOCATION_CHAIN, "One of its clinicians' locations"),
    reference('endpoint', 'Endpoint', ['organization'], "The hospital's Endpoint"),
    { name: 'active', type: 'token', documentation: '`true` matches every service, `false` none' },
  ],
  Endpoint: [ID, LAST_UPDATED, reference('organization', 'Organization', ORGANIZATION_CHAIN, 'The hospital whose directory it serves')],
  InsurancePlan: [
    ID,
    LAST_UPDATED,
    { name: 'name', type: 'string', modifiers: STRING_MODIFIERS, documentation: startsWith('The plan name as the clinicians gave it') },
  ],
};

/** `_include` and `_revinclude` values answered, per resource searched. */
export const INCLUDES: Record<FhirType, string[]> = {
  Practitioner: [],
  PractitionerRole: [
    'PractitionerRole:practitioner',
    'PractitionerRole:organization',
    'PractitionerRole:location',
    'PractitionerRole:service',
    'PractitionerRole:endpoint',
  ],
  Location: ['Location:organization', 'Location:endpoint', 'Location:partof'],
  Organization: ['Organization:endpoint'],
  HealthcareService: ['HealthcareService:organization', 'HealthcareService:location', 'HealthcareService:endpoint'],
  Endpoint: ['Endpoint:organization'],
  InsurancePlan: [],
};
export const REVINCLUDES: Record<FhirType, string[]> = {
  Practitioner: ['PractitionerRole:practitioner'],
  PractitionerRole: [],
  Location: ['PractitionerRole:location', 'HealthcareService:location'],
  Organization: ['PractitionerRole:organization', 'HealthcareService:organization', 'Endpoint:organization'],
  HealthcareService: ['PractitionerRole:service'],
  Endpoint: [],
  InsurancePlan: [],
};

const NO_AFFILIATIONS = 'the directory records no affiliations between organizations (OrganizationAffiliation)';
const NO_COVERAGE = 'the directory records no coverage areas';
const NO_PAYER = 'the directory records the name of the insurance a clinician accepts, not the payer organization that owns or administers it';
const NO_NETWORKS =
  "the directory records the names of the insurance a clinician accepts (see InsurancePlan), not payers' networks, and Plan-Net allows one network per PractitionerRole (network-reference 0..1)";

/**
 * The lines of Plan-Net 1.1.0's search table the directory's data cannot fill, by
 * `<resource>?<parameter>`, `<resource>?_include=<value>`, `<resource>?_revinclude=<value>` or
 * `<resource>` (a whole resource type): each is answered with an OperationOutcome naming it.
 */
export const NOT_FILLED: Record<string, string> = {
  OrganizationAffiliation: NO_AFFILIATIONS,
  'PractitionerRole?network': NO_NETWORKS,
  'PractitionerRole?_include=PractitionerRole:network': NO_NETWORKS,
  'Location?type': "the directory does not record a location's type",
  'Location?_revinclude=InsurancePlan:coverage-area': NO_COVERAGE,
  'Location?_revinclude=OrganizationAffiliation:location': NO_AFFILIATIONS,
  'Organization?partof': 'the directory does not record a hospital as part of another organization',
  'Organization?coverage-area': NO_COVERAGE,
  'Organization?_include=Organization:partof': 'the directory does not record a hospital as part of another organization',
  'Organization?_include=Organization:coverage-area': NO_COVERAGE,
  'Organization?_revinclude=InsurancePlan:administered-by': NO_PAYER,
  'Organization?_revinclude=InsurancePlan:owned-by': NO_PAYER,
  'Organization?_revinclude=OrganizationAffiliation:primary-organization': NO_AFFILIATIONS,
  'Organization?_revinclude=OrganizationAffiliation:participating-organization': NO_AFFILIATIONS,
  'Organization?_revinclude=PractitionerRole:network': NO_NETWORKS,
  'HealthcareService?coverage-area': NO_COVERAGE,
  'HealthcareService?service-type': 'the directory does not record service types (the HL7 service-type codes); search by specialty',
  'HealthcareService?_include=HealthcareService:coverage-area': NO_COVERAGE,
  'HealthcareService?_revinclude=OrganizationAffiliation:service': NO_AFFILIATIONS,
  'InsurancePlan?administered-by': NO_PAYER,
  'InsurancePlan?owned-by': NO_PAYER,
  'InsurancePlan?coverage-area': NO_COVERAGE,
  'InsurancePlan?plan-type': "the directory does not record a plan's cost-sharing type",
  'InsurancePlan?type': "the directory does not record a plan's product type (only its name)",
  'InsurancePlan?identifier': "the directory does not record plans' identifiers (only their names)",
  'InsurancePlan?_include=InsurancePlan:administered-by': NO_PAYER,
  'InsurancePlan?_include=InsurancePlan:owned-by': NO_PAYER,
  'InsurancePlan?_include=InsurancePlan:coverage-area': NO_COVERAGE,
};

/** The OperationOutcome text for a line of the table the data cannot fill. */
export const notFilledMessage = (line: string) => `Plan-Net 1.1.0 CapabilityStatement line "${line}" is not answered: ${NOT_FILLED[line]}`;

/** Parameters of the result rather than the match, accepted on every search. */
const RESULT_PARAMETERS = [
  { name: '_count', type: 'number', documentation: 'Page size, a whole number (at most 100)' },
  { name: '_offset', type: 'number', documentation: 'Where the page starts (the bundle’s next and previous links)' },
  { name: '_summary', type: 'token', documentation: '`count`: the total only, no entries' },
] as const;

const PROFILES: Record<FhirType, string[]> = {
  Practitioner: ['plannet-Practitioner'],
  PractitionerRole: ['plannet-PractitionerRole'],
  Location: ['plannet-Location'],
  Organization: ['plannet-Organization'],
  HealthcareService: ['plannet-HealthcareService'],
  Endpoint: ['plannet-Endpoint'],
  InsurancePlan: ['plannet-InsurancePlan'],
};

export function capabilityStatement(baseUrl: string) {
  const search = (type: FhirType) => [
    ...SEARCH_PARAMETERS[type].map(({ name, type: parameterType, documentation }) => ({
      name,
      type: parameterType,
      ...(documentation ? { documentation } : {}),
    })),
    ...RESULT_PARAMETERS.map((parameter) => ({ ...parameter })),
  ];
  const notFilled = (type: string) => Object.keys(NOT_FILLED).filter((line) => line === type || line.startsWith(`${type}?`));
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: '2026-11-27',
    kind: 'instance',
    software: { name: 'Vitae provider directory' },
    implementation: { description: 'Published clinician profiles, read-only', url: baseUrl },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json'],
    implementationGuide: ['http://hl7.org/fhir/us/davinci-pdex-plan-net/ImplementationGuide/hl7.fhir.us.davinci-pdex-plan-net|1.1.0'],
    rest: [
      {
        mode: 'server',
        documentation:
          "Plan-Net 1.1.0's search table is answered where the directory's data holds what a line asks; each other line answers 400 with an OperationOutcome naming it. Not answered: " +
          Object.keys(NOT_FILLED).join('; '),
        resource: FHIR_TYPES.map((type) => ({
          type,
          supportedProfile: PROFILES[type].map((profile) => `${PLAN_NET}/${profile}`),
          ...(notFilled(type).length
            ? {
                documentation: `Not answered: ${notFilled(type)
                  .map((line) => `${line} (${NOT_FILLED[line]})`)
                  .join('; ')}`,
              }
            : {}),
          interaction: [{ code: 'read' }, { code: 'search-type' }],
          searchParam: search(type),
          ...(INCLUDES[type].length ? { searchInclude: INCLUDES[type] } : {}),
          ...(REVINCLUDES[type].length ? { searchRevInclude: REVINCLUDES[type] } : {}),
        })),
      },
    ],
  };
}

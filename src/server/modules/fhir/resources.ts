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
}

export interface PublishedProvider {
  userId: string;
  slug: string;
  updatedAt: string;
  hospital: DirectoryHospital;
  profile: PublicProfile;
  /** NUCC codes for the provider's specialties (the registry's, else the taxonomy's by name). */
  specialties: Array<{ code: string; display: string }>;
}

const meta = (profile: string, lastUpdated?: string) => ({ ...(lastUpdated ? { lastUpdated } : {}), profile: [`${PLAN_NET}/${profile}`] });
const phone = (value: string) => ({ system: 'phone', value, use: 'work' });

export function organizationResource(hospital: DirectoryHospital): FhirResource {
  return {
    resourceType: 'Organization',
    id: hospital.id,
    meta: meta('plannet-Organization'),
    active: true,
    type: [{ coding: [{ system: 'http://hl7.org/fhir/us/davinci-pdex-plan-net/CodeSystem/OrgTypeCS', code: 'prvgrp', display: 'Provider Group' }] }],
    name: hospital.name,
    // Only the phone: the contact e-mail is the hospital's internal one, and there is no setting to make an address public.
    ...(hospital.contactPhone ? { telecom: [phone(hospital.contactPhone)] } : {}),
    ...(hospital.address ? { address: [{ text: hospital.address }] } : {}),
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
      ? { communication: profile.languageCodes.map((language) => ({ coding: [{ system: BCP47_SYSTEM, code: language.code, display: language.name }], text: language.name })) }
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
  }));
}

const specialtyConcepts = (specialties: PublishedProvider['specialties']) => specialties.map((s) => ({ coding: [{ system: NUCC_SYSTEM, code: s.code, display: s.display }], text: s.display }));

export function practitionerRoleResource(provider: PublishedProvider): FhirResource {
  const { profile } = provider;
  return {
    resourceType: 'PractitionerRole',
    id: provider.userId,
    meta: meta('plannet-PractitionerRole', provider.updatedAt),
    active: true,
    practitioner: { reference: `Practitioner/${provider.userId}`, display: profile.name },
    organization: { reference: `Organization/${provider.hospital.id}`, display: provider.hospital.name },
    ...(provider.specialties.length ? { specialty: specialtyConcepts(provider.specialties) } : {}),
    ...(profile.locations.length ? { location: profile.locations.map((l) => ({ reference: `Location/${l.id}`, ...(l.name ? { display: l.name } : {}) })) } : {}),
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
                    coding: [{ system: 'http://hl7.org/fhir/us/davinci-pdex-plan-net/CodeSystem/AcceptingPatientsCS', code: profile.acceptingNewPatients ? 'newpt' : 'nopt' }],
                  },
                },
              ],
            },
          ],
        }
      : {}),
  };
}

/** One service per hospital: the specialties its published providers offer, at their locations. */
export function healthcareServiceResource(hospital: DirectoryHospital, providers: PublishedProvider[]): FhirResource {
  const specialties = new Map<string, string>();
  for (const provider of providers) for (const s of provider.specialties) if (!specialties.has(s.code)) specialties.set(s.code, s.display);
  const locations = providers.flatMap((p) => p.profile.locations.map((l) => ({ reference: `Location/${l.id}`, ...(l.name ? { display: l.name } : {}) })));
  return {
    resourceType: 'HealthcareService',
    id: hospital.id,
    meta: meta('plannet-HealthcareService'),
    active: true,
    providedBy: { reference: `Organization/${hospital.id}`, display: hospital.name },
    category: [{ coding: [{ system: 'http://hl7.org/fhir/us/davinci-pdex-plan-net/CodeSystem/HealthcareServiceCategoryCS', code: 'prov', display: 'Medical Provider' }] }],
    name: `${hospital.name} clinicians`,
    ...(specialties.size ? { specialty: specialtyConcepts([...specialties].map(([code, display]) => ({ code, display }))) } : {}),
    ...(locations.length ? { location: locations.slice(0, 500) } : {}),
  };
}

export const PRACTITIONER_ROLE_INCLUDES = ['PractitionerRole:practitioner', 'PractitionerRole:organization', 'PractitionerRole:location'] as const;

export type OutcomeCode = 'not-found' | 'invalid' | 'not-supported' | 'exception' | 'too-long' | 'throttled';

export function operationOutcome(code: OutcomeCode, diagnostics: string) {
  return { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code, diagnostics }] };
}

export type SearchParameterType = 'token' | 'string' | 'reference' | 'number';

/**
 * The search parameters each resource supports, with their modifiers: the routes accept exactly
 * these (anything else is left out, or refused with `Prefer: handling=strict`) and the
 * CapabilityStatement declares the same. `_count`, `_offset` and `_summary` (count) apply to all.
 */
export const SEARCH_PARAMETERS: Record<'Practitioner' | 'PractitionerRole' | 'Location' | 'Organization' | 'HealthcareService', Array<{ name: string; type: SearchParameterType; modifiers?: string[]; documentation?: string }>> = {
  Practitioner: [
    { name: '_id', type: 'token' },
    { name: 'identifier', type: 'token', documentation: 'NPI, as `http://hl7.org/fhir/sid/us-npi|<npi>` or the bare number; comma-separated values match any' },
    { name: 'name', type: 'string', modifiers: ['exact'], documentation: 'Contains the text (case-insensitive); `name:exact` matches the whole name or the last name exactly (case and accents count)' },
    { name: 'active', type: 'token', documentation: '`true` matches every published practitioner, `false` none' },
  ],
  PractitionerRole: [
    { name: '_id', type: 'token' },
    { name: 'practitioner', type: 'reference' },
    { name: 'organization', type: 'reference' },
    { name: 'location', type: 'reference' },
    { name: 'specialty', type: 'token', documentation: 'NUCC provider taxonomy code; comma-separated values (at most 20) match any' },
    { name: 'active', type: 'token', documentation: '`true` matches every published role, `false` none' },
  ],
  Location: [
    { name: '_id', type: 'token' },
    { name: 'organization', type: 'reference' },
  ],
  Organization: [
    { name: '_id', type: 'token' },
    { name: 'name', type: 'string', modifiers: ['exact'], documentation: 'Contains the text (case-insensitive); `name:exact` matches the whole name exactly' },
    { name: 'active', type: 'token', documentation: '`true` matches every organization with a public directory, `false` none' },
  ],
  HealthcareService: [
    { name: '_id', type: 'token' },
    { name: 'organization', type: 'reference' },
    { name: 'active', type: 'token', documentation: '`true` matches every service, `false` none' },
  ],
};

/** Parameters of the result rather than the match, accepted on every search. */
const RESULT_PARAMETERS = [
  { name: '_count', type: 'number', documentation: 'Page size, a whole number (at most 100)' },
  { name: '_offset', type: 'number', documentation: 'Where the page starts (the bundle’s next and previous links)' },
  { name: '_summary', type: 'token', documentation: '`count`: the total only, no entries' },
] as const;

export function capabilityStatement(baseUrl: string) {
  const search = (type: keyof typeof SEARCH_PARAMETERS) => [
    ...SEARCH_PARAMETERS[type].map(({ name, type: parameterType, documentation }) => ({ name, type: parameterType, ...(documentation ? { documentation } : {}) })),
    ...RESULT_PARAMETERS.map((parameter) => ({ ...parameter })),
  ];
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: '2026-11-27',
    kind: 'instance',
    software: { name: 'Vitae provider directory' },
    implementation: { description: 'Published clinician profiles, read-only', url: baseUrl },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json'],
    rest: [
      {
        mode: 'server',
        resource: [
          { type: 'Practitioner', interaction: [{ code: 'read' }, { code: 'search-type' }], searchParam: search('Practitioner') },
          {
            type: 'PractitionerRole',
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: search('PractitionerRole'),
            searchInclude: [...PRACTITIONER_ROLE_INCLUDES],
          },
          { type: 'Location', interaction: [{ code: 'read' }, { code: 'search-type' }], searchParam: search('Location') },
          { type: 'Organization', interaction: [{ code: 'read' }, { code: 'search-type' }], searchParam: search('Organization') },
          { type: 'HealthcareService', interaction: [{ code: 'read' }, { code: 'search-type' }], searchParam: search('HealthcareService') },
        ],
      },
    ],
  };
}

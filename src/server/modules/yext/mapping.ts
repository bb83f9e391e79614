/**
 * Listing-service entity → profile sections. Pure: the caller passes the reference lists it needs
 * (languages, the hospital's locations), so the preview and the sync map identically.
 *
 * A hospital's active data source mappings decide where each profile field comes from; a field the
 * hospital did not map uses the built-in default below. List sections use `items` for the list's
 * path and `items.<field>` for paths relative to each element.
 */
import { EDUCATION_TYPES, type EducationType } from '../../../shared/enums';
import { splitProviderName } from '../../../shared/names';
import {
  awardEntrySchema,
  biographySchema,
  boardCertificationEntrySchema,
  educationEntrySchema,
  hospitalAffiliationEntrySchema,
  insuranceEntrySchema,
  LANGUAGE_CODE_PATTERN,
  locationEntrySchema,
  practiceEssentialsSchema,
  professionalIdentitySchema,
  type ProfileSectionField,
  type ProfileSectionId,
} from '../../../shared/schemas/profile';
import type { YextEntity } from '../../integrations/yext';
import type { SyncSectionId } from '../../../shared/schemas/yext';

export interface FieldMapping {
  profileSection: string;
  profileField: string;
  sourcePath: string;
  fallbackPaths: string[];
  defaultValue: string | null;
  isRequired: boolean;
  transformationRules: Record<string, unknown>;
}

const m = (
  profileSection: string,
  profileField: string,
  sourcePath: string,
  fallbackPaths: string[] = [],
  extra: Partial<FieldMapping> = {},
): FieldMapping => ({
  profileSection,
  profileField,
  sourcePath,
  fallbackPaths,
  defaultValue: null,
  isRequired: false,
  transformationRules: {},
  ...extra,
});

/** Yext's education types (an enum on healthcareProfessional.educationList) → ours. */
export const YEXT_EDUCATION_TYPES: Record<string, EducationType> = {
  MEDICAL_SCHOOL: 'medical_school',
  RESIDENCY: 'residency',
  // An internship is the first year of residency training.
  INTERNSHIP: 'residency',
  FELLOWSHIP: 'fellowship',
  UNDERGRADUATE: 'undergraduate',
  GRADUATE: 'graduate',
  BOARD_CERTIFICATION: 'continuing_education',
  OTHER: 'continuing_education',
};

/** What a healthcareProfessional entity usually holds, for hospitals that did not map a field. */
export const DEFAULT_FIELD_MAPPINGS: readonly FieldMapping[] = [
  m('professional_identity', 'firstName', 'firstName', ['name.firstName']),
  m('professional_identity', 'middleName', 'middleName', ['name.middleName']),
  m('professional_identity', 'lastName', 'lastName', ['name.lastName']),
  m('professional_identity', 'displayName', 'name'),
  m('professional_identity', 'npiNumber', 'npi', ['c_npi']),
  m('professional_identity', 'credentials', 'degrees', ['c_degrees']),
  m('professional_identity', 'profilePhoto', 'headshot.url', ['c_headshot.url']),
  // Real healthcareProfessional entities link their specialties as taxonomy entities ({ id, name }): the
  // first is the primary one. A bare entity id is not a name and is not imported.
  m('professional_identity', 'primarySpecialty', 'c_primarySpecialty', ['c_specialty', 'taxonomy_relatedSpecialties.0.name']),
  m('professional_identity', 'additionalSpecialties', 'c_additionalSpecialties', ['taxonomy_relatedSpecialties.*.name']),
  m('education_training', 'items', 'educationList', ['c_educationList']),
  m('education_training', 'items.educationType', 'type', [], { transformationRules: { map: YEXT_EDUCATION_TYPES } }),
  m('education_training', 'items.institutionName', 'institutionName', ['name']),
  m('education_training', 'items.graduationYear', 'yearCompleted', ['year']),
  m('education_training', 'items.degree', 'degree'),
  m('education_training', 'items.fieldOfStudy', 'fieldOfStudy', ['specialty']),
  m('practice_essentials', 'acceptingNewPatients', 'acceptingNewPatients'),
  m('practice_essentials', 'appointmentTypes', 'c_appointmentTypes', ['appointmentTypes']),
  m('practice_essentials', 'telehealthServices', 'c_telehealthServices', ['telehealthServices']),
  m('practice_essentials', 'practiceName', 'c_practiceName', ['practiceName']),
  m('practice_essentials', 'ageGroupsTreated', 'c_agesTreated', ['agesTreated']),
  m('practice_essentials', 'hospitalAffiliations', 'admittingHospitals', ['c_hospitalAffiliations']),
  m('medical_expertise', 'conditions', 'conditionsTreated', ['c_conditionsTreated']),
  m('medical_expertise', 'procedures', 'procedures', ['c_procedures']),
  m('medical_expertise', 'reasonsForVisit', 'reasonsForVisit', ['c_reasonsForVisit']),
  m('biography', 'professionalSummary', 'description', ['c_providerBio', 'c_professionalBio', 'c_bio']),
  m('biography', 'publicSummary', 'c_publicBio', ['c_patientFacingBio']),
  m('biography', 'personalInterests', 'c_personalInterests', ['c_hobbies']),
  m('biography', 'awardsHonors', 'c_awards', ['awards']),
  m('biography', 'memberships', 'c_memberships', ['associations']),
  m('biography', 'languagesSpoken', 'languages', ['c_languages']),
  m('locations', 'yextEntityId', 'locatedIn', ['c_primaryLocation']),
  m('locations', 'locationName', 'c_officeName', ['c_locationName']),
  m('locations', 'address', 'address.line1'),
  m('locations', 'addressLine2', 'address.line2'),
  m('locations', 'city', 'address.city'),
  m('locations', 'state', 'address.region'),
  m('locations', 'postalCode', 'address.postalCode'),
  m('locations', 'phoneNumber', 'mainPhone', ['c_officePhone']),
  m('locations', 'faxNumber', 'fax'),
  m('locations', 'website', 'websiteUrl.url', ['websiteUrl']),
  m('board_certifications', 'items', 'certifications', ['c_boardCertifications']),
  m('hospital_affiliations', 'items', 'admittingHospitals', ['c_hospitalAffiliations']),
  m('awards', 'items', 'awards', ['c_awards']),
  m('insurance', 'items', 'insuranceAccepted', ['c_insurances', 'c_insuranceAccepted']),
];

type Kind = 'text' | 'list' | 'boolean' | 'year' | 'items' | 'refs';

/**
 * What a mapping may target in a section: each field of the section's request (for a list, `items`
 * and `items.<field>` of its entries) with the shape its value must take, or `null` for a field the
 * import never fills (the reason beside it); then the targets that are no field of the request
 * (`Composed`), which the import turns into fields. tsc refuses a request field left out and a target
 * that is neither (docs/architecture.md, "Adding a field to a section").
 */
export type MappableFieldsOf<Fields extends string, Composed extends string = never> = Record<Fields | Composed, Kind | null>;

type ListTargets<Id extends ProfileSectionId> = 'items' | `items.${ProfileSectionField<Id>}`;

interface MappableFields {
  /** middleName and displayName make the names; profilePhoto is fetched into the photo store. */
  professional_identity: MappableFieldsOf<ProfileSectionField<'professional_identity'>, 'middleName' | 'displayName' | 'profilePhoto'>;
  education_training: MappableFieldsOf<ListTargets<'education_training'>>;
  practice_essentials: MappableFieldsOf<ProfileSectionField<'practice_essentials'>>;
  /** Linked entities, matched to the hospital's expertise terms by their listing-service ids. */
  medical_expertise: MappableFieldsOf<never, 'conditions' | 'procedures' | 'reasonsForVisit'>;
  biography: MappableFieldsOf<ProfileSectionField<'biography'>>;
  /** Filled from the biography's languagesSpoken. */
  languages: MappableFieldsOf<never>;
  /** The entity's one office; yextEntityId links it to one of the hospital's locations. */
  locations: MappableFieldsOf<ProfileSectionField<'locations'>, 'yextEntityId'>;
  /** Lists of names: each name becomes an entry's name field (NAME_LIST_SECTIONS). */
  board_certifications: MappableFieldsOf<'items'>;
  hospital_affiliations: MappableFieldsOf<'items'>;
  awards: MappableFieldsOf<'items'>;
  insurance: MappableFieldsOf<'items'>;
}

/** Every profile field a mapping may target, with the shape its value must take (null: the import does not fill it). */
export const MAPPABLE_FIELDS = {
  professional_identity: {
    firstName: 'text',
    middleName: 'text',
    lastName: 'text',
    displayName: 'text',
    fullLegalName: 'text',
    preferredName: 'text',
    pronouns: 'text',
    npiNumber: 'text',
    credentials: 'list',
    profilePhoto: 'text',
    primarySpecialty: 'text',
    additionalSpecialties: 'list',
    academicTitles: 'list',
    // The sign-in's own e-mail and title, the hospital's org units, and what the registry fills.
    professionalEmail: null,
    jobTitle: null,
    department: null,
    division: null,
    section: null,
    departmentId: null,
    divisionId: null,
    sectionId: null,
    primarySpecialties: null,
    certifications: null,
    licenses: null,
    manualOverrideFlags: null,
  },
  education_training: {
    items: 'items',
    'items.educationType': 'text',
    'items.institutionName': 'text',
    'items.graduationYear': 'year',
    'items.startYear': 'year',
    'items.endYear': 'year',
    'items.degree': 'text',
    'items.fieldOfStudy': 'text',
    'items.location': 'text',
    // Set from the type and the year (mapEntity), or only by the provider's own form and the reference lists.
    'items.startDate': null,
    'items.endDate': null,
    'items.description': null,
    'items.source': null,
    'items.dataSource': null,
    'items.programId': null,
    'items.programName': null,
    'items.medicalSchoolId': null,
    'items.medicalSchoolName': null,
    'items.parentSpecialty': null,
    'items.fellowshipSpecialtyId': null,
    'items.fellowshipSpecialtyName': null,
    'items.completionYear': null,
  },
  practice_essentials: {
    acceptingNewPatients: 'boolean',
    appointmentTypes: 'list',
    telehealthServices: 'list',
    practiceName: 'text',
    practiceType: 'text',
    ageGroupsTreated: 'list',
    patientAgeGroups: 'list',
    hospitalAffiliations: 'list',
    groupAffiliations: 'list',
    schedulingNotes: 'text',
    practiceFocus: 'text',
  },
  medical_expertise: { conditions: 'refs', procedures: 'refs', reasonsForVisit: 'refs' },
  biography: {
    professionalSummary: 'text',
    publicSummary: 'text',
    personalInterests: 'text',
    awardsHonors: 'text',
    memberships: 'text',
    volunteerWork: 'text',
    languagesSpoken: 'list',
  },
  languages: {},
  locations: {
    yextEntityId: 'text',
    locationName: 'text',
    address: 'text',
    addressLine2: 'text',
    city: 'text',
    state: 'text',
    postalCode: 'text',
    phoneNumber: 'text',
    faxNumber: 'text',
    website: 'text',
    // The hospital's location comes from yextEntityId; the rest is the provider's to say.
    predefinedLocationId: null,
    country: null,
    floor: null,
    suiteOfficeNumber: null,
    isPrimaryLocation: null,
    acceptingNewPatients: null,
    telehealthAvailable: null,
    specialNotes: null,
  },
  board_certifications: { items: 'list' },
  hospital_affiliations: { items: 'list' },
  awards: { items: 'list' },
  insurance: { items: 'list' },
} as const satisfies MappableFields & Record<SyncSectionId | 'languages', unknown>;

// ── Paths and transformations ───────────────────────────────────────────────────────────────

/** `a.b.0.c`: object keys and array indexes; `a.*.name` reads `name` of every element of `a`. */
export function readPath(root: unknown, path: string): unknown {
  let current: unknown = root;
  const parts = path.split('.').filter(Boolean);
  for (const [index, part] of parts.entries()) {
    if (current === null || current === undefined) return undefined;
    if (part === '*') {
      if (!Array.isArray(current)) return undefined;
      const rest = parts.slice(index + 1).join('.');
      return current.map((element) => (rest ? readPath(element, rest) : element)).filter((value) => value !== undefined && value !== null && value !== '');
    }
    if (Array.isArray(current) && /^\d+$/.test(part)) current = current[Number(part)];
    else if (typeof current === 'object') current = (current as Record<string, unknown>)[part];
    else return undefined;
  }
  return current;
}

const isBlank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && !Array.isArray(value) && Object.keys(value as object).length === 0);

/** trim, lowercase / uppercase, split (a separator), map (value → value), join (a separator), in that order. */
export function applyTransformations(value: unknown, rules: Record<string, unknown>): unknown {
  const eachString = (input: unknown, fn: (text: string) => unknown): unknown =>
    Array.isArray(input) ? input.map((item) => (typeof item === 'string' ? fn(item) : item)) : typeof input === 'string' ? fn(input) : input;
  let result = value;
  if (rules.trim === true) result = eachString(result, (t) => t.trim());
  if (rules.lowercase === true) result = eachString(result, (t) => t.toLowerCase());
  if (rules.uppercase === true) result = eachString(result, (t) => t.toUpperCase());
  if (typeof rules.split === 'string' && rules.split.length > 0 && typeof result === 'string') {
    result = result
      .split(rules.split)
      .map((part) => part.trim())
      .filter(Boolean);
  }
  if (rules.map && typeof rules.map === 'object') {
    const table = rules.map as Record<string, unknown>;
    const lowered = new Map(Object.entries(table).map(([key, mapped]) => [key.toLowerCase(), mapped]));
    result = eachString(result, (t) => (t in table ? table[t] : lowered.has(t.toLowerCase()) ? lowered.get(t.toLowerCase()) : t));
  }
  if (typeof rules.join === 'string' && Array.isArray(result)) result = result.filter((item) => typeof item === 'string').join(rules.join);
  return result;
}

const labelOf = (item: unknown): string | null => {
  if (typeof item === 'string') return item.trim() || null;
  if (typeof item === 'number' || typeof item === 'boolean') return String(item);
  if (item && typeof item === 'object') {
    const record = item as Record<string, unknown>;
    for (const key of ['name', 'label', 'displayName', 'value', 'url'])
      if (typeof record[key] === 'string' && record[key]) return (record[key] as string).trim();
  }
  return null;
};

export interface EntityRef {
  id: string;
  name: string | null;
}

/** A value in the shape its field kind takes, or an error text. */
function coerce(value: unknown, kind: Kind): { value: unknown } | { error: string } {
  switch (kind) {
    case 'text': {
      const text = Array.isArray(value) ? value.map(labelOf).filter(Boolean).join(', ') : labelOf(value);
      return text ? { value: text } : { error: 'expected text' };
    }
    case 'list': {
      const list = (Array.isArray(value) ? value : [value]).map(labelOf).filter((item): item is string => Boolean(item));
      return { value: [...new Set(list)] };
    }
    case 'boolean': {
      if (typeof value === 'boolean') return { value };
      const text = String(value).trim().toLowerCase();
      if (['true', 'yes', 'y', '1'].includes(text)) return { value: true };
      if (['false', 'no', 'n', '0'].includes(text)) return { value: false };
      return { error: `expected true or false, got "${String(value)}"` };
    }
    case 'year': {
      const match = /^(\d{4})/.exec(String(value).trim());
      return match ? { value: Number(match[1]) } : { error: `expected a year, got "${String(value)}"` };
    }
    case 'items':
      return Array.isArray(value) ? { value: value.filter((item) => item && typeof item === 'object') } : { error: 'expected a list' };
    case 'refs': {
      if (!Array.isArray(value)) return { error: 'expected a list of entities' };
      const refs: EntityRef[] = [];
      for (const item of value) {
        if (typeof item === 'string' || typeof item === 'number') refs.push({ id: String(item), name: null });
        else if (item && typeof item === 'object') {
          const record = item as Record<string, unknown> & { meta?: { id?: unknown } };
          const id = record.entityId ?? record.id ?? record.meta?.id ?? record.yextId;
          if (typeof id === 'string' || typeof id === 'number') refs.push({ id: String(id), name: labelOf(record) });
        }
      }
      return { value: refs.filter((ref, index) => refs.findIndex((other) => other.id === ref.id) === index) };
    }
  }
}

// ── Resolving the mappings ──────────────────────────────────────────────────────────────────

export interface ResolvedField {
  section: string;
  field: string;
  /** Where the value was read from; `default` when the mapping's default value was used. */
  path: string | null;
  origin: 'hospital' | 'built_in';
  value: unknown;
}

/** The hospital's mappings, with the built-in default for every field the hospital left unmapped. */
export function effectiveMappings(hospitalMappings: readonly FieldMapping[]): Array<FieldMapping & { origin: 'hospital' | 'built_in' }> {
  const key = (mapping: FieldMapping) => `${mapping.profileSection}.${mapping.profileField}`;
  const mapped = new Set(hospitalMappings.map(key));
  return [
    ...hospitalMappings.map((mapping) => ({ ...mapping, origin: 'hospital' as const })),
    ...DEFAULT_FIELD_MAPPINGS.filter((mapping) => !mapped.has(key(mapping))).map((mapping) => ({ ...mapping, origin: 'built_in' as const })),
  ];
}

interface Resolution {
  value: unknown;
  path: string | null;
  error?: string;
}

function resolve(root: unknown, mapping: FieldMapping, kind: Kind): Resolution | null {
  let raw: unknown;
  let path: string | null = null;
  for (const candidate of [mapping.sourcePath, ...mapping.fallbackPaths]) {
    const value = readPath(root, candidate);
    if (!isBlank(value)) {
      raw = value;
      path = candidate;
      break;
    }
  }
  if (path === null) {
    if (mapping.defaultValue === null || mapping.defaultValue === undefined || mapping.defaultValue === '') {
      return mapping.isRequired ? { value: undefined, path: null, error: `required value missing at ${mapping.sourcePath}` } : null;
    }
    raw = kind === 'list' || kind === 'refs' || kind === 'items' ? safeJson(mapping.defaultValue) : mapping.defaultValue;
    path = 'default';
  }
  const transformed = applyTransformations(raw, mapping.transformationRules ?? {});
  if (isBlank(transformed)) return mapping.isRequired ? { value: undefined, path, error: `required value missing at ${mapping.sourcePath}` } : null;
  const coerced = coerce(transformed, kind);
  if ('error' in coerced) return { value: undefined, path, error: `${coerced.error} at ${path}` };
  return { value: coerced.value, path };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text.split(',').map((part) => part.trim());
  }
}

// ── The mapped profile ──────────────────────────────────────────────────────────────────────

export interface IdentityValues {
  firstName?: string;
  lastName?: string;
  fullLegalName?: string;
  preferredName?: string;
  pronouns?: string;
  npiNumber?: string;
  credentials?: Array<{ type: string; name: string }>;
  primarySpecialty?: string;
  additionalSpecialties?: string[];
  academicTitles?: string[];
}

/** An entry of a list section in the shape its save takes. */
export type Item = Record<string, unknown>;

export interface MappedProfile {
  professional_identity: { values: IdentityValues; profilePhoto: string | null } | null;
  education_training: Item[] | null;
  practice_essentials: Record<string, unknown> | null;
  medical_expertise: { conditions: EntityRef[]; procedures: EntityRef[]; reasonsForVisit: EntityRef[] } | null;
  biography: Record<string, unknown> | null;
  languages: Item[] | null;
  locations: Item[] | null;
  board_certifications: Item[] | null;
  hospital_affiliations: Item[] | null;
  awards: Item[] | null;
  insurance: Item[] | null;
  /** Section id → problems, each one a short sentence. */
  errors: Record<string, string[]>;
  fields: ResolvedField[];
}

/** List sections filled from a list of names, and the entry field each name becomes. */
const NAME_LIST_SECTIONS = {
  board_certifications: { field: 'certificationBoard', schema: boardCertificationEntrySchema },
  hospital_affiliations: { field: 'hospitalName', schema: hospitalAffiliationEntrySchema },
  awards: { field: 'awardName', schema: awardEntrySchema },
  insurance: { field: 'insuranceName', schema: insuranceEntrySchema },
} as const satisfies { [Id in 'board_certifications' | 'hospital_affiliations' | 'awards' | 'insurance']: { field: ProfileSectionField<Id>; schema: unknown } };

export interface MappingLookups {
  languages: ReadonlyArray<{ code: string; name: string }>;
  /** The hospital's locations that carry a listing-service entity id. */
  hospitalLocations: ReadonlyArray<{ id: string; yextEntityId: string | null; name: string }>;
}

/** Everyday names the reference list spells differently. */
const LANGUAGE_ALIASES: Record<string, string> = {
  mandarin: 'zh',
  cantonese: 'zh',
  'chinese (mandarin)': 'zh',
  'chinese (cantonese)': 'zh',
  farsi: 'fa',
  punjabi: 'pa',
  greek: 'el',
  khmer: 'km',
  cambodian: 'km',
  'haitian creole': 'ht',
  creole: 'ht',
  filipino: 'tl',
  'american sign language': 'asl',
};

/**
 * Language names (or codes) → codes of the reference list. A code the list lacks is kept, its code
 * standing in for its name (spec: an unknown language keeps its code as its name); a name we
 * cannot place is reported.
 */
export function languageCodes(names: string[], reference: MappingLookups['languages']) {
  const byName = new Map(reference.map((l) => [l.name.toLowerCase(), l.code]));
  const codes = new Set(reference.map((l) => l.code));
  const found: string[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const key = name.trim().toLowerCase();
    const code = byName.get(key) ?? (codes.has(key) ? key : undefined) ?? LANGUAGE_ALIASES[key];
    const kept = code && codes.has(code) ? code : LANGUAGE_CODE_PATTERN.test(key) && !byName.has(key) ? key : undefined;
    if (kept) {
      if (!found.includes(kept)) found.push(kept);
    } else unknown.push(name);
  }
  return { found, unknown };
}

function fieldIssue(
  schema: { shape: Record<string, { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } }> },
  field: string,
  value: unknown,
) {
  const fieldSchema = schema.shape[field];
  if (!fieldSchema) return null;
  const parsed = fieldSchema.safeParse(value);
  return parsed.success ? null : (parsed.error?.issues[0]?.message ?? 'invalid value');
}

/** Maps one healthcareProfessional entity with the given mappings; writes nothing. */
export function mapEntity(entity: YextEntity, hospitalMappings: readonly FieldMapping[], lookups: MappingLookups): MappedProfile {
  const mappings = effectiveMappings(hospitalMappings);
  const errors: Record<string, string[]> = {};
  const fields: ResolvedField[] = [];
  const report = (section: string, message: string) => {
    (errors[section] ??= []).push(message);
  };

  const sectionValues = (section: SyncSectionId, root: unknown, prefix = '') => {
    const kinds: Partial<Record<string, Kind | null>> = MAPPABLE_FIELDS[section];
    const values: Record<string, unknown> = {};
    for (const mapping of mappings) {
      if (mapping.profileSection !== section) continue;
      const field = mapping.profileField;
      if (prefix ? !field.startsWith(prefix) : field.includes('.')) continue;
      const kind = kinds[field];
      if (!kind) {
        if (!prefix) report(section, `${field}: not a field the import can fill`);
        continue;
      }
      const resolved = resolve(root, mapping, kind);
      if (!resolved) continue;
      if (resolved.error) {
        report(section, `${field}: ${resolved.error}`);
        continue;
      }
      values[prefix ? field.slice(prefix.length) : field] = resolved.value;
      if (!prefix) fields.push({ section, field, path: resolved.path, origin: mapping.origin, value: resolved.value });
    }
    return values;
  };

  // Identity: names from their own fields, or split from the display name ("Jane Q. Smith, MD").
  const identityRaw = sectionValues('professional_identity', entity);
  const identity: IdentityValues = {};
  const split = typeof identityRaw.displayName === 'string' ? splitProviderName(identityRaw.displayName) : null;
  const first = (identityRaw.firstName as string | undefined) ?? (split?.firstName || undefined);
  const last = (identityRaw.lastName as string | undefined) ?? (split?.lastName || undefined);
  const middle = identityRaw.middleName as string | undefined;
  if (first) identity.firstName = first;
  if (last) identity.lastName = last;
  const fullName = (identityRaw.fullLegalName as string | undefined) ?? (first && last ? [first, middle, last].filter(Boolean).join(' ') : undefined);
  if (fullName) identity.fullLegalName = fullName;
  const credentialNames = (identityRaw.credentials as string[] | undefined) ?? (split?.credentials.length ? split.credentials : undefined);
  if (credentialNames?.length) identity.credentials = credentialNames.map((name) => ({ type: 'degree', name }));
  for (const field of ['preferredName', 'pronouns', 'npiNumber', 'primarySpecialty', 'additionalSpecialties', 'academicTitles'] as const) {
    if (identityRaw[field] !== undefined) Object.assign(identity, { [field]: identityRaw[field] });
  }
  // The primary specialty is not also an additional one (both may come from taxonomy_relatedSpecialties).
  if (identity.additionalSpecialties && identity.primarySpecialty) {
    const primary = identity.primarySpecialty.trim().toLowerCase();
    identity.additionalSpecialties = identity.additionalSpecialties.filter((name) => name.trim().toLowerCase() !== primary);
    if (identity.additionalSpecialties.length === 0) delete identity.additionalSpecialties;
  }
  for (const [field, value] of Object.entries(identity)) {
    const issue = fieldIssue(professionalIdentitySchema, field, value);
    if (issue) {
      report('professional_identity', `${field}: ${issue}`);
      delete (identity as Record<string, unknown>)[field];
    }
  }
  const photo = typeof identityRaw.profilePhoto === 'string' && /^https?:\/\//.test(identityRaw.profilePhoto) ? identityRaw.profilePhoto : null;

  // Education: one entry per element of the list, each validated on its own.
  const educationRaw = sectionValues('education_training', entity);
  let education: Item[] | null = null;
  if (Array.isArray(educationRaw.items)) {
    education = [];
    (educationRaw.items as unknown[]).forEach((element, index) => {
      const item = sectionValues('education_training', element, 'items.');
      const type = item.educationType as string | undefined;
      if (!type || !(EDUCATION_TYPES as readonly string[]).includes(type)) {
        report('education_training', `entry ${index + 1}: unknown education type "${type ?? ''}"`);
        return;
      }
      const entry: Item = {
        educationType: type as EducationType,
        institutionName: (item.institutionName as string | undefined) ?? null,
        degree: (item.degree as string | undefined) ?? null,
        fieldOfStudy: (item.fieldOfStudy as string | undefined) ?? null,
        location: (item.location as string | undefined) ?? null,
        startYear: (item.startYear as number | undefined) ?? null,
        source: 'directory',
        dataSource: 'yext',
      };
      const year = (item.graduationYear as number | undefined) ?? (item.endYear as number | undefined) ?? null;
      if (type === 'medical_school') Object.assign(entry, { graduationYear: year, medicalSchoolName: entry.institutionName });
      else if (type === 'fellowship') Object.assign(entry, { completionYear: year, endYear: year });
      else if (type === 'residency') Object.assign(entry, { endYear: year, programName: entry.institutionName });
      else Object.assign(entry, { graduationYear: year, endYear: year });
      const parsed = educationEntrySchema.safeParse(entry);
      if (parsed.success) education!.push(entry);
      else report('education_training', `entry ${index + 1}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    });
  }

  const simpleSection = (
    section: 'practice_essentials' | 'biography',
    schema: typeof practiceEssentialsSchema | typeof biographySchema,
    skip: string[] = [],
  ) => {
    const raw = sectionValues(section, entity);
    const values: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(raw)) {
      if (skip.includes(field)) continue;
      const issue = fieldIssue(schema as never, field, value);
      if (issue) report(section, `${field}: ${issue}`);
      else values[field] = value;
    }
    return values;
  };
  const practice = simpleSection('practice_essentials', practiceEssentialsSchema);

  // Biography; the languages spoken also become the provider's languages list.
  const biographyRaw = sectionValues('biography', entity);
  const biography: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(biographyRaw)) {
    const stored = field === 'languagesSpoken' ? (value as string[]).join(', ') : value;
    const issue = fieldIssue(biographySchema as never, field, stored);
    if (issue) report('biography', `${field}: ${issue}`);
    else biography[field] = stored;
  }
  let languages: Item[] | null = null;
  if (Array.isArray(biographyRaw.languagesSpoken)) {
    const { found, unknown } = languageCodes(biographyRaw.languagesSpoken as string[], lookups.languages);
    for (const name of unknown) report('languages', `Unknown language: ${name}`);
    // languageName only labels the entry in the review dialog; the save takes the name from the reference list.
    languages = found.map((code) => ({ languageCode: code, languageName: lookups.languages.find((l) => l.code === code)?.name ?? code, isFromYext: true }));
  }

  const expertiseRaw = sectionValues('medical_expertise', entity);
  const expertise =
    Object.keys(expertiseRaw).length > 0
      ? {
          conditions: (expertiseRaw.conditions as EntityRef[] | undefined) ?? [],
          procedures: (expertiseRaw.procedures as EntityRef[] | undefined) ?? [],
          reasonsForVisit: (expertiseRaw.reasonsForVisit as EntityRef[] | undefined) ?? [],
        }
      : null;

  // Locations: the provider's office, linked to the hospital's location when its entity id is known.
  const locationRaw = sectionValues('locations', entity);
  let locationsOut: Item[] | null = null;
  // Linked by the listing service's entity id the hospital set on its location, else by the name.
  const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();
  const linked =
    (typeof locationRaw.yextEntityId === 'string' ? lookups.hospitalLocations.find((l) => l.yextEntityId === locationRaw.yextEntityId) : undefined) ??
    (typeof locationRaw.locationName === 'string' ? lookups.hospitalLocations.find((l) => sameName(l.name, locationRaw.locationName as string)) : undefined);
  if (linked || locationRaw.address || locationRaw.locationName) {
    const entry: Item = {
      predefinedLocationId: linked?.id ?? null,
      locationName: (locationRaw.locationName as string | undefined) ?? linked?.name ?? (locationRaw.address as string | undefined) ?? null,
      address: (locationRaw.address as string | undefined) ?? null,
      addressLine2: (locationRaw.addressLine2 as string | undefined) ?? null,
      city: (locationRaw.city as string | undefined) ?? null,
      state: (locationRaw.state as string | undefined) ?? null,
      postalCode: (locationRaw.postalCode as string | undefined) ?? null,
      phoneNumber: (locationRaw.phoneNumber as string | undefined) ?? null,
      faxNumber: (locationRaw.faxNumber as string | undefined) ?? null,
      website: (locationRaw.website as string | undefined) ?? null,
      acceptingNewPatients: typeof practice.acceptingNewPatients === 'boolean' ? practice.acceptingNewPatients : null,
    };
    const parsed = locationEntrySchema.safeParse(entry);
    if (parsed.success) locationsOut = [entry];
    else {
      // One bad field (say, a foreign postal code) should not lose the whole office.
      const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
      for (const issue of parsed.error.issues) report('locations', `${String(issue.path[0])}: ${issue.message}`);
      const cleaned: Item = Object.fromEntries(Object.entries(entry).map(([key, value]) => [key, bad.has(key) ? null : value]));
      locationsOut = locationEntrySchema.safeParse(cleaned).success ? [cleaned] : null;
    }
  }

  // Lists of names (certifications, admitting hospitals, awards, insurance plans): one entry per name.
  const nameList = (section: keyof typeof NAME_LIST_SECTIONS) => {
    const names = sectionValues(section, entity).items as string[] | undefined;
    if (!names?.length) return null;
    const { field, schema } = NAME_LIST_SECTIONS[section];
    const entries: Item[] = [];
    names.forEach((name, index) => {
      const parsed = schema.safeParse({ [field]: name });
      if (parsed.success) entries.push(parsed.data as Item);
      else report(section, `entry ${index + 1}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    });
    return entries.length > 0 ? entries : null;
  };

  return {
    professional_identity: Object.keys(identity).length > 0 || photo ? { values: identity, profilePhoto: photo } : null,
    education_training: education && education.length > 0 ? education : null,
    practice_essentials: Object.keys(practice).length > 0 ? practice : null,
    medical_expertise: expertise && expertise.conditions.length + expertise.procedures.length + expertise.reasonsForVisit.length > 0 ? expertise : null,
    biography: Object.keys(biography).length > 0 ? biography : null,
    languages: languages && languages.length > 0 ? languages : null,
    locations: locationsOut,
    board_certifications: nameList('board_certifications'),
    hospital_affiliations: nameList('hospital_affiliations'),
    awards: nameList('awards'),
    insurance: nameList('insurance'),
    errors,
    fields,
  };
}

/** `mapping_errors` as stored: section → one text, null when there were none. */
export function storedMappingErrors(errors: Record<string, string[]>): Record<string, string> | null {
  const entries = Object.entries(errors).filter(([, list]) => list.length > 0);
  return entries.length > 0 ? Object.fromEntries(entries.map(([section, list]) => [section, list.join('; ')])) : null;
}

import { z } from 'zod';
import { DATA_SOURCES, EDUCATION_SOURCES, EDUCATION_TYPES, LANGUAGE_PROFICIENCIES, LICENSE_STATUSES, TERM_TYPES, TRIAL_USER_STATUSES } from '../enums';
import { PROFILE_ITEM_CAPS, PROFILE_LIST_CAPS, SECTION_IDS, type ProfileListId, type SectionId } from '../limits';
import { npiSchema } from '../npi';
import { BIOGRAPHY_PENDING } from '../profile-completion';
import { EMAIL_PATTERN, normalizeHttpUrl, normalizePhone, optionalText } from './fields';

/**
 * Request schemas of the provider profile: the nine sections and the per-user lists beside them
 * (profile spec §3, §5). The server validates `PUT /api/profile/sections/:sectionId` bodies with
 * these and the web forms reuse them, so a rule and its message live in one place.
 *
 * Conventions: optional text is trimmed and '' becomes null; lists of strings drop blank entries;
 * list sections are sent as `{ items: [...] }` and saved replace-style. Unknown keys (ids, user ids,
 * timestamps the web echoes back) are stripped: rows are always keyed by the signed-in provider.
 */

// ── Section ids ─────────────────────────────────────────────────────────────────────────────

/** The per-user lists that sit beside the nine sections and have their own save. */
export const EXTRA_LIST_IDS = ['languages', 'board_certifications', 'hospital_affiliations', 'awards', 'insurance', 'licenses', 'social_media'] as const;
export type ExtraListId = (typeof EXTRA_LIST_IDS)[number];

/**
 * The section each extra list belongs to: its page edits it below the section, and the hospital's
 * permission for the section decides whether the public sees it (the public gate, decision 0020; the
 * public_languages view of migration 0016 says the same of languages).
 */
export const SECTION_OF_EXTRA_LIST = {
  licenses: 'professional_identity',
  board_certifications: 'professional_identity',
  languages: 'practice_essentials',
  hospital_affiliations: 'practice_essentials',
  insurance: 'practice_essentials',
  awards: 'biography',
  social_media: 'biography',
} as const satisfies Record<ExtraListId, SectionId>;

/** The section whose permission governs a section or an extra list. */
export const governingSection = (id: ProfileSectionId): SectionId =>
  id in SECTION_OF_EXTRA_LIST ? SECTION_OF_EXTRA_LIST[id as ExtraListId] : (id as SectionId);

export const PROFILE_SECTION_IDS = [...SECTION_IDS, ...EXTRA_LIST_IDS] as const;
export type ProfileSectionId = SectionId | ExtraListId;

export function isProfileSectionId(value: string): value is ProfileSectionId {
  return (PROFILE_SECTION_IDS as readonly string[]).includes(value);
}

/** Sections stored as one row per user; every other id is a list saved replace-style. */
export const SINGLE_ROW_SECTION_IDS = ['professional_identity', 'practice_essentials', 'biography'] as const satisfies readonly ProfileSectionId[];

// ── Messages ────────────────────────────────────────────────────────────────────────────────

export const PROFILE_MESSAGES = {
  unknownSection: (id: string) => `Unknown section ID: ${id}`,
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email format is invalid',
  jobTitleRequired: 'Job title is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  invalidLanguage: (code: string) => `Invalid language code: ${code}`,
  duplicateLicense: 'A license with this number already exists for this state',
  npiTaken: 'This NPI number is already registered to another account.',
  noNpi: 'No NPI number found. Please update your Professional Identity with your NPI number first.',
  trialRoleFailed: 'Failed to update trial role',
  trialNotFound: 'Clinical trial not found',
  locationNotFound: (id: string) => `Location with ID ${id} not found`,
  unknownTerms: (ids: string[]) => `Unknown expertise term IDs: ${ids.join(', ')}`,
  unknownMedicalSchool: (id: string) => `Unknown medical school: ${id}`,
  unknownResidencyProgram: (id: string) => `Unknown residency program: ${id}`,
  unknownFellowshipSpecialty: (id: string) => `Unknown fellowship specialty: ${id}`,
  onePrimaryLocation: 'Only one location can be the primary location',
  locationNameRequired: 'Location name is required',
  state: 'State must be a 2-letter code, like IL',
  postalCode: 'ZIP code must be 5 digits or ZIP+4 (12345 or 12345-6789)',
  phone: 'Phone number must have 7 to 15 digits',
  fax: 'Fax number must have 7 to 15 digits',
  url: 'URL must start with http:// or https://',
  date: 'Use the date format YYYY-MM-DD',
  year: 'Enter a 4-digit year between 1900 and 2100',
  endBeforeStart: 'End year cannot be before start year',
  expiresBeforeIssued: 'Expiration date cannot be before issue date',
  nctNumber: 'NCT number must be NCT followed by 8 digits (e.g. NCT01234567)',
  doi: 'DOI must look like 10.1234/abc',
  pmid: 'PMID must be 1 to 9 digits',
  titleRequired: 'Title is required',
  trialTitleRequired: 'Trial title is required',
  educationTypeRequired: 'Choose the type of education',
  licenseNumberRequired: 'License number is required',
  issuingStateRequired: 'Issuing state is required',
  platformRequired: 'Platform is required',
  boardRequired: 'Certification board is required',
  hospitalNameRequired: 'Hospital name is required',
  awardNameRequired: 'Award name is required',
  insuranceNameRequired: 'Insurance name is required',
  termIdRequired: 'Term ID is required',
  languageCodeRequired: 'Language code is required',
  roleRequired: 'Role is required',
  invalidId: 'Choose an entry from the list',
} as const;

/** What a failed save answers (profile spec §8; sections the spec does not name follow the same pattern). */
export const SECTION_SAVE_ERRORS: Record<ProfileSectionId, string> = {
  professional_identity: 'Failed to save professional identity',
  education_training: 'Failed to save education and training',
  practice_essentials: 'Failed to save practice essentials',
  locations: 'Failed to save locations',
  biography: 'Failed to save biography',
  publications: 'Failed to save publications',
  clinical_trials: 'Failed to save clinical trials',
  media_press: 'Failed to save media articles',
  medical_expertise: 'Failed to save medical expertise',
  languages: 'Failed to save languages',
  board_certifications: 'Failed to save board certifications',
  hospital_affiliations: 'Failed to save hospital affiliations',
  awards: 'Failed to save awards',
  insurance: 'Failed to save insurance',
  licenses: 'Failed to save licenses',
  social_media: 'Failed to save social media',
};

/** What a failed read answers (the spec names the locations and biography texts; the rest follow suit). */
export const SECTION_READ_ERRORS: Record<ProfileSectionId, string> = Object.fromEntries(
  Object.entries(SECTION_SAVE_ERRORS).map(([id, text]) => [id, text.replace('Failed to save', 'Failed to retrieve')]),
) as Record<ProfileSectionId, string>;

export const PROFILE_READ_ERROR = 'Unable to fetch complete profile';

/** The stored summary until the provider writes one (profile spec §9). */
export const BIOGRAPHY_PLACEHOLDER = BIOGRAPHY_PENDING;

// ── Building blocks ─────────────────────────────────────────────────────────────────────────

const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

const requiredText = (message: string, max = 500) => z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** Optional text that must match a rule after trimming; `normalize` returns null for an invalid value. */
const checkedText = (max: number, message: string, normalize: (value: string) => string | null) =>
  optionalText(max).transform((value, ctx) => {
    if (value === null) return null;
    const normalized = normalize(value);
    if (normalized === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return normalized;
  });

/** Strings typed into a tag field: trimmed, blanks dropped, null → []. */
const stringList = (maxItems = 50, maxLength = 200) =>
  z
    .array(z.string().trim().max(maxLength, `Each entry must be at most ${maxLength} characters`))
    .max(maxItems, `At most ${maxItems} entries`)
    .nullish()
    .transform((list) => (list ?? []).filter((entry) => entry.length > 0));

/** A year from a number input (which may hand over '' or NaN when empty). */
const optionalYear = z.preprocess(
  (value) => {
    if (value === '' || value === null || value === undefined) return null;
    if (typeof value === 'number' && Number.isNaN(value)) return null;
    if (typeof value === 'string' && /^\d{4}$/.test(value.trim())) return Number(value.trim());
    return value;
  },
  z.number({ error: PROFILE_MESSAGES.year }).int(PROFILE_MESSAGES.year).min(1900, PROFILE_MESSAGES.year).max(2100, PROFILE_MESSAGES.year).nullable(),
);

const optionalDate = z.preprocess(blankToNull, z.iso.date(PROFILE_MESSAGES.date).nullable());

const optionalBoolean = z.preprocess(blankToNull, z.boolean().nullable());

export const US_STATE_CODES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'AS',
  'GU',
  'MP',
  'PR',
  'VI',
] as const;

const normalizeState = (value: string) => {
  const upper = value.toUpperCase();
  return (US_STATE_CODES as readonly string[]).includes(upper) ? upper : null;
};

/** 12345, 123456789 or 12345-6789 → 12345 or 12345-6789. */
export const normalizePostalCode = (value: string) => {
  const match = /^(\d{5})(?:[-\s]?(\d{4}))?$/.exec(value);
  return match ? (match[2] ? `${match[1]}-${match[2]}` : match[1]!) : null;
};

// The phone and web-address rules are the hospital locations' too (fields.ts); the pages import them from here.
export { normalizeHttpUrl, normalizePhone } from './fields';

const stateCode = checkedText(20, PROFILE_MESSAGES.state, normalizeState);
const postalCode = checkedText(20, PROFILE_MESSAGES.postalCode, normalizePostalCode);
const phone = (message: string) => checkedText(40, message, normalizePhone);
const httpUrl = checkedText(2000, PROFILE_MESSAGES.url, normalizeHttpUrl);

/** A required e-mail: trimmed, lower-cased, the same loose address shape as sign-up. */
const email = z
  .string({ error: PROFILE_MESSAGES.emailRequired })
  .trim()
  .min(1, PROFILE_MESSAGES.emailRequired)
  .max(320)
  .regex(EMAIL_PATTERN, PROFILE_MESSAGES.emailInvalid)
  .transform((value) => value.toLowerCase());

/** What each list's entries are called in the message at its cap. */
const LIST_NOUNS: Record<ProfileListId, string> = {
  publications: 'publications',
  clinical_trials: 'clinical trials',
  media_press: 'media articles',
  education_training: 'education entries',
  locations: 'locations',
  medical_expertise: 'expertise terms',
  languages: 'languages',
  licenses: 'licenses',
  board_certifications: 'board certifications',
  hospital_affiliations: 'hospital affiliations',
  awards: 'awards',
  insurance: 'insurance plans',
  social_media: 'social media links',
};

/** "At most 500 publications": the refusal of a save over a list's cap, and the forms' note at it. */
export const listCapMessage = (id: ProfileListId) => `At most ${PROFILE_LIST_CAPS[id].toLocaleString('en-US')} ${LIST_NOUNS[id]}`;

/** A list section's body: `{ items }`, at most the list's cap of entries (limits.ts says why each). */
const listOf = <T extends z.ZodType>(item: T, id: ProfileListId) =>
  z.object({ items: z.array(item).max(PROFILE_LIST_CAPS[id], listCapMessage(id)).default([]) });

// ── User profile validator (profile spec §5) ────────────────────────────────────────────────

/** The users row's own fields: full name, e-mail and job title are required. */
export const userProfileFieldsSchema = z.object({
  fullName: requiredText(PROFILE_MESSAGES.fullNameRequired, 200),
  email,
  jobTitle: requiredText(PROFILE_MESSAGES.jobTitleRequired, 200),
});
export type UserProfileFieldsInput = z.input<typeof userProfileFieldsSchema>;
export type UserProfileFields = z.output<typeof userProfileFieldsSchema>;

// ── professional_identity ───────────────────────────────────────────────────────────────────

/** Fields the national registry can fill; a field flagged in manualOverrideFlags keeps the typed value. */
export const REGISTRY_IDENTITY_FIELDS = [
  'firstName',
  'lastName',
  'fullLegalName',
  'credentials',
  'primarySpecialty',
  'primarySpecialties',
  'licenses',
] as const;
export type RegistryIdentityField = (typeof REGISTRY_IDENTITY_FIELDS)[number];

export const identityCredentialSchema = z.object({
  type: z.string().trim().min(1).max(40).default('degree'),
  name: requiredText('Credential name is required', 60),
  // Providers cannot mark a credential verified; the server keeps only what the registry verified.
  verified: z.boolean().optional(),
});

export const identityCertificationSchema = z.object({
  name: requiredText('Certification name is required', 200),
  issuer: optionalText(200).transform((v) => v ?? undefined),
  year: optionalYear.transform((v) => v ?? undefined),
});

export const identityLicenseSchema = z.object({
  number: requiredText(PROFILE_MESSAGES.licenseNumberRequired, 60),
  state: stateCode.transform((v) => v ?? ''),
  status: z.enum(LICENSE_STATUSES).default('active'),
  taxonomy_code: optionalText(20).transform((v) => v ?? undefined),
});

export const professionalIdentitySchema = z.object({
  npiNumber: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), npiSchema.nullish()).transform((v) => v ?? null),
  fullLegalName: requiredText(PROFILE_MESSAGES.fullNameRequired, 200),
  firstName: requiredText(PROFILE_MESSAGES.firstNameRequired, 100),
  lastName: requiredText(PROFILE_MESSAGES.lastNameRequired, 100),
  preferredName: optionalText(100),
  pronouns: optionalText(40),
  professionalEmail: email,
  jobTitle: requiredText(PROFILE_MESSAGES.jobTitleRequired, 200),
  department: optionalText(200),
  division: optionalText(200),
  section: optionalText(200),
  departmentId: optionalText(300),
  divisionId: optionalText(300),
  sectionId: optionalText(300),
  primarySpecialty: optionalText(200),
  primarySpecialties: stringList(10),
  additionalSpecialties: stringList(20),
  credentials: z
    .array(identityCredentialSchema)
    .max(20)
    .nullish()
    .transform((v) => v ?? []),
  academicTitles: stringList(20),
  certifications: z
    .array(identityCertificationSchema)
    .max(50)
    .nullish()
    .transform((v) => v ?? []),
  licenses: z
    .array(identityLicenseSchema)
    .max(50)
    .nullish()
    .transform((v) => v ?? []),
  /** Field name → true for fields the provider typed; a registry refresh leaves those alone. */
  manualOverrideFlags: z
    .record(z.string().max(60), z.boolean())
    .nullish()
    .transform((v) => v ?? {}),
});
export type ProfessionalIdentityInput = z.input<typeof professionalIdentitySchema>;
export type ProfessionalIdentity = z.output<typeof professionalIdentitySchema>;

export const npiRefreshSchema = z.object({
  /** Optional: a new NPI to look up and store; the stored one otherwise. */
  npiNumber: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), npiSchema.optional()),
});
export type NpiRefreshInput = z.input<typeof npiRefreshSchema>;

// ── education_training ──────────────────────────────────────────────────────────────────────

export const educationEntrySchema = z
  .object({
    educationType: z.enum(EDUCATION_TYPES, PROFILE_MESSAGES.educationTypeRequired),
    institutionName: optionalText(300),
    /** MD, DO, MBBS, PhD, BS… (free text; the form offers the usual ones). */
    degree: optionalText(60),
    fieldOfStudy: optionalText(200),
    startDate: optionalDate,
    endDate: optionalDate,
    graduationYear: optionalYear,
    description: optionalText(4000),
    source: z.enum(EDUCATION_SOURCES).default('user'),
    dataSource: z.preprocess(blankToNull, z.enum(DATA_SOURCES).nullable()),
    // Residency
    programId: z.preprocess(blankToNull, z.uuid(PROFILE_MESSAGES.invalidId).nullable()),
    programName: optionalText(300),
    medicalSchoolId: optionalText(200),
    medicalSchoolName: optionalText(300),
    startYear: optionalYear,
    endYear: optionalYear,
    location: optionalText(300),
    // Fellowship
    parentSpecialty: optionalText(200),
    fellowshipSpecialtyId: z.preprocess(blankToNull, z.uuid(PROFILE_MESSAGES.invalidId).nullable()),
    fellowshipSpecialtyName: optionalText(300),
    completionYear: optionalYear,
  })
  .superRefine((entry, ctx) => {
    if (entry.startYear !== null && entry.endYear !== null && entry.endYear < entry.startYear) {
      ctx.addIssue({ code: 'custom', path: ['endYear'], message: PROFILE_MESSAGES.endBeforeStart });
    }
    if (entry.startDate && entry.endDate && entry.endDate < entry.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: PROFILE_MESSAGES.endBeforeStart });
    }
  });
export const educationTrainingSchema = listOf(educationEntrySchema, 'education_training');
export type EducationEntryInput = z.input<typeof educationEntrySchema>;
export type EducationEntry = z.output<typeof educationEntrySchema>;
export type EducationTrainingInput = z.input<typeof educationTrainingSchema>;

// ── practice_essentials ─────────────────────────────────────────────────────────────────────

export const practiceEssentialsSchema = z.object({
  acceptingNewPatients: optionalBoolean,
  ageGroupsTreated: stringList(20, 100),
  patientAgeGroups: stringList(20, 100),
  appointmentTypes: stringList(20, 100),
  schedulingNotes: optionalText(2000),
  practiceName: optionalText(300),
  practiceType: optionalText(100),
  hospitalAffiliations: stringList(50, 300),
  groupAffiliations: stringList(50, 300),
  telehealthServices: stringList(20, 100),
  practiceFocus: optionalText(2000),
});
export type PracticeEssentialsInput = z.input<typeof practiceEssentialsSchema>;
export type PracticeEssentials = z.output<typeof practiceEssentialsSchema>;

// ── locations ───────────────────────────────────────────────────────────────────────────────

export const locationEntrySchema = z
  .object({
    /** One of the hospital's locations; its name and address fill the blanks of this entry. */
    predefinedLocationId: z.preprocess(blankToNull, z.uuid(PROFILE_MESSAGES.invalidId).nullable()),
    locationName: optionalText(200),
    address: optionalText(300),
    addressLine2: optionalText(300),
    city: optionalText(100),
    state: stateCode,
    postalCode,
    country: optionalText(2).transform((v) => (v ? v.toUpperCase() : 'US')),
    floor: optionalText(40),
    suiteOfficeNumber: optionalText(40),
    phoneNumber: phone(PROFILE_MESSAGES.phone),
    faxNumber: phone(PROFILE_MESSAGES.fax),
    website: httpUrl,
    isPrimaryLocation: z.boolean().default(false),
    acceptingNewPatients: optionalBoolean,
    telehealthAvailable: z.boolean().default(false),
    specialNotes: optionalText(2000),
  })
  .superRefine((entry, ctx) => {
    if (!entry.predefinedLocationId && !entry.locationName) {
      ctx.addIssue({ code: 'custom', path: ['locationName'], message: PROFILE_MESSAGES.locationNameRequired });
    }
  });
export const locationsSchema = listOf(locationEntrySchema, 'locations')
  .superRefine((value, ctx) => {
    if (value.items.filter((item) => item.isPrimaryLocation).length > 1) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: PROFILE_MESSAGES.onePrimaryLocation });
    }
  })
  // Exactly one primary whenever there is any location: the first one when none is marked.
  .transform((value) => ({
    items: value.items.map((item, index) => ({
      ...item,
      isPrimaryLocation: item.isPrimaryLocation || (index === 0 && !value.items.some((other) => other.isPrimaryLocation)),
    })),
  }));
export type LocationEntryInput = z.input<typeof locationEntrySchema>;
export type LocationEntry = z.output<typeof locationEntrySchema>;
export type LocationsInput = z.input<typeof locationsSchema>;

// ── biography ───────────────────────────────────────────────────────────────────────────────

export const biographySchema = z.object({
  professionalSummary: optionalText(10_000).transform((v) => v ?? BIOGRAPHY_PLACEHOLDER),
  publicSummary: optionalText(10_000),
  personalInterests: optionalText(4000),
  awardsHonors: optionalText(4000),
  memberships: optionalText(4000),
  volunteerWork: optionalText(4000),
  languagesSpoken: optionalText(1000),
});
export type BiographyInput = z.input<typeof biographySchema>;
export type Biography = z.output<typeof biographySchema>;

// ── publications, clinical_trials, media_press ──────────────────────────────────────────────

/** A discovered item the provider approved keeps that status; everything typed is manual. */
const shownItemStatus = z.preprocess((value) => (value === 'approved' ? 'approved' : 'manual'), z.enum(['manual', 'approved']));

const normalizeDoi = (value: string) => {
  const bare = value.replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, '');
  return /^10\.\d{4,9}\/\S+$/.test(bare) ? bare : null;
};

export const publicationEntrySchema = z.object({
  title: requiredText(PROFILE_MESSAGES.titleRequired, 1000),
  authors: stringList(PROFILE_ITEM_CAPS.authors, 300),
  journalName: optionalText(500),
  /** As precise as the source gives it: "2021", "2021 Mar", "2021-03-15". */
  publicationDate: optionalText(40),
  volume: optionalText(40),
  issue: optionalText(40),
  pages: optionalText(40),
  doi: checkedText(300, PROFILE_MESSAGES.doi, normalizeDoi),
  pmid: checkedText(20, PROFILE_MESSAGES.pmid, (value) => (/^\d{1,9}$/.test(value) ? value : null)),
  publicationType: optionalText(60).transform((v) => v ?? 'peer_reviewed'),
  abstract: optionalText(20_000),
  keywords: stringList(PROFILE_ITEM_CAPS.keywords, 200),
  isFeatured: z.boolean().default(false),
  status: shownItemStatus.default('manual'),
  /** Only used to carry discovery details over from the provider's own previous row. */
  id: z.string().max(100).optional(),
});
export const publicationsSchema = listOf(publicationEntrySchema, 'publications');
export type PublicationEntryInput = z.input<typeof publicationEntrySchema>;
export type PublicationEntry = z.output<typeof publicationEntrySchema>;

export const clinicalTrialEntrySchema = z
  .object({
    trialTitle: requiredText(PROFILE_MESSAGES.trialTitleRequired, 1000),
    nctNumber: checkedText(20, PROFILE_MESSAGES.nctNumber, (value) => (/^NCT\d{8}$/i.test(value) ? value.toUpperCase() : null)),
    phase: optionalText(40),
    status: optionalText(60).transform((v) => v ?? 'recruiting'),
    startDate: optionalText(40),
    completionDate: optionalText(40),
    sponsor: optionalText(300),
    role: optionalText(60).transform((v) => v ?? 'investigator'),
    description: optionalText(20_000),
    conditionsStudied: stringList(PROFILE_ITEM_CAPS.conditionsStudied, 300),
    /** Unknown or missing becomes manual (profile spec §4). */
    userStatus: z.unknown().optional(),
    /** false hides the trial (user_status hidden); true un-hides a hidden one. */
    isVisible: z.boolean().optional(),
    id: z.string().max(100).optional(),
  })
  .transform(({ userStatus, isVisible, ...entry }) => {
    const known = typeof userStatus === 'string' && (TRIAL_USER_STATUSES as readonly string[]).includes(userStatus);
    let status = known ? (userStatus as (typeof TRIAL_USER_STATUSES)[number]) : 'manual';
    if (isVisible === false) status = 'hidden';
    else if (isVisible === true && status === 'hidden') status = 'manual';
    return { ...entry, userStatus: status };
  });
export const clinicalTrialsSchema = listOf(clinicalTrialEntrySchema, 'clinical_trials');
export type ClinicalTrialEntryInput = z.input<typeof clinicalTrialEntrySchema>;
export type ClinicalTrialEntry = z.output<typeof clinicalTrialEntrySchema>;

export const trialRoleSchema = z.object({ role: requiredText(PROFILE_MESSAGES.roleRequired, 60) });
export type TrialRoleInput = z.input<typeof trialRoleSchema>;

export const mediaEntrySchema = z.object({
  title: requiredText(PROFILE_MESSAGES.titleRequired, 1000),
  mediaType: optionalText(60).transform((v) => v ?? 'article'),
  publicationSource: optionalText(300),
  date: optionalText(40),
  url: httpUrl,
  description: optionalText(10_000),
  isFeatured: z.boolean().default(false),
  status: shownItemStatus.default('manual'),
  id: z.string().max(100).optional(),
});
export const mediaPressSchema = listOf(mediaEntrySchema, 'media_press');
export type MediaEntryInput = z.input<typeof mediaEntrySchema>;
export type MediaEntry = z.output<typeof mediaEntrySchema>;

// ── medical_expertise ───────────────────────────────────────────────────────────────────────

export const expertiseEntrySchema = z.object({
  termId: requiredText(PROFILE_MESSAGES.termIdRequired, 100),
  specialtyName: optionalText(200),
  termType: z.preprocess(blankToNull, z.enum(TERM_TYPES).nullable()),
  term: optionalText(500),
});
export const medicalExpertiseSchema = listOf(expertiseEntrySchema, 'medical_expertise');
export type ExpertiseEntryInput = z.input<typeof expertiseEntrySchema>;
export type ExpertiseEntry = z.output<typeof expertiseEntrySchema>;

// ── Extra lists ─────────────────────────────────────────────────────────────────────────────

/** A language code as listing services send one: ISO 639 (`yue`, `en`), optionally with a region (`pt-br`). */
export const LANGUAGE_CODE_PATTERN = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i;

export const languageEntrySchema = z.object({
  languageCode: requiredText(PROFILE_MESSAGES.languageCodeRequired, 10).transform((v) => v.toLowerCase()),
  proficiency: z.preprocess(blankToNull, z.enum(LANGUAGE_PROFICIENCIES).nullable()).transform((v) => v ?? 'basic'),
  isFromYext: z.boolean().default(false),
});
export const languagesSchema = listOf(languageEntrySchema, 'languages');
export type LanguageEntryInput = z.input<typeof languageEntrySchema>;
export type LanguageEntry = z.output<typeof languageEntrySchema>;

export const licenseEntrySchema = z
  .object({
    licenseName: optionalText(200),
    licenseNumber: requiredText(PROFILE_MESSAGES.licenseNumberRequired, 60),
    issuingState: stateCode.refine((v): v is string => v !== null, PROFILE_MESSAGES.issuingStateRequired),
    issuingAuthority: optionalText(300),
    issueDate: optionalDate,
    expirationDate: optionalDate,
    status: z.preprocess(blankToNull, z.enum(LICENSE_STATUSES).nullable()).transform((v) => v ?? 'active'),
    /** Ignored from providers: only an already verified license stays verified. */
    isVerified: z.boolean().optional(),
  })
  .superRefine((entry, ctx) => {
    if (entry.issueDate && entry.expirationDate && entry.expirationDate < entry.issueDate) {
      ctx.addIssue({ code: 'custom', path: ['expirationDate'], message: PROFILE_MESSAGES.expiresBeforeIssued });
    }
  });
export const licensesSchema = listOf(licenseEntrySchema, 'licenses');
export type LicenseEntryInput = z.input<typeof licenseEntrySchema>;
export type LicenseEntry = z.output<typeof licenseEntrySchema>;

export const socialMediaEntrySchema = z.object({
  platform: requiredText(PROFILE_MESSAGES.platformRequired, 60),
  username: optionalText(200),
  profileUrl: httpUrl,
  isVisible: z.boolean().default(true),
  /** Defaults to the entry's position in the list. */
  displayOrder: z.number().int().min(0).max(1000).nullish(),
});
export const socialMediaSchema = listOf(socialMediaEntrySchema, 'social_media').transform((value) => ({
  items: value.items.map((item, index) => ({ ...item, displayOrder: item.displayOrder ?? index })),
}));
export type SocialMediaEntryInput = z.input<typeof socialMediaEntrySchema>;
export type SocialMediaEntry = z.output<typeof socialMediaEntrySchema>;

export const boardCertificationEntrySchema = z
  .object({
    certificationBoard: requiredText(PROFILE_MESSAGES.boardRequired, 300),
    specialty: optionalText(200),
    certificationYear: optionalYear,
    expirationYear: optionalYear,
    status: optionalText(40).transform((v) => v ?? 'active'),
  })
  .superRefine((entry, ctx) => {
    if (entry.certificationYear !== null && entry.expirationYear !== null && entry.expirationYear < entry.certificationYear) {
      ctx.addIssue({ code: 'custom', path: ['expirationYear'], message: PROFILE_MESSAGES.endBeforeStart });
    }
  });
export const boardCertificationsSchema = listOf(boardCertificationEntrySchema, 'board_certifications');
export type BoardCertificationEntryInput = z.input<typeof boardCertificationEntrySchema>;

export const hospitalAffiliationEntrySchema = z.object({
  hospitalName: requiredText(PROFILE_MESSAGES.hospitalNameRequired, 300),
  department: optionalText(200),
  title: optionalText(200),
  startYear: optionalYear,
  isPrimary: z.boolean().default(false),
});
export const hospitalAffiliationsSchema = listOf(hospitalAffiliationEntrySchema, 'hospital_affiliations');
export type HospitalAffiliationEntryInput = z.input<typeof hospitalAffiliationEntrySchema>;

export const awardEntrySchema = z.object({
  awardName: requiredText(PROFILE_MESSAGES.awardNameRequired, 300),
  awardingOrganization: optionalText(300),
  awardYear: optionalYear,
  description: optionalText(4000),
});
export const awardsSchema = listOf(awardEntrySchema, 'awards');
export type AwardEntryInput = z.input<typeof awardEntrySchema>;

export const insuranceEntrySchema = z.object({
  insuranceName: requiredText(PROFILE_MESSAGES.insuranceNameRequired, 300),
  planType: optionalText(100),
});
export const insuranceSchema = listOf(insuranceEntrySchema, 'insurance');
export type InsuranceEntryInput = z.input<typeof insuranceEntrySchema>;

// ── Registry ────────────────────────────────────────────────────────────────────────────────

/** The request schema of every section id, for `PUT /api/profile/sections/:sectionId`. */
export const PROFILE_SECTION_SCHEMAS = {
  professional_identity: professionalIdentitySchema,
  education_training: educationTrainingSchema,
  practice_essentials: practiceEssentialsSchema,
  locations: locationsSchema,
  biography: biographySchema,
  publications: publicationsSchema,
  clinical_trials: clinicalTrialsSchema,
  media_press: mediaPressSchema,
  medical_expertise: medicalExpertiseSchema,
  languages: languagesSchema,
  board_certifications: boardCertificationsSchema,
  hospital_affiliations: hospitalAffiliationsSchema,
  awards: awardsSchema,
  insurance: insuranceSchema,
  licenses: licensesSchema,
  social_media: socialMediaSchema,
} as const satisfies Record<ProfileSectionId, z.ZodType>;

export type ProfileSectionInput<Id extends ProfileSectionId> = z.input<(typeof PROFILE_SECTION_SCHEMAS)[Id]>;
export type ProfileSectionData<Id extends ProfileSectionId> = z.output<(typeof PROFILE_SECTION_SCHEMAS)[Id]>;

/**
 * The fields a section's request names: a single-row section's own, a list's per entry (as sent and as
 * parsed, so a field a transform renames or drops still counts). The type-level checks that a new field
 * is handled everywhere (issue 38; docs/architecture.md, "Adding a field to a section") key on these.
 */
export type ProfileSectionField<Id extends ProfileSectionId> = FieldsOf<ProfileSectionInput<Id>> | FieldsOf<ProfileSectionData<Id>>;

/** One entry of a section's data: the data of a single-row section, an element of a list's `items`. */
export type EntryOf<Data> = Data extends { items?: infer Items } ? (NonNullable<Items> extends ReadonlyArray<infer Item> ? Item : never) : NonNullable<Data>;

/** The field names of a section's entries, for data shaped like a request, a parse or a view. */
export type FieldsOf<Data> = Extract<keyof EntryOf<Data>, string>;

import { EDUCATION_TYPE_LABELS, type EducationType } from '../../../shared/enums';
import type { SectionId } from '../../../shared/limits';
import {
  governingSection,
  type EntryOf,
  type FieldsOf,
  type ProfileSectionField,
  type ProfileSectionId,
  type SINGLE_ROW_SECTION_IDS,
} from '../../../shared/schemas/profile';
import { offersVideoVisits } from '../../lib/video-visits';
import type { FullProfileRead, SectionView } from '../profile/read';

/**
 * What the public sees of a published provider: only sections the hospital's section permissions
 * show, only entries the provider left visible, and never contact details meant for colleagues
 * (professional e-mail, licences, fax, notes), nor anything still waiting for the provider's review.
 */
export interface PublicProfile {
  name: string;
  credentials: string[];
  pronouns: string | null;
  photo: string | null;
  npi: string | null;
  jobTitle: string | null;
  primarySpecialty: string | null;
  additionalSpecialties: string[];
  acceptingNewPatients: boolean | null;
  /** The practice says video, as a telehealth service or an appointment type (src/shared/video-visits.ts). */
  videoVisits: boolean;
  summary: string | null;
  languages: string[];
  locations: Array<{
    id: string;
    name: string | null;
    address: string | null;
    addressLine2: string | null;
    city: string | null;
    state: string | null;
    postalCode: string | null;
    phone: string | null;
    isPrimary: boolean;
    /** The office's coordinates, when the read carries them (the distance search sets them at save time). */
    latitude: number | null;
    longitude: number | null;
  }>;
  /** `program`: the residency or fellowship programme, or the field of study. */
  /** `type`: the education type's id (`medical_school`…), `kind` its English label. */
  education: Array<{ type: string | null; kind: string; institution: string | null; program: string | null; degree: string | null; year: number | null }>;
  boardCertifications: Array<{ board: string; specialty: string | null; year: number | null }>;
  hospitalAffiliations: string[];
  /** `termId`: the reference list's id (`CON-I10`), for the term's name in another language. */
  expertise: Array<{ term: string; type: string | null; termId: string | null }>;
  publications: Array<{ title: string; journal: string | null; date: string | null; doi: string | null; pmid: string | null }>;
  trials: Array<{ title: string; nctNumber: string | null; status: string | null; role: string | null; phase: string | null }>;
  media: Array<{ title: string; source: string | null; date: string | null; url: string | null }>;
  awards: Array<{ name: string; organization: string | null; year: number | null }>;
  insurance: string[];
  hospitalName: string | null;
  /** NUCC taxonomy codes the registry gave (the primary first). */
  specialtyCodes: Array<{ code: string; name: string }>;
  firstName: string | null;
  lastName: string | null;
  languageCodes: Array<{ code: string; name: string }>;
}

/**
 * What the public page does with each field of each section (the request's fields and the view's
 * read-only extras alike): the PublicProfile field it fills, `entry` when it decides whether the whole
 * entry is public, or `false` when it never leaves the profile. tsc refuses a field of a schema or a view
 * that is not listed here (docs/architecture.md, "Adding a field to a section"), and
 * public-profile.unit.test.ts checks the listing is true: a `false` field changes nothing public.
 */
export type PublicUse = keyof PublicProfile | 'entry' | false;

/** Every field of a section, as its request and its view name them, with what the public page does with it. */
export type PublicFieldsOf<Fields extends string> = Record<Fields, PublicUse>;

type SectionFields<Id extends ProfileSectionId> = ProfileSectionField<Id> | FieldsOf<SectionView<Id>>;

export const PUBLIC_FIELDS = {
  professional_identity: {
    fullLegalName: 'name',
    firstName: 'firstName',
    lastName: 'lastName',
    credentials: 'credentials',
    pronouns: 'pronouns',
    profilePhoto: 'photo',
    npiNumber: 'npi',
    jobTitle: 'jobTitle',
    primarySpecialty: 'primarySpecialty',
    additionalSpecialties: 'additionalSpecialties',
    npiSpecialties: 'specialtyCodes',
    // Contact details for colleagues, the hospital's org units, registry bookkeeping.
    preferredName: false,
    professionalEmail: false,
    department: false,
    division: false,
    section: false,
    departmentId: false,
    divisionId: false,
    sectionId: false,
    primarySpecialties: false,
    academicTitles: false,
    certifications: false,
    licenses: false,
    manualOverrideFlags: false,
    matchedSpecialtyConfidence: false,
    isAutoPopulated: false,
    autoPopulatedAt: false,
    lastUpdated: false,
  },
  education_training: {
    educationType: 'education',
    institutionName: 'education',
    medicalSchoolName: 'education',
    programName: 'education',
    fellowshipSpecialtyName: 'education',
    fieldOfStudy: 'education',
    degree: 'education',
    graduationYear: 'education',
    completionYear: 'education',
    endYear: 'education',
    id: false,
    startDate: false,
    endDate: false,
    isCurrent: false,
    description: false,
    source: false,
    dataSource: false,
    programId: false,
    medicalSchoolId: false,
    startYear: false,
    location: false,
    parentSpecialty: false,
    fellowshipSpecialtyId: false,
  },
  practice_essentials: {
    acceptingNewPatients: 'acceptingNewPatients',
    appointmentTypes: 'videoVisits',
    telehealthServices: 'videoVisits',
    ageGroupsTreated: false,
    patientAgeGroups: false,
    schedulingNotes: false,
    practiceName: false,
    practiceType: false,
    hospitalAffiliations: false,
    groupAffiliations: false,
    practiceFocus: false,
  },
  locations: {
    id: 'locations',
    locationName: 'locations',
    address: 'locations',
    addressLine2: 'locations',
    city: 'locations',
    state: 'locations',
    postalCode: 'locations',
    phoneNumber: 'locations',
    isPrimaryLocation: 'locations',
    latitude: 'locations',
    longitude: 'locations',
    predefinedLocationId: false,
    country: false,
    floor: false,
    suiteOfficeNumber: false,
    faxNumber: false,
    website: false,
    acceptingNewPatients: false,
    telehealthAvailable: false,
    specialNotes: false,
  },
  biography: {
    publicSummary: 'summary',
    professionalSummary: 'summary',
    personalInterests: false,
    awardsHonors: false,
    memberships: false,
    volunteerWork: false,
    languagesSpoken: false,
  },
  publications: {
    title: 'publications',
    journalName: 'publications',
    publicationDate: 'publications',
    doi: 'publications',
    pmid: 'publications',
    status: 'entry',
    id: false,
    authors: false,
    volume: false,
    issue: false,
    pages: false,
    publicationType: false,
    abstract: false,
    keywords: false,
    isFeatured: false,
    discoveredAt: false,
    confidenceScore: false,
  },
  clinical_trials: {
    trialTitle: 'trials',
    nctNumber: 'trials',
    status: 'trials',
    role: 'trials',
    phase: 'trials',
    userStatus: 'entry',
    isVisible: 'entry',
    id: false,
    startDate: false,
    completionDate: false,
    sponsor: false,
    description: false,
    conditionsStudied: false,
    discoveredAt: false,
    confidenceScore: false,
  },
  media_press: {
    title: 'media',
    publicationSource: 'media',
    date: 'media',
    url: 'media',
    status: 'entry',
    id: false,
    mediaType: false,
    description: false,
    isFeatured: false,
    discoveredAt: false,
    confidenceScore: false,
  },
  medical_expertise: { term: 'expertise', termType: 'expertise', termId: 'expertise', id: false, specialtyName: false },
  languages: { languageName: 'languages', languageCode: 'languageCodes', id: false, proficiency: false, displayOrder: false, isFromYext: false },
  board_certifications: {
    certificationBoard: 'boardCertifications',
    specialty: 'boardCertifications',
    certificationYear: 'boardCertifications',
    // A certification whose free-text status says 'pending' is not shown, like any entry waiting for review.
    status: 'entry',
    id: false,
    expirationYear: false,
  },
  hospital_affiliations: { hospitalName: 'hospitalAffiliations', id: false, department: false, title: false, startYear: false, isPrimary: false },
  awards: { awardName: 'awards', awardingOrganization: 'awards', awardYear: 'awards', id: false, description: false },
  insurance: { insuranceName: 'insurance', id: false, planType: false },
  // Licences and social links are for colleagues; the public page shows neither.
  licenses: {
    id: false,
    licenseName: false,
    licenseNumber: false,
    issuingState: false,
    issuingAuthority: false,
    issueDate: false,
    expirationDate: false,
    status: false,
    isVerified: false,
  },
  social_media: { id: false, platform: false, username: false, profileUrl: false, isVisible: false, displayOrder: false },
} as const satisfies { [Id in ProfileSectionId]: PublicFieldsOf<SectionFields<Id>> };

type ListId = Exclude<ProfileSectionId, (typeof SINGLE_ROW_SECTION_IDS)[number]>;
type SingleId = (typeof SINGLE_ROW_SECTION_IDS)[number];
type Entry<Id extends ProfileSectionId> = EntryOf<SectionView<Id>>;

const text = (value: string | null | undefined) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const number = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const strings = (value: readonly string[] | null | undefined) => (Array.isArray(value) ? value.map(text).filter((v): v is string => v !== null) : []);

/** Entries the provider hid, or that wait for their review, are not public. */
const shown = (item: { isVisible?: boolean; userStatus?: string; status?: string | null }) =>
  item.isVisible !== false && item.userStatus !== 'hidden' && item.userStatus !== 'pending' && item.userStatus !== 'rejected' && item.status !== 'pending';

export function publicProfileOf(read: FullProfileRead): PublicProfile {
  // The hospital's section permissions, as the public views read them: a list follows its section.
  const visible = new Set(read.permissions.filter((p) => p.isVisible).map((p) => p.sectionId as SectionId));
  const section = <Id extends SingleId>(id: Id): Entry<Id> | null =>
    visible.has(governingSection(id)) ? ((read.sections[id]?.data ?? null) as Entry<Id> | null) : null;
  const items = <Id extends ListId>(id: Id): Array<Entry<Id>> => {
    if (!visible.has(governingSection(id))) return [];
    const data = read.sections[id]?.data as { items?: Array<Entry<Id>> } | undefined;
    return Array.isArray(data?.items) ? data.items.filter(shown) : [];
  };

  const identity = section('professional_identity');
  const practice = section('practice_essentials');
  const biography = section('biography');
  const locationItems = items('locations');
  const credentials = Array.isArray(identity?.credentials) ? identity.credentials.map((c) => text(c.name)).filter((v): v is string => v !== null) : [];

  return {
    name: text(identity?.fullLegalName) ?? read.user.fullName,
    credentials,
    pronouns: text(identity?.pronouns),
    photo: text(identity?.profilePhoto),
    // Hidden means absent: nothing of a hidden identity comes back from the account row.
    npi: text(identity?.npiNumber),
    jobTitle: text(identity?.jobTitle),
    primarySpecialty: text(identity?.primarySpecialty),
    additionalSpecialties: strings(identity?.additionalSpecialties),
    acceptingNewPatients: typeof practice?.acceptingNewPatients === 'boolean' ? practice.acceptingNewPatients : null,
    videoVisits: offersVideoVisits(practice),
    summary: text(biography?.publicSummary) ?? text(biography?.professionalSummary),
    languages: items('languages')
      .map((l) => text(l.languageName) ?? text(l.languageCode))
      .filter((v): v is string => v !== null),
    locations: locationItems.map((l) => ({
      id: String(l.id),
      name: text(l.locationName),
      address: text(l.address),
      addressLine2: text(l.addressLine2),
      city: text(l.city),
      state: text(l.state),
      postalCode: text(l.postalCode),
      phone: text(l.phoneNumber),
      isPrimary: l.isPrimaryLocation === true,
      latitude: number(l.latitude),
      longitude: number(l.longitude),
    })),
    education: items('education_training').map((e) => ({
      type: text(e.educationType),
      kind: EDUCATION_TYPE_LABELS[e.educationType as EducationType] ?? 'Education',
      institution: text(e.institutionName) ?? text(e.medicalSchoolName) ?? text(e.programName),
      program: text(e.fellowshipSpecialtyName) ?? (text(e.institutionName) || text(e.medicalSchoolName) ? text(e.programName) : null) ?? text(e.fieldOfStudy),
      degree: text(e.degree),
      year: number(e.graduationYear) ?? number(e.completionYear) ?? number(e.endYear),
    })),
    boardCertifications: items('board_certifications')
      .map((c) => ({ board: text(c.certificationBoard) ?? '', specialty: text(c.specialty), year: number(c.certificationYear) }))
      .filter((c) => c.board),
    hospitalAffiliations: items('hospital_affiliations')
      .map((h) => text(h.hospitalName))
      .filter((v): v is string => v !== null),
    expertise: items('medical_expertise')
      .map((t) => ({ term: text(t.term) ?? '', type: text(t.termType), termId: text(t.termId) }))
      .filter((t) => t.term),
    publications: items('publications').map((p) => ({
      title: text(p.title) ?? '',
      journal: text(p.journalName),
      date: text(p.publicationDate),
      doi: text(p.doi),
      pmid: text(p.pmid),
    })),
    trials: items('clinical_trials').map((t) => ({
      title: text(t.trialTitle) ?? '',
      nctNumber: text(t.nctNumber),
      status: text(t.status),
      role: text(t.role),
      phase: text(t.phase),
    })),
    media: items('media_press').map((m) => ({ title: text(m.title) ?? '', source: text(m.publicationSource), date: text(m.date), url: text(m.url) })),
    awards: items('awards').map((a) => ({ name: text(a.awardName) ?? '', organization: text(a.awardingOrganization), year: number(a.awardYear) })),
    insurance: items('insurance')
      .map((i) => text(i.insuranceName))
      .filter((v): v is string => v !== null),
    hospitalName: read.user.hospitalName,
    specialtyCodes: (Array.isArray(identity?.npiSpecialties) ? identity.npiSpecialties : [])
      .slice()
      .sort((a, b) => Number(b.is_primary === true) - Number(a.is_primary === true))
      .map((s) => ({ code: text(s.code) ?? '', name: text(s.name) ?? '' }))
      .filter((s) => /^[0-9A-Z]{9}X$/.test(s.code)),
    firstName: identity ? text(identity.firstName) : null,
    lastName: identity ? text(identity.lastName) : null,
    languageCodes: items('languages')
      .map((l) => ({ code: text(l.languageCode) ?? '', name: text(l.languageName) ?? text(l.languageCode) ?? '' }))
      .filter((l) => l.code),
  };
}

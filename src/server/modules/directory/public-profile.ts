import { EDUCATION_TYPE_LABELS, type EducationType } from '../../../shared/enums';
import type { SectionId } from '../../../shared/limits';
import { governingSection, type ProfileSectionId } from '../../../shared/schemas/profile';
import { offersVideoVisits } from '../../lib/video-visits';
import type { FullProfileRead } from '../profile/read';

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

type Data = Record<string, unknown> | null | undefined;
type Item = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const strings = (value: unknown) => (Array.isArray(value) ? value.map(text).filter((v): v is string => v !== null) : []);

/** Entries the provider hid, or that wait for their review, are not public. */
const shown = (item: Item) => item.isVisible !== false && item.userStatus !== 'hidden' && item.userStatus !== 'pending' && item.userStatus !== 'rejected' && item.status !== 'pending';

export function publicProfileOf(read: FullProfileRead): PublicProfile {
  // The hospital's section permissions, as the public views read them: a list follows its section.
  const visible = new Set(read.permissions.filter((p) => p.isVisible).map((p) => p.sectionId as SectionId));
  const section = (id: ProfileSectionId): Data => (visible.has(governingSection(id)) ? ((read.sections as Record<string, { data: Data }>)[id]?.data ?? null) : null);
  const items = (id: ProfileSectionId): Item[] => {
    const data = section(id);
    return Array.isArray(data?.items) ? (data.items as Item[]).filter(shown) : [];
  };

  const identity = section('professional_identity');
  const practice = section('practice_essentials');
  const biography = section('biography');
  const locationItems = items('locations');
  const credentials = Array.isArray(identity?.credentials) ? (identity.credentials as Item[]).map((c) => text(c.name)).filter((v): v is string => v !== null) : [];

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
    languages: items('languages').map((l) => text(l.languageName) ?? text(l.languageCode)).filter((v): v is string => v !== null),
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
    hospitalAffiliations: items('hospital_affiliations').map((h) => text(h.hospitalName)).filter((v): v is string => v !== null),
    expertise: items('medical_expertise')
      .map((t) => ({ term: text(t.term) ?? '', type: text(t.termType), termId: text(t.termId) }))
      .filter((t) => t.term),
    publications: items('publications').map((p) => ({ title: text(p.title) ?? '', journal: text(p.journalName), date: text(p.publicationDate), doi: text(p.doi), pmid: text(p.pmid) })),
    trials: items('clinical_trials').map((t) => ({ title: text(t.trialTitle) ?? '', nctNumber: text(t.nctNumber), status: text(t.status), role: text(t.role), phase: text(t.phase) })),
    media: items('media_press').map((m) => ({ title: text(m.title) ?? '', source: text(m.publicationSource), date: text(m.date), url: text(m.url) })),
    awards: items('awards').map((a) => ({ name: text(a.awardName) ?? '', organization: text(a.awardingOrganization), year: number(a.awardYear) })),
    insurance: items('insurance').map((i) => text(i.insuranceName)).filter((v): v is string => v !== null),
    hospitalName: read.user.hospitalName,
    specialtyCodes: (Array.isArray(identity?.npiSpecialties) ? (identity.npiSpecialties as Item[]) : [])
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

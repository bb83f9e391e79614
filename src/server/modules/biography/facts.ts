import type { EducationFact, ProfileFacts, Pronouns } from '../../integrations/llm/types';
import { offersVideoVisits } from '../../lib/video-visits';
import type { getProfile } from '../profile/service';

type Profile = Awaited<ReturnType<typeof getProfile>>;

/** Credentials that make "Dr." the provider's own title rather than an assumption. */
const DOCTORAL = /^(?:MD|DO|PHD|DDS|DMD|DPM|PHARMD|PSYD|DNP|OD|DC|DRPH|EDD|DVM|MBBS|MBCHB|DNSC|AUD|DPT|OTD|SCD|DSC|MD-PHD|MD\/PHD)$/;

const clean = (value: string | null | undefined) => {
  const text = (value ?? '').replace(/\s+/g, ' ').trim();
  return text ? text : null;
};

/** Trimmed, without blanks or repeats (case-insensitive), in first-seen order. */
function unique(values: Array<string | null | undefined>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const text = clean(value);
    if (!text || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    out.push(text);
  }
  return out;
}

/** A free-text field holding a list ("ACC; AHA", one per line, or comma-separated). */
export function splitList(value: string | null | undefined): string[] {
  const text = clean(value?.replace(/\r/g, ''));
  if (!text) return [];
  const lines = (value ?? '')
    .split(/\n|;/)
    .map((line) => line.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim())
    .filter(Boolean);
  const items = lines.length > 1 ? lines : text.split(/,\s+(?:and\s+)?|\s+and\s+(?=[A-Z])/);
  return unique(items.map((item) => item.replace(/[.]$/, '')));
}

export function parsePronouns(value: string | null | undefined): Pronouns | null {
  const first = (value ?? '').toLowerCase().split(/[\s/,]+/)[0];
  if (first === 'she') return { subject: 'she', object: 'her', possessive: 'her', plural: false };
  if (first === 'he') return { subject: 'he', object: 'him', possessive: 'his', plural: false };
  if (first === 'they') return { subject: 'they', object: 'them', possessive: 'their', plural: true };
  return null;
}

/** "Ana Ruiz, MD, FACC" → "Ana Ruiz": credentials live in their own field. */
function bareName(name: string) {
  return name.replace(/,\s*[A-Za-z.\s/-]{2,12}(?:,\s*[A-Za-z.\s/-]{2,12})*$/, '').trim();
}

const EDUCATION_KINDS = new Set<EducationFact['kind']>(['medical_school', 'residency', 'fellowship', 'undergraduate', 'graduate', 'continuing_education']);

/** The provider's profile reduced to the facts a biography may use. */
export function buildFacts(profile: Profile): ProfileFacts {
  const { user, sections } = profile;
  const identity = sections.professional_identity;
  const practice = sections.practice_essentials;
  const bio = sections.biography;

  const firstName = clean(identity?.firstName) ?? clean(user.firstName);
  const lastName = clean(identity?.lastName) ?? clean(user.lastName);
  const preferredName = clean(identity?.preferredName);
  const given = preferredName ?? firstName;
  const fullName = given && lastName ? `${given} ${lastName}` : bareName(clean(identity?.fullLegalName) ?? clean(user.fullName) ?? '');

  const credentials = unique((identity?.credentials ?? []).map((c) => c.name));
  const isDoctor = credentials.some((c) => DOCTORAL.test(c.toUpperCase().replace(/\./g, '')));

  const specialties = unique([...(identity?.primarySpecialties ?? []), ...(identity?.additionalSpecialties ?? [])]);
  const primarySpecialty = clean(identity?.primarySpecialty) ?? specialties[0] ?? null;

  const education: EducationFact[] = sections.education_training.items
    .filter((item) => EDUCATION_KINDS.has(item.educationType as EducationFact['kind']))
    .map((item) => ({
      kind: item.educationType as EducationFact['kind'],
      institution: clean(item.institutionName) ?? clean(item.medicalSchoolName) ?? (item.educationType === 'residency' ? clean(item.programName) : null),
      degree: clean(item.degree),
      field:
        item.educationType === 'fellowship'
          ? (clean(item.fellowshipSpecialtyName) ?? clean(item.fieldOfStudy))
          : item.educationType === 'residency'
            ? (clean(item.fieldOfStudy) ?? (clean(item.institutionName) ? clean(item.programName) : null))
            : clean(item.fieldOfStudy),
      year: item.graduationYear ?? item.completionYear ?? item.endYear ?? null,
    }));

  const expertise = sections.medical_expertise.items;
  const termsOf = (type: string) => unique(expertise.filter((e) => e.termType === type).map((e) => e.term));

  const locations = [...sections.locations.items]
    .sort((a, b) => Number(b.isPrimaryLocation) - Number(a.isPrimaryLocation))
    .map((l) => ({ name: clean(l.locationName) ?? '', city: clean(l.city), state: clean(l.state), isPrimary: l.isPrimaryLocation }))
    .filter((l) => l.name);

  const hospitalName = clean(user.hospitalName);
  const affiliations = unique([...(practice?.hospitalAffiliations ?? []), ...sections.hospital_affiliations.items.map((a) => a.hospitalName)]).filter(
    (name) => name.toLowerCase() !== hospitalName?.toLowerCase(),
  );

  const awards = sections.awards.items.length
    ? sections.awards.items.map((a) => ({ name: a.awardName, organization: clean(a.awardingOrganization), year: a.awardYear ?? null }))
    : splitList(bio?.awardsHonors).map((name) => ({ name, organization: null, year: null }));

  const languages = sections.languages.items.length ? unique(sections.languages.items.map((l) => l.languageName)) : splitList(bio?.languagesSpoken);

  const publications = sections.publications.items;
  const featuredFirst = [...publications].sort((a, b) => Number(b.isFeatured) - Number(a.isFeatured));
  const trials = sections.clinical_trials.items.filter((t) => t.isVisible);
  const media = sections.media_press.items;
  const videoVisits = offersVideoVisits(practice);

  return {
    fullName,
    firstName,
    lastName,
    preferredName,
    credentials,
    isDoctor,
    pronouns: parsePronouns(identity?.pronouns),
    jobTitle: clean(identity?.jobTitle) ?? clean(user.jobTitle),
    academicTitles: unique(identity?.academicTitles ?? []),
    primarySpecialty,
    otherSpecialties: specialties.filter((s) => s.toLowerCase() !== primarySpecialty?.toLowerCase()),
    department: clean(identity?.department),
    division: clean(identity?.division),
    hospitalName,
    practiceName: clean(practice?.practiceName),
    practiceFocus: clean(practice?.practiceFocus),
    acceptingNewPatients: practice?.acceptingNewPatients ?? null,
    ageGroups: unique([...(practice?.ageGroupsTreated ?? []), ...(practice?.patientAgeGroups ?? [])]),
    appointmentTypes: unique(practice?.appointmentTypes ?? []),
    // Any care from afar (phone, messaging, monitoring, a location's telehealth switch); video only
    // when the practice says video, by the one rule the public page and the directory use.
    telehealth: videoVisits || (practice?.telehealthServices.length ?? 0) > 0 || sections.locations.items.some((l) => l.telehealthAvailable),
    videoVisits,
    locations,
    hospitalAffiliations: affiliations,
    education,
    boardCertifications: sections.board_certifications.items
      .filter((b) => !/expired|inactive|lapsed|revoked/i.test(b.status ?? ''))
      .map((b) => ({ board: clean(b.certificationBoard), specialty: clean(b.specialty) }))
      .filter((b): b is { board: string | null; specialty: string | null } => Boolean(b.board || b.specialty)),
    certifications: unique((identity?.certifications ?? []).map((c) => c.name)),
    conditions: termsOf('Condition'),
    procedures: termsOf('Procedure'),
    reasonsForVisit: termsOf('Reason for Visit'),
    languages,
    awards: awards.filter((a) => clean(a.name)),
    memberships: splitList(bio?.memberships),
    volunteerWork: clean(bio?.volunteerWork),
    personalInterests: clean(bio?.personalInterests),
    publications: { count: publications.length, journals: unique(featuredFirst.map((p) => p.journalName)).slice(0, 5) },
    clinicalTrials: { count: trials.length, conditions: unique(trials.flatMap((t) => t.conditionsStudied ?? [])).slice(0, 5) },
    media: { count: media.length, sources: unique(media.map((m) => m.publicationSource)).slice(0, 5) },
  };
}

import type { ProvenanceSource } from './enums';

/** One recorded field of a provider's profile: where its value came from and when it was written. */
export interface ProvenanceEntry {
  sectionId: string;
  /** A field of a single-row section, or `items` for a list section as a whole. */
  field: string;
  source: ProvenanceSource;
  recordedAt: string;
}

/** The readable name of each profile field a person sees in provenance and directory proposals. */
export const PROFILE_FIELD_LABELS: Record<string, string> = {
  npiNumber: 'NPI number',
  firstName: 'First name',
  lastName: 'Last name',
  fullLegalName: 'Full legal name',
  preferredName: 'Preferred name',
  pronouns: 'Pronouns',
  professionalEmail: 'Professional email',
  jobTitle: 'Job title',
  department: 'Department',
  division: 'Division',
  section: 'Section',
  credentials: 'Credentials',
  primarySpecialty: 'Primary specialty',
  primarySpecialties: 'Primary specialties',
  additionalSpecialties: 'Additional specialties',
  academicTitles: 'Academic titles',
  certifications: 'Certifications',
  licenses: 'Licenses',
  profilePhoto: 'Profile photo',
  acceptingNewPatients: 'Accepting new patients',
  appointmentTypes: 'Appointment types',
  telehealthServices: 'Telehealth services',
  practiceName: 'Practice name',
  practiceType: 'Practice type',
  ageGroupsTreated: 'Age groups treated',
  patientAgeGroups: 'Patient age groups',
  hospitalAffiliations: 'Hospital affiliations',
  groupAffiliations: 'Group affiliations',
  schedulingNotes: 'Scheduling notes',
  practiceFocus: 'Practice focus',
  professionalSummary: 'Professional summary',
  publicSummary: 'Public summary',
  personalInterests: 'Personal interests',
  awardsHonors: 'Awards and honors',
  memberships: 'Memberships',
  volunteerWork: 'Volunteer work',
  languagesSpoken: 'Languages spoken',
};

/** A field's label; an unlisted camelCase name reads as words ("someField" → "Some field"). */
export function profileFieldLabel(field: string): string {
  const known = PROFILE_FIELD_LABELS[field];
  if (known) return known;
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

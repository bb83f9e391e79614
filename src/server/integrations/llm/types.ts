import type { DraftTargets } from '../../../shared/readability';

/**
 * What a biography writer may know about a provider: only what their profile says. Every list is
 * already cleaned (trimmed, deduplicated, without blanks); a missing fact is null or empty, never a
 * guess.
 */
export interface ProfileFacts {
  fullName: string;
  firstName: string | null;
  lastName: string | null;
  preferredName: string | null;
  /** Degree and credential abbreviations as the provider entered them ("MD", "FACC"). */
  credentials: string[];
  /** A doctoral degree is among the credentials, so "Dr." is earned, not assumed. */
  isDoctor: boolean;
  /** From the pronouns field only; null means the writer must not guess. */
  pronouns: Pronouns | null;
  jobTitle: string | null;
  academicTitles: string[];
  primarySpecialty: string | null;
  otherSpecialties: string[];
  department: string | null;
  division: string | null;
  hospitalName: string | null;
  practiceName: string | null;
  practiceFocus: string | null;
  acceptingNewPatients: boolean | null;
  ageGroups: string[];
  appointmentTypes: string[];
  /** Some care from afar: a telehealth service of any kind, or a location's telehealth switch. */
  telehealth: boolean;
  /** Video visits in particular (src/shared/video-visits.ts): what the public page's pill says. */
  videoVisits: boolean;
  locations: Array<{ name: string; city: string | null; state: string | null; isPrimary: boolean }>;
  hospitalAffiliations: string[];
  education: EducationFact[];
  boardCertifications: Array<{ board: string | null; specialty: string | null }>;
  certifications: string[];
  conditions: string[];
  procedures: string[];
  reasonsForVisit: string[];
  languages: string[];
  awards: Array<{ name: string; organization: string | null; year: number | null }>;
  memberships: string[];
  volunteerWork: string | null;
  personalInterests: string | null;
  publications: { count: number; journals: string[] };
  clinicalTrials: { count: number; conditions: string[] };
  media: { count: number; sources: string[] };
}

export interface Pronouns {
  subject: string;
  object: string;
  possessive: string;
  /** "they" takes plural verbs ("they treat"). */
  plural: boolean;
}

export interface EducationFact {
  kind: 'medical_school' | 'residency' | 'fellowship' | 'undergraduate' | 'graduate' | 'continuing_education';
  institution: string | null;
  degree: string | null;
  field: string | null;
  year: number | null;
}

export type BiographyVersion = 'professional' | 'public';

export interface BrandBrief {
  brandVoice: string | null;
  toneGuidelines: string | null;
  writingStyleNotes: string | null;
  writingStandards: string | null;
}

/** Everything a writer is given for one version. */
export interface WriterBrief {
  version: BiographyVersion;
  facts: ProfileFacts;
  targets: DraftTargets;
  template: { id: string; name: string; content: string } | null;
  /** Present only when the hospital's brand settings say to apply them automatically. */
  brand: BrandBrief | null;
}

export interface BiographyWriter {
  readonly kind: 'built-in' | 'llm';
  write(brief: WriterBrief): Promise<WrittenDraft>;
}

export interface WrittenDraft {
  text: string;
  /** Things the writer knows went short of the brief (too few facts to reach the length, …). */
  notes: string[];
}

export type WriterErrorKind = 'timeout' | 'unavailable' | 'busy' | 'refused' | 'unusable';

/** A writing service failure, with a kind the route maps to the provider's message. */
export class WriterError extends Error {
  constructor(
    readonly kind: WriterErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'WriterError';
  }
}

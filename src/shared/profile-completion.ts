/**
 * How complete a provider's profile is. Pure, so the dashboard (server) and the section pages (web)
 * agree: each of the nine sections is `complete`, `needs_update` (started but partial, or not
 * touched for twelve months) or `missing`, and the percentage counts complete sections among the
 * ones the provider's hospital shows and requires.
 */
import { SECTION_IDS, type SectionId } from './limits';

export const SECTION_STATUSES = ['complete', 'needs_update', 'missing'] as const;
export type SectionStatus = (typeof SECTION_STATUSES)[number];

/** A complete section untouched for this long asks to be reviewed. */
export const STALE_AFTER_MONTHS = 12;

export const BIOGRAPHY_PENDING = 'Professional biography pending';

/** The language a profile starts with at sign-up, since the registry names none (profile spec). */
export const SIGNUP_LANGUAGE = 'en';

/** A languages list that is only the sign-up's English: no one chose it, and the listing service's languages replace it. */
export function isSignupLanguageDefault(rows: ReadonlyArray<{ languageCode?: unknown; isFromYext?: unknown }>) {
  const [only] = rows;
  return rows.length === 1 && only?.languageCode === SIGNUP_LANGUAGE && only.isFromYext !== true;
}

export const SECTION_TITLES: Record<SectionId, string> = {
  professional_identity: 'Professional Identity',
  education_training: 'Education & Training',
  practice_essentials: 'Practice Essentials',
  locations: 'Locations',
  biography: 'Biography',
  publications: 'Publications',
  clinical_trials: 'Clinical Trials',
  media_press: 'Media & Press',
  medical_expertise: 'Medical Expertise',
};

/** The member route of each section's page. */
export const SECTION_PATHS: Record<SectionId, string> = {
  professional_identity: '/professional-identity',
  education_training: '/education-training',
  practice_essentials: '/practice-essentials',
  locations: '/locations',
  biography: '/biography',
  publications: '/publications',
  clinical_trials: '/clinical-trials',
  media_press: '/media-press',
  medical_expertise: '/medical-expertise',
};

const ACTIONS: Record<SectionId, { missing: string; partial: string }> = {
  professional_identity: { missing: 'Add your name, job title and primary specialty', partial: 'Complete your name, job title and primary specialty' },
  education_training: { missing: 'Add your medical school and training', partial: 'Add your medical school' },
  practice_essentials: {
    missing: 'Tell patients whether you accept new patients',
    partial: 'Set whether you accept new patients and add a practice name or focus',
  },
  locations: { missing: 'Add the locations where you practise', partial: 'Choose your primary location' },
  biography: { missing: 'Write your professional biography', partial: 'Write your professional summary' },
  publications: { missing: 'Add your publications', partial: 'Add your publications' },
  clinical_trials: { missing: 'Add the clinical trials you take part in', partial: 'Add the clinical trials you take part in' },
  media_press: { missing: 'Add media and press mentions', partial: 'Add media and press mentions' },
  medical_expertise: { missing: 'Choose your areas of medical expertise', partial: 'Choose your areas of medical expertise' },
};

type Timestamp = string | Date | null;
type Text = string | null | undefined;

/** The parts of each saved section the rules look at; `data` is null when nothing was ever saved. */
export interface CompletionSections {
  professional_identity: { data: { firstName: Text; lastName: Text; jobTitle: Text; primarySpecialty: Text } | null; updatedAt: Timestamp };
  education_training: { data: { items: ReadonlyArray<{ educationType: string }> } | null; updatedAt: Timestamp };
  practice_essentials: {
    data: {
      acceptingNewPatients: boolean | null;
      practiceName: Text;
      practiceFocus: Text;
      practiceType?: Text;
      schedulingNotes?: Text;
      appointmentTypes?: readonly string[];
      ageGroupsTreated?: readonly string[];
      patientAgeGroups?: readonly string[];
      telehealthServices?: readonly string[];
      hospitalAffiliations?: readonly string[];
      groupAffiliations?: readonly string[];
    } | null;
    updatedAt: Timestamp;
  };
  locations: { data: { items: ReadonlyArray<{ isPrimaryLocation: boolean }> } | null; updatedAt: Timestamp };
  biography: {
    data: {
      professionalSummary: Text;
      publicSummary?: Text;
      personalInterests?: Text;
      awardsHonors?: Text;
      memberships?: Text;
      volunteerWork?: Text;
      languagesSpoken?: Text;
    } | null;
    updatedAt: Timestamp;
  };
  publications: { data: { items: readonly unknown[] } | null; updatedAt: Timestamp };
  clinical_trials: { data: { items: readonly unknown[] } | null; updatedAt: Timestamp };
  media_press: { data: { items: readonly unknown[] } | null; updatedAt: Timestamp };
  medical_expertise: { data: { items: readonly unknown[] } | null; updatedAt: Timestamp };
}

export interface SectionPermission {
  sectionId: SectionId;
  isVisible: boolean;
  isRequired: boolean;
}

export interface SectionCompletion extends SectionPermission {
  title: string;
  path: string;
  status: SectionStatus;
  /** Complete in content but not updated for twelve months (so status is needs_update). */
  isStale: boolean;
  updatedAt: string | null;
}

export interface NextStep {
  sectionId: SectionId;
  title: string;
  status: Exclude<SectionStatus, 'complete'>;
  isRequired: boolean;
  action: string;
  path: string;
}

const filled = (value: Text) => typeof value === 'string' && value.trim().length > 0;
const anyFilled = (values: ReadonlyArray<Text | readonly string[] | undefined>) =>
  values.some((value) => (Array.isArray(value) ? value.length > 0 : filled(value as Text)));

const toDate = (value: Timestamp) => (value === null ? null : value instanceof Date ? value : new Date(value));

/** Complete, partial or missing from the content alone (before the age check). */
function contentStatus(sectionId: SectionId, sections: CompletionSections): SectionStatus {
  switch (sectionId) {
    case 'professional_identity': {
      const data = sections.professional_identity.data;
      if (!data) return 'missing';
      return [data.firstName, data.lastName, data.jobTitle, data.primarySpecialty].every(filled) ? 'complete' : 'needs_update';
    }
    case 'education_training': {
      const items = sections.education_training.data?.items ?? [];
      if (items.length === 0) return 'missing';
      return items.some((item) => item.educationType === 'medical_school') ? 'complete' : 'needs_update';
    }
    case 'practice_essentials': {
      const data = sections.practice_essentials.data;
      if (!data) return 'missing';
      if (data.acceptingNewPatients !== null && (filled(data.practiceName) || filled(data.practiceFocus))) return 'complete';
      const started =
        data.acceptingNewPatients !== null ||
        anyFilled([
          data.practiceName,
          data.practiceFocus,
          data.practiceType,
          data.schedulingNotes,
          data.appointmentTypes,
          data.ageGroupsTreated,
          data.patientAgeGroups,
          data.telehealthServices,
          data.hospitalAffiliations,
          data.groupAffiliations,
        ]);
      return started ? 'needs_update' : 'missing';
    }
    case 'locations': {
      const items = sections.locations.data?.items ?? [];
      if (items.length === 0) return 'missing';
      return items.some((item) => item.isPrimaryLocation) ? 'complete' : 'needs_update';
    }
    case 'biography': {
      const data = sections.biography.data;
      if (!data) return 'missing';
      const summary = data.professionalSummary?.trim() ?? '';
      if (summary && summary !== BIOGRAPHY_PENDING) return 'complete';
      const started = anyFilled([data.publicSummary, data.personalInterests, data.awardsHonors, data.memberships, data.volunteerWork, data.languagesSpoken]);
      return started ? 'needs_update' : 'missing';
    }
    case 'publications':
    case 'clinical_trials':
    case 'media_press':
    case 'medical_expertise':
      return (sections[sectionId].data?.items.length ?? 0) > 0 ? 'complete' : 'missing';
  }
}

function isStale(updatedAt: Date | null, now: Date) {
  if (!updatedAt) return false;
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - STALE_AFTER_MONTHS);
  return updatedAt < cutoff;
}

/** The status of one section; a complete section not updated for twelve months needs an update. */
export function sectionStatus(sectionId: SectionId, sections: CompletionSections, now: Date = new Date()): SectionStatus {
  const status = contentStatus(sectionId, sections);
  if (status !== 'complete') return status;
  return isStale(toDate(sections[sectionId].updatedAt), now) ? 'needs_update' : 'complete';
}

/** Complete required sections / required sections (visible and required), rounded; 100 when none is required. */
export function completionPercentage(statuses: ReadonlyArray<Pick<SectionCompletion, 'status' | 'isVisible' | 'isRequired'>>): number {
  const required = statuses.filter((s) => s.isVisible && s.isRequired);
  if (required.length === 0) return 100;
  return Math.round((required.filter((s) => s.status === 'complete').length / required.length) * 100);
}

/** Every section's status and flags, in profile order, and the percentage. */
export function computeProfileCompletion(sections: CompletionSections, permissions: readonly SectionPermission[], now: Date = new Date()) {
  const bySection = new Map(permissions.map((p) => [p.sectionId, p]));
  const items: SectionCompletion[] = SECTION_IDS.map((sectionId) => {
    const permission = bySection.get(sectionId);
    const isVisible = permission?.isVisible ?? true;
    const updatedAt = toDate(sections[sectionId].updatedAt);
    const content = contentStatus(sectionId, sections);
    const stale = content === 'complete' && isStale(updatedAt, now);
    return {
      sectionId,
      title: SECTION_TITLES[sectionId],
      path: SECTION_PATHS[sectionId],
      isVisible,
      isRequired: isVisible && (permission?.isRequired ?? false),
      status: stale ? 'needs_update' : content,
      isStale: stale,
      updatedAt: updatedAt ? updatedAt.toISOString() : null,
    };
  });
  return { percentage: completionPercentage(items), sections: items };
}

/** What to do next: required unfinished sections first, then optional visible ones, at most `max`. */
export function nextSteps(sections: readonly SectionCompletion[], max = 3): NextStep[] {
  const open = sections.filter((s) => s.isVisible && s.status !== 'complete');
  const ordered = [...open.filter((s) => s.isRequired), ...open.filter((s) => !s.isRequired)];
  return ordered.slice(0, max).map((s) => {
    const status = s.status as NextStep['status'];
    const texts = ACTIONS[s.sectionId];
    const action = status === 'missing' ? texts.missing : s.isStale ? `Review and confirm your ${s.title.toLowerCase()}` : texts.partial;
    return { sectionId: s.sectionId, title: s.title, status, isRequired: s.isRequired, action, path: s.path };
  });
}

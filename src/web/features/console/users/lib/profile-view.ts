import type { ProfileRow } from '../api/users';

/** The profile tables in the order the profile presents them, with their titles, a row's title field and their profile section. */
export const PROFILE_VIEW_SECTIONS: ReadonlyArray<{ key: string; sectionId: string; title: string; titleFields: readonly string[] }> = [
  { key: 'professionalIdentity', sectionId: 'professional_identity', title: 'Professional Identity', titleFields: ['fullLegalName', 'preferredName'] },
  {
    key: 'educationTraining',
    sectionId: 'education_training',
    title: 'Education & Training',
    titleFields: ['institutionName', 'medicalSchoolName', 'programName', 'fellowshipSpecialtyName'],
  },
  { key: 'practiceEssentials', sectionId: 'practice_essentials', title: 'Practice Essentials', titleFields: ['practiceName'] },
  { key: 'locations', sectionId: 'locations', title: 'Locations', titleFields: ['locationName'] },
  { key: 'biography', sectionId: 'biography', title: 'Biography', titleFields: [] },
  { key: 'publications', sectionId: 'publications', title: 'Publications', titleFields: ['title'] },
  { key: 'clinicalTrials', sectionId: 'clinical_trials', title: 'Clinical Trials', titleFields: ['trialTitle'] },
  { key: 'mediaPress', sectionId: 'media_press', title: 'Media & Press', titleFields: ['title'] },
  { key: 'userMedicalExpertise', sectionId: 'medical_expertise', title: 'Medical Expertise', titleFields: ['term', 'termId'] },
  { key: 'languagesSpoken', sectionId: 'languages', title: 'Languages', titleFields: ['languageName', 'languageCode'] },
  { key: 'professionalLicenses', sectionId: 'licenses', title: 'Licenses', titleFields: ['licenseName', 'licenseNumber'] },
  { key: 'boardCertifications', sectionId: 'board_certifications', title: 'Board certifications', titleFields: ['certificationBoard', 'specialty'] },
  { key: 'hospitalAffiliations', sectionId: 'hospital_affiliations', title: 'Hospital affiliations', titleFields: ['hospitalName'] },
  { key: 'awardsRecognitions', sectionId: 'awards', title: 'Awards', titleFields: ['awardName'] },
  { key: 'insuranceAccepted', sectionId: 'insurance', title: 'Insurance accepted', titleFields: ['insuranceName'] },
  { key: 'socialMedia', sectionId: 'social_media', title: 'Social media', titleFields: ['platform', 'username'] },
];

/** Bookkeeping and raw imports: not what an admin reading a profile needs. */
const HIDDEN = new Set([
  'id',
  'userId',
  'createdAt',
  'updatedAt',
  'displayOrder',
  'manualOverrideFlags',
  'programId',
  'medicalSchoolId',
  'fellowshipSpecialtyId',
  'predefinedLocationId',
  'departmentId',
  'divisionId',
  'sectionId',
]);

export function isHiddenField(key: string): boolean {
  return HIDDEN.has(key) || /RawData$/i.test(key) || (/Id$/.test(key) && key !== 'termId');
}

const ACRONYMS: Record<string, string> = { npi: 'NPI', url: 'URL', doi: 'DOI', pmid: 'PMID', nct: 'NCT', yext: 'Yext' };

/** `matchedSpecialtyConfidence` → "Matched specialty confidence"; `npiNumber` → "NPI number". */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase()
    .split(' ')
    .filter(Boolean)
    .map((word) => ACRONYMS[word] ?? word);
  const [first = '', ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ');
}

const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** List-like fields are sometimes stored as JSON text (spec §3); read them as the lists they are. */
function unwrapJsonText(value: string): unknown {
  const trimmed = value.trim();
  if (!(trimmed.startsWith('[') || trimmed.startsWith('{'))) return value;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return value;
  }
}

function summarizeObject(value: Record<string, unknown>): string {
  return Object.entries(value)
    .filter(([key, item]) => !isHiddenField(key) && item !== null && item !== undefined && item !== '')
    .map(([key, item]) => `${fieldLabel(key)}: ${formatFieldValue(item) ?? ''}`)
    .join(', ');
}

/** A stored value as text, or null when there is nothing to show. */
export function formatFieldValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!text) return null;
    const unwrapped = unwrapJsonText(text);
    if (unwrapped !== value) return formatFieldValue(unwrapped);
    if (ISO_TIMESTAMP.test(text)) {
      const date = new Date(text);
      return Number.isNaN(date.getTime()) ? text : dateTime.format(date);
    }
    if (ISO_DATE.test(text)) {
      const date = new Date(`${text}T00:00:00Z`);
      return Number.isNaN(date.getTime()) ? text : dateOnly.format(date);
    }
    // Stored codes such as medical_school or peer_reviewed read as words.
    if (/^[a-z]+(?:_[a-z]+)*$/.test(text) && text.length <= 40) return (text.charAt(0).toUpperCase() + text.slice(1)).replace(/_/g, ' ');
    return text;
  }
  if (Array.isArray(value)) {
    const items = value
      .map((item) =>
        typeof item === 'object' && item !== null && !Array.isArray(item) ? summarizeObject(item as Record<string, unknown>) : formatFieldValue(item),
      )
      .filter((item): item is string => Boolean(item));
    return items.length > 0 ? items.join(items.some((item) => item.includes(',')) ? '; ' : ', ') : null;
  }
  if (typeof value === 'object') {
    const text = summarizeObject(value as Record<string, unknown>);
    return text || null;
  }
  return String(value);
}

/** A row's shown fields, label and text, in stored order; empty ones left out. */
export function visibleFields(row: ProfileRow, skip: readonly string[] = []): Array<{ key: string; label: string; value: string }> {
  return Object.entries(row).flatMap(([key, raw]) => {
    if (isHiddenField(key) || skip.includes(key)) return [];
    const value = formatFieldValue(raw);
    return value === null ? [] : [{ key, label: fieldLabel(key), value }];
  });
}

export function rowTitle(row: ProfileRow, titleFields: readonly string[]): { key: string; value: string } | null {
  for (const key of titleFields) {
    const value = formatFieldValue(row[key]);
    if (value) return { key, value };
  }
  return null;
}

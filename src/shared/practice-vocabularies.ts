import { VIDEO_VISITS } from './video-visits';

/**
 * The choices the practice essentials page offers, one list each for the page, the demo seed and the
 * tests (issue 38). The schema does not restrict the stored values to these: a listing-service import
 * stores what the hospital's entity says (`c_appointmentTypes: ['In-person', 'Video visit']`, any
 * age-group wording), and the page shows a stored value it does not offer as a choice of its own, so
 * nothing saved before or imported is lost on the next save. Video is the one value a rule reads
 * (src/shared/video-visits.ts).
 */

export const AGE_GROUPS = [
  { value: 'Newborns and infants', label: 'Newborns and infants', description: 'Under 2 years' },
  { value: 'Children', label: 'Children', description: '2 to 12 years' },
  { value: 'Adolescents', label: 'Adolescents', description: '13 to 17 years' },
  { value: 'Adults', label: 'Adults', description: '18 to 64 years' },
  { value: 'Seniors', label: 'Seniors', description: '65 years and older' },
] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number]['value'];

export const APPOINTMENT_TYPES = [
  { value: 'In-person visits', label: 'In-person visits' },
  { value: VIDEO_VISITS, label: 'Video visits' },
  { value: 'Phone visits', label: 'Phone visits' },
  { value: 'Same-day appointments', label: 'Same-day appointments' },
  { value: 'Evening and weekend hours', label: 'Evening and weekend hours' },
  { value: 'Second opinions', label: 'Second opinions' },
] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number]['value'];

// Either list's video value is what the public page's pill and the directory's video filter look for.
export const TELEHEALTH_SERVICES = [
  { value: VIDEO_VISITS, label: 'Video visits' },
  { value: 'Phone consultations', label: 'Phone consultations' },
  { value: 'Secure messaging', label: 'Secure messaging (e-visits)' },
  { value: 'Remote patient monitoring', label: 'Remote patient monitoring' },
] as const;
export type TelehealthService = (typeof TELEHEALTH_SERVICES)[number]['value'];

export const PRACTICE_TYPES = [
  'Academic medical center',
  'Hospital-employed practice',
  'Private practice',
  'Multi-specialty group',
  'Community health center',
  'Urgent care',
] as const;
export type PracticeType = (typeof PRACTICE_TYPES)[number];

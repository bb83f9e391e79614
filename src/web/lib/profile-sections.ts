import { BookOpen, Brain, FlaskConical, GraduationCap, IdCard, MapPin, Newspaper, PenLine, Stethoscope, type LucideIcon } from 'lucide-react';
import type { SectionId } from '@shared/limits';

/** How the web presents each of the nine profile sections (ids from `@shared/limits` SECTION_IDS). */
export interface ProfileSectionInfo {
  id: SectionId;
  path: string;
  title: string;
  icon: LucideIcon;
  /** One line, for lists and the landing page. */
  summary: string;
  /** What the section page is for, shown under its title. */
  description: string;
}

export const PROFILE_SECTIONS: readonly ProfileSectionInfo[] = [
  {
    id: 'professional_identity',
    path: '/professional-identity',
    title: 'Professional Identity',
    icon: IdCard,
    summary: 'Name, credentials, NPI, specialties, licenses and certifications.',
    description:
      'The verified core of your profile: your legal and preferred name, credentials, NPI number, department, specialties, licenses and certifications. Details found in the national provider registry or your hospital directory are filled in for you, and anything you change by hand is kept.',
  },
  {
    id: 'education_training',
    path: '/education-training',
    title: 'Education & Training',
    icon: GraduationCap,
    summary: 'Medical school, residency, fellowship and continuing education.',
    description:
      'Your medical school, residency, fellowship and other training, with institutions and dates. Entries that come from your hospital directory are marked, so you can tell them apart from the ones you add yourself.',
  },
  {
    id: 'practice_essentials',
    path: '/practice-essentials',
    title: 'Practice Essentials',
    icon: Stethoscope,
    summary: 'New-patient status, age groups, appointment types and languages.',
    description:
      'How patients can see you: whether you are accepting new patients, the age groups you treat, appointment and telehealth options, your practice and its affiliations, and the languages you speak.',
  },
  {
    id: 'locations',
    path: '/locations',
    title: 'Locations',
    icon: MapPin,
    summary: 'Every clinic and hospital where patients can see you.',
    description:
      'The clinics and hospitals where you practise, with address, floor and suite, phone and fax. Pick from your hospital’s list of locations or add your own, and mark the one patients should contact first.',
  },
  {
    id: 'biography',
    path: '/biography',
    title: 'Biography',
    icon: PenLine,
    summary: 'A professional and a patient-friendly version, drafted with AI.',
    description:
      'A professional summary for colleagues and referrers, and a plain-language public version for patients. Vitae drafts both from your profile, following your hospital’s reading level, tone and brand guidelines, and you edit the result before it is used.',
  },
  {
    id: 'publications',
    path: '/publications',
    title: 'Publications',
    icon: BookOpen,
    summary: 'Peer-reviewed work with journal, DOI and PubMed links.',
    description:
      'Your peer-reviewed articles, reviews, books and chapters, with authors, journal, DOI and PubMed ID. Feature the work you want patients and referring physicians to see first.',
  },
  {
    id: 'clinical_trials',
    path: '/clinical-trials',
    title: 'Clinical Trials',
    icon: FlaskConical,
    summary: 'Studies you lead or support, with NCT number and status.',
    description:
      'The studies you lead or take part in, with NCT number, phase, recruitment status, sponsor and the conditions studied, so patients and colleagues can find the trials you are involved in.',
  },
  {
    id: 'media_press',
    path: '/media-press',
    title: 'Media & Press',
    icon: Newspaper,
    summary: 'Interviews, articles, podcasts and appearances in one place.',
    description:
      'Interviews, news articles, podcasts and videos that feature you, with source, date and link. Highlight the pieces that best represent your work.',
  },
  {
    id: 'medical_expertise',
    path: '/medical-expertise',
    title: 'Medical Expertise',
    icon: Brain,
    summary: 'Conditions treated, procedures performed and reasons for visit.',
    description:
      'The conditions you treat, the procedures you perform and the reasons patients come to see you, chosen from your hospital’s expertise terms for your specialty, so directories and search results describe you accurately.',
  },
];

export function profileSection(id: SectionId): ProfileSectionInfo {
  const section = PROFILE_SECTIONS.find((candidate) => candidate.id === id);
  if (!section) throw new Error(`Unknown profile section: ${id}`);
  return section;
}

import type {
  Biography,
  ClinicalTrialEntry,
  EducationEntry,
  ExpertiseEntry,
  LanguageEntry,
  LicenseEntry,
  LocationEntry,
  MediaEntry,
  PracticeEssentials,
  ProfessionalIdentity,
  ProfileSectionData,
  ProfileSectionId,
  PublicationEntry,
  SocialMediaEntry,
} from '@shared/schemas/profile';

/**
 * What `GET /api/profile/sections/:id` answers for each section: the saved data in the shape the
 * section's request schema takes, plus the read-only extras the server adds (ids, computed dates,
 * registry details). List ids change on every save.
 */
type Saved<T> = T & { id: string };
type Item<Id extends ProfileSectionId> = ProfileSectionData<Id> extends { items: Array<infer T> } ? T : never;

export interface NpiSpecialtyView {
  name: string;
  code: string;
  is_primary: boolean;
}

export type IdentityView = ProfessionalIdentity & {
  npiSpecialties: NpiSpecialtyView[];
  matchedSpecialtyConfidence: number | null;
  isAutoPopulated: boolean;
  autoPopulatedAt: string | null;
  profilePhoto: string | null;
  lastUpdated: string | null;
};

export type EducationView = Saved<EducationEntry> & { isCurrent: boolean };
export type LocationView = Saved<LocationEntry>;
export type PublicationView = Saved<PublicationEntry> & { discoveredAt: string | null; confidenceScore: number | null };
export type TrialView = Saved<Omit<ClinicalTrialEntry, 'id'>> & { isVisible: boolean; discoveredAt: string | null; confidenceScore: number | null };
export type MediaView = Saved<MediaEntry> & { discoveredAt: string | null; confidenceScore: number | null };
export type ExpertiseView = Saved<ExpertiseEntry>;
export type LanguageView = Saved<LanguageEntry> & { languageName: string; displayOrder: number };
export type LicenseView = Saved<LicenseEntry> & { isVerified: boolean };
export type SocialMediaView = Saved<SocialMediaEntry> & { displayOrder: number };
export type BoardCertificationView = Saved<Item<'board_certifications'>>;
export type HospitalAffiliationView = Saved<Item<'hospital_affiliations'>>;
export type AwardView = Saved<Item<'awards'>>;
export type InsuranceView = Saved<Item<'insurance'>>;

export interface SectionViews {
  professional_identity: IdentityView | null;
  education_training: { items: EducationView[] };
  practice_essentials: PracticeEssentials | null;
  locations: { items: LocationView[] };
  biography: Biography | null;
  publications: { items: PublicationView[] };
  clinical_trials: { items: TrialView[] };
  media_press: { items: MediaView[] };
  medical_expertise: { items: ExpertiseView[] };
  languages: { items: LanguageView[] };
  board_certifications: { items: BoardCertificationView[] };
  hospital_affiliations: { items: HospitalAffiliationView[] };
  awards: { items: AwardView[] };
  insurance: { items: InsuranceView[] };
  licenses: { items: LicenseView[] };
  social_media: { items: SocialMediaView[] };
}

export type SectionView<Id extends ProfileSectionId> = SectionViews[Id];

export interface SectionResponse<Id extends ProfileSectionId> {
  sectionId: Id;
  data: SectionView<Id>;
  updatedAt: string | null;
}

export interface SaveSectionResponse<Id extends ProfileSectionId> extends SectionResponse<Id> {
  completionPercentage: number;
}

import type { ProfileSectionId } from '@shared/schemas/profile';

/** Query keys of the profile feature; the dashboard and the sidebar share `dashboard`. */
export const profileKeys = {
  all: ['profile'] as const,
  section: (id: ProfileSectionId) => ['profile', 'section', id] as const,
  provenance: ['profile', 'provenance'] as const,
  mySections: ['me', 'sections'] as const,
  dashboard: ['dashboard'] as const,
  hospitalTaxonomy: ['hospital-taxonomy'] as const,
  hospitalLocations: ['hospital-locations'] as const,
  languages: ['reference', 'languages'] as const,
  medicalSchools: (q: string, degreeType: string) => ['reference', 'medical-schools', q, degreeType] as const,
  residencyPrograms: (q: string) => ['reference', 'residency-programs', q] as const,
  fellowshipSpecialties: (parent: string) => ['reference', 'fellowship-specialties', parent] as const,
  termSearch: (q: string, termType: string, specialty: string) => ['terms', 'search', q, termType, specialty] as const,
  specialtySuggestions: ['terms', 'specialty-suggestions'] as const,
};

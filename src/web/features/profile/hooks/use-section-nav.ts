import type { SectionStatus } from '@shared/profile-completion';
import { useDashboard } from '@web/lib/dashboard';
import { PROFILE_SECTIONS, type ProfileSectionInfo } from '@web/lib/profile-sections';
import { useMySections } from '../api/get-my-sections';

export interface SectionNavItem extends ProfileSectionInfo {
  status: SectionStatus | null;
  isRequired: boolean;
}

/**
 * The profile sections for the sidebar: the ones the provider's hospital shows, each with its status
 * from the dashboard (null while unknown). If the permissions cannot be read, every section shows.
 */
export function useSectionNav(): SectionNavItem[] {
  const permissions = useMySections().data?.items;
  const dashboard = useDashboard().data;
  return PROFILE_SECTIONS.flatMap((section) => {
    const permission = permissions?.find((item) => item.sectionId === section.id);
    const completion = dashboard?.sections.find((item) => item.sectionId === section.id);
    if (permission?.isVisible === false || completion?.isVisible === false) return [];
    return [{ ...section, status: completion?.status ?? null, isRequired: permission?.isRequired ?? completion?.isRequired ?? false }];
  });
}

import { DEFAULT_REQUIRED_SECTIONS, SECTION_IDS, type SectionId } from '@shared/limits';
import type { SectionPermission } from '../api/hospitals';

/**
 * Shows or hides a section. Hiding also makes it optional (profile spec §4): a provider cannot be
 * asked to fill in a section they never see. Showing it again leaves it optional.
 */
export function setSectionVisible(permissions: readonly SectionPermission[], sectionId: SectionId, isVisible: boolean): SectionPermission[] {
  return permissions.map((permission) =>
    permission.sectionId === sectionId ? { ...permission, isVisible, isRequired: isVisible ? permission.isRequired : false } : permission,
  );
}

/** Makes a visible section required or optional; a hidden section stays optional. */
export function setSectionRequired(permissions: readonly SectionPermission[], sectionId: SectionId, isRequired: boolean): SectionPermission[] {
  return permissions.map((permission) =>
    permission.sectionId === sectionId ? { ...permission, isRequired: permission.isVisible ? isRequired : false } : permission,
  );
}

/** All nine visible, the first three required (profile spec §6). */
export function defaultSectionPermissions(): SectionPermission[] {
  return SECTION_IDS.map((sectionId) => ({ sectionId, isVisible: true, isRequired: DEFAULT_REQUIRED_SECTIONS.includes(sectionId) }));
}

/** The nine sections in order, whatever order or subset the server sent. */
export function normalizePermissions(items: readonly SectionPermission[]): SectionPermission[] {
  const bySection = new Map(items.map((item) => [item.sectionId, item]));
  return defaultSectionPermissions().map((fallback) => {
    const item = bySection.get(fallback.sectionId) ?? fallback;
    return { ...item, isRequired: item.isVisible && item.isRequired };
  });
}

export function samePermissions(a: readonly SectionPermission[], b: readonly SectionPermission[]): boolean {
  return (
    a.length === b.length &&
    a.every((item, index) => item.sectionId === b[index]?.sectionId && item.isVisible === b[index]?.isVisible && item.isRequired === b[index]?.isRequired)
  );
}

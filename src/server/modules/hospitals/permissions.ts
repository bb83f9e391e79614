import { DEFAULT_REQUIRED_SECTIONS, SECTION_IDS, type SectionId } from '../../../shared/limits';
import type { hospitalSectionPermissions } from '../../db/schema';

type PermissionRow = Pick<typeof hospitalSectionPermissions.$inferSelect, 'sectionId' | 'isVisible' | 'isRequired'>;

/** All nine sections in order with a hospital's stored flags; sections without a row take the defaults. */
export function permissionsFromRows(rows: readonly PermissionRow[]) {
  const bySection = new Map(rows.map((row) => [row.sectionId as SectionId, row]));
  return SECTION_IDS.map((sectionId) => {
    const row = bySection.get(sectionId);
    return {
      sectionId,
      isVisible: row?.isVisible ?? true,
      isRequired: row ? row.isRequired : DEFAULT_REQUIRED_SECTIONS.includes(sectionId),
    };
  });
}

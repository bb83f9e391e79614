import { DEFAULT_REQUIRED_SECTIONS, READING_LEVEL_DEFAULTS, SECTION_IDS } from '../../../shared/limits';
import type { Database } from '../../db/client';
import { hospitalReadingLevels, hospitalSectionPermissions } from '../../db/schema';

/**
 * What every new hospital starts with: default section permissions (all nine visible, the first three
 * required) and reading levels. Used when an admin creates a hospital and by the demo seed.
 */
export async function createHospitalDefaults(db: Database, hospitalId: string) {
  await db
    .insert(hospitalSectionPermissions)
    .values(SECTION_IDS.map((sectionId) => ({ hospitalId, sectionId, isVisible: true, isRequired: DEFAULT_REQUIRED_SECTIONS.includes(sectionId) })))
    .onConflictDoNothing();
  await db
    .insert(hospitalReadingLevels)
    .values({ hospitalId, ...READING_LEVEL_DEFAULTS })
    .onConflictDoNothing();
}

import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  awardsRecognitions,
  biography,
  boardCertifications,
  clinicalTrials,
  educationTraining,
  hospitalAffiliations,
  insuranceAccepted,
  languagesSpoken,
  locations,
  mediaPress,
  practiceEssentials,
  professionalIdentity,
  professionalLicenses,
  publications,
  socialMedia,
  userMedicalExpertise,
  users,
} from '../../db/schema';

/** Every user-owned profile table, in the order the profile presents them. */
export const PROFILE_TABLES = {
  professionalIdentity,
  educationTraining,
  practiceEssentials,
  locations,
  biography,
  publications,
  clinicalTrials,
  mediaPress,
  userMedicalExpertise,
  languagesSpoken,
  professionalLicenses,
  socialMedia,
  boardCertifications,
  hospitalAffiliations,
  awardsRecognitions,
  insuranceAccepted,
} as const;

export type ProfileTableName = keyof typeof PROFILE_TABLES;

/** The whole stored profile of one provider, read-only (admin view, export). */
export async function readProfileSnapshot(db: Database, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  const entries = await Promise.all(
    Object.entries(PROFILE_TABLES).map(async ([name, table]) => {
      const rows = await db
        .select()
        .from(table)
        .where(eq(table.userId, userId))
        .orderBy(asc(table.createdAt));
      return [name, rows] as const;
    }),
  );
  return { user, sections: Object.fromEntries(entries) as unknown as Record<ProfileTableName, Array<Record<string, unknown>>> };
}

/**
 * The profile read as it was before the one-statement read: one query per section and list, in the
 * same order and with the same filters. Kept only so a test can prove the new read answers the same.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { DISPLAYED_TRIAL_USER_STATUSES } from '../../src/shared/enums';
import type { ProfileSectionId } from '../../src/shared/schemas/profile';
import type { Database } from '../../src/server/db/client';
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
} from '../../src/server/db/schema';
import { SHOWN_ITEM_STATUSES, type SectionRead } from '../../src/server/modules/profile/read';
import {
  awardView,
  biographyView,
  boardCertificationView,
  educationView,
  expertiseView,
  hospitalAffiliationView,
  identityView,
  insuranceView,
  languageView,
  licenseView,
  locationView,
  mediaView,
  practiceView,
  publicationView,
  socialMediaView,
  trialView,
} from '../../src/server/modules/profile/views';

const latest = (rows: ReadonlyArray<{ updatedAt: Date }>) =>
  rows.reduce<Date | null>((max, row) => (max === null || row.updatedAt > max ? row.updatedAt : max), null);

const list = <Row extends { updatedAt: Date }, View>(rows: Row[], view: (row: Row) => View): SectionRead<{ items: View[] }> => ({
  data: { items: rows.map(view) },
  updatedAt: latest(rows),
});

// ── Reads ───────────────────────────────────────────────────────────────────────────────────

async function readIdentity(db: Database, userId: string) {
  const [row] = await db.select().from(professionalIdentity).where(eq(professionalIdentity.userId, userId)).limit(1);
  return { data: row ? identityView(row) : null, updatedAt: row?.updatedAt ?? null };
}

async function readPractice(db: Database, userId: string) {
  const [row] = await db.select().from(practiceEssentials).where(eq(practiceEssentials.userId, userId)).limit(1);
  return { data: row ? practiceView(row) : null, updatedAt: row?.updatedAt ?? null };
}

async function readBiography(db: Database, userId: string) {
  const [row] = await db.select().from(biography).where(eq(biography.userId, userId)).limit(1);
  return { data: row ? biographyView(row) : null, updatedAt: row?.updatedAt ?? null };
}

async function readExpertise(db: Database, userId: string) {
  const rows = await db
    .select()
    .from(userMedicalExpertise)
    .where(eq(userMedicalExpertise.userId, userId))
    .orderBy(asc(userMedicalExpertise.displayOrder), asc(userMedicalExpertise.createdAt));
  return { data: { items: rows.map(expertiseView) }, updatedAt: rows.reduce<Date | null>((max, r) => (max === null || r.createdAt > max ? r.createdAt : max), null) };
}

export const LEGACY_SECTION_READERS = {
  professional_identity: readIdentity,
  education_training: async (db: Database, userId: string) =>
    list(
      await db.select().from(educationTraining).where(eq(educationTraining.userId, userId)).orderBy(asc(educationTraining.displayOrder), asc(educationTraining.createdAt)),
      educationView,
    ),
  practice_essentials: readPractice,
  locations: async (db: Database, userId: string) =>
    list(await db.select().from(locations).where(eq(locations.userId, userId)).orderBy(asc(locations.displayOrder), asc(locations.createdAt)), locationView),
  biography: readBiography,
  publications: async (db: Database, userId: string) =>
    list(
      await db
        .select()
        .from(publications)
        .where(and(eq(publications.userId, userId), inArray(publications.status, SHOWN_ITEM_STATUSES)))
        .orderBy(asc(publications.displayOrder), asc(publications.createdAt)),
      publicationView,
    ),
  clinical_trials: async (db: Database, userId: string) =>
    list(
      await db
        .select()
        .from(clinicalTrials)
        .where(and(eq(clinicalTrials.userId, userId), inArray(clinicalTrials.userStatus, DISPLAYED_TRIAL_USER_STATUSES)))
        .orderBy(asc(clinicalTrials.displayOrder), asc(clinicalTrials.createdAt)),
      trialView,
    ),
  media_press: async (db: Database, userId: string) =>
    list(
      await db
        .select()
        .from(mediaPress)
        .where(and(eq(mediaPress.userId, userId), inArray(mediaPress.status, SHOWN_ITEM_STATUSES)))
        .orderBy(asc(mediaPress.displayOrder), asc(mediaPress.createdAt)),
      mediaView,
    ),
  medical_expertise: readExpertise,
  languages: async (db: Database, userId: string) =>
    list(await db.select().from(languagesSpoken).where(eq(languagesSpoken.userId, userId)).orderBy(asc(languagesSpoken.displayOrder)), languageView),
  board_certifications: async (db: Database, userId: string) =>
    list(
      await db.select().from(boardCertifications).where(eq(boardCertifications.userId, userId)).orderBy(asc(boardCertifications.displayOrder), asc(boardCertifications.createdAt)),
      boardCertificationView,
    ),
  hospital_affiliations: async (db: Database, userId: string) =>
    list(
      await db.select().from(hospitalAffiliations).where(eq(hospitalAffiliations.userId, userId)).orderBy(asc(hospitalAffiliations.displayOrder), asc(hospitalAffiliations.createdAt)),
      hospitalAffiliationView,
    ),
  awards: async (db: Database, userId: string) =>
    list(
      await db.select().from(awardsRecognitions).where(eq(awardsRecognitions.userId, userId)).orderBy(asc(awardsRecognitions.displayOrder), asc(awardsRecognitions.createdAt)),
      awardView,
    ),
  insurance: async (db: Database, userId: string) =>
    list(
      await db.select().from(insuranceAccepted).where(eq(insuranceAccepted.userId, userId)).orderBy(asc(insuranceAccepted.displayOrder), asc(insuranceAccepted.createdAt)),
      insuranceView,
    ),
  licenses: async (db: Database, userId: string) =>
    list(
      await db.select().from(professionalLicenses).where(eq(professionalLicenses.userId, userId)).orderBy(asc(professionalLicenses.displayOrder), asc(professionalLicenses.createdAt)),
      licenseView,
    ),
  social_media: async (db: Database, userId: string) =>
    list(
      await db.select().from(socialMedia).where(eq(socialMedia.userId, userId)).orderBy(asc(socialMedia.displayOrder), asc(socialMedia.platform)),
      socialMediaView,
    ),
} satisfies Record<ProfileSectionId, (db: Database, userId: string) => Promise<SectionRead<unknown>>>;

/** The admin's read-only snapshot as it was: the users row, then each profile table by creation. */
export async function legacySnapshot(db: Database, userId: string, tables: Record<string, typeof publications | typeof locations>) {
  const entries = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => [name, await db.select().from(table).where(eq(table.userId, userId)).orderBy(asc(table.createdAt))] as const),
  );
  return Object.fromEntries(entries);
}

/**
 * The profile read as it was before the one-statement read: one query per section and list, in the
 * same order and with the same filters. Kept only so a test can prove the new read answers the same.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { DISPLAYED_TRIAL_USER_STATUSES } from '../../src/shared/enums';
import type { ProfileSectionId } from '../../src/shared/schemas/profile';
import type { Database } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import { SHOWN_ITEM_STATUSES, type SectionRead } from '../../src/server/modules/profile/model';
import * as views from '../../src/server/modules/profile/views';

const latest = (rows: ReadonlyArray<{ updatedAt: Date }>) =>
  rows.reduce<Date | null>((max, row) => (max === null || row.updatedAt > max ? row.updatedAt : max), null);

const list = <Row extends { updatedAt: Date }, View>(rows: Row[], view: (row: Row) => View): SectionRead<{ items: View[] }> => ({
  data: { items: rows.map(view) },
  updatedAt: latest(rows),
});

// ── Reads ───────────────────────────────────────────────────────────────────────────────────

async function readIdentity(db: Database, userId: string) {
  const [row] = await db.select().from(schema.professionalIdentity).where(eq(schema.professionalIdentity.userId, userId)).limit(1);
  return { data: row ? views.identityView(row) : null, updatedAt: row?.updatedAt ?? null };
}

async function readPractice(db: Database, userId: string) {
  const [row] = await db.select().from(schema.practiceEssentials).where(eq(schema.practiceEssentials.userId, userId)).limit(1);
  return { data: row ? views.practiceView(row) : null, updatedAt: row?.updatedAt ?? null };
}

async function readBiography(db: Database, userId: string) {
  const [row] = await db.select().from(schema.biography).where(eq(schema.biography.userId, userId)).limit(1);
  return { data: row ? views.biographyView(row) : null, updatedAt: row?.updatedAt ?? null };
}

async function readExpertise(db: Database, userId: string) {
  const rows = await db
    .select()
    .from(schema.userMedicalExpertise)
    .where(eq(schema.userMedicalExpertise.userId, userId))
    .orderBy(asc(schema.userMedicalExpertise.displayOrder), asc(schema.userMedicalExpertise.createdAt));
  return {
    data: { items: rows.map(views.expertiseView) },
    updatedAt: rows.reduce<Date | null>((max, r) => (max === null || r.createdAt > max ? r.createdAt : max), null),
  };
}

export const LEGACY_SECTION_READERS = {
  professional_identity: readIdentity,
  education_training: async (db: Database, userId: string) =>
    list(
      await db
        .select()
        .from(schema.educationTraining)
        .where(eq(schema.educationTraining.userId, userId))
        .orderBy(asc(schema.educationTraining.displayOrder), asc(schema.educationTraining.createdAt)),
      views.educationView,
    ),
  practice_essentials: readPractice,
  locations: async (db: Database, userId: string) =>
    list(
      await db
        .select()
        .from(schema.locations)
        .where(eq(schema.locations.userId, userId))
        .orderBy(asc(schema.locations.displayOrder), asc(schema.locations.createdAt)),
      views.locationView,
    ),
  biography: readBiography,
  publications: async (db: Database, userId: string) =>
    list(
      await db
        .select()
        .from(schema.publications)
        .where(and(eq(schema.publications.userId, userId), inArray(schema.publications.status, SHOWN_ITEM_STATUSES)))
        .orderBy(asc(schema.publications.displayOrder), asc(schema.publications.createdAt)),
      views.publicationView,
    ),
  clinical_trials: async (db: Database, userId: string) =>
    list(
      await db
        .select()
        .from(schema.clinicalTrials)
        .where(and(eq(schema.clinicalTrials.userId, userId), inArray(schema.clinicalTrials.userStatus, DISPLAYED_TRIAL_USER_STATUSES)))
        .orderBy(asc(schema.clinicalTrials.displayOrder), asc(schema.clinicalTrials.createdAt)),
      views.trialView,
    ),
  media_press: async (db: Database, userId: string) =>
    list(
      await db
        .select()
        .from(schema.mediaPress)
        .where(and(eq(schema.mediaPress.userId, userId), inArray(schema.mediaPress.status, SHOWN_ITEM_STATUSES)))
        .orderBy(asc(schema.mediaPress.displayOrder), asc(schema.mediaPress.createdAt)),
      views.mediaView,
    ),
  medical_expertise: readExpertise,
  languages: async (db: Database, userId: string) =>
    list(
      await db.select().from(schema.languagesSpoken).where(eq(schema.languagesSpoken.userId, userId)).orderBy(asc(schema.languagesSpoken.displayOrder)),
      views.languageView,
    ),
  board_certifications: async (db: Database, userId: string) =>
    list(
      await db
        .select()
        .from(schema.boardCertifications)
        .where(eq(schema.boardCertifications.userId, userId))
        .orderBy(asc(schema.boardCertifications.displayOrder), asc(schema.boardCertifications.createdAt)),
      views.boardCertificationView,
    ),
  hospital_affiliations: async (db: Database, userId: string) =>
    list(
      await db
        .select()
        .from(schema.hospitalAffiliations)
        .where(eq(schema.hospitalAffiliations.userId, userId))
        .orderBy(asc(schema.hospitalAffiliations.displayOrder), asc(schema.hospitalAffiliations.createdAt)),
      views.hospitalAffiliationView,
    ),
  awards: async (db: Database, userId: string) =>
    list(
      await db
        .select()
        .from(schema.awardsRecognitions)
        .where(eq(schema.awardsRecognitions.userId, userId))
        .orderBy(asc(schema.awardsRecognitions.displayOrder), asc(schema.awardsRecognitions.createdAt)),
      views.awardView,
    ),
  insurance: async (db: Database, userId: string) =>
    list(
      await db
        .select()
        .from(schema.insuranceAccepted)
        .where(eq(schema.insuranceAccepted.userId, userId))
        .orderBy(asc(schema.insuranceAccepted.displayOrder), asc(schema.insuranceAccepted.createdAt)),
      views.insuranceView,
    ),
  licenses: async (db: Database, userId: string) =>
    list(
      await db
        .select()
        .from(schema.professionalLicenses)
        .where(eq(schema.professionalLicenses.userId, userId))
        .orderBy(asc(schema.professionalLicenses.displayOrder), asc(schema.professionalLicenses.createdAt)),
      views.licenseView,
    ),
  social_media: async (db: Database, userId: string) =>
    list(
      await db
        .select()
        .from(schema.socialMedia)
        .where(eq(schema.socialMedia.userId, userId))
        .orderBy(asc(schema.socialMedia.displayOrder), asc(schema.socialMedia.platform)),
      views.socialMediaView,
    ),
} satisfies Record<ProfileSectionId, (db: Database, userId: string) => Promise<SectionRead<unknown>>>;

/** The admin's read-only snapshot as it was: the users row, then each profile table by creation. */
export async function legacySnapshot(db: Database, userId: string, tables: Record<string, typeof schema.publications | typeof schema.locations>) {
  const entries = await Promise.all(
    Object.entries(tables).map(
      async ([name, table]) => [name, await db.select().from(table).where(eq(table.userId, userId)).orderBy(asc(table.createdAt))] as const,
    ),
  );
  return Object.fromEntries(entries);
}

import { and, asc, eq, getTableColumns, sql, type AnyColumn } from 'drizzle-orm';
import { perDatabase, type Database } from '../../db/client';
import type { fieldProvenance } from '../../db/schema';
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
import { provenanceView } from './provenance';

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

/** The users relation each table is read through. */
const RELATION_OF: Record<ProfileTableName, string> = {
  ...(Object.fromEntries(Object.keys(PROFILE_TABLES).map((name) => [name, name])) as Record<ProfileTableName, string>),
  userMedicalExpertise: 'medicalExpertise',
};

const byCreation = { orderBy: (table: { createdAt: AnyColumn }) => [asc(table.createdAt)] };

/** The snapshot's statement, built and prepared once per database and per scope (decision 0014). */
function snapshotQuery(db: Database, scoped: boolean) {
  return db.query.users
    .findFirst({
      where: and(eq(users.id, sql.placeholder('userId')), scoped ? eq(users.hospitalId, sql.placeholder('hospitalId')) : undefined),
      with: {
        hospital: { columns: { name: true } },
        ...Object.fromEntries(Object.values(RELATION_OF).map((relation) => [relation, byCreation])),
        fieldProvenance: { orderBy: (table: typeof fieldProvenance) => [asc(table.sectionId), asc(table.field)] },
      } as never,
    })
    .prepare(scoped ? 'vitae_profile_snapshot_in_hospital' : 'vitae_profile_snapshot');
}
const preparedSnapshots = perDatabase((db) => ({ all: snapshotQuery(db, false), inHospital: snapshotQuery(db, true) }));

/**
 * The whole stored profile of one provider, read-only (admin view), in one statement: the users row
 * with its hospital's name, every profile table's rows (all statuses) by creation and where each
 * field came from. `scope` narrows which users may be read: a hospital's id (a hospital admin's), or
 * `all`; out of scope answers null like a missing user.
 */
export async function readProfileSnapshot(db: Database, userId: string, scope: { hospitalId: string } | 'all') {
  const prepared = preparedSnapshots(db);
  const row = (await (scope === 'all' ? prepared.all.execute({ userId }) : prepared.inHospital.execute({ userId, hospitalId: scope.hospitalId }))) as
    (Record<string, unknown> & { hospital: { name: string } | null; fieldProvenance: Array<typeof fieldProvenance.$inferSelect> }) | undefined;
  if (!row) return null;
  const { hospital, fieldProvenance: provenance, ...rest } = row;
  const user = Object.fromEntries(Object.keys(getTableColumns(users)).map((key) => [key, rest[key]])) as typeof users.$inferSelect;
  const sections = Object.fromEntries(
    Object.entries(RELATION_OF).map(([name, relation]) => {
      const value = rest[relation] as Array<Record<string, unknown>> | Record<string, unknown> | null;
      return [name, Array.isArray(value) ? value : value ? [value] : []];
    }),
  ) as Record<ProfileTableName, Array<Record<string, unknown>>>;
  return { user: { ...user, hospitalName: hospital?.name ?? null }, sections, provenance: provenance.map(provenanceView) };
}

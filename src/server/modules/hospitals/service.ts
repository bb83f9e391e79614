import { containsPattern } from '../../lib/like';
import type { ExpertiseTermsScope } from '../../../shared/enums';
import { and, asc, count, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { READING_LEVEL_DEFAULTS } from '../../../shared/limits';
import {
  HOSPITAL_MESSAGES,
  type hospitalCreateSchema,
  type hospitalUpdateSchema,
  type readingLevelsSchema,
  type sectionPermissionsSchema,
} from '../../../shared/schemas/hospitals';
import { hospitalScope, type AdminActor } from '../../auth/policies';
import { perDatabase, type Database } from '../../db/client';
import { adminUsers, authSessions, hospitalReadingLevels, hospitals, hospitalSectionPermissions, users, type HospitalYextConfig } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { maskSecret, type SecretBox } from '../../lib/secret-box';
import { isUniqueViolation } from '../../lib/pg-errors';
import { recordAudit } from '../audit/service';
import { refreshCompletion } from '../profile/service';
import { createHospitalDefaults } from './defaults';
import { permissionsFromRows } from './permissions';

export interface HospitalDeps {
  db: Database;
  logger: Logger;
  secretBox: SecretBox;
}

type HospitalRow = typeof hospitals.$inferSelect;

/** The browser's view of a hospital: the listing-service key only masked. */
export function toHospitalDto(deps: Pick<HospitalDeps, 'secretBox'>, row: HospitalRow) {
  let apiKeyMasked: string | null = null;
  if (row.yextApiKeyEncrypted) {
    try {
      apiKeyMasked = maskSecret(deps.secretBox.open(row.yextApiKeyEncrypted));
    } catch {
      apiKeyMasked = '••••';
    }
  }
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    address: row.address,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    isActive: row.isActive,
    dataSource: row.dataSource,
    yextConfig: {
      apiVersion: row.yextConfig.api_version ?? '20231201',
      locationId: row.yextConfig.location_id ?? null,
      accountId: row.yextConfig.account_id ?? null,
      contentEndpointId: row.yextConfig.content_endpoint_id ?? null,
      hasApiKey: Boolean(row.yextApiKeyEncrypted),
      apiKeyMasked,
    },
    populationConfig: row.populationConfig,
    expertiseTermsScope: row.expertiseTermsScope as ExpertiseTermsScope,
    brandGuidelinesUrl: row.brandGuidelinesUrl,
    brandWritingStandards: row.brandWritingStandards,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The hospital as the acting admin may see it: another tenant's hospital is simply not found.
 * Every hospital-scoped admin route starts here.
 */
export async function findHospitalForAdmin(db: Database, actor: AdminActor, hospitalId: string) {
  const [row] = await db
    .select()
    .from(hospitals)
    .where(and(eq(hospitals.id, hospitalId), hospitalScope(actor, hospitals.id)))
    .limit(1);
  if (!row) throw new AppError('HOSPITAL_NOT_FOUND', 404, HOSPITAL_MESSAGES.notFound(hospitalId));
  return row;
}

export async function listHospitals(deps: HospitalDeps, actor: AdminActor, query: { q?: string; page: number; pageSize: number }) {
  const conditions: Array<SQL | undefined> = [hospitalScope(actor, hospitals.id)];
  if (query.q) conditions.push(or(ilike(hospitals.name, containsPattern(query.q)), ilike(hospitals.code, containsPattern(query.q))));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(hospitals)
      .where(where)
      .orderBy(asc(hospitals.name))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db.select({ n: count() }).from(hospitals).where(where),
  ]);
  return { items: rows.map((row) => toHospitalDto(deps, row)), totalCount: Number(total?.n ?? 0) };
}

function yextColumns(deps: HospitalDeps, current: HospitalYextConfig, input: z.output<typeof hospitalCreateSchema>['yextConfig']) {
  if (!input) return {};
  const config: HospitalYextConfig = { ...current };
  if (input.apiVersion !== undefined) config.api_version = input.apiVersion;
  if (input.locationId !== undefined) config.location_id = input.locationId ?? undefined;
  if (input.accountId !== undefined) config.account_id = input.accountId ?? undefined;
  if (input.contentEndpointId !== undefined) config.content_endpoint_id = input.contentEndpointId ?? undefined;
  const columns: Partial<typeof hospitals.$inferInsert> = { yextConfig: config };
  if (input.apiKey) columns.yextApiKeyEncrypted = deps.secretBox.seal(input.apiKey);
  else if (input.clearApiKey) columns.yextApiKeyEncrypted = null;
  return columns;
}

/** Creates a tenant (system admins). Default permissions and reading levels follow; their failure is only logged. */
export async function createHospital(deps: HospitalDeps, actor: AdminActor, input: z.output<typeof hospitalCreateSchema>) {
  let row: HospitalRow | undefined;
  try {
    [row] = await deps.db
      .insert(hospitals)
      .values({
        name: input.name,
        code: input.code,
        address: input.address,
        contactEmail: input.contactEmail,
        contactPhone: input.contactPhone,
        dataSource: input.dataSource ?? 'npi_registry',
        ...(input.populationConfig ? { populationConfig: input.populationConfig } : {}),
        ...(input.expertiseTermsScope ? { expertiseTermsScope: input.expertiseTermsScope } : {}),
        ...yextColumns(deps, {}, input.yextConfig),
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(HOSPITAL_MESSAGES.duplicateCode, { field: 'code' });
    throw error;
  }
  try {
    await createHospitalDefaults(deps.db, row!.id);
  } catch (error) {
    deps.logger.error({ err: error, hospitalId: row!.id }, 'default section permissions could not be created');
  }
  await recordAudit(deps.db, actor, {
    action: 'hospital.create',
    targetType: 'hospital',
    targetId: row!.id,
    hospitalId: row!.id,
    summary: { after: { name: row!.name, code: row!.code } },
  });
  return toHospitalDto(deps, row!);
}

export async function updateHospital(deps: HospitalDeps, actor: AdminActor, id: string, input: z.output<typeof hospitalUpdateSchema>) {
  const before = await findHospitalForAdmin(deps.db, actor, id);
  if (input.isActive !== undefined && actor.role !== 'system_admin')
    throw AppError.forbidden('Only a system administrator can activate or deactivate a hospital.');
  const changes: Partial<typeof hospitals.$inferInsert> = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.address !== undefined ? { address: input.address } : {}),
    ...(input.contactEmail !== undefined ? { contactEmail: input.contactEmail } : {}),
    ...(input.contactPhone !== undefined ? { contactPhone: input.contactPhone } : {}),
    ...(input.dataSource !== undefined ? { dataSource: input.dataSource } : {}),
    ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
    ...(input.populationConfig !== undefined ? { populationConfig: input.populationConfig } : {}),
    ...(input.expertiseTermsScope !== undefined ? { expertiseTermsScope: input.expertiseTermsScope } : {}),
    ...yextColumns(deps, before.yextConfig, input.yextConfig),
  };
  const [after] = await deps.db.update(hospitals).set(changes).where(eq(hospitals.id, before.id)).returning();
  // A deactivated hospital's administrators are out at once: every session of theirs ends here, and
  // the admin sign-in refuses them while the hospital stays inactive.
  if (input.isActive === false) {
    await deps.db.delete(authSessions).where(
      inArray(
        authSessions.userId,
        deps.db
          .select({ id: adminUsers.authUserId })
          .from(adminUsers)
          .where(and(eq(adminUsers.hospitalId, before.id), isNotNull(adminUsers.authUserId))),
      ),
    );
  }
  const summaryKeys = Object.keys(input).filter((k) => k !== 'yextConfig');
  await recordAudit(deps.db, actor, {
    action: input.isActive === false ? 'hospital.deactivate' : 'hospital.update',
    targetType: 'hospital',
    targetId: before.id,
    hospitalId: before.id,
    summary: {
      fields: [...summaryKeys, ...(input.yextConfig ? ['yextConfig'] : [])],
      before: Object.fromEntries(summaryKeys.map((k) => [k, (before as Record<string, unknown>)[k]])),
      after: Object.fromEntries(summaryKeys.map((k) => [k, (input as Record<string, unknown>)[k]])),
      apiKeyChanged: Boolean(input.yextConfig?.apiKey || input.yextConfig?.clearApiKey),
    },
  });
  return toHospitalDto(deps, after!);
}

export async function deleteHospital(deps: HospitalDeps, actor: AdminActor, id: string) {
  const before = await findHospitalForAdmin(deps.db, actor, id);
  await deps.db.delete(hospitals).where(eq(hospitals.id, before.id));
  await recordAudit(deps.db, actor, {
    action: 'hospital.delete',
    targetType: 'hospital',
    targetId: before.id,
    hospitalId: before.id,
    summary: { before: { name: before.name, code: before.code } },
  });
  return { deleted: true };
}

/** All nine sections in order, with the stored flags or the defaults. */
/** Prepared once per database handle and named (decision 0014): every member page of the app asks for it. */
const permissionRows = perDatabase((db) =>
  db
    .select()
    .from(hospitalSectionPermissions)
    .where(eq(hospitalSectionPermissions.hospitalId, sql.placeholder('hospitalId')))
    .prepare('vitae_section_permissions'),
);

export async function getSectionPermissions(db: Database, hospitalId: string | null) {
  const rows = hospitalId ? await permissionRows(db).execute({ hospitalId }) : [];
  return permissionsFromRows(rows);
}

/** Upserts the given sections in one transaction; hiding a section forces it optional. */
export async function saveSectionPermissions(deps: HospitalDeps, actor: AdminActor, hospitalId: string, input: z.output<typeof sectionPermissionsSchema>) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  const before = await getSectionPermissions(deps.db, hospital.id);
  await deps.db.transaction(async (tx) => {
    for (const permission of input.permissions) {
      const values = { isVisible: permission.isVisible, isRequired: permission.isVisible && permission.isRequired };
      await tx
        .insert(hospitalSectionPermissions)
        .values({ hospitalId: hospital.id, sectionId: permission.sectionId, ...values })
        .onConflictDoUpdate({ target: [hospitalSectionPermissions.hospitalId, hospitalSectionPermissions.sectionId], set: values });
    }
    // Completion is stored at write time; the hospital's required sections just changed for all its providers.
    const providers = await tx.select({ id: users.id }).from(users).where(eq(users.hospitalId, hospital.id));
    for (const provider of providers) await refreshCompletion(tx, provider.id);
  });
  const after = await getSectionPermissions(deps.db, hospital.id);
  await recordAudit(deps.db, actor, {
    action: 'hospital.section_permissions.update',
    targetType: 'hospital',
    targetId: hospital.id,
    hospitalId: hospital.id,
    summary: { before, after },
  });
  return after;
}

export async function getReadingLevels(db: Database, hospitalId: string) {
  const [row] = await db.select().from(hospitalReadingLevels).where(eq(hospitalReadingLevels.hospitalId, hospitalId)).limit(1);
  const {
    id: _id,
    hospitalId: _hospital,
    createdAt: _c,
    updatedAt: _u,
    ...levels
  } = row ?? { id: '', hospitalId, createdAt: new Date(), updatedAt: new Date(), ...READING_LEVEL_DEFAULTS };
  return levels;
}

export async function saveReadingLevels(deps: HospitalDeps, actor: AdminActor, hospitalId: string, input: z.output<typeof readingLevelsSchema>) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  const before = await getReadingLevels(deps.db, hospital.id);
  await deps.db
    .insert(hospitalReadingLevels)
    .values({ hospitalId: hospital.id, ...input })
    .onConflictDoUpdate({ target: hospitalReadingLevels.hospitalId, set: input });
  await recordAudit(deps.db, actor, {
    action: 'hospital.reading_levels.update',
    targetType: 'hospital',
    targetId: hospital.id,
    hospitalId: hospital.id,
    summary: { before, after: input },
  });
  return getReadingLevels(deps.db, hospital.id);
}

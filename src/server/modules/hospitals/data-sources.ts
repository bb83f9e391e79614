import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { HOSPITAL_MESSAGES } from '../../../shared/schemas/hospitals';
import type { dataSourceConfigSchema, dataSourceConfigUpdateSchema } from '../../../shared/schemas/data-sources';
import type { AdminActor } from '../../auth/policies';
import type { Database } from '../../db/client';
import { dataSourceConfigurations, dataSourceFieldMappings } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/service';
import { findHospitalForAdmin } from './service';

type ConfigRow = typeof dataSourceConfigurations.$inferSelect;
type MappingRow = typeof dataSourceFieldMappings.$inferSelect;

const toDto = (config: ConfigRow, mappings: MappingRow[]) => ({
  id: config.id,
  hospitalId: config.hospitalId,
  sourceType: config.sourceType,
  sourceName: config.sourceName,
  isActive: config.isActive,
  connectionConfig: config.connectionConfig,
  providerLookupStrategy: config.providerLookupStrategy,
  syncEnabled: config.syncEnabled,
  createdAt: config.createdAt.toISOString(),
  updatedAt: config.updatedAt.toISOString(),
  fieldMappings: mappings.map((m) => ({
    id: m.id,
    profileSection: m.profileSection,
    profileField: m.profileField,
    sourcePath: m.sourcePath,
    sourceFieldType: m.sourceFieldType,
    transformationRules: m.transformationRules,
    isRequired: m.isRequired,
    defaultValue: m.defaultValue,
    fallbackPaths: m.fallbackPaths,
    notes: m.notes,
  })),
});

async function mappingsOf(db: Database, configurationId: string) {
  return db
    .select()
    .from(dataSourceFieldMappings)
    .where(eq(dataSourceFieldMappings.configurationId, configurationId))
    .orderBy(asc(dataSourceFieldMappings.profileSection), asc(dataSourceFieldMappings.profileField));
}

export async function listDataSources(db: Database, actor: AdminActor, hospitalId: string) {
  const hospital = await findHospitalForAdmin(db, actor, hospitalId);
  const configs = await db
    .select()
    .from(dataSourceConfigurations)
    .where(eq(dataSourceConfigurations.hospitalId, hospital.id))
    .orderBy(desc(dataSourceConfigurations.isActive), desc(dataSourceConfigurations.updatedAt));
  return Promise.all(configs.map(async (config) => toDto(config, await mappingsOf(db, config.id))));
}

/** The active configuration with its field mappings; the listing-service import reads this. */
export async function getActiveDataSource(db: Database, hospitalId: string) {
  const [config] = await db
    .select()
    .from(dataSourceConfigurations)
    .where(and(eq(dataSourceConfigurations.hospitalId, hospitalId), eq(dataSourceConfigurations.isActive, true)))
    .limit(1);
  if (!config) throw new AppError('NO_ACTIVE_DATA_SOURCE', 404, HOSPITAL_MESSAGES.noActiveDataSource);
  return toDto(config, await mappingsOf(db, config.id));
}

async function findConfig(db: Database, hospitalId: string, configId: string) {
  const [config] = await db
    .select()
    .from(dataSourceConfigurations)
    .where(and(eq(dataSourceConfigurations.id, configId), eq(dataSourceConfigurations.hospitalId, hospitalId)))
    .limit(1);
  if (!config) throw AppError.notFound('Data source configuration not found');
  return config;
}

/**
 * Creates or replaces a configuration with its mappings in one transaction. Activating one
 * deactivates the hospital's other configurations first (one active configuration per hospital).
 */
async function writeConfig(db: Database, hospitalId: string, configId: string | null, input: Partial<z.output<typeof dataSourceConfigSchema>>) {
  return db.transaction(async (tx) => {
    if (input.isActive) {
      await tx
        .update(dataSourceConfigurations)
        .set({ isActive: false })
        .where(and(eq(dataSourceConfigurations.hospitalId, hospitalId), configId ? ne(dataSourceConfigurations.id, configId) : undefined));
    }
    const { fieldMappings, ...columns } = input;
    let config: ConfigRow;
    if (configId) {
      [config] = (await tx.update(dataSourceConfigurations).set(columns).where(eq(dataSourceConfigurations.id, configId)).returning()) as [ConfigRow];
    } else {
      [config] = (await tx
        .insert(dataSourceConfigurations)
        .values({ hospitalId, sourceType: columns.sourceType!, sourceName: columns.sourceName!, ...columns })
        .returning()) as [ConfigRow];
    }
    if (fieldMappings) {
      await tx.delete(dataSourceFieldMappings).where(eq(dataSourceFieldMappings.configurationId, config.id));
      if (fieldMappings.length > 0) {
        await tx.insert(dataSourceFieldMappings).values(fieldMappings.map((m) => ({ ...m, configurationId: config.id })));
      }
    }
    return config;
  });
}

export async function createDataSource(db: Database, actor: AdminActor, hospitalId: string, input: z.output<typeof dataSourceConfigSchema>) {
  const hospital = await findHospitalForAdmin(db, actor, hospitalId);
  const config = await writeConfig(db, hospital.id, null, input);
  await recordAudit(db, actor, {
    action: 'data_source.create',
    targetType: 'data_source_configuration',
    targetId: config.id,
    hospitalId: hospital.id,
    summary: { after: { sourceType: config.sourceType, sourceName: config.sourceName, isActive: config.isActive, mappings: input.fieldMappings.length } },
  });
  return toDto(config, await mappingsOf(db, config.id));
}

export async function updateDataSource(
  db: Database,
  actor: AdminActor,
  hospitalId: string,
  configId: string,
  input: z.output<typeof dataSourceConfigUpdateSchema>,
) {
  const hospital = await findHospitalForAdmin(db, actor, hospitalId);
  const before = await findConfig(db, hospital.id, configId);
  const config = await writeConfig(db, hospital.id, before.id, input);
  await recordAudit(db, actor, {
    action: 'data_source.update',
    targetType: 'data_source_configuration',
    targetId: config.id,
    hospitalId: hospital.id,
    summary: {
      fields: Object.keys(input),
      before: { isActive: before.isActive, sourceName: before.sourceName },
      after: { isActive: config.isActive, sourceName: config.sourceName },
    },
  });
  return toDto(config, await mappingsOf(db, config.id));
}

export async function deleteDataSource(db: Database, actor: AdminActor, hospitalId: string, configId: string) {
  const hospital = await findHospitalForAdmin(db, actor, hospitalId);
  const before = await findConfig(db, hospital.id, configId);
  await db.delete(dataSourceConfigurations).where(eq(dataSourceConfigurations.id, before.id));
  await recordAudit(db, actor, {
    action: 'data_source.delete',
    targetType: 'data_source_configuration',
    targetId: before.id,
    hospitalId: hospital.id,
    summary: { before: { sourceName: before.sourceName } },
  });
  return { deleted: true };
}

import { containsPattern } from '../../lib/like';
import { and, asc, count, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ReadCsv } from '../../../shared/csv';
import type { TaxonomySource } from '../../../shared/enums';
import {
  formatTaxonomyCsvError,
  parseTaxonomyCsv,
  TAXONOMY_LIMITS,
  TAXONOMY_MESSAGES,
  taxonomyUploadErrorMessage,
  type hospitalTaxonomyRowInputSchema,
  type hospitalTaxonomyRowUpdateSchema,
  type TaxonomyConfig,
  type TaxonomyDistinctQuery,
  type TaxonomyListQuery,
  type TaxonomyRowInput,
  type taxonomyRowUpdateSchema,
} from '../../../shared/schemas/taxonomy';
import type { AdminActor } from '../../auth/policies';
import type { Database } from '../../db/client';
import { hospitals, hospitalSpecialtyTaxonomiesPoc, hospitalTaxonomyConfigurations, hospitalTaxonomyUploads, medicalSpecialtyTaxonomy } from '../../db/schema';
import { isDatabaseUnavailable } from '../../http/errors';
import { AppError, isAppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { recordAudit } from '../audit/service';
import { findHospitalForAdmin } from '../hospitals/service';

export interface TaxonomyDeps {
  db: Database;
  logger: Logger;
}

export type OrgLevel = 'department' | 'division' | 'section';

type DefaultRow = typeof medicalSpecialtyTaxonomy.$inferSelect;
type HospitalRow = typeof hospitalSpecialtyTaxonomiesPoc.$inferSelect;
type UploadRow = typeof hospitalTaxonomyUploads.$inferSelect;

/** Rejected uploads keep this many error lines on the upload record and in the response. */
const MAX_REPORTED_ERRORS = 500;
const MAX_STORED_ERRORS = 50;

/**
 * The spec's default failure texts for unexpected errors. Our own errors pass through, and an
 * unreachable database stays a retryable 503 rather than becoming a generic failure.
 */
async function failingWith<T>(deps: TaxonomyDeps, message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isAppError(error) || isDatabaseUnavailable(error)) throw error;
    deps.logger.error({ err: error }, message);
    throw new AppError('TAXONOMY_ERROR', 500, message);
  }
}

export function toDefaultTaxonomyDto(row: DefaultRow) {
  return {
    id: row.id,
    specialty: row.specialty,
    department: row.department,
    division: row.division,
    section: row.section,
    specialtyCode: row.specialtyCode,
    searchKeywords: row.searchKeywords,
    commonAbbreviations: row.commonAbbreviations,
    isActive: row.isActive,
    sortOrder: row.sortOrder,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toHospitalTaxonomyDto(row: HospitalRow) {
  return {
    id: row.id,
    hospitalId: row.hospitalId,
    specialty: row.specialty,
    department: row.department,
    division: row.division,
    section: row.section,
    specialtyCode: row.specialtyCode,
    isActive: row.isActive,
    isCustom: row.isCustom,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toUploadDto(row: UploadRow) {
  return {
    id: row.id,
    hospitalId: row.hospitalId,
    fileName: row.fileName,
    rowCount: row.rowCount,
    uploadStatus: row.uploadStatus,
    errorMessage: row.errorMessage,
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

interface OrgColumns {
  department: AnyPgColumn;
  division: AnyPgColumn;
  section: AnyPgColumn;
  isActive: AnyPgColumn;
}

function orgFilters(columns: OrgColumns, query: { department?: string; division?: string; section?: string; activeOnly?: boolean }) {
  const conditions: SQL[] = [];
  if (query.department) conditions.push(eq(columns.department, query.department));
  if (query.division) conditions.push(eq(columns.division, query.division));
  if (query.section) conditions.push(eq(columns.section, query.section));
  if (query.activeOnly) conditions.push(eq(columns.isActive, true));
  return conditions;
}

/** The drill-down lists: a department's divisions, a division's sections (blank units are not choices). */
function drillDownFilters(level: OrgLevel, query: TaxonomyDistinctQuery) {
  return {
    activeOnly: query.activeOnly,
    department: level === 'department' ? undefined : query.department,
    division: level === 'section' ? query.division : undefined,
  };
}

// ── Default taxonomy ────────────────────────────────────────────────────────────────────────

export async function listDefaultTaxonomy(deps: TaxonomyDeps, query: TaxonomyListQuery) {
  return failingWith(deps, TAXONOMY_MESSAGES.retrieveFailed, async () => {
    const t = medicalSpecialtyTaxonomy;
    const conditions = orgFilters(t, query);
    if (query.q) {
      const pattern = containsPattern(query.q);
      conditions.push(
        or(
          ilike(t.specialty, pattern),
          ilike(t.specialtyCode, pattern),
          sql`exists (select 1 from unnest(${t.searchKeywords}) as keyword(value) where keyword.value ilike ${pattern})`,
          sql`exists (select 1 from unnest(${t.commonAbbreviations}) as abbreviation(value) where abbreviation.value ilike ${pattern})`,
        )!,
      );
    }
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      deps.db
        .select()
        .from(t)
        .where(where)
        .orderBy(asc(t.department), asc(t.division), asc(t.section), asc(t.sortOrder), asc(t.specialty), asc(t.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      deps.db.select({ n: count() }).from(t).where(where),
    ]);
    return { items: rows.map(toDefaultTaxonomyDto), totalCount: Number(total?.n ?? 0) };
  });
}

async function distinctValues(
  db: Database,
  table: typeof medicalSpecialtyTaxonomy | typeof hospitalSpecialtyTaxonomiesPoc,
  column: AnyPgColumn,
  conditions: SQL[],
) {
  const rows = await db
    .selectDistinct({ value: column })
    .from(table)
    .where(and(isNotNull(column), ...conditions))
    .orderBy(asc(column));
  return rows.map((row) => row.value as string);
}

export async function distinctDefaultTaxonomy(deps: TaxonomyDeps, level: OrgLevel, query: TaxonomyDistinctQuery) {
  return failingWith(deps, TAXONOMY_MESSAGES.retrieveFailed, async () => {
    const t = medicalSpecialtyTaxonomy;
    return { items: await distinctValues(deps.db, t, t[level], orgFilters(t, drillDownFilters(level, query))) };
  });
}

async function findDefaultRow(db: Database, id: string) {
  const [row] = await db.select().from(medicalSpecialtyTaxonomy).where(eq(medicalSpecialtyTaxonomy.id, id)).limit(1);
  if (!row) throw new AppError('TAXONOMY_NOT_FOUND', 404, TAXONOMY_MESSAGES.entryNotFound);
  return row;
}

export async function createDefaultTaxonomy(deps: TaxonomyDeps, actor: AdminActor, input: TaxonomyRowInput) {
  const row = await failingWith(deps, TAXONOMY_MESSAGES.createFailed, async () => {
    const [created] = await deps.db.insert(medicalSpecialtyTaxonomy).values(input).returning();
    return created!;
  });
  await recordAudit(deps.db, actor, {
    action: 'taxonomy.default.create',
    targetType: 'medical_specialty_taxonomy',
    targetId: row.id,
    hospitalId: null,
    summary: { after: input },
  });
  return toDefaultTaxonomyDto(row);
}

export async function updateDefaultTaxonomy(deps: TaxonomyDeps, actor: AdminActor, id: string, input: z.output<typeof taxonomyRowUpdateSchema>) {
  const { before, after } = await failingWith(deps, TAXONOMY_MESSAGES.updateFailed, async () => {
    const current = await findDefaultRow(deps.db, id);
    if (Object.keys(input).length === 0) return { before: current, after: current };
    const [updated] = await deps.db.update(medicalSpecialtyTaxonomy).set(input).where(eq(medicalSpecialtyTaxonomy.id, id)).returning();
    return { before: current, after: updated! };
  });
  const fields = Object.keys(input) as Array<keyof typeof input>;
  await recordAudit(deps.db, actor, {
    action: 'taxonomy.default.update',
    targetType: 'medical_specialty_taxonomy',
    targetId: id,
    hospitalId: null,
    summary: { fields, before: Object.fromEntries(fields.map((k) => [k, before[k]])), after: input },
  });
  return toDefaultTaxonomyDto(after);
}

export async function deleteDefaultTaxonomy(deps: TaxonomyDeps, actor: AdminActor, id: string) {
  const before = await failingWith(deps, TAXONOMY_MESSAGES.deleteFailed, async () => {
    const row = await findDefaultRow(deps.db, id);
    await deps.db.delete(medicalSpecialtyTaxonomy).where(eq(medicalSpecialtyTaxonomy.id, id));
    return row;
  });
  await recordAudit(deps.db, actor, {
    action: 'taxonomy.default.delete',
    targetType: 'medical_specialty_taxonomy',
    targetId: id,
    hospitalId: null,
    summary: { before: toDefaultTaxonomyDto(before) },
  });
  return { deleted: true };
}

// ── A hospital's taxonomy ───────────────────────────────────────────────────────────────────

export async function listHospitalTaxonomy(deps: TaxonomyDeps, actor: AdminActor, hospitalId: string, query: TaxonomyListQuery) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  return failingWith(deps, TAXONOMY_MESSAGES.retrieveFailed, async () => {
    const t = hospitalSpecialtyTaxonomiesPoc;
    const conditions = [eq(t.hospitalId, hospital.id), ...orgFilters(t, query)];
    if (query.q) {
      // The hospital table has no keyword columns; specialty and code are what can be searched.
      const pattern = containsPattern(query.q);
      conditions.push(or(ilike(t.specialty, pattern), ilike(t.specialtyCode, pattern))!);
    }
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      deps.db
        .select()
        .from(t)
        .where(where)
        .orderBy(asc(t.department), asc(t.division), asc(t.section), asc(t.specialty), asc(t.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      deps.db.select({ n: count() }).from(t).where(where),
    ]);
    return { items: rows.map(toHospitalTaxonomyDto), totalCount: Number(total?.n ?? 0) };
  });
}

export async function distinctHospitalTaxonomy(deps: TaxonomyDeps, actor: AdminActor, hospitalId: string, level: OrgLevel, query: TaxonomyDistinctQuery) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  return failingWith(deps, TAXONOMY_MESSAGES.retrieveFailed, async () => {
    const t = hospitalSpecialtyTaxonomiesPoc;
    return {
      items: await distinctValues(deps.db, t, t[level], [eq(t.hospitalId, hospital.id), ...orgFilters(t, drillDownFilters(level, query))]),
    };
  });
}

/** A row of this hospital: another hospital's row id is simply not found. */
async function findHospitalRow(db: Database, hospitalId: string, id: string) {
  const [row] = await db
    .select()
    .from(hospitalSpecialtyTaxonomiesPoc)
    .where(and(eq(hospitalSpecialtyTaxonomiesPoc.id, id), eq(hospitalSpecialtyTaxonomiesPoc.hospitalId, hospitalId)))
    .limit(1);
  if (!row) throw new AppError('TAXONOMY_NOT_FOUND', 404, TAXONOMY_MESSAGES.entryNotFound);
  return row;
}

export async function createHospitalTaxonomy(
  deps: TaxonomyDeps,
  actor: AdminActor,
  hospitalId: string,
  input: z.output<typeof hospitalTaxonomyRowInputSchema>,
) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  const row = await failingWith(deps, TAXONOMY_MESSAGES.createFailed, async () => {
    const [created] = await deps.db
      .insert(hospitalSpecialtyTaxonomiesPoc)
      .values({ ...input, hospitalId: hospital.id, isCustom: true, createdBy: actor.adminId })
      .returning();
    return created!;
  });
  await recordAudit(deps.db, actor, {
    action: 'taxonomy.hospital.create',
    targetType: 'hospital_specialty_taxonomy',
    targetId: row.id,
    hospitalId: hospital.id,
    summary: { after: input },
  });
  return toHospitalTaxonomyDto(row);
}

export async function updateHospitalTaxonomy(
  deps: TaxonomyDeps,
  actor: AdminActor,
  hospitalId: string,
  id: string,
  input: z.output<typeof hospitalTaxonomyRowUpdateSchema>,
) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  const { before, after } = await failingWith(deps, TAXONOMY_MESSAGES.updateFailed, async () => {
    const current = await findHospitalRow(deps.db, hospital.id, id);
    if (Object.keys(input).length === 0) return { before: current, after: current };
    const [updated] = await deps.db
      .update(hospitalSpecialtyTaxonomiesPoc)
      .set(input)
      .where(and(eq(hospitalSpecialtyTaxonomiesPoc.id, id), eq(hospitalSpecialtyTaxonomiesPoc.hospitalId, hospital.id)))
      .returning();
    return { before: current, after: updated! };
  });
  const fields = Object.keys(input) as Array<keyof typeof input>;
  await recordAudit(deps.db, actor, {
    action: 'taxonomy.hospital.update',
    targetType: 'hospital_specialty_taxonomy',
    targetId: id,
    hospitalId: hospital.id,
    summary: { fields, before: Object.fromEntries(fields.map((k) => [k, before[k]])), after: input },
  });
  return toHospitalTaxonomyDto(after);
}

export async function deleteHospitalTaxonomy(deps: TaxonomyDeps, actor: AdminActor, hospitalId: string, id: string) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  const before = await failingWith(deps, TAXONOMY_MESSAGES.deleteFailed, async () => {
    const row = await findHospitalRow(deps.db, hospital.id, id);
    await deps.db
      .delete(hospitalSpecialtyTaxonomiesPoc)
      .where(and(eq(hospitalSpecialtyTaxonomiesPoc.id, id), eq(hospitalSpecialtyTaxonomiesPoc.hospitalId, hospital.id)));
    return row;
  });
  await recordAudit(deps.db, actor, {
    action: 'taxonomy.hospital.delete',
    targetType: 'hospital_specialty_taxonomy',
    targetId: id,
    hospitalId: hospital.id,
    summary: { before: toHospitalTaxonomyDto(before) },
  });
  return { deleted: true };
}

// ── Configuration ───────────────────────────────────────────────────────────────────────────

type Executor = Pick<Database, 'select' | 'insert'>;

async function configRow(db: Executor, hospitalId: string) {
  const [row] = await db.select().from(hospitalTaxonomyConfigurations).where(eq(hospitalTaxonomyConfigurations.hospitalId, hospitalId)).limit(1);
  return row;
}

async function upsertConfig(db: Executor, hospitalId: string, config: TaxonomyConfig) {
  const values = { usesDefaultTaxonomy: config.usesDefaultTaxonomy, taxonomySource: config.taxonomySource };
  await db
    .insert(hospitalTaxonomyConfigurations)
    .values({ hospitalId, ...values })
    // $onUpdate does not reach ON CONFLICT DO UPDATE, so the timestamp is set here.
    .onConflictDoUpdate({ target: hospitalTaxonomyConfigurations.hospitalId, set: { ...values, updatedAt: new Date() } });
}

/**
 * Serialises replacements of one hospital's taxonomy. Without it two concurrent uploads could each
 * delete only the rows committed before them and both insert, leaving the two files merged.
 * NO KEY UPDATE leaves foreign-key checks of other writers (which take KEY SHARE) unblocked.
 */
async function lockHospitalTaxonomy(tx: Pick<Database, 'select'>, hospitalId: string) {
  await tx.select({ id: hospitals.id }).from(hospitals).where(eq(hospitals.id, hospitalId)).for('no key update');
}

async function activeHospitalRowCount(db: Database, hospitalId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(hospitalSpecialtyTaxonomiesPoc)
    .where(and(eq(hospitalSpecialtyTaxonomiesPoc.hospitalId, hospitalId), eq(hospitalSpecialtyTaxonomiesPoc.isActive, true)));
  return Number(row?.n ?? 0);
}

/**
 * Which taxonomy a hospital's providers see: its own rows when it is configured away from the
 * default and actually has active rows (an emptied taxonomy must not leave the form blank).
 */
function effectiveSource(config: { usesDefaultTaxonomy: boolean } | undefined, activeRows: number): 'hospital' | 'default' {
  return config && !config.usesDefaultTaxonomy && activeRows > 0 ? 'hospital' : 'default';
}

async function configDto(db: Database, hospitalId: string) {
  const config = await configRow(db, hospitalId);
  const activeRows = await activeHospitalRowCount(db, hospitalId);
  return {
    hospitalId,
    usesDefaultTaxonomy: config?.usesDefaultTaxonomy ?? true,
    taxonomySource: (config?.taxonomySource ?? 'default') as TaxonomySource,
    updatedAt: config?.updatedAt.toISOString() ?? null,
    activeHospitalRowCount: activeRows,
    effectiveSource: effectiveSource(config, activeRows),
  };
}

export async function getTaxonomyConfig(deps: TaxonomyDeps, actor: AdminActor, hospitalId: string) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  return failingWith(deps, TAXONOMY_MESSAGES.retrieveFailed, () => configDto(deps.db, hospital.id));
}

export async function saveTaxonomyConfig(deps: TaxonomyDeps, actor: AdminActor, hospitalId: string, input: TaxonomyConfig) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  const before = await configDto(deps.db, hospital.id);
  await failingWith(deps, TAXONOMY_MESSAGES.updateFailed, () => upsertConfig(deps.db, hospital.id, input));
  await recordAudit(deps.db, actor, {
    action: 'taxonomy.config.update',
    targetType: 'hospital',
    targetId: hospital.id,
    hospitalId: hospital.id,
    summary: { before: { usesDefaultTaxonomy: before.usesDefaultTaxonomy, taxonomySource: before.taxonomySource }, after: input },
  });
  return configDto(deps.db, hospital.id);
}

// ── Specialty code resolution ───────────────────────────────────────────────────────────────

/**
 * A specialty code's name as a hospital's providers would see it: the hospital's own rows first,
 * then the default taxonomy unless the hospital has moved away from it (no hospital = default).
 * Codes match case-insensitively: NUCC codes are upper case but are often typed otherwise.
 */
export async function resolveSpecialtyCodeForHospital(db: Database, hospitalId: string | null, rawCode: string) {
  const code = rawCode.trim();
  const notFound = () => new AppError('SPECIALTY_CODE_NOT_FOUND', 404, TAXONOMY_MESSAGES.codeNotFound(code));
  if (!code) throw notFound();
  const key = code.toUpperCase();
  if (hospitalId) {
    const h = hospitalSpecialtyTaxonomiesPoc;
    const [own] = await db
      .select({ code: h.specialtyCode, specialty: h.specialty })
      .from(h)
      .where(and(eq(h.hospitalId, hospitalId), sql`upper(${h.specialtyCode}) = ${key}`))
      .orderBy(desc(h.isActive), asc(h.specialty))
      .limit(1);
    if (own) return { code: own.code!, specialty: own.specialty, source: 'hospital' as const };
    const config = await configRow(db, hospitalId);
    if (config && !config.usesDefaultTaxonomy) throw notFound();
  }
  const d = medicalSpecialtyTaxonomy;
  const [fallback] = await db
    .select({ code: d.specialtyCode, specialty: d.specialty })
    .from(d)
    .where(sql`upper(${d.specialtyCode}) = ${key}`)
    .orderBy(desc(d.isActive), asc(d.specialty))
    .limit(1);
  if (fallback) return { code: fallback.code!, specialty: fallback.specialty, source: 'default' as const };
  throw notFound();
}

export async function resolveSpecialtyCode(deps: TaxonomyDeps, actor: AdminActor, hospitalId: string, code: string) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  return failingWith(deps, TAXONOMY_MESSAGES.retrieveFailed, () => resolveSpecialtyCodeForHospital(deps.db, hospital.id, code));
}

// ── Replace by upload, reset ────────────────────────────────────────────────────────────────

export async function listTaxonomyUploads(deps: TaxonomyDeps, actor: AdminActor, hospitalId: string, query: { page: number; pageSize: number }) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  return failingWith(deps, TAXONOMY_MESSAGES.retrieveFailed, async () => {
    const u = hospitalTaxonomyUploads;
    const where = eq(u.hospitalId, hospital.id);
    const [rows, [total]] = await Promise.all([
      deps.db
        .select()
        .from(u)
        .where(where)
        .orderBy(desc(u.createdAt), desc(u.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      deps.db.select({ n: count() }).from(u).where(where),
    ]);
    return { items: rows.map(toUploadDto), totalCount: Number(total?.n ?? 0) };
  });
}

async function markUploadFailed(deps: TaxonomyDeps, uploadId: string, message: string) {
  try {
    await deps.db
      .update(hospitalTaxonomyUploads)
      .set({ uploadStatus: 'failed', errorMessage: message, completedAt: new Date() })
      .where(eq(hospitalTaxonomyUploads.id, uploadId));
  } catch (error) {
    // The caller's own error is the one worth reporting; a stale "processing" record is the cost.
    deps.logger.error({ err: error, uploadId }, 'could not mark a taxonomy upload as failed');
  }
}

function storedErrorSummary(message: string, errors: string[]) {
  const shown = errors.slice(0, MAX_STORED_ERRORS);
  const more = errors.length - shown.length;
  return [message, ...shown, ...(more > 0 ? [`… and ${more} more`] : [])].join('\n');
}

/**
 * Replaces a hospital's taxonomy with an uploaded file: every row is checked before anything is
 * touched, and the delete, the inserts, the configuration and the upload's completion commit
 * together, so the hospital has either its old taxonomy or the whole new one.
 */
export async function uploadHospitalTaxonomy(deps: TaxonomyDeps, actor: AdminActor, hospitalId: string, input: { fileName: string; readCsv: ReadCsv }) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  const [upload] = await deps.db
    .insert(hospitalTaxonomyUploads)
    .values({ hospitalId: hospital.id, fileName: input.fileName, uploadedBy: actor.adminId })
    .returning();
  const uploadId = upload!.id;
  await deps.db.update(hospitalTaxonomyUploads).set({ uploadStatus: 'processing' }).where(eq(hospitalTaxonomyUploads.id, uploadId));

  let csv;
  try {
    csv = await input.readCsv();
  } catch (error) {
    // The file did not arrive whole (too large, the connection dropped): the upload failed, and says so.
    await markUploadFailed(deps, uploadId, 'The file could not be received.');
    throw error;
  }
  const parsed = parseTaxonomyCsv(csv);
  if (parsed.errors.length > 0) {
    const message = taxonomyUploadErrorMessage(parsed);
    const errors = parsed.errors.map(formatTaxonomyCsvError);
    await markUploadFailed(deps, uploadId, storedErrorSummary(message, errors));
    await recordAudit(deps.db, actor, {
      action: 'taxonomy.upload.reject',
      targetType: 'hospital_taxonomy_upload',
      targetId: uploadId,
      hospitalId: hospital.id,
      summary: { fileName: input.fileName, invalidRowCount: parsed.invalidRowCount, errorCount: errors.length },
    });
    throw new AppError('TAXONOMY_UPLOAD_INVALID', 400, message, {
      uploadId,
      errors: errors.slice(0, MAX_REPORTED_ERRORS),
      errorCount: errors.length,
    });
  }

  const rows = parsed.rows.map((row) => ({
    hospitalId: hospital.id,
    specialty: row.specialty,
    specialtyCode: row.specialtyCode,
    department: row.department,
    division: row.division,
    section: row.section,
    isActive: true,
    // Custom marks rows an admin added by hand; a file is the hospital's catalogue itself.
    isCustom: false,
    createdBy: actor.adminId,
  }));
  let replacedRowCount = 0;
  try {
    await deps.db.transaction(async (tx) => {
      await lockHospitalTaxonomy(tx, hospital.id);
      const removed = await tx
        .delete(hospitalSpecialtyTaxonomiesPoc)
        .where(eq(hospitalSpecialtyTaxonomiesPoc.hospitalId, hospital.id))
        .returning({ id: hospitalSpecialtyTaxonomiesPoc.id });
      replacedRowCount = removed.length;
      for (let i = 0; i < rows.length; i += TAXONOMY_LIMITS.insertBatchSize) {
        await tx.insert(hospitalSpecialtyTaxonomiesPoc).values(rows.slice(i, i + TAXONOMY_LIMITS.insertBatchSize));
      }
      await upsertConfig(tx, hospital.id, { usesDefaultTaxonomy: false, taxonomySource: 'uploaded' });
      await tx
        .update(hospitalTaxonomyUploads)
        .set({ uploadStatus: 'completed', rowCount: rows.length, errorMessage: null, completedAt: new Date() })
        .where(eq(hospitalTaxonomyUploads.id, uploadId));
    });
  } catch (error) {
    deps.logger.error({ err: error, uploadId, hospitalId: hospital.id }, 'taxonomy replacement failed');
    await markUploadFailed(deps, uploadId, TAXONOMY_MESSAGES.updateFailed);
    await recordAudit(deps.db, actor, {
      action: 'taxonomy.upload.fail',
      targetType: 'hospital_taxonomy_upload',
      targetId: uploadId,
      hospitalId: hospital.id,
      summary: { fileName: input.fileName, rowCount: rows.length },
    }).catch((auditError: unknown) => deps.logger.warn({ err: auditError }, 'could not audit a failed taxonomy upload'));
    if (isAppError(error) || isDatabaseUnavailable(error)) throw error;
    throw new AppError('TAXONOMY_UPLOAD_FAILED', 500, TAXONOMY_MESSAGES.updateFailed, { uploadId });
  }
  await recordAudit(deps.db, actor, {
    action: 'taxonomy.upload',
    targetType: 'hospital_taxonomy_upload',
    targetId: uploadId,
    hospitalId: hospital.id,
    summary: { fileName: input.fileName, rowCount: rows.length, replacedRowCount },
  });
  return { uploadId, rowCount: rows.length };
}

/** Back to the default taxonomy: the hospital's own rows go and the configuration follows, together. */
export async function resetHospitalTaxonomy(deps: TaxonomyDeps, actor: AdminActor, hospitalId: string) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  const deletedRowCount = await failingWith(deps, TAXONOMY_MESSAGES.updateFailed, () =>
    deps.db.transaction(async (tx) => {
      await lockHospitalTaxonomy(tx, hospital.id);
      const removed = await tx
        .delete(hospitalSpecialtyTaxonomiesPoc)
        .where(eq(hospitalSpecialtyTaxonomiesPoc.hospitalId, hospital.id))
        .returning({ id: hospitalSpecialtyTaxonomiesPoc.id });
      await upsertConfig(tx, hospital.id, { usesDefaultTaxonomy: true, taxonomySource: 'default' });
      return removed.length;
    }),
  );
  await recordAudit(deps.db, actor, {
    action: 'taxonomy.reset',
    targetType: 'hospital',
    targetId: hospital.id,
    hospitalId: hospital.id,
    summary: { deletedRowCount },
  });
  return { deletedRowCount, config: await configDto(deps.db, hospital.id) };
}

/**
 * Copies the active default taxonomy into the hospital's own, in batches of 50 rows (spec §9), as the
 * terms can be copied: rows the hospital already has (same specialty, code and unit) are left alone,
 * and the hospital's taxonomy becomes the one its providers see. One transaction.
 */
export async function copyDefaultTaxonomyToHospital(deps: TaxonomyDeps, actor: AdminActor, hospitalId: string) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  const key = (row: { specialty: string; specialtyCode: string | null; department: string | null; division: string | null; section: string | null }) =>
    [row.specialty, row.specialtyCode ?? '', row.department ?? '', row.division ?? '', row.section ?? ''].join('\u0000').toLowerCase();
  const createdCount = await failingWith(deps, TAXONOMY_MESSAGES.updateFailed, () =>
    deps.db.transaction(async (tx) => {
      await lockHospitalTaxonomy(tx, hospital.id);
      const defaults = await tx
        .select()
        .from(medicalSpecialtyTaxonomy)
        .where(eq(medicalSpecialtyTaxonomy.isActive, true))
        .orderBy(asc(medicalSpecialtyTaxonomy.sortOrder), asc(medicalSpecialtyTaxonomy.specialty), asc(medicalSpecialtyTaxonomy.id));
      const existing = await tx.select().from(hospitalSpecialtyTaxonomiesPoc).where(eq(hospitalSpecialtyTaxonomiesPoc.hospitalId, hospital.id));
      const have = new Set(existing.map(key));
      const rows = defaults
        .filter((row) => !have.has(key(row)))
        .map((row) => ({
          hospitalId: hospital.id,
          specialty: row.specialty,
          specialtyCode: row.specialtyCode,
          department: row.department,
          division: row.division,
          section: row.section,
          isActive: true,
          isCustom: false,
          createdBy: actor.adminId,
        }));
      for (let i = 0; i < rows.length; i += TAXONOMY_LIMITS.copyBatchSize) {
        await tx.insert(hospitalSpecialtyTaxonomiesPoc).values(rows.slice(i, i + TAXONOMY_LIMITS.copyBatchSize));
      }
      await upsertConfig(tx, hospital.id, { usesDefaultTaxonomy: false, taxonomySource: 'copied' });
      return rows.length;
    }),
  );
  await recordAudit(deps.db, actor, {
    action: 'taxonomy.copy_defaults',
    targetType: 'hospital',
    targetId: hospital.id,
    hospitalId: hospital.id,
    summary: { createdCount },
  });
  return { created_count: createdCount, config: await configDto(deps.db, hospital.id) };
}

// ── The provider's read ─────────────────────────────────────────────────────────────────────

/** The taxonomy behind the identity form: active rows only, by specialty. */
export async function taxonomyForProvider(deps: TaxonomyDeps, hospitalId: string | null) {
  return failingWith(deps, TAXONOMY_MESSAGES.retrieveFailed, async () => {
    const source = hospitalId ? (await configDto(deps.db, hospitalId)).effectiveSource : 'default';
    if (source === 'hospital') {
      const h = hospitalSpecialtyTaxonomiesPoc;
      const items = await deps.db
        .select({ id: h.id, specialty: h.specialty, department: h.department, division: h.division, section: h.section, specialtyCode: h.specialtyCode })
        .from(h)
        .where(and(eq(h.hospitalId, hospitalId!), eq(h.isActive, true)))
        .orderBy(asc(h.specialty), asc(h.id));
      return { source, items };
    }
    const d = medicalSpecialtyTaxonomy;
    const items = await deps.db
      .select({ id: d.id, specialty: d.specialty, department: d.department, division: d.division, section: d.section, specialtyCode: d.specialtyCode })
      .from(d)
      .where(eq(d.isActive, true))
      .orderBy(asc(d.specialty), asc(d.id));
    return { source, items };
  });
}

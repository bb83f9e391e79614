import { and, asc, desc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { PromptType } from '../../../shared/enums';
import {
  PROMPT_TEMPLATE_MESSAGES,
  type promptTemplateCreateSchema,
  type PromptTemplateDto,
  type promptTemplateListQuerySchema,
  type promptTemplateUpdateSchema,
  type PromptTemplateVersionDto,
} from '../../../shared/schemas/prompt-templates';
import type { AdminActor } from '../../auth/policies';
import type { Database } from '../../db/client';
import { adminUsers, hospitals, promptTemplateHistory, promptTemplates } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/pg-errors';
import { recordAudit } from '../audit/service';
import { findHospitalForAdmin } from '../hospitals/service';

type TemplateRow = typeof promptTemplates.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOWHERE = '00000000-0000-0000-0000-000000000000';

const clip = (value: string | null | undefined) => (value && value.length > 200 ? `${value.slice(0, 200)}…` : (value ?? null));

const notFound = () => new AppError('TEMPLATE_NOT_FOUND', 404, PROMPT_TEMPLATE_MESSAGES.notFound);
const updateBlocked = () => new AppError('TEMPLATE_UPDATE_BLOCKED', 403, PROMPT_TEMPLATE_MESSAGES.updateBlocked);

/** Who may change a template: system administrators any; hospital administrators only their hospital's. */
const canEdit = (actor: AdminActor, row: Pick<TemplateRow, 'hospitalId'>) =>
  actor.role === 'system_admin' || (row.hospitalId !== null && row.hospitalId === actor.hospitalId);

/** What the actor may see: global templates plus their hospital's (system administrators: all). */
function visibleTo(actor: AdminActor): SQL | undefined {
  if (actor.role === 'system_admin') return undefined;
  return or(isNull(promptTemplates.hospitalId), eq(promptTemplates.hospitalId, actor.hospitalId ?? NOWHERE));
}

function toDto(actor: AdminActor, row: TemplateRow, hospitalName: string | null): PromptTemplateDto {
  return {
    id: row.id,
    hospitalId: row.hospitalId,
    hospitalName,
    scope: row.hospitalId ? 'hospital' : 'global',
    promptType: row.promptType as PromptType,
    promptName: row.promptName,
    promptContent: row.promptContent,
    description: row.description,
    isActive: row.isActive,
    isDefault: row.isDefault,
    version: row.version,
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    canEdit: canEdit(actor, row),
  };
}

const withHospital = (db: Database) =>
  db
    .select({ template: promptTemplates, hospitalName: hospitals.name })
    .from(promptTemplates)
    .leftJoin(hospitals, eq(hospitals.id, promptTemplates.hospitalId));

/** Ordered by type, then default first (spec §7), then the hospital's own before global ones, then name. */
const listOrder = [
  asc(promptTemplates.promptType),
  desc(promptTemplates.isDefault),
  sql`${promptTemplates.hospitalId} is null`,
  asc(promptTemplates.promptName),
  asc(promptTemplates.id),
];

export async function listTemplates(db: Database, actor: AdminActor, query: z.output<typeof promptTemplateListQuerySchema>) {
  const conditions: Array<SQL | undefined> = [visibleTo(actor)];
  if (actor.role === 'system_admin' && query.hospitalId) {
    const hospital = await findHospitalForAdmin(db, actor, query.hospitalId);
    conditions.push(or(isNull(promptTemplates.hospitalId), eq(promptTemplates.hospitalId, hospital.id)));
  }
  if (query.promptType) conditions.push(eq(promptTemplates.promptType, query.promptType));
  if (!query.includeInactive) conditions.push(eq(promptTemplates.isActive, true));
  const rows = await withHospital(db)
    .where(and(...conditions))
    .orderBy(...listOrder);
  return { items: rows.map((row) => toDto(actor, row.template, row.hospitalName)) };
}

/** A template the actor may see; anything else is 'Template not found or access denied'. */
async function findVisible(db: Database, actor: AdminActor, id: string, lock = false) {
  if (!UUID.test(id)) throw notFound();
  const query = withHospital(db)
    .where(and(eq(promptTemplates.id, id), visibleTo(actor)))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: promptTemplates }) : await query;
  if (!row) throw notFound();
  return row;
}

export async function getTemplate(db: Database, actor: AdminActor, id: string) {
  const row = await findVisible(db, actor, id);
  return toDto(actor, row.template, row.hospitalName);
}

/** Setting a default clears the previous one of the same type and scope, in the caller's transaction. */
async function clearDefault(tx: Database, hospitalId: string | null, promptType: string, exceptId?: string) {
  await tx
    .update(promptTemplates)
    .set({ isDefault: false })
    .where(
      and(
        hospitalId ? eq(promptTemplates.hospitalId, hospitalId) : isNull(promptTemplates.hospitalId),
        eq(promptTemplates.promptType, promptType),
        eq(promptTemplates.isDefault, true),
        exceptId ? ne(promptTemplates.id, exceptId) : undefined,
      ),
    );
}

/** The unique index is the last word on "one default per scope": a race loses with a clear message. */
async function defaultSafe<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.conflict(PROMPT_TEMPLATE_MESSAGES.defaultRace);
    throw error;
  }
}

export async function createTemplate(db: Database, actor: AdminActor, input: z.output<typeof promptTemplateCreateSchema>) {
  let hospitalId: string | null;
  if (actor.role === 'system_admin') {
    hospitalId = input.hospitalId ? (await findHospitalForAdmin(db, actor, input.hospitalId)).id : null;
  } else {
    if (input.hospitalId === null) throw new AppError('FORBIDDEN', 403, PROMPT_TEMPLATE_MESSAGES.globalOnlySystem);
    hospitalId = (await findHospitalForAdmin(db, actor, input.hospitalId ?? actor.hospitalId ?? NOWHERE)).id;
  }
  const row = await defaultSafe(() =>
    db.transaction(async (tx) => {
      if (input.isDefault) await clearDefault(tx, hospitalId, input.promptType);
      const [created] = await tx
        .insert(promptTemplates)
        .values({
          hospitalId,
          promptType: input.promptType,
          promptName: input.promptName,
          promptContent: input.promptContent,
          description: input.description,
          isActive: input.isActive,
          isDefault: input.isDefault,
          createdBy: actor.adminId,
          updatedBy: actor.adminId,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'prompt_template.create',
        targetType: 'prompt_template',
        targetId: created!.id,
        hospitalId,
        summary: { after: { promptType: created!.promptType, promptName: created!.promptName, isDefault: created!.isDefault, isActive: created!.isActive } },
      });
      return created!;
    }),
  );
  return getTemplate(db, actor, row.id);
}

type TemplateChanges = Partial<Pick<TemplateRow, 'promptType' | 'promptName' | 'promptContent' | 'description' | 'isActive' | 'isDefault'>>;

/**
 * The one way a template changes: the current version is copied to the history, the row takes the
 * changes and the next version number, and a new default displaces the old one — all in one
 * transaction, with the row locked so two editors cannot both write version n+1.
 */
async function writeVersion(db: Database, actor: AdminActor, id: string, changes: TemplateChanges, audit: { action: string; extra?: Record<string, unknown> }) {
  const visible = await findVisible(db, actor, id);
  if (!canEdit(actor, visible.template)) throw updateBlocked();
  await defaultSafe(() =>
    db.transaction(async (tx) => {
      const { template: current } = await findVisible(tx, actor, id, true);
      const next = { ...current, ...changes };
      if (next.isDefault && !next.isActive) throw AppError.validation(PROMPT_TEMPLATE_MESSAGES.defaultMustBeActive, { field: 'isActive' });
      await tx.insert(promptTemplateHistory).values({
        templateId: current.id,
        version: current.version,
        hospitalId: current.hospitalId,
        promptType: current.promptType,
        promptName: current.promptName,
        promptContent: current.promptContent,
        description: current.description,
        isActive: current.isActive,
        isDefault: current.isDefault,
        changedBy: current.updatedBy,
        changedAt: current.updatedAt,
      });
      if (next.isDefault) await clearDefault(tx, current.hospitalId, next.promptType, current.id);
      const updated = await tx
        .update(promptTemplates)
        .set({ ...changes, version: current.version + 1, updatedBy: actor.adminId })
        .where(and(eq(promptTemplates.id, current.id), eq(promptTemplates.version, current.version)))
        .returning({ id: promptTemplates.id });
      // Spec §7: an update that changes no row is an error, not a silent success.
      if (updated.length === 0) throw updateBlocked();
      const fields = Object.keys(changes) as Array<keyof TemplateChanges>;
      await recordAudit(tx, actor, {
        action: audit.action,
        targetType: 'prompt_template',
        targetId: current.id,
        hospitalId: current.hospitalId,
        summary: {
          fields,
          fromVersion: current.version,
          toVersion: current.version + 1,
          before: Object.fromEntries(fields.map((k) => [k, k === 'promptContent' ? clip(current[k]) : current[k]])),
          after: Object.fromEntries(fields.map((k) => [k, k === 'promptContent' ? clip(next[k] as string) : next[k]])),
          ...audit.extra,
        },
      });
    }),
  );
  return getTemplate(db, actor, id);
}

export async function updateTemplate(db: Database, actor: AdminActor, id: string, input: z.output<typeof promptTemplateUpdateSchema>) {
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as TemplateChanges;
  return writeVersion(db, actor, id, changes, { action: 'prompt_template.update' });
}

export async function deleteTemplate(db: Database, actor: AdminActor, id: string) {
  const { template } = await findVisible(db, actor, id);
  if (!canEdit(actor, template)) throw updateBlocked();
  return db.transaction(async (tx) => {
    const deleted = await tx.delete(promptTemplates).where(eq(promptTemplates.id, template.id)).returning({ id: promptTemplates.id });
    if (deleted.length === 0) throw notFound();
    await recordAudit(tx, actor, {
      action: 'prompt_template.delete',
      targetType: 'prompt_template',
      targetId: template.id,
      hospitalId: template.hospitalId,
      summary: { before: { promptType: template.promptType, promptName: template.promptName, version: template.version, isDefault: template.isDefault } },
    });
    return { deleted: true };
  });
}

/** Earlier versions, newest first (the current version is the template itself). */
export async function templateHistory(db: Database, actor: AdminActor, id: string): Promise<{ items: PromptTemplateVersionDto[] }> {
  const { template } = await findVisible(db, actor, id);
  const rows = await db
    .select({ row: promptTemplateHistory, changedByName: adminUsers.fullName, changedByEmail: adminUsers.email })
    .from(promptTemplateHistory)
    .leftJoin(adminUsers, eq(adminUsers.id, promptTemplateHistory.changedBy))
    .where(eq(promptTemplateHistory.templateId, template.id))
    .orderBy(desc(promptTemplateHistory.version));
  return {
    items: rows.map(({ row, changedByName, changedByEmail }) => ({
      id: row.id,
      templateId: row.templateId,
      version: row.version,
      promptType: row.promptType as PromptType,
      promptName: row.promptName,
      promptContent: row.promptContent,
      description: row.description,
      isActive: row.isActive,
      isDefault: row.isDefault,
      changedBy: row.changedBy,
      changedByName: changedByName ?? changedByEmail ?? null,
      changedAt: row.changedAt.toISOString(),
    })),
  };
}

/**
 * Brings back the wording of an earlier version as a new version; the current one goes to the
 * history like any edit. Type, active and default flags stay as they are now, so restoring old text
 * never silently moves the hospital's default.
 */
export async function restoreVersion(db: Database, actor: AdminActor, id: string, version: number) {
  const { template } = await findVisible(db, actor, id);
  if (!canEdit(actor, template)) throw updateBlocked();
  const [old] = await db
    .select()
    .from(promptTemplateHistory)
    .where(and(eq(promptTemplateHistory.templateId, template.id), eq(promptTemplateHistory.version, version)))
    .limit(1);
  if (!old) throw new AppError('VERSION_NOT_FOUND', 404, PROMPT_TEMPLATE_MESSAGES.versionNotFound(version));
  return writeVersion(
    db,
    actor,
    id,
    { promptName: old.promptName, promptContent: old.promptContent, description: old.description },
    { action: 'prompt_template.restore', extra: { restoredVersion: version } },
  );
}

/**
 * The template the biography writer uses for a provider: the hospital's active default of the type,
 * else the global active default; null when neither exists.
 */
export async function resolveDefaultTemplate(db: Database, hospitalId: string | null, promptType: PromptType) {
  const rows = await db
    .select()
    .from(promptTemplates)
    .where(
      and(
        eq(promptTemplates.promptType, promptType),
        eq(promptTemplates.isDefault, true),
        eq(promptTemplates.isActive, true),
        hospitalId ? or(isNull(promptTemplates.hospitalId), eq(promptTemplates.hospitalId, hospitalId)) : isNull(promptTemplates.hospitalId),
      ),
    )
    .orderBy(sql`${promptTemplates.hospitalId} is null`);
  return rows[0] ?? null;
}

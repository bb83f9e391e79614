/**
 * Hospital expertise terms from the listing service's taxonomy entities (profile spec §7): each type
 * fetched 50 at a time by offset until a short page or the type's offset cap, then added, updated and
 * deleted in one transaction. Nothing is written until every page has arrived, so a failure part-way
 * leaves the hospital's terms as they were.
 */
import { and, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import { YEXT_TERM_ENTITY_TYPES, type TermType, type YextTermEntityType } from '../../../shared/enums';
import { SYNC_BATCH_SIZE } from '../../../shared/limits';
import type { TermSyncStats, YextSyncLogDto } from '../../../shared/schemas/yext';
import { analyzeAfterBulkWrite, type Database } from '../../db/client';
import { hospitalExpertiseTerms, yextSyncLogs } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';
import { YEXT_DEFAULTS, YEXT_MESSAGES, entityIdOf, isYextError, offsetCapFor, type YextClient } from '../../integrations/yext';
import { AppError, isAppError } from '../../lib/app-error';
import { forgetValidKey, loadHospital, validatedClient, type HospitalRow, type YextDeps } from './context';

export const YEXT_TERM_SYNC_JOB = 'yext.term_sync';

export const TERM_TYPE_BY_ENTITY_TYPE: Record<YextTermEntityType, TermType> = {
  taxonomy_conditionTreated: 'Condition',
  taxonomy_procedure: 'Procedure',
  taxonomy_reasonForVisit: 'Reason for Visit',
};

/** A sync older than this that still says running is taken to have died with its process. */
const RUNNING_WINDOW_MS = 15 * 60_000;
/** New terms are written SYNC_BATCH_SIZE (25, the spec's sync batch size) rows to a statement. */
const WRITE_BATCH = SYNC_BATCH_SIZE;

type SyncLogRow = typeof yextSyncLogs.$inferSelect;

export const toSyncLogDto = (row: SyncLogRow): YextSyncLogDto => ({
  id: row.id,
  hospitalId: row.hospitalId,
  syncType: row.syncType as YextSyncLogDto['syncType'],
  status: row.status as YextSyncLogDto['status'],
  totalEntitiesFetched: row.totalEntitiesFetched,
  termsAdded: row.termsAdded,
  termsUpdated: row.termsUpdated,
  termsDeleted: row.termsDeleted,
  error: row.error,
  startedAt: row.startedAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

interface FetchedTerm {
  entityId: string;
  term: string;
  entityType: YextTermEntityType;
  termType: TermType;
}

/** Every entity of one taxonomy type, page by page; a page shorter than the page size is the last. */
export async function fetchTaxonomyEntities(client: YextClient, entityType: YextTermEntityType) {
  const cap = offsetCapFor(entityType);
  const entities = [];
  for (let offset = 0; ;) {
    const page = await client.listEntities({ entityTypes: entityType, limit: YEXT_DEFAULTS.pageSize, offset });
    entities.push(...page.entities);
    if (page.entities.length < YEXT_DEFAULTS.pageSize) break;
    offset += YEXT_DEFAULTS.pageSize;
    // A safety stop: past the cap the service is assumed to be repeating itself.
    if (offset >= cap) break;
  }
  return entities;
}

async function fetchAllTerms(client: YextClient, onType?: (entityType: YextTermEntityType, fetchedSoFar: number) => Promise<void>) {
  const terms = new Map<string, FetchedTerm>();
  const byType: Record<string, number> = {};
  let total = 0;
  for (const entityType of YEXT_TERM_ENTITY_TYPES) {
    const entities = await fetchTaxonomyEntities(client, entityType);
    byType[entityType] = entities.length;
    total += entities.length;
    for (const entity of entities) {
      const entityId = entityIdOf(entity);
      const term = typeof entity.name === 'string' ? entity.name.trim() : '';
      if (!entityId || !term || terms.has(entityId)) continue;
      terms.set(entityId, { entityId, term: term.slice(0, 500), entityType, termType: TERM_TYPE_BY_ENTITY_TYPE[entityType] });
    }
    await onType?.(entityType, total);
  }
  return { terms, byType, total };
}

/** What the fetched terms change in the hospital's listing-service terms. */
async function planChanges(db: Database, hospitalId: string, fetched: Map<string, FetchedTerm>) {
  const existing = await db
    .select()
    .from(hospitalExpertiseTerms)
    .where(and(eq(hospitalExpertiseTerms.hospitalId, hospitalId), eq(hospitalExpertiseTerms.isYextSourced, true)));
  const byEntity = new Map(existing.filter((row) => row.yextEntityId).map((row) => [row.yextEntityId!, row]));
  const adds: FetchedTerm[] = [];
  const updates: Array<{ id: string; term: FetchedTerm }> = [];
  const unchanged: string[] = [];
  for (const term of fetched.values()) {
    const row = byEntity.get(term.entityId);
    if (!row) adds.push(term);
    else if (row.term !== term.term || row.termType !== term.termType || row.yextEntityType !== term.entityType) updates.push({ id: row.id, term });
    else unchanged.push(row.id);
  }
  const deletes = existing.filter((row) => row.yextEntityId && !fetched.has(row.yextEntityId)).map((row) => row.id);
  return { adds, updates, unchanged, deletes };
}

const chunks = <T>(items: T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** The counts a sync would produce, without writing anything. */
export async function dryRunTermSync(deps: YextDeps, hospitalId: string): Promise<TermSyncStats> {
  const row = await loadHospital(deps.db, hospitalId);
  const { client } = await validatedClient(deps, row);
  let fetched;
  try {
    fetched = await fetchAllTerms(client);
  } catch (error) {
    await forgetValidKey(deps, row, error);
    throw new AppError('YEXT_SYNC_FAILED', 502, isYextError(error) ? error.message : YEXT_MESSAGES.syncFailed);
  }
  const plan = await planChanges(deps.db, hospitalId, fetched.terms);
  return {
    totalEntitiesFetched: fetched.total,
    termsAdded: plan.adds.length,
    termsUpdated: plan.updates.length,
    termsDeleted: plan.deletes.length,
    byType: fetched.byType,
  };
}

/**
 * Refuses a second sync while one for the hospital is still running. A log left running past the
 * window belongs to a process that died mid-sync; it is closed as failed so the history stays true.
 */
async function assertNotRunning(db: Database, hospitalId: string) {
  await db
    .update(yextSyncLogs)
    .set({ status: 'failed', error: `${YEXT_MESSAGES.syncFailed}: interrupted`, finishedAt: new Date() })
    .where(
      and(eq(yextSyncLogs.hospitalId, hospitalId), eq(yextSyncLogs.status, 'running'), lt(yextSyncLogs.startedAt, new Date(Date.now() - RUNNING_WINDOW_MS))),
    );
  const [running] = await db
    .select({ id: yextSyncLogs.id })
    .from(yextSyncLogs)
    .where(
      and(eq(yextSyncLogs.hospitalId, hospitalId), eq(yextSyncLogs.status, 'running'), gte(yextSyncLogs.startedAt, new Date(Date.now() - RUNNING_WINDOW_MS))),
    )
    .limit(1);
  if (running) throw AppError.conflict(YEXT_MESSAGES.syncRunning, { syncLogId: running.id });
}

/** Starts a sync in the background: the log row (running) now, the work in the `yext.term_sync` job. */
export async function enqueueTermSync(deps: Pick<YextDeps, 'db'>, row: HospitalRow, initiatedBy: string | null) {
  await assertNotRunning(deps.db, row.id);
  return deps.db.transaction(async (tx) => {
    const [log] = await tx.insert(yextSyncLogs).values({ hospitalId: row.id, syncType: 'manual', initiatedBy, status: 'running' }).returning();
    // One attempt: a failed sync is reported in its log, and the admin decides whether to run it again.
    await enqueueJob(tx, YEXT_TERM_SYNC_JOB, { hospitalId: row.id, syncLogId: log!.id }, { maxAttempts: 1 });
    return log!;
  });
}

/** The job's work. Marks the log completed with its counts, or failed with the reason (and rethrows). */
export async function runTermSync(deps: YextDeps, input: { hospitalId: string; syncLogId: string }) {
  const { db } = deps;
  const [log] = await db.select().from(yextSyncLogs).where(eq(yextSyncLogs.id, input.syncLogId)).limit(1);
  if (!log) return null;
  let hospital: HospitalRow | undefined;
  try {
    hospital = await loadHospital(db, input.hospitalId);
    const { client } = await validatedClient(deps, hospital);
    const fetched = await fetchAllTerms(client, async (_type, total) => {
      await db.update(yextSyncLogs).set({ totalEntitiesFetched: total }).where(eq(yextSyncLogs.id, log.id));
    });
    const plan = await planChanges(db, hospital.id, fetched.terms);
    const now = new Date();
    const stats = await db.transaction(async (tx) => {
      let added = 0;
      for (const batch of chunks(plan.adds, WRITE_BATCH)) {
        const inserted = await tx
          .insert(hospitalExpertiseTerms)
          .values(
            batch.map((term) => ({
              hospitalId: hospital!.id,
              termId: term.entityId,
              term: term.term,
              termType: term.termType,
              isCustom: false,
              isYextSourced: true,
              yextEntityId: term.entityId,
              yextEntityType: term.entityType,
              lastSyncedFromYextAt: now,
            })),
          )
          // A hand-made term that already uses the entity id as its term id is left as it is.
          .onConflictDoNothing()
          .returning({ id: hospitalExpertiseTerms.id });
        added += inserted.length;
      }
      for (const { id, term } of plan.updates) {
        await tx
          .update(hospitalExpertiseTerms)
          .set({ term: term.term, termType: term.termType, yextEntityType: term.entityType, lastSyncedFromYextAt: now })
          .where(eq(hospitalExpertiseTerms.id, id));
      }
      for (const ids of chunks(plan.unchanged, 1000)) {
        await tx.update(hospitalExpertiseTerms).set({ lastSyncedFromYextAt: now }).where(inArray(hospitalExpertiseTerms.id, ids));
      }
      for (const ids of chunks(plan.deletes, 1000)) {
        await tx.delete(hospitalExpertiseTerms).where(inArray(hospitalExpertiseTerms.id, ids));
      }
      const counts = { totalEntitiesFetched: fetched.total, termsAdded: added, termsUpdated: plan.updates.length, termsDeleted: plan.deletes.length };
      await tx
        .update(yextSyncLogs)
        .set({ ...counts, status: 'completed', error: null, finishedAt: new Date() })
        .where(eq(yextSyncLogs.id, log.id));
      return counts;
    });
    await analyzeAfterBulkWrite(db, hospitalExpertiseTerms, stats.termsAdded + stats.termsUpdated + stats.termsDeleted);
    deps.logger.info({ hospitalId: hospital.id, syncLogId: log.id, ...stats }, 'listing-service term sync completed');
    return { ...stats, byType: fetched.byType };
  } catch (error) {
    if (hospital) await forgetValidKey(deps, hospital, error);
    const message = isYextError(error) || isAppError(error) ? error.message : YEXT_MESSAGES.syncFailed;
    deps.logger.warn({ err: error, hospitalId: input.hospitalId, syncLogId: log.id }, 'listing-service term sync failed');
    await db
      .update(yextSyncLogs)
      .set({ status: 'failed', error: message.slice(0, 2000), finishedAt: new Date() })
      .where(eq(yextSyncLogs.id, log.id));
    throw error;
  }
}

export async function listSyncLogs(db: Database, hospitalId: string, limit = 20) {
  const rows = await db.select().from(yextSyncLogs).where(eq(yextSyncLogs.hospitalId, hospitalId)).orderBy(desc(yextSyncLogs.startedAt)).limit(limit);
  return rows.map(toSyncLogDto);
}

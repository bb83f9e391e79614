/**
 * A large expertise-terms CSV replaces a hospital's terms as a job on the queue (issue 36: a
 * 200,000-row file held the server 99 s and `/api/health` with it). The upload stores the file in the
 * job's payload and answers 202; the job reads, checks and writes it in turns, yielding the event
 * loop between chunks, so other requests are served while it runs.
 *
 * All or nothing: every row is checked before anything is written, and the write is ONE transaction
 * (delete the hospital's terms, insert the new ones in batches, yielding between batches). We chose
 * this over staging rows elsewhere and swapping: the swap would still insert every row into the
 * same indexes (the trigram GIN index is most of the cost) inside one transaction, so it would hold
 * the database as long, and it needs a staging table and its clean-up. On PostgreSQL the
 * transaction holds one pool connection (of DATABASE_POOL_SIZE) for a few seconds while readers keep
 * seeing the old terms until it commits; on PGlite, whose one connection the transaction holds, other
 * queries wait for it (docs/operations.md). One import per hospital at a time: a second is refused.
 */
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { Readable } from 'node:stream';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import type { CsvParseError } from '../../../shared/csv';
import { CSV_PARSE_CONFIG, CsvRecordReader, type CsvRecord } from '../../../shared/csv';
import { TERM_MESSAGES } from '../../../shared/schemas/terms';
import { TERMS_IMPORT_MESSAGES, type TermsImportDto, type TermsImportPhase, type TermsImportStatus } from '../../../shared/schemas/terms-import';
import type { AdminActor } from '../../auth/policies';
import { analyzeAfterBulkWrite, type Database } from '../../db/client';
import { hospitalExpertiseTerms as hospitalTerms, jobs } from '../../db/schema';
import type { JobHandler, JobRow } from '../../jobs/queue';
import { enqueueJob } from '../../jobs/queue';
import { AppError, isAppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { recordAudit } from '../audit/service';
import { findHospitalForAdmin } from '../hospitals/service';
import { termsCsvRows } from './csv';
import { validateTermRows } from './service';

export const TERMS_IMPORT_JOB = 'terms.import';
/** The job works at most this long before it gives the event loop a turn (checking rows). */
const SLICE_MS = 8;
/** Rows per INSERT inside the replace's transaction; the event loop gets a turn after each. */
const INSERT_BATCH = 250;
/**
 * After each INSERT the job waits as long as the statement took (at most this long): the database
 * server shares the machine's cores with every request, so an import takes at most about half of
 * one core and finishes in about twice the time, instead of starving `/api/health` (measured: up to
 * 200 ms checks on a loaded 2-core machine without the pause).
 */
const MAX_PAUSE_MS = 100;
/** The file is handed to the parser in slices of this many characters, a turn between each (the first slice is 64 KiB: Papa Parse tells the line break from it). */
const PARSE_SLICE_CHARS = 16 * 1024;
const FIRST_SLICE_CHARS = 64 * 1024;
/** Progress is written to the job every this many rows checked. */
const PROGRESS_EVERY = 10_000;

interface ImportPayload {
  hospitalId: string;
  actor: AdminActor;
  fileName: string | null;
  /** The file itself, until it has been read (then dropped, so progress writes stay small). */
  csv?: string;
  phase?: TermsImportPhase;
  total?: number | null;
  checked?: number;
  result?: { outcome: 'replaced'; created: number; before: number } | { outcome: 'refused'; message: string; errors: string[] };
}

const payloadOf = (job: Pick<JobRow, 'payload'>) => job.payload as unknown as ImportPayload;

/** Jobs of this hospital's imports still waiting or running. */
const liveImports = (db: Database, hospitalId: string) =>
  db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.type, TERMS_IMPORT_JOB), inArray(jobs.status, ['queued', 'running']), sql`${jobs.payload}->>'hospitalId' = ${hospitalId}`))
    .limit(1);

/** Refuses (409) while an import of the hospital's terms waits or runs: a replace then would be undone by it, or undo it. */
export async function refuseWhileImporting(db: Database, hospitalId: string) {
  const [live] = await liveImports(db, hospitalId);
  if (live) throw AppError.conflict(TERMS_IMPORT_MESSAGES.busy, { jobId: live.id });
}

/**
 * Queues the import of `csv` for the admin's hospital. Two uploads at once are one import: the check
 * for a live one and the enqueue run under a lock on the hospital's import, so the second is refused.
 */
export async function startTermsImport(db: Database, actor: AdminActor, hospitalId: string, csv: string, fileName: string | null): Promise<TermsImportDto> {
  const hospital = await findHospitalForAdmin(db, actor, hospitalId);
  const job = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`terms-import:${hospital.id}`}))`);
    await refuseWhileImporting(tx, hospital.id);
    // What the audit entry names (not the session): the job writes it as this admin.
    const { kind, adminId, email, role, hospitalId: adminHospitalId, ip, userAgent } = actor;
    const who = { kind, adminId, email, role, hospitalId: adminHospitalId, ip, userAgent } as AdminActor;
    const payload: ImportPayload = { hospitalId: hospital.id, actor: who, fileName, csv, phase: 'waiting', total: null, checked: 0 };
    // One attempt: a failed import changed nothing and says why; the admin uploads again.
    return enqueueJob(tx, TERMS_IMPORT_JOB, payload as unknown as Record<string, unknown>, { maxAttempts: 1 });
  });
  return toDto(job);
}

function toDto(job: JobRow): TermsImportDto {
  const payload = payloadOf(job);
  const result = payload.result;
  const status: TermsImportStatus =
    job.status === 'queued' || job.status === 'running' ? job.status : job.status === 'failed' ? 'failed' : result?.outcome === 'refused' ? 'refused' : 'done';
  return {
    jobId: job.id,
    hospitalId: payload.hospitalId,
    fileName: payload.fileName ?? null,
    status,
    phase: status === 'queued' ? 'waiting' : status === 'running' ? (payload.phase ?? 'reading') : 'finished',
    total: payload.total ?? null,
    checked: payload.checked ?? 0,
    created: result?.outcome === 'replaced' ? result.created : null,
    message: result?.outcome === 'refused' ? result.message : status === 'failed' ? (job.lastError ?? 'The import failed; nothing was changed.') : null,
    errors: result?.outcome === 'refused' ? result.errors : [],
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

/** `GET …/terms/imports/:jobId`: the import's progress and result, for the admin's own hospital only. */
export async function getTermsImport(db: Database, actor: AdminActor, hospitalId: string, jobId: string): Promise<TermsImportDto> {
  const hospital = await findHospitalForAdmin(db, actor, hospitalId);
  // The file is not read back: only what the progress needs (payload minus csv).
  const [job] = await db
    .select({
      id: jobs.id,
      type: jobs.type,
      status: jobs.status,
      payload: sql<Record<string, unknown>>`${jobs.payload} - 'csv'`,
      lastError: jobs.lastError,
      createdAt: jobs.createdAt,
      finishedAt: jobs.finishedAt,
    })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.type, TERMS_IMPORT_JOB), sql`${jobs.payload}->>'hospitalId' = ${hospital.id}`))
    .limit(1);
  if (!job) throw AppError.notFound(TERMS_IMPORT_MESSAGES.notFound);
  return toDto(job as unknown as JobRow);
}

/** Merges `fields` into the job's payload and drops the file (read by then). */
async function saveProgress(db: Database, jobId: string, fields: Partial<ImportPayload>) {
  await db
    .update(jobs)
    .set({ payload: sql`(${jobs.payload} - 'csv') || ${JSON.stringify(fields)}::jsonb` })
    .where(eq(jobs.id, jobId));
}

/**
 * Parses CSV text with the project's Papa Parse settings, a slice at a time with a turn of the event
 * loop between slices (a 50,000-row file parsed at once holds the loop for a few hundred ms).
 */
export function parseCsvInTurns(text: string): Promise<CsvRecord[] | CsvParseError> {
  async function* slices() {
    for (let start = 0; start < text.length;) {
      const end = start + (start === 0 ? FIRST_SLICE_CHARS : PARSE_SLICE_CHARS);
      yield text.slice(start, end);
      start = end;
      await nextTurn();
    }
  }
  const stream = Readable.from(slices());
  const reader = new CsvRecordReader();
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(stream, {
      ...CSV_PARSE_CONFIG,
      step: (row, parser) => {
        if (!reader.add(row)) {
          parser.abort();
          stream.destroy();
        }
      },
      complete: () => resolve(reader.failure ?? reader.records),
      error: (error: Error) => reject(error),
    });
  });
}

/** One term as the INSERT's JSON parameter carries it (column names as the recordset declares them). */
interface TermValues {
  term_id: string;
  term: string;
  term_type: string;
  specialty_name: string | null;
  is_active: boolean;
  sort_order: number;
  search_keywords: string[];
  synonyms: string[];
}

/**
 * Inserts a batch as ONE JSON parameter read by jsonb_to_recordset: building Drizzle's VALUES list of
 * 500 rows × 10 parameters held the event loop up to 200 ms on a loaded machine (measured), while
 * JSON.stringify of the same rows takes about a millisecond and PostgreSQL does the rest.
 */
const insertBatch = (db: Database, hospitalId: string, batch: TermValues[]) =>
  db.execute(sql`
    insert into hospital_expertise_terms (hospital_id, term_id, term, term_type, specialty_name, is_active, sort_order, search_keywords, synonyms, is_custom)
    select ${hospitalId}::uuid, t.term_id, t.term, t.term_type, t.specialty_name, t.is_active, t.sort_order, t.search_keywords, t.synonyms, true
    from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as t(
      term_id text, term text, term_type text, specialty_name text, is_active boolean, sort_order integer, search_keywords text[], synonyms text[]
    )`);

/** Reads and checks every row, a chunk at a time; the rows to write, or why the file is refused. */
async function checkFile(db: Database, job: JobRow, csv: string) {
  const parsed = await parseCsvInTurns(csv);
  // A file the parser, the cap or the header refuses is refused here with the synchronous path's message.
  const { rows, termOf } = termsCsvRows(parsed);
  await saveProgress(db, job.id, { phase: 'checking', total: rows.length, checked: 0 });
  const values: TermValues[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  // Row by row, with a turn of the event loop whenever SLICE_MS of work has gone by.
  let sliceStart = performance.now();
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index]!;
    const { valid, errors: invalid } = validateTermRows([termOf(row.fields)], () => row.line);
    errors.push(...invalid);
    for (const { line, term } of valid) {
      const key = `${term.termId}\u0000${term.specialtyName ?? ''}`;
      if (seen.has(key)) errors.push(`Row ${line}: ${TERM_MESSAGES.duplicate} (${term.termId})`);
      seen.add(key);
      values.push({
        term_id: term.termId,
        term: term.term,
        term_type: term.termType,
        specialty_name: term.specialtyName,
        is_active: term.isActive,
        sort_order: term.sortOrder,
        search_keywords: term.searchKeywords,
        synonyms: term.synonyms,
      });
    }
    if ((index + 1) % PROGRESS_EVERY === 0 && index + 1 < rows.length) await saveProgress(db, job.id, { checked: index + 1 });
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
  return { values, errors, total: rows.length };
}

async function runImport(db: Database, logger: Logger, job: JobRow) {
  const payload = payloadOf(job);
  if (payload.csv === undefined) throw new Error(TERMS_IMPORT_MESSAGES.interrupted);
  const started = performance.now();
  await saveProgress(db, job.id, { phase: 'reading' });
  const refuse = (message: string, errors: string[] = []) =>
    saveProgress(db, job.id, { phase: 'finished', result: { outcome: 'refused', message, errors: errors.slice(0, 200) } });

  let checked;
  try {
    checked = await checkFile(db, job, payload.csv);
  } catch (error) {
    if (isAppError(error) && error.status === 400) return refuse(error.message);
    throw error;
  }
  const { values, errors, total } = checked;
  if (errors.length > 0) {
    errors.sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]));
    return refuse(`The file has ${errors.length.toLocaleString('en-US')} invalid row${errors.length === 1 ? '' : 's'}; nothing was changed.`, errors);
  }
  if (values.length === 0) return refuse('The CSV has a header row but no terms');
  await saveProgress(db, job.id, { phase: 'writing', checked: total });

  const [previous] = await db.select({ n: count() }).from(hospitalTerms).where(eq(hospitalTerms.hospitalId, payload.hospitalId));
  const before = Number(previous?.n ?? 0);
  await db.transaction(async (tx) => {
    await tx.delete(hospitalTerms).where(eq(hospitalTerms.hospitalId, payload.hospitalId));
    for (let i = 0; i < values.length; i += INSERT_BATCH) {
      const batchStart = performance.now();
      await insertBatch(tx, payload.hospitalId, values.slice(i, i + INSERT_BATCH));
      await sleep(Math.min(MAX_PAUSE_MS, performance.now() - batchStart));
    }
  });
  await analyzeAfterBulkWrite(db, hospitalTerms, before + values.length);
  await recordAudit(db, payload.actor, {
    action: 'expertise_term.replace_all',
    targetType: 'hospital',
    targetId: payload.hospitalId,
    hospitalId: payload.hospitalId,
    summary: { before: { count: before }, after: { count: values.length }, jobId: job.id, fileName: payload.fileName },
  });
  await saveProgress(db, job.id, { phase: 'finished', result: { outcome: 'replaced', created: values.length, before } });
  logger.info({ jobId: job.id, hospitalId: payload.hospitalId, terms: values.length, ms: Math.round(performance.now() - started) }, 'terms import done');
}

export function createTermsImportJobHandlers(deps: { db: Database; logger: Logger }): Record<string, JobHandler> {
  return { [TERMS_IMPORT_JOB]: (job) => runImport(deps.db, deps.logger, job) };
}

/**
 * The roster's pre-filling job (issue 37 item 2, docs/roster.md): for each accepted row of an upload,
 * link the Vitae account the person already has, or look the NPI up in the registry (and the listing
 * service at a hospital that uses it) and make an unclaimed draft profile (decision 0026) with the
 * sign-up's and the listing-service sync's own writers.
 *
 * Crash safety: a row's state says how far it got, and every step that writes checks the state it
 * expects in the same transaction as the write. `accepted_waiting` → (one transaction: the draft
 * profile and the row's `drafting` with its user) → the practice location and the listing-service
 * import, which fill only what is empty and so can run again → `drafted`. A job killed anywhere
 * leaves each row in a state the next run carries on from: nothing is made twice, nothing is lost.
 * The work goes in batches, one job per batch, each enqueueing the next; the job renews its lock
 * before each row, so a batch whose process was killed is queued again after a short lease (5 min,
 * SHORT_LEASE_MS in jobs/queue.ts) instead of the queue's general 15 minutes.
 */
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { ROSTER_MESSAGES, type RosterProgressDto, type RosterRowOutcome, type RosterUploadStatus } from '../../../shared/schemas/roster';
import { locationEntrySchema } from '../../../shared/schemas/profile';
import type { AdminActor } from '../../auth/policies';
import type { Database } from '../../db/client';
import {
  authUsers,
  hospitalJoinRequests,
  hospitalLocations,
  hospitals,
  jobs,
  professionalIdentity,
  rosterRows,
  rosterUploads,
  users,
  type SignupMetadata,
} from '../../db/schema';
import type { Env } from '../../env';
import { createNppesRegistry, isNpiRegistryError, type NpiRecord, type NpiRegistry } from '../../integrations/npi-registry';
import { enqueueJob, heartbeatJob, type JobHandler } from '../../jobs/queue';
import { AppError, isAppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { isUniqueViolation } from '../../lib/pg-errors';
import { createRosterDraftProfile } from '../accounts/service';
import { recordAudit } from '../audit/service';
import { currentListItems, writeSectionFields } from '../pending-updates/service';
import { yextDepsFrom, type YextDeps } from '../yext/context';
import { runUnifiedSync } from '../yext/sync';
import { findUpload, type RosterDeps } from './service';

export const ROSTER_DRAFT_JOB = 'roster.draft';
/** Rows per job: small enough that a killed batch loses little time, large enough that the queue is not the cost. */
export const ROSTER_DRAFT_BATCH = 25;
/**
 * Registry look-ups asked for at once: the upload's check (service.ts) and a batch's prefetch below.
 * Enough to keep a roster of thousands moving, few enough to stay inside NPPES's informal rate.
 */
export const REGISTRY_LOOKUPS_AT_ONCE = 4;
/** A batch's job is retried (registry or listing service down) with the queue's backoff, this many times. */
const ROSTER_JOB_ATTEMPTS = 10;
/** The rows the job still has to work on. */
const OPEN_STATES = ['accepted_waiting', 'drafting'] as const;

export interface RosterDraftDeps {
  db: Database;
  logger: Logger;
  npiRegistry: NpiRegistry;
  yext: YextDeps;
}

type RowRecord = typeof rosterRows.$inferSelect;
type HospitalRecord = Pick<typeof hospitals.$inferSelect, 'id' | 'name' | 'dataSource' | 'isActive'>;

/** Another run (a second worker, a re-delivered job) took this row first: leave it to that run. */
class RowTaken extends Error {}

// ── Starting and watching ───────────────────────────────────────────────────────────────────

/** Counts of an upload's accepted rows by state, for the progress bar. */
export async function uploadProgress(db: Database, upload: typeof rosterUploads.$inferSelect): Promise<RosterProgressDto> {
  const counts = await db
    .select({ state: rosterRows.state, n: count() })
    .from(rosterRows)
    .where(and(eq(rosterRows.uploadId, upload.id), sql`${rosterRows.state} <> 'refused'`))
    .groupBy(rosterRows.state);
  const [job] = await db
    .select({ status: jobs.status, attempts: jobs.attempts, lastError: jobs.lastError, runAt: jobs.runAt })
    .from(jobs)
    .where(and(eq(jobs.type, ROSTER_DRAFT_JOB), sql`${jobs.payload}->>'uploadId' = ${upload.id}`))
    .orderBy(desc(jobs.createdAt))
    .limit(1);
  const of = (state: string) => counts.find((row) => row.state === state)?.n ?? 0;
  const progress = { waiting: of('accepted_waiting'), drafting: of('drafting'), drafted: of('drafted'), failed: of('failed') };
  return {
    uploadId: upload.id,
    status: upload.status as RosterUploadStatus,
    total: progress.waiting + progress.drafting + progress.drafted + progress.failed,
    ...progress,
    done: progress.drafted + progress.failed,
    startedAt: upload.draftingStartedAt?.toISOString() ?? null,
    finishedAt: upload.draftingFinishedAt?.toISOString() ?? null,
    job: job
      ? {
          status: job.status as NonNullable<RosterProgressDto['job']>['status'],
          attempts: job.attempts,
          lastError: job.lastError,
          runAt: job.runAt.toISOString(),
        }
      : null,
  };
}

export async function getRosterProgress(deps: RosterDeps, actor: AdminActor, hospitalId: string, uploadId: string) {
  return uploadProgress(deps.db, await findUpload(deps, actor, hospitalId, uploadId));
}

/** Whether a batch job of this upload is waiting or running. */
async function hasLiveJob(db: Database, uploadId: string) {
  const [row] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.type, ROSTER_DRAFT_JOB), inArray(jobs.status, ['queued', 'running']), sql`${jobs.payload}->>'uploadId' = ${uploadId}`))
    .limit(1);
  return Boolean(row);
}

/**
 * `POST …/roster-uploads/:uploadId/drafting`: the admin starts pre-filling. A checked upload becomes
 * `drafting` and its first batch is queued, in one transaction. Pressing it again while drafting
 * re-queues the job only when none is waiting or running (one that ran out of retries), so a second
 * click never starts a second job.
 */
export async function startDrafting(deps: RosterDeps, actor: AdminActor, hospitalId: string, uploadId: string): Promise<RosterProgressDto> {
  const upload = await findUpload(deps, actor, hospitalId, uploadId);
  if (upload.acceptedRows === 0) throw AppError.validation(ROSTER_MESSAGES.nothingToDraft);
  const started = await deps.db.transaction(async (tx) => {
    // The upload's row is locked first, so two clicks at once are one start.
    const [locked] = await tx.select().from(rosterUploads).where(eq(rosterUploads.id, upload.id)).for('update');
    if (!locked || locked.status === 'drafted') throw AppError.conflict(ROSTER_MESSAGES.alreadyStarted);
    if (locked.status === 'drafting') {
      if (await hasLiveJob(tx, upload.id)) throw AppError.conflict(ROSTER_MESSAGES.alreadyStarted);
    } else {
      await tx
        .update(rosterUploads)
        .set({ status: 'drafting', draftingStartedBy: actor.adminId, draftingStartedAt: new Date() })
        .where(eq(rosterUploads.id, upload.id));
    }
    await enqueueJob(tx, ROSTER_DRAFT_JOB, { uploadId: upload.id }, { maxAttempts: ROSTER_JOB_ATTEMPTS });
    await recordAudit(tx, actor, {
      action: 'roster.drafting_started',
      targetType: 'roster_upload',
      targetId: upload.id,
      hospitalId: upload.hospitalId,
      summary: { after: { accepted: upload.acceptedRows, resumed: locked.status === 'drafting' } },
    });
    const [after] = await tx.select().from(rosterUploads).where(eq(rosterUploads.id, upload.id));
    return after!;
  });
  return uploadProgress(deps.db, started);
}

// ── One row ─────────────────────────────────────────────────────────────────────────────────

async function failRow(db: Database, row: RowRecord, reason: string) {
  await db
    .update(rosterRows)
    .set({ state: 'failed', failureReason: reason })
    .where(and(eq(rosterRows.id, row.id), inArray(rosterRows.state, OPEN_STATES)));
  return 'failed' as const;
}

/** Marks the row done with the account it was linked to (no draft made), if it is still waiting. */
async function linkRow(db: Database, row: RowRecord, hospital: HospitalRecord, user: typeof users.$inferSelect): Promise<'drafted' | 'failed'> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(rosterRows)
      .set({ state: 'drafted', userId: user.id, draftedAt: new Date() })
      .where(and(eq(rosterRows.id, row.id), eq(rosterRows.state, 'accepted_waiting')))
      .returning({ id: rosterRows.id });
    if (!claimed) throw new RowTaken();
    let outcome: RosterRowOutcome = 'linked';
    if (!user.hospitalId) {
      // An account without a hospital asks to join this one; the hospital's approval rules decide
      // (its administrators approve the request as any other). One pending request per provider.
      const [pending] = await tx
        .select({ hospitalId: hospitalJoinRequests.hospitalId })
        .from(hospitalJoinRequests)
        .where(and(eq(hospitalJoinRequests.userId, user.id), eq(hospitalJoinRequests.status, 'pending')))
        .limit(1);
      if (pending && pending.hospitalId !== hospital.id) {
        await tx
          .update(rosterRows)
          .set({ state: 'failed', userId: null, draftedAt: null, failureReason: ROSTER_MESSAGES.failedJoinElsewhere })
          .where(eq(rosterRows.id, row.id));
        return 'failed';
      }
      if (!pending)
        await tx
          .insert(hospitalJoinRequests)
          .values({ userId: user.id, hospitalId: hospital.id, message: `On ${hospital.name}’s roster (line ${row.line} of an upload)` });
      outcome = 'join_requested';
    }
    await tx.update(rosterRows).set({ outcome }).where(eq(rosterRows.id, row.id));
    return 'drafted';
  });
}

const STREET_WORDS: Record<string, string> = {
  dr: 'drive',
  st: 'street',
  ave: 'avenue',
  av: 'avenue',
  rd: 'road',
  blvd: 'boulevard',
  ln: 'lane',
  ct: 'court',
  pkwy: 'parkway',
  hwy: 'highway',
  pl: 'place',
  ste: 'suite',
  n: 'north',
  s: 'south',
  e: 'east',
  w: 'west',
};
/** An address line compared loosely: case, punctuation and the usual abbreviations ("DR", "Drive") do not matter. */
const addressKey = (value: string | null | undefined) =>
  (value ?? '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word) => STREET_WORDS[word] ?? word)
    .join(' ');
const nameKey = (value: string | null | undefined) =>
  (value ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
const zip5 = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '').slice(0, 5);

/** "1 MEDICAL CENTER DR" → "1 Medical Center Dr" (the registry writes addresses in capitals). */
const caseAddress = (value: string | null | undefined) =>
  value && value === value.toUpperCase()
    ? value
        .toLowerCase()
        .replace(/\b([a-z])/g, (letter) => letter.toUpperCase())
        .replace(/\b(Ne|Nw|Se|Sw|Po)\b/g, (word) => word.toUpperCase())
    : (value ?? null);

type HospitalLocation = typeof hospitalLocations.$inferSelect;

/**
 * The registry's practice location matched to one of the hospital's own: by the roster's Location
 * column (the location's name), else by street line and ZIP code. Matched, the entry is that location
 * (its id, name and address); not matched, the registry's address as the provider's own office.
 */
export function practiceLocationEntry(record: NpiRecord, rosterLocation: string | null, locations: HospitalLocation[]): Record<string, unknown> | null {
  const place = record.primary_address;
  const byName = rosterLocation ? locations.find((location) => nameKey(location.name) === nameKey(rosterLocation)) : undefined;
  const byAddress = place
    ? locations.find(
        (location) =>
          addressKey(location.addressLine1 ?? location.address) === addressKey(place.address_1) &&
          zip5(location.zipCode ?? location.postalCode) === zip5(place.postal_code) &&
          zip5(place.postal_code) !== '',
      )
    : undefined;
  const matched = byName ?? byAddress;
  const entry: Record<string, unknown> | null = matched
    ? {
        predefinedLocationId: matched.id,
        locationName: matched.name,
        address: matched.addressLine1 ?? matched.address,
        addressLine2: matched.addressLine2,
        city: matched.city,
        state: matched.state,
        postalCode: matched.zipCode ?? matched.postalCode,
        phoneNumber: matched.phoneNumber ?? matched.mainPhone,
        isPrimaryLocation: true,
      }
    : place
      ? {
          predefinedLocationId: null,
          locationName: caseAddress(place.address_1),
          address: caseAddress(place.address_1),
          addressLine2: caseAddress(place.address_2),
          city: caseAddress(place.city),
          state: place.state,
          postalCode: place.postal_code,
          country: place.country_code || 'US',
          phoneNumber: place.telephone_number,
          faxNumber: place.fax_number,
          isPrimaryLocation: true,
        }
      : null;
  if (!entry) return null;
  // One bad field (an odd phone number) does not lose the office: it is left out.
  const parsed = locationEntrySchema.safeParse(entry);
  if (parsed.success) return entry;
  const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const cleaned = Object.fromEntries(Object.entries(entry).filter(([key]) => !bad.has(key)));
  return locationEntrySchema.safeParse(cleaned).success ? cleaned : null;
}

/**
 * What follows the draft's creation, each step filling only what is empty, so a run after a crash
 * repeats it harmlessly: the practice location (registry hospitals; at a listing-service hospital the
 * listing's own office comes with the import), then the listing-service import, then `drafted`.
 */
async function finishDraft(deps: RosterDraftDeps, row: RowRecord, hospital: HospitalRecord, userId: string, record: NpiRecord | null) {
  if (hospital.dataSource === 'yext') {
    try {
      const result = await runUnifiedSync(deps.yext, userId);
      deps.logger.info({ rowId: row.id, userId, sectionsUpdated: result.sectionsUpdated, skipped: result.skipped }, 'roster draft: listing-service import');
    } catch (error) {
      // A provider the listing service does not hold keeps the registry's draft; any other failure
      // (the service down) is retried with the job, the row still `drafting`.
      if (!(isAppError(error) && error.code === 'YEXT_PROVIDER_NOT_FOUND')) throw error;
    }
  } else {
    const current = await currentListItems(deps, userId, 'locations');
    const registryRecord = record ?? (await deps.npiRegistry.lookup(row.npi));
    if (current.length === 0 && registryRecord) {
      const locations = await deps.db
        .select()
        .from(hospitalLocations)
        .where(and(eq(hospitalLocations.hospitalId, hospital.id), eq(hospitalLocations.isActive, true)))
        .orderBy(asc(hospitalLocations.name));
      const entry = practiceLocationEntry(registryRecord, row.location, locations);
      if (entry) await writeSectionFields(deps, userId, 'locations', { items: [entry] }, 'registry');
    }
  }
  await deps.db
    .update(rosterRows)
    .set({ state: 'drafted', draftedAt: new Date() })
    .where(and(eq(rosterRows.id, row.id), eq(rosterRows.state, 'drafting')));
}

/** Test hook: stop ("crash") at a named point of a row's work. */
export type CrashPoint = 'after-create';

/** One row, from wherever its state says it got to. */
async function draftRow(
  deps: RosterDraftDeps,
  upload: typeof rosterUploads.$inferSelect,
  hospital: HospitalRecord,
  row: RowRecord,
  crashAt?: CrashPoint,
  secondPass = false,
): Promise<'drafted' | 'failed'> {
  if (row.state === 'drafting') {
    if (!row.userId) return failRow(deps.db, row, ROSTER_MESSAGES.failedDraftDeleted);
    await finishDraft(deps, row, hospital, row.userId, null);
    return 'drafted' as const;
  }

  // An account the person already has (same NPI, on the account or its identity section, or same
  // e-mail) is linked, never duplicated.
  const [byNpi] = await deps.db
    .select()
    .from(users)
    .where(
      or(
        eq(users.npiNumber, row.npi),
        sql`${users.id} in (select ${professionalIdentity.userId} from ${professionalIdentity} where ${professionalIdentity.npiNumber} = ${row.npi})`,
      ),
    )
    .limit(1);
  const [byEmail] = await deps.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${row.email.toLowerCase()}`)
    .limit(1);
  if (byNpi && byEmail && byNpi.id !== byEmail.id) return failRow(deps.db, row, ROSTER_MESSAGES.failedTwoAccounts);
  const existing = byNpi ?? byEmail;
  if (existing) {
    if (existing.hospitalId && existing.hospitalId !== hospital.id) return failRow(deps.db, row, ROSTER_MESSAGES.failedOtherHospital);
    return linkRow(deps.db, row, hospital, existing);
  }
  // A sign-up with this e-mail whose profile is not made yet would collide with the draft.
  const [account] = await deps.db
    .select({ id: authUsers.id })
    .from(authUsers)
    .where(sql`lower(${authUsers.email}) = ${row.email.toLowerCase()}`)
    .limit(1);
  if (account) return failRow(deps.db, row, ROSTER_MESSAGES.failedUnfinishedSignUp);

  let record: NpiRecord | null;
  try {
    record = await deps.npiRegistry.lookup(row.npi);
  } catch (error) {
    if (isNpiRegistryError(error) && error.kind === 'organization') return failRow(deps.db, row, ROSTER_MESSAGES.failedOrganization);
    // Down, timing out, answering garbage: the batch stops and the job is retried later.
    throw error;
  }
  if (!record) return failRow(deps.db, row, ROSTER_MESSAGES.failedNotInRegistry);
  if (record.status !== 'active') return failRow(deps.db, row, ROSTER_MESSAGES.failedDeactivated);

  const metadata: SignupMetadata = {
    full_name: `${record.first_name} ${record.last_name}`,
    // A specialty the roster names stands in when the registry has none.
    ...(row.specialty ? { specialty: row.specialty } : {}),
    npi_number: row.npi,
    hospital_id: hospital.id,
    hospitalName: hospital.name,
    agreed_to_terms: false,
    agreed_to_privacy: false,
    data_source: hospital.dataSource === 'yext' ? 'yext' : 'npi_registry',
    pending_profile_setup: false,
    needs_directory_population: false,
  };
  let userId: string;
  try {
    const user = await createRosterDraftProfile(deps.db, {
      email: row.email.toLowerCase(),
      metadata,
      npiRecord: record,
      audit: { uploadId: upload.id, rowId: row.id, startedBy: upload.draftingStartedBy },
      lockRow: async (tx) => {
        const [claimed] = await tx
          .update(rosterRows)
          .set({ state: 'accepted_waiting' })
          .where(and(eq(rosterRows.id, row.id), eq(rosterRows.state, 'accepted_waiting')))
          .returning({ id: rosterRows.id });
        if (!claimed) throw new RowTaken();
      },
      onCreated: async (tx, created) => {
        await tx.update(rosterRows).set({ state: 'drafting', userId: created.id, outcome: 'created' }).where(eq(rosterRows.id, row.id));
      },
    });
    userId = user.id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // The NPI or e-mail was taken between the check and the insert: by another run of this row
    // (left to it), or by an account made meanwhile, which a second pass finds and links. A second
    // violation fails the row rather than retrying it for ever.
    const [current] = await deps.db.select({ state: rosterRows.state }).from(rosterRows).where(eq(rosterRows.id, row.id)).limit(1);
    if (current?.state !== 'accepted_waiting') throw new RowTaken();
    if (secondPass) return failRow(deps.db, row, ROSTER_MESSAGES.failedHeldElsewhere);
    return draftRow(deps, upload, hospital, row, crashAt, true);
  }
  if (crashAt === 'after-create') throw new Error('simulated crash after the draft was created');
  await finishDraft(deps, row, hospital, userId, record);
  return 'drafted' as const;
}

/**
 * The batch's NPIs asked of the registry a few at a time before its rows are drafted one by one: the
 * client keeps the answers (its cache holds far more than a batch), so each row's own look-up finds
 * its record instead of waiting a registry round trip. A failure here decides nothing: the row's own
 * look-up asks again (an organization fails the row, the registry down retries the job).
 */
async function prefetchRegistry(registry: NpiRegistry, npis: string[]) {
  let next = 0;
  let down = false;
  const worker = async () => {
    while (!down && next < npis.length) {
      const npi = npis[next++]!;
      // The registry down: stop asking (each look-up would wait out the client's retries); the
      // first row finds it down too and the job is retried.
      await registry.lookup(npi).catch((error: unknown) => {
        if (!(isNpiRegistryError(error) && error.kind === 'organization')) down = true;
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(REGISTRY_LOOKUPS_AT_ONCE, npis.length) }, worker));
}

// ── A batch ─────────────────────────────────────────────────────────────────────────────────

export interface BatchOptions {
  batchSize?: number;
  /** Tests: stop after this many rows (as a killed process would), or crash inside the next row. */
  stopAfterRows?: number;
  crashAt?: CrashPoint;
  /** Before each row: the job renews its lock, so a crash is taken back within its short lease. */
  beforeRow?: () => Promise<void>;
}

/**
 * One batch of an upload's open rows: rows left `drafting` by an earlier run first (they only need
 * finishing), then the waiting ones in file order. Returns how many rows are still open; when none
 * is, the upload is `drafted`.
 */
export async function processRosterBatch(deps: RosterDraftDeps, uploadId: string, options: BatchOptions = {}) {
  const [upload] = await deps.db.select().from(rosterUploads).where(eq(rosterUploads.id, uploadId)).limit(1);
  if (!upload || upload.status !== 'drafting') return { processed: 0, open: 0 };
  const [hospital] = await deps.db
    .select({ id: hospitals.id, name: hospitals.name, dataSource: hospitals.dataSource, isActive: hospitals.isActive })
    .from(hospitals)
    .where(eq(hospitals.id, upload.hospitalId))
    .limit(1);
  if (!hospital) return { processed: 0, open: 0 };

  const rows = await deps.db
    .select()
    .from(rosterRows)
    .where(and(eq(rosterRows.uploadId, upload.id), inArray(rosterRows.state, OPEN_STATES)))
    .orderBy(sql`${rosterRows.state} = 'drafting' desc`, asc(rosterRows.line))
    .limit(options.batchSize ?? ROSTER_DRAFT_BATCH);
  const openCount = async () =>
    (
      await deps.db
        .select({ n: count() })
        .from(rosterRows)
        .where(and(eq(rosterRows.uploadId, upload.id), inArray(rosterRows.state, OPEN_STATES)))
    )[0]?.n ?? 0;
  const openBefore = await openCount();
  const toDraft = rows.filter((row) => row.state === 'accepted_waiting');
  await prefetchRegistry(
    deps.npiRegistry,
    (options.stopAfterRows === undefined ? toDraft : toDraft.slice(0, options.stopAfterRows + 1)).map((row) => row.npi),
  );
  let processed = 0;
  for (const row of rows) {
    if (options.stopAfterRows !== undefined && processed >= options.stopAfterRows) {
      if (options.crashAt) await draftRow(deps, upload, hospital, row, options.crashAt);
      break;
    }
    await options.beforeRow?.();
    try {
      await draftRow(deps, upload, hospital, row);
    } catch (error) {
      if (!(error instanceof RowTaken)) throw error;
    }
    processed += 1;
  }

  const open = await openCount();
  // A batch that worked on rows and moved none of them would queue itself for ever: fail the job
  // instead (the queue retries it with backoff, and the admin sees the upload stay 'drafting').
  if (processed > 0 && open === openBefore && rows.every((row) => row.state === 'accepted_waiting')) {
    throw new Error(`roster batch of upload ${upload.id} moved none of its ${processed} rows`);
  }
  if (open === 0) {
    await deps.db
      .update(rosterUploads)
      .set({ status: 'drafted', draftingFinishedAt: new Date() })
      .where(and(eq(rosterUploads.id, upload.id), eq(rosterUploads.status, 'drafting')));
  }
  return { processed, open };
}

/** The job: one batch, then the next batch's job while rows are open. */
export function createRosterJobHandlers(deps: {
  db: Database;
  env: Env;
  logger: Logger;
  npiRegistry?: NpiRegistry;
  yext?: YextDeps;
}): Record<string, JobHandler> {
  const draftDeps: RosterDraftDeps = {
    db: deps.db,
    logger: deps.logger,
    npiRegistry: deps.npiRegistry ?? createNppesRegistry({ baseUrl: deps.env.NPI_REGISTRY_URL }),
    yext: deps.yext ?? yextDepsFrom(deps),
  };
  return {
    [ROSTER_DRAFT_JOB]: async (job) => {
      const uploadId = String(job.payload.uploadId);
      const { processed, open } = await processRosterBatch(draftDeps, uploadId, { beforeRow: () => heartbeatJob(deps.db, job.id) });
      deps.logger.info({ jobId: job.id, uploadId, processed, open }, 'roster batch drafted');
      if (open > 0) await enqueueJob(deps.db, ROSTER_DRAFT_JOB, { uploadId }, { maxAttempts: ROSTER_JOB_ATTEMPTS });
    },
  };
}

import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { formatCsv, normalizeCsvHeader, type ReadCsv } from '../../../shared/csv';
import { uploadedRecords } from '../../http/csv-upload';
import { isValidNpi } from '../../../shared/npi';
import { emailSchema } from '../../../shared/schemas/auth';
import {
  ROSTER_FIELD_MAX,
  ROSTER_MAX_ROWS,
  ROSTER_MESSAGES,
  type RosterColumn,
  type RosterRowDto,
  type RosterRowOutcome,
  type RosterRowState,
  type RosterUploadDetailDto,
  type RosterUploadDto,
} from '../../../shared/schemas/roster';
import type { AdminActor } from '../../auth/policies';
import type { Database } from '../../db/client';
import { rosterRows, rosterUploads, users } from '../../db/schema';
import { isNpiRegistryError, type NpiRegistry } from '../../integrations/npi-registry';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/service';
import { findHospitalForAdmin } from '../hospitals/service';

export interface RosterDeps {
  db: Database;
  npiRegistry: NpiRegistry;
}

/** Header cells as admins write them ("E-mail", "NPI Number", "Full name"), normalised by normalizeCsvHeader. */
const HEADER_ALIASES: Record<string, RosterColumn> = {
  npi: 'npi',
  npinumber: 'npi',
  email: 'email',
  emailaddress: 'email',
  name: 'name',
  fullname: 'name',
  providername: 'name',
  department: 'department',
  location: 'location',
  specialty: 'specialty',
};

const COLUMN_LABELS: Record<RosterColumn, string> = {
  npi: 'NPI',
  email: 'E-mail',
  name: 'Name',
  department: 'Department',
  location: 'Location',
  specialty: 'Specialty',
};

/**
 * Registry look-ups run a few at a time: enough to check a roster of hundreds in seconds, few enough
 * to stay inside NPPES's informal rate (the registry client adds its own timeout and cache).
 */
const REGISTRY_CONCURRENCY = 4;
const INSERT_BATCH = 500;
/** Rows of earlier uploads that put a person on the roster (a failed row does not: upload it again). */
const ON_ROSTER_STATES = ['accepted_waiting', 'drafting', 'drafted'] as const;

interface CheckedRow {
  line: number;
  fields: string[];
  values: Record<RosterColumn, string>;
  state: RosterRowState;
  refusalReason: string | null;
  registryChecked: boolean;
}

const refuse = (row: CheckedRow, reason: string) => {
  row.state = 'refused';
  row.refusalReason = reason;
};

/** The file's own checks, in the order an admin fixes them: NPI, e-mail, lengths, duplicates within the file. */
function checkRowsLocally(records: Array<{ fields: string[]; line: number }>, columns: Array<RosterColumn | undefined>): CheckedRow[] {
  const firstLineOfNpi = new Map<string, number>();
  const firstLineOfEmail = new Map<string, number>();
  return records.map((record) => {
    const values = { npi: '', email: '', name: '', department: '', location: '', specialty: '' } as Record<RosterColumn, string>;
    columns.forEach((column, index) => {
      const value = record.fields[index]?.trim() ?? '';
      if (column && !values[column]) values[column] = value;
    });
    const row: CheckedRow = { line: record.line, fields: record.fields, values, state: 'accepted_waiting', refusalReason: null, registryChecked: false };
    const extra = record.fields.slice(columns.length).some((value) => value.trim() !== '');
    const npi = values.npi.replace(/[\s-]/g, '');
    const email = emailSchema.safeParse(values.email);
    const tooLong = (Object.keys(values) as RosterColumn[]).find((column) => values[column].length > ROSTER_FIELD_MAX);
    if (extra) refuse(row, ROSTER_MESSAGES.extraValues);
    else if (!npi) refuse(row, ROSTER_MESSAGES.npiMissing);
    else if (!/^\d{10}$/.test(npi)) refuse(row, ROSTER_MESSAGES.npiFormat);
    else if (!isValidNpi(npi)) refuse(row, ROSTER_MESSAGES.npiCheckDigit);
    else if (!values.email) refuse(row, ROSTER_MESSAGES.emailMissing);
    else if (!email.success) refuse(row, ROSTER_MESSAGES.emailInvalid);
    else if (tooLong) refuse(row, ROSTER_MESSAGES.tooLong(COLUMN_LABELS[tooLong]));
    if (row.state === 'refused') return row;
    values.npi = npi;
    values.email = email.data!;
    const npiLine = firstLineOfNpi.get(npi);
    const emailLine = firstLineOfEmail.get(values.email);
    if (npiLine !== undefined) refuse(row, ROSTER_MESSAGES.duplicateNpi(npiLine));
    else if (emailLine !== undefined) refuse(row, ROSTER_MESSAGES.duplicateEmail(emailLine));
    else {
      firstLineOfNpi.set(npi, row.line);
      firstLineOfEmail.set(values.email, row.line);
    }
    return row;
  });
}

/** "Already on this hospital's roster": a provider of this hospital, or an accepted row of an earlier upload. */
async function refuseRowsOnRoster(db: Database, hospitalId: string, rows: CheckedRow[]) {
  const pending = rows.filter((row) => row.state !== 'refused');
  for (let start = 0; start < pending.length; start += INSERT_BATCH) {
    const batch = pending.slice(start, start + INSERT_BATCH);
    const npis = batch.map((row) => row.values.npi);
    const emails = batch.map((row) => row.values.email);
    const [providers, earlier] = await Promise.all([
      db
        .select({ npi: users.npiNumber, email: sql<string>`lower(${users.email})` })
        .from(users)
        .where(and(eq(users.hospitalId, hospitalId), sql`(${inArray(users.npiNumber, npis)} or lower(${users.email}) in ${emails})`)),
      db
        .select({ npi: rosterRows.npi, email: rosterRows.email })
        .from(rosterRows)
        .where(
          and(
            eq(rosterRows.hospitalId, hospitalId),
            inArray(rosterRows.state, ON_ROSTER_STATES),
            sql`(${inArray(rosterRows.npi, npis)} or lower(${rosterRows.email}) in ${emails})`,
          ),
        ),
    ]);
    const knownNpis = new Set([...providers, ...earlier].map((known) => known.npi));
    const knownEmails = new Set([...providers, ...earlier].map((known) => known.email.toLowerCase()));
    for (const row of batch) {
      if (knownNpis.has(row.values.npi)) refuse(row, ROSTER_MESSAGES.onRosterNpi);
      else if (knownEmails.has(row.values.email)) refuse(row, ROSTER_MESSAGES.onRosterEmail);
    }
  }
}

/**
 * An organization's NPI (NPI-2) has the same format and check digit as an individual's: only the
 * registry tells them apart (its enumeration_type). Each remaining row is looked up; the registry
 * client refuses an NPI-2 with `organization` and answers null for a number it does not hold. When
 * the registry cannot be asked (down, timing out), the row is accepted unconfirmed
 * (registryChecked false): the pre-filling job looks every NPI up again before any draft is made.
 */
async function refuseOrganizationNpis(registry: NpiRegistry, rows: CheckedRow[]) {
  const pending = rows.filter((row) => row.state !== 'refused');
  let next = 0;
  const worker = async () => {
    while (next < pending.length) {
      const row = pending[next++]!;
      try {
        const record = await registry.lookup(row.values.npi);
        if (record) row.registryChecked = true;
        else refuse(row, ROSTER_MESSAGES.notInRegistry);
      } catch (error) {
        if (isNpiRegistryError(error) && error.kind === 'organization') refuse(row, ROSTER_MESSAGES.organization);
        else if (!isNpiRegistryError(error)) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: REGISTRY_CONCURRENCY }, worker));
}

const toUploadDto = (row: typeof rosterUploads.$inferSelect): RosterUploadDto => ({
  id: row.id,
  hospitalId: row.hospitalId,
  status: row.status as RosterUploadDto['status'],
  totalRows: row.totalRows,
  acceptedRows: row.acceptedRows,
  refusedRows: row.refusedRows,
  uploadedBy: row.uploadedBy,
  createdAt: row.createdAt.toISOString(),
  draftingStartedAt: row.draftingStartedAt?.toISOString() ?? null,
  draftingFinishedAt: row.draftingFinishedAt?.toISOString() ?? null,
});

const toRowDto = (row: typeof rosterRows.$inferSelect, profileName: string | null = null): RosterRowDto => ({
  id: row.id,
  line: row.line,
  npi: row.npi,
  email: row.email,
  name: row.name,
  department: row.department,
  location: row.location,
  specialty: row.specialty,
  state: row.state as RosterRowState,
  refusalReason: row.refusalReason,
  registryChecked: row.registryChecked,
  userId: row.userId,
  profileName,
  outcome: row.outcome as RosterRowOutcome | null,
  failureReason: row.failureReason,
});

/** Reads, checks and stores a roster; every row is kept, the refused ones with their reason. Nothing is sent. */
export async function uploadRoster(deps: RosterDeps, actor: AdminActor, hospitalId: string, readCsv: ReadCsv): Promise<RosterUploadDetailDto> {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  const records = await uploadedRecords(readCsv, ROSTER_MESSAGES.csvRequired);
  const [header, ...body] = records;
  const columns = header!.fields.map((name) => HEADER_ALIASES[normalizeCsvHeader(name.replace(/^\uFEFF/, ''))]);
  if (!columns.includes('npi') || !columns.includes('email')) throw AppError.validation(ROSTER_MESSAGES.csvHeader);
  if (body.length === 0) throw AppError.validation(ROSTER_MESSAGES.csvEmpty);
  if (body.length > ROSTER_MAX_ROWS) throw AppError.validation(ROSTER_MESSAGES.tooManyRows(ROSTER_MAX_ROWS));

  const rows = checkRowsLocally(body, columns);
  await refuseRowsOnRoster(deps.db, hospital.id, rows);
  await refuseOrganizationNpis(deps.npiRegistry, rows);

  const accepted = rows.filter((row) => row.state === 'accepted_waiting').length;
  const upload = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(rosterUploads)
      .values({ hospitalId: hospital.id, uploadedBy: actor.adminId, totalRows: rows.length, acceptedRows: accepted, refusedRows: rows.length - accepted })
      .returning();
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      await tx.insert(rosterRows).values(
        rows.slice(start, start + INSERT_BATCH).map((row) => ({
          uploadId: created!.id,
          hospitalId: hospital.id,
          line: row.line,
          npi: row.values.npi,
          email: row.values.email,
          name: row.values.name || null,
          department: row.values.department || null,
          location: row.values.location || null,
          specialty: row.values.specialty || null,
          state: row.state,
          refusalReason: row.refusalReason,
          registryChecked: row.registryChecked,
          fields: row.fields,
        })),
      );
    }
    await recordAudit(tx, actor, {
      action: 'roster.upload',
      targetType: 'roster_upload',
      targetId: created!.id,
      hospitalId: hospital.id,
      summary: { after: { total: rows.length, accepted, refused: rows.length - accepted } },
    });
    return created!;
  });
  return getRosterUpload(deps, actor, hospital.id, upload.id);
}

export async function listRosterUploads(deps: RosterDeps, actor: AdminActor, hospitalId: string) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  const rows = await deps.db
    .select()
    .from(rosterUploads)
    .where(eq(rosterUploads.hospitalId, hospital.id))
    .orderBy(desc(rosterUploads.createdAt), desc(rosterUploads.id))
    .limit(200);
  return { items: rows.map(toUploadDto) };
}

export async function findUpload(deps: RosterDeps, actor: AdminActor, hospitalId: string, uploadId: string) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  const notFound = new AppError('ROSTER_UPLOAD_NOT_FOUND', 404, ROSTER_MESSAGES.notFound(uploadId));
  if (!/^[0-9a-f-]{36}$/i.test(uploadId)) throw notFound;
  const [upload] = await deps.db
    .select()
    .from(rosterUploads)
    .where(and(eq(rosterUploads.id, uploadId), eq(rosterUploads.hospitalId, hospital.id)))
    .limit(1);
  if (!upload) throw notFound;
  return upload;
}

export async function getRosterUpload(deps: RosterDeps, actor: AdminActor, hospitalId: string, uploadId: string): Promise<RosterUploadDetailDto> {
  const upload = await findUpload(deps, actor, hospitalId, uploadId);
  // The name of the profile each row made or linked (the registry's, in proper case), beside the roster's own.
  const rows = await deps.db
    .select({ row: rosterRows, profileName: users.fullName })
    .from(rosterRows)
    .leftJoin(users, eq(users.id, rosterRows.userId))
    .where(eq(rosterRows.uploadId, upload.id))
    .orderBy(asc(rosterRows.line));
  return { ...toUploadDto(upload), rows: rows.map(({ row, profileName }) => toRowDto(row, profileName)) };
}

/**
 * The refused rows in the roster's own columns (so the file can be fixed and uploaded again: the
 * Line and Reason columns are not roster columns and are ignored on upload), with the reason.
 */
export async function refusedRowsCsv(deps: RosterDeps, actor: AdminActor, hospitalId: string, uploadId: string): Promise<string> {
  const upload = await findUpload(deps, actor, hospitalId, uploadId);
  const rows = await deps.db
    .select()
    .from(rosterRows)
    .where(and(eq(rosterRows.uploadId, upload.id), eq(rosterRows.state, 'refused')))
    .orderBy(asc(rosterRows.line));
  return formatCsv([
    ['NPI', 'Email', 'Name', 'Department', 'Location', 'Specialty', 'Line', 'Reason'],
    ...rows.map((row) => [row.npi, row.email, row.name, row.department, row.location, row.specialty, row.line, row.refusalReason]),
  ]);
}

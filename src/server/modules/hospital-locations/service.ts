import { containsPattern } from '../../lib/like';
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { formatCsv, normalizeCsvHeader, type ReadCsv } from '../../../shared/csv';
import { uploadedRecords } from '../../http/csv-upload';
import {
  BULK_LOCATION_MAX_ROWS,
  LOCATION_MESSAGES,
  locationCreateSchema,
  type BulkLocationReport,
  type HospitalLocationDto,
  type HospitalLocationListItem,
  type LocationCreateInput,
  type LocationUpdateInput,
} from '../../../shared/schemas/locations';
import type { AdminActor } from '../../auth/policies';
import type { Database } from '../../db/client';
import { hospitalLocations, locations, users } from '../../db/schema';
import type { Actor } from '../../http/types';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/service';
import { findHospitalForAdmin } from '../hospitals/service';

export interface LocationDeps {
  db: Database;
}

type LocationRow = typeof hospitalLocations.$inferSelect;
type LocationInsert = typeof hospitalLocations.$inferInsert;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSERT_BATCH = 500;
/** Larger than any page an admin screen asks for, the spec's paged-fetch size. */
const PROVIDER_LIST_LIMIT = 1000;

export function toLocationDto(row: LocationRow): HospitalLocationDto {
  return {
    id: row.id,
    hospitalId: row.hospitalId,
    name: row.name,
    address: row.address,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    postalCode: row.postalCode,
    country: row.country,
    phoneNumber: row.phoneNumber,
    mainPhone: row.mainPhone,
    email: row.email,
    url: row.url,
    isActive: row.isActive,
    cDepartmentSpecialty: row.cDepartmentSpecialty,
    yextEntityId: row.yextEntityId,
    isYextSourced: row.isYextSourced,
    lastSyncedFromYextAt: row.lastSyncedFromYextAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Column values from validated input only: the schema is the whitelist, this copies named keys. */
function columnsOf(input: LocationUpdateInput): Partial<LocationInsert> {
  const columns: Partial<LocationInsert> = {};
  const keys = [
    'name',
    'address',
    'addressLine1',
    'addressLine2',
    'city',
    'state',
    'zipCode',
    'postalCode',
    'country',
    'phoneNumber',
    'mainPhone',
    'email',
    'url',
    'isActive',
    'cDepartmentSpecialty',
    'yextEntityId',
  ] as const;
  for (const key of keys) {
    if (input[key] !== undefined) (columns as Record<string, unknown>)[key] = input[key];
  }
  // The table has both zip_code and postal_code; readers use either, so one given sets both.
  if (input.zipCode !== undefined && input.postalCode === undefined) columns.postalCode = input.zipCode;
  if (input.postalCode !== undefined && input.zipCode === undefined) columns.zipCode = input.postalCode;
  return columns;
}

function insertValues(hospitalId: string, input: LocationCreateInput): LocationInsert {
  return { country: 'US', isActive: true, ...columnsOf(input), name: input.name, hospitalId };
}

const auditFields = (row: Partial<LocationRow>) => ({ name: row.name, city: row.city ?? null, state: row.state ?? null, isActive: row.isActive });

async function findLocation(db: Database, hospitalId: string, locationId: string) {
  if (!UUID.test(locationId)) throw new AppError('LOCATION_NOT_FOUND', 404, LOCATION_MESSAGES.notFound(locationId));
  const [row] = await db
    .select()
    .from(hospitalLocations)
    .where(and(eq(hospitalLocations.id, locationId), eq(hospitalLocations.hospitalId, hospitalId)))
    .limit(1);
  if (!row) throw new AppError('LOCATION_NOT_FOUND', 404, LOCATION_MESSAGES.notFound(locationId));
  return row;
}

export async function listLocations(deps: LocationDeps, actor: AdminActor, hospitalId: string, query: { q?: string; page: number; pageSize: number }) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  const conditions: Array<SQL | undefined> = [eq(hospitalLocations.hospitalId, hospital.id)];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(ilike(hospitalLocations.name, pattern), ilike(hospitalLocations.city, pattern), ilike(hospitalLocations.addressLine1, pattern)));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({ location: hospitalLocations, providers: providersAtLocation, providerCount: providerCountAtLocation })
      .from(hospitalLocations)
      .where(where)
      // The id breaks ties between equal names so pages never overlap or skip.
      .orderBy(asc(hospitalLocations.name), asc(hospitalLocations.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db.select({ n: count() }).from(hospitalLocations).where(where),
  ]);
  return {
    items: rows.map((row): HospitalLocationListItem => ({
      ...toLocationDto(row.location),
      providers: parseProviders(row.providers),
      providerCount: Number(row.providerCount),
    })),
    totalCount: Number(total?.n ?? 0),
  };
}

/** How many names a Locations row carries; the count says how many more there are. */
const PROVIDERS_PER_LOCATION = 50;

/**
 * The hospital's providers whose profile links a location (a provider's own office picked from the
 * hospital's list), read inside the page's one statement as correlated sub-selects, so the list stays
 * one statement plus its count (list-statements.test.ts). A provider who moved hospital is left out.
 */
const linkedProviders = sql`from ${locations} l join ${users} u on u.id = l.user_id
  where l.predefined_location_id = ${hospitalLocations.id} and u.hospital_id = ${hospitalLocations.hospitalId}`;
const providersAtLocation = sql<string>`(select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name) order by p.name, p.id), '[]')::text from (
  select distinct u.id, u.full_name as name ${linkedProviders} order by u.full_name, u.id limit ${PROVIDERS_PER_LOCATION}) p)`;
const providerCountAtLocation = sql<number>`(select count(distinct u.id)::int ${linkedProviders})`;

function parseProviders(text: string | null): Array<{ id: string; name: string }> {
  return text ? (JSON.parse(text) as Array<{ id: string; name: string }>) : [];
}

export async function getLocation(deps: LocationDeps, actor: AdminActor, hospitalId: string, locationId: string) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  return toLocationDto(await findLocation(deps.db, hospital.id, locationId));
}

export async function createLocation(deps: LocationDeps, actor: AdminActor, hospitalId: string, input: LocationCreateInput) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx.insert(hospitalLocations).values(insertValues(hospital.id, input)).returning();
    await recordAudit(tx, actor, {
      action: 'hospital_location.create',
      targetType: 'hospital_location',
      targetId: inserted!.id,
      hospitalId: hospital.id,
      summary: { after: auditFields(inserted!) },
    });
    return inserted!;
  });
  return toLocationDto(row);
}

export async function updateLocation(deps: LocationDeps, actor: AdminActor, hospitalId: string, locationId: string, input: LocationUpdateInput) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  const before = await findLocation(deps.db, hospital.id, locationId);
  const changes = columnsOf(input);
  if (Object.keys(changes).length === 0) return toLocationDto(before);
  const row = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(hospitalLocations)
      .set(changes)
      .where(and(eq(hospitalLocations.id, before.id), eq(hospitalLocations.hospitalId, hospital.id)))
      .returning();
    if (!updated) throw new AppError('LOCATION_NOT_FOUND', 404, LOCATION_MESSAGES.notFound(locationId));
    const fields = Object.keys(changes) as Array<keyof typeof changes>;
    await recordAudit(tx, actor, {
      action: 'hospital_location.update',
      targetType: 'hospital_location',
      targetId: before.id,
      hospitalId: hospital.id,
      summary: {
        fields,
        before: Object.fromEntries(fields.map((key) => [key, before[key as keyof LocationRow] ?? null])),
        after: Object.fromEntries(fields.map((key) => [key, updated[key as keyof LocationRow] ?? null])),
      },
    });
    return updated;
  });
  return toLocationDto(row);
}

export async function deleteLocation(deps: LocationDeps, actor: AdminActor, hospitalId: string, locationId: string) {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  const before = await findLocation(deps.db, hospital.id, locationId);
  await deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(hospitalLocations)
      .where(and(eq(hospitalLocations.id, before.id), eq(hospitalLocations.hospitalId, hospital.id)))
      .returning({ id: hospitalLocations.id });
    if (deleted.length === 0) throw new AppError('LOCATION_NOT_FOUND', 404, LOCATION_MESSAGES.notFound(locationId));
    await recordAudit(tx, actor, {
      action: 'hospital_location.delete',
      targetType: 'hospital_location',
      targetId: before.id,
      hospitalId: hospital.id,
      summary: { before: auditFields(before) },
    });
  });
  return { deleted: true };
}

type CsvColumn = keyof Pick<
  LocationCreateInput,
  | 'name'
  | 'address'
  | 'addressLine1'
  | 'addressLine2'
  | 'city'
  | 'state'
  | 'zipCode'
  | 'country'
  | 'phoneNumber'
  | 'mainPhone'
  | 'email'
  | 'url'
  | 'cDepartmentSpecialty'
>;

/**
 * Normalized header → field, with the spellings of common public files (CMS's hospital list: "Hospital
 * Name" / "Facility Name", "City/Town", "ZIP Code", "Phone Number" / "Telephone Number"). Other
 * columns are reported back as ignored.
 */
const CSV_COLUMNS: Record<string, CsvColumn> = {
  name: 'name',
  locationname: 'name',
  hospitalname: 'name',
  facilityname: 'name',
  address: 'address',
  addressline1: 'addressLine1',
  address1: 'addressLine1',
  street: 'addressLine1',
  addressline2: 'addressLine2',
  address2: 'addressLine2',
  city: 'city',
  'city/town': 'city',
  town: 'city',
  state: 'state',
  zipcode: 'zipCode',
  zip: 'zipCode',
  postalcode: 'zipCode',
  country: 'country',
  phone: 'phoneNumber',
  phonenumber: 'phoneNumber',
  telephone: 'phoneNumber',
  telephonenumber: 'phoneNumber',
  mainphone: 'mainPhone',
  email: 'email',
  emailaddress: 'email',
  url: 'url',
  website: 'url',
  department: 'cDepartmentSpecialty',
  departmentspecialty: 'cDepartmentSpecialty',
  cdepartmentspecialty: 'cDepartmentSpecialty',
};

export const LOCATION_TEMPLATE_CSV = formatCsv([
  ['name', 'address_line1', 'address_line2', 'city', 'state', 'zip_code', 'phone', 'url', 'department'],
  [
    'Northfield Heart Center',
    '251 E Huron St',
    'Suite 8-100',
    'Chicago',
    'IL',
    '60611',
    '(312) 555-0100',
    'https://www.example.org/heart-center',
    'Cardiology',
  ],
  [
    'Lakeside Clinic, West Campus',
    '1200 W Lake St',
    '',
    'Evanston',
    'IL',
    '60201-4418',
    '(847) 555-0142',
    'https://www.example.org/lakeside',
    'Family Medicine',
  ],
]);

/**
 * Reads a CSV of locations (header row required), validates every row with the same schema as a
 * single create, and inserts the valid rows in one transaction. Refused rows are reported, not fatal.
 */
export async function bulkCreateLocations(deps: LocationDeps, actor: AdminActor, hospitalId: string, readCsv: ReadCsv): Promise<BulkLocationReport> {
  const hospital = await findHospitalForAdmin(deps.db, actor, hospitalId);
  const records = await uploadedRecords(readCsv, LOCATION_MESSAGES.csvRequired);
  const [header, ...rows] = records;
  const headerCells = (header?.fields ?? []).map((name) => name.replace(/^\uFEFF/, ''));
  const columns = headerCells.map((name) => CSV_COLUMNS[normalizeCsvHeader(name)]);
  const ignoredColumns = headerCells.filter((name, index) => !columns[index] && name.trim() !== '').map((name) => name.trim());
  if (!columns.includes('name')) throw AppError.validation(LOCATION_MESSAGES.csvHeader);
  if (rows.length === 0) throw AppError.validation(LOCATION_MESSAGES.csvEmpty);
  if (rows.length > BULK_LOCATION_MAX_ROWS) throw AppError.validation(LOCATION_MESSAGES.csvTooManyRows(BULK_LOCATION_MAX_ROWS));

  const valid: LocationInsert[] = [];
  const errors: string[] = [];
  for (const row of rows) {
    const values: Partial<Record<CsvColumn, string>> = {};
    // A repeated column (zip and zip_code) keeps its first non-empty value.
    columns.forEach((column, index) => {
      const value = row.fields[index];
      if (column && value !== undefined && !values[column]?.trim()) values[column] = value;
    });
    const label = values.name?.trim() || '(no name)';
    const extra = row.fields.slice(columns.length).filter((value) => value.trim() !== '');
    if (extra.length > 0) {
      errors.push(`${label}: line ${row.line}: has ${row.fields.length} values but the header has ${columns.length} columns`);
      continue;
    }
    const parsed = locationCreateSchema.safeParse(values);
    if (!parsed.success) {
      errors.push(`${label}: line ${row.line}: ${[...new Set(parsed.error.issues.map((issue) => issue.message))].join('; ')}`);
      continue;
    }
    valid.push(insertValues(hospital.id, parsed.data));
  }

  if (valid.length > 0 || errors.length > 0) {
    await deps.db.transaction(async (tx) => {
      for (let start = 0; start < valid.length; start += INSERT_BATCH) {
        await tx.insert(hospitalLocations).values(valid.slice(start, start + INSERT_BATCH));
      }
      await recordAudit(tx, actor, {
        action: 'hospital_location.bulk_create',
        targetType: 'hospital',
        targetId: hospital.id,
        hospitalId: hospital.id,
        summary: { after: { created: valid.length, failed: errors.length }, errors: errors.slice(0, 20), ignoredColumns },
      });
    });
  }
  return { created: valid.length, failed: errors.length, errors, ignoredColumns };
}

/** A provider's picker: the active locations of their own hospital; none without a hospital. */
export async function listProviderLocations(db: Database, actor: Extract<Actor, { kind: 'provider' }>) {
  if (!actor.hospitalId) return { items: [] };
  const rows = await db
    .select()
    .from(hospitalLocations)
    .where(and(eq(hospitalLocations.hospitalId, actor.hospitalId), eq(hospitalLocations.isActive, true)))
    .orderBy(asc(hospitalLocations.name), asc(hospitalLocations.id))
    .limit(PROVIDER_LIST_LIMIT);
  return { items: rows.map(toLocationDto) };
}

import { z } from 'zod';

/**
 * A hospital's roster upload (issue 37 item 1): NPI, e-mail and optional name, department,
 * location, specialty per row, each checked before anything is sent.
 */

/** `checked`: every row looked at; the accepted rows wait for the pre-filling job (item 2). */
export const ROSTER_UPLOAD_STATUSES = ['checked'] as const;
export type RosterUploadStatus = (typeof ROSTER_UPLOAD_STATUSES)[number];

/** A row's state: `accepted_waiting` (accepted, waiting for the job) or `refused` (with its reason). */
export const ROSTER_ROW_STATES = ['accepted_waiting', 'refused'] as const;
export type RosterRowState = (typeof ROSTER_ROW_STATES)[number];

export const ROSTER_COLUMNS = ['npi', 'email', 'name', 'department', 'location', 'specialty'] as const;
export type RosterColumn = (typeof ROSTER_COLUMNS)[number];

export const ROSTER_MAX_ROWS = 5000;
export const ROSTER_MAX_BYTES = 2 * 1024 * 1024;
export const ROSTER_FIELD_MAX = 200;

export const ROSTER_MESSAGES = {
  csvRequired: 'The roster is empty: send a CSV with a header row (NPI, Email) and one row per person.',
  csvHeader: 'The header must name the columns NPI and Email (Name, Department, Location and Specialty are optional).',
  csvEmpty: 'The roster has a header but no rows.',
  tooManyRows: (max: number) => `The roster has more than ${max.toLocaleString('en-US')} rows: split it into several uploads.`,
  notFound: (id: string) => `Roster upload with ID ${id} not found`,
  // Refusal reasons, one per row.
  npiMissing: 'NPI is missing',
  npiFormat: 'NPI must be exactly 10 digits',
  npiCheckDigit: 'NPI check digit is wrong (a mistyped digit?)',
  emailMissing: 'E-mail is missing',
  emailInvalid: 'E-mail address is not valid',
  duplicateNpi: (line: number) => `Same NPI as line ${line} of this file`,
  duplicateEmail: (line: number) => `Same e-mail as line ${line} of this file`,
  onRosterNpi: 'Already on this hospital\u2019s roster (a provider or an earlier upload has this NPI)',
  onRosterEmail: 'Already on this hospital\u2019s roster (a provider or an earlier upload has this e-mail)',
  organization: 'Organization NPI (NPI-2): a roster lists individual providers (NPI-1)',
  notInRegistry: 'No provider with this NPI in the NPI registry',
  tooLong: (column: string) => `${column} is longer than ${ROSTER_FIELD_MAX} characters`,
  extraValues: 'Has more values than the header has columns',
} as const;

export const rosterUploadParam = z.object({ hospitalId: z.uuid(), uploadId: z.string().max(100) });

export interface RosterUploadDto {
  id: string;
  hospitalId: string;
  status: RosterUploadStatus;
  totalRows: number;
  acceptedRows: number;
  refusedRows: number;
  uploadedBy: string | null;
  createdAt: string;
}

export interface RosterRowDto {
  id: string;
  line: number;
  npi: string;
  email: string;
  name: string | null;
  department: string | null;
  location: string | null;
  specialty: string | null;
  state: RosterRowState;
  refusalReason: string | null;
  /** The registry confirmed an individual's NPI (false: it could not be asked; the job checks again). */
  registryChecked: boolean;
}

export interface RosterUploadDetailDto extends RosterUploadDto {
  rows: RosterRowDto[];
}

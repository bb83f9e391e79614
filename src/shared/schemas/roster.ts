import { z } from 'zod';

/**
 * A hospital's roster upload (issue 37 item 1): NPI, e-mail and optional name, department,
 * location, specialty per row, each checked before anything is sent.
 */

/**
 * `checked`: every row looked at, nothing made yet; `drafting`: the admin started the pre-filling job
 * (item 2) and it runs; `drafted`: every accepted row is drafted or failed.
 */
export const ROSTER_UPLOAD_STATUSES = ['checked', 'drafting', 'drafted'] as const;
export type RosterUploadStatus = (typeof ROSTER_UPLOAD_STATUSES)[number];

/**
 * A row's state (docs/roster.md): `refused` (with its reason, never acted on); `accepted_waiting`
 * (accepted, nothing made yet); `drafting` (its profile exists or was linked, the listing-service
 * import is not yet confirmed); `drafted` (a draft profile is ready: the invitation step picks these
 * up); `failed` (with `failureReason`, nothing more is done for it).
 */
export const ROSTER_ROW_STATES = ['accepted_waiting', 'refused', 'drafting', 'drafted', 'failed'] as const;
export type RosterRowState = (typeof ROSTER_ROW_STATES)[number];

/**
 * What a drafted row did: `created` an unclaimed draft profile; `linked` an account already at this
 * hospital; `join_requested` linked an account without a hospital, which asks to join (the hospital's
 * approval rules decide).
 */
export const ROSTER_ROW_OUTCOMES = ['created', 'linked', 'join_requested'] as const;
export type RosterRowOutcome = (typeof ROSTER_ROW_OUTCOMES)[number];

/** The e-mails of a roster invitation (items 4–5): the invitation, and each reminder. */
export const ROSTER_EMAIL_KINDS = ['invitation', 'reminder'] as const;
export type RosterEmailKind = (typeof ROSTER_EMAIL_KINDS)[number];

/**
 * `sending`: written before the mail server was called (a process killed then leaves it, and it is
 * never sent again on its own); `sent`; `failed` (the server refused: the error is kept).
 */
export const ROSTER_EMAIL_STATUSES = ['sending', 'sent', 'failed'] as const;
export type RosterEmailStatus = (typeof ROSTER_EMAIL_STATUSES)[number];

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
  // The pre-filling job (item 2).
  alreadyStarted: 'Pre-filling has already been started for this upload.',
  nothingToDraft: 'This upload has no accepted rows to pre-fill.',
  failedNotInRegistry: 'The NPI registry no longer has an individual provider with this NPI',
  failedOrganization: 'The NPI registry says this is an organization NPI (NPI-2)',
  failedDeactivated: 'The NPI registry lists this NPI as deactivated',
  failedTwoAccounts: 'The NPI and the e-mail belong to two different Vitae accounts',
  failedOtherHospital: 'Has a Vitae account at another hospital',
  failedUnfinishedSignUp: 'Has started a Vitae sign-up with this e-mail that is not finished; upload again once it is',
  failedJoinElsewhere: 'Has a Vitae account that has asked to join another hospital',
  failedDraftDeleted: 'The draft profile made for this row was deleted',
  failedHeldElsewhere: 'Another Vitae profile holds this NPI or e-mail',
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
  draftingStartedAt: string | null;
  draftingFinishedAt: string | null;
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
  /** The provider profile the job made or linked (null until then), and its name there. */
  userId: string | null;
  profileName: string | null;
  outcome: RosterRowOutcome | null;
  failureReason: string | null;
}

export interface RosterUploadDetailDto extends RosterUploadDto {
  rows: RosterRowDto[];
}

/** `GET …/roster-uploads/:uploadId/progress`: the accepted rows counted by state, for the progress bar. */
export interface RosterProgressDto {
  uploadId: string;
  status: RosterUploadStatus;
  /** Accepted rows (refused ones are never worked on). */
  total: number;
  waiting: number;
  drafting: number;
  drafted: number;
  failed: number;
  /** drafted + failed: the rows the job is finished with. */
  done: number;
  startedAt: string | null;
  finishedAt: string | null;
  /**
   * The upload's latest batch job: `queued` with an error is waiting to retry (the registry or the
   * listing service was down); `failed` ran out of retries, and the admin can resume.
   */
  job: { status: 'queued' | 'running' | 'completed' | 'failed'; attempts: number; lastError: string | null; runAt: string } | null;
}

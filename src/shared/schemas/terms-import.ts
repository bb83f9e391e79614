import { z } from 'zod';

/**
 * A large expertise-terms CSV replace runs as a job on the queue (issue 36, "no one can stall
 * everyone"): the upload answers 202 with this, and the console polls it until it is done.
 */
export const TERMS_IMPORT_STATUSES = ['queued', 'running', 'done', 'refused', 'failed'] as const;
export type TermsImportStatus = (typeof TERMS_IMPORT_STATUSES)[number];

/** What the job is doing: reading the file, checking each row, writing the terms (one transaction). */
export const TERMS_IMPORT_PHASES = ['waiting', 'reading', 'checking', 'writing', 'finished'] as const;
export type TermsImportPhase = (typeof TERMS_IMPORT_PHASES)[number];

export interface TermsImportDto {
  jobId: string;
  hospitalId: string;
  fileName: string | null;
  status: TermsImportStatus;
  phase: TermsImportPhase;
  /** Rows in the file once read (null before). */
  total: number | null;
  /** Rows checked so far. */
  checked: number;
  /** Terms the hospital has now (done only). */
  created: number | null;
  /** Why nothing changed (refused, failed). */
  message: string | null;
  /** `Row N: reason` for each refused row (at most 200). */
  errors: string[];
  createdAt: string;
  finishedAt: string | null;
}

export const TERMS_IMPORT_MESSAGES = {
  busy: 'An import of this hospital’s terms is already running. Wait for it to finish, then upload again.',
  interrupted: 'The import stopped before it finished (the server restarted); nothing was changed. Upload the file again.',
  notFound: 'Import not found',
} as const;

/** `PUT …/terms?fileName=` with a CSV body: the name is shown with the import's progress. */
export const termsImportQuerySchema = z.object({ fileName: z.string().trim().min(1).max(255).optional() });
export const termsImportParam = z.object({ jobId: z.uuid(TERMS_IMPORT_MESSAGES.notFound) });

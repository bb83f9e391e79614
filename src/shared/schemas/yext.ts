import { z } from 'zod';
import type { PendingUpdateStatus, YextSyncStatus, YextSyncType } from '../enums';
import { npiSchema } from '../npi';

/**
 * Requests and answers of the listing-service (Yext) routes and the provider's pending updates,
 * shared by the server and the web pages.
 */

/**
 * The sections the unified sync fills: the seven the spec lists (profile spec §4), then the lists the
 * listing path also fills (board certifications, hospital affiliations, awards, insurance).
 */
export const SYNC_SECTION_IDS = [
  'professional_identity',
  'education_training',
  'practice_essentials',
  'medical_expertise',
  'biography',
  'languages',
  'locations',
  'board_certifications',
  'hospital_affiliations',
  'awards',
  'insurance',
] as const;
export type SyncSectionId = (typeof SYNC_SECTION_IDS)[number];

export const SYNC_SECTION_LABELS: Record<SyncSectionId, string> = {
  professional_identity: 'Professional identity',
  education_training: 'Education and training',
  practice_essentials: 'Practice essentials',
  medical_expertise: 'Medical expertise',
  biography: 'Biography',
  languages: 'Languages',
  locations: 'Locations',
  board_certifications: 'Board certifications',
  hospital_affiliations: 'Hospital affiliations',
  awards: 'Awards',
  insurance: 'Insurance',
};

export const PENDING_UPDATE_SOURCES = ['yext', 'npi_registry'] as const;
export type PendingUpdateSource = (typeof PENDING_UPDATE_SOURCES)[number];

export const termSyncRequestSchema = z.object({ dryRun: z.boolean().optional().default(false) }).strict();
export type TermSyncRequest = z.input<typeof termSyncRequestSchema>;

export const yextPreviewQuerySchema = z.object({ npi: npiSchema });

export const YEXT_KEY_VALIDATION_VIAS = ['basic', 'healthcare_professional', 'sandbox'] as const;
export type YextKeyValidationVia = (typeof YEXT_KEY_VALIDATION_VIAS)[number];

export const YEXT_KEY_VALIDATION_LABELS: Record<YextKeyValidationVia, string> = {
  basic: 'Basic one-entity query',
  healthcare_professional: 'Query filtered to healthcare professionals',
  sandbox: 'Sandbox endpoint',
};

export interface YextKeyValidation {
  valid: boolean;
  via: YextKeyValidationVia | null;
  checkedAt: string;
  attempts: Array<{ via: YextKeyValidationVia; ok: boolean; message?: string }>;
}

/** `POST /api/admin/hospitals/:hospitalId/yext/test`. */
export interface YextTestResult {
  apiKeyValid: boolean;
  keyValidation: YextKeyValidation | null;
  providersFound: number;
  samples: Array<{ id: string; name: string; npi: string | null }>;
  error: string | null;
}

export interface MappedFieldDto {
  section: string;
  field: string;
  path: string | null;
  origin: 'hospital' | 'built_in';
  value: unknown;
}

/** `GET /api/admin/hospitals/:hospitalId/yext/preview?npi=`: what a sync would import; nothing is written. */
export interface YextPreviewResult {
  npi: string;
  found: boolean;
  strategy: string | null;
  entityId: string | null;
  providerName: string | null;
  sections: Partial<Record<SyncSectionId, unknown>>;
  mappedSections: SyncSectionId[];
  mappingErrors: Record<string, string> | null;
  fields: MappedFieldDto[];
  /** The hospital's own mappings were used (an active data source with mappings); built-in defaults otherwise. */
  usesHospitalMappings: boolean;
  /** Expertise references the hospital has no term for yet; a sync would create them. */
  missingTerms: Array<{ id: string; name: string | null; entityType: string }>;
}

export interface TermSyncStats {
  totalEntitiesFetched: number;
  termsAdded: number;
  termsUpdated: number;
  termsDeleted: number;
  byType: Record<string, number>;
}

export interface TermSyncResponse extends Partial<TermSyncStats> {
  syncLogId: string | null;
  dryRun: boolean;
}

export interface YextSyncLogDto {
  id: string;
  hospitalId: string;
  syncType: YextSyncType;
  status: YextSyncStatus;
  totalEntitiesFetched: number;
  termsAdded: number;
  termsUpdated: number;
  termsDeleted: number;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
}

export type SyncSectionOutcome = 'updated' | 'unchanged' | 'pending' | 'empty' | 'failed';

/** `POST /api/yext/sync`. */
export interface UnifiedSyncResult {
  success: boolean;
  skipped: boolean;
  message: string | null;
  sectionsUpdated: number;
  sectionsFailed: number;
  totalSections: number;
  providerName: string | null;
  npi: string | null;
  pendingUpdatesCreated: number;
  sections: Array<{ section: SyncSectionId; outcome: SyncSectionOutcome; error?: string; skippedFields?: string[] }>;
  mappingErrors: Record<string, string> | null;
}

export interface PendingUpdateDto {
  id: string;
  sectionId: string;
  sectionLabel: string;
  field: string;
  fieldLabel: string;
  currentValue: unknown;
  newValue: unknown;
  /** Readable forms of the two values for the review dialog. */
  currentDisplay: string;
  newDisplay: string;
  source: PendingUpdateSource;
  status: PendingUpdateStatus;
  createdAt: string;
}

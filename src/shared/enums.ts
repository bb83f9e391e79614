/**
 * Closed value lists from the specification. The database schema turns each list into a CHECK
 * constraint and the zod schemas reuse the same arrays, so a value is added in one place only.
 */

export { SECTION_IDS, type SectionId } from './limits';

// ── Accounts ────────────────────────────────────────────────────────────────────────────────

/**
 * `unclaimed`: a draft profile a hospital's roster made for someone who has no Vitae sign-in yet
 * (decision 0026): no sign-in account, never public, its e-mail not confirmed, until its person claims it.
 */
export const USER_STATUSES = ['active', 'pending', 'unclaimed'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Drives the feedback widget's visibility (beta and alpha see it). */
export const USER_TIERS = ['alpha', 'beta', 'standard'] as const;
export type UserTier = (typeof USER_TIERS)[number];

export const ADMIN_ROLES = ['system_admin', 'hospital_admin'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** Every admin holds the first three; system_admin also holds system_settings. */
export const ADMIN_PERMISSIONS = ['view_hospitals', 'manage_permissions', 'view_users', 'system_settings'] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

/** Who performed an audited action; `system` covers background jobs and seeds. */
export const ACTOR_ROLES = ['anonymous', 'provider', 'hospital_admin', 'system_admin', 'system'] as const;
export type ActorRole = (typeof ACTOR_ROLES)[number];

// ── Hospitals and data sources ──────────────────────────────────────────────────────────────

export const DATA_SOURCES = ['npi_registry', 'yext'] as const;
/** Which expertise terms a hospital's providers pick from once it has terms of its own. */
export const EXPERTISE_TERMS_SCOPES = ['own_plus_defaults', 'own_only'] as const;

/**
 * A provider's public directory listing: off (not asked), pending (asked; the hospital requires
 * approval), published, or removed (the hospital unpublished it; asking again needs approval).
 */
/**
 * A listing's publishing states (decision 0020): draft (never asked, or reset by a hospital move),
 * pending (waiting for the hospital), published, withdrawn (the provider took it down), removed (the
 * hospital took it down; only the hospital's approval of a new request publishes it again).
 */
export const DIRECTORY_STATUSES = ['draft', 'pending', 'published', 'withdrawn', 'removed'] as const;
export type DirectoryStatus = (typeof DIRECTORY_STATUSES)[number];
export type ExpertiseTermsScope = (typeof EXPERTISE_TERMS_SCOPES)[number];
export type DataSource = (typeof DATA_SOURCES)[number];

export const TAXONOMY_SOURCES = ['default', 'uploaded', 'copied', 'yext_sync'] as const;
export type TaxonomySource = (typeof TAXONOMY_SOURCES)[number];

export const UPLOAD_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** All entity types the listing service (Yext) returns. */
export const YEXT_ENTITY_TYPES = [
  'healthcareProfessional',
  'healthcareFacility',
  'ce_subfacility',
  'taxonomy_conditionTreated',
  'taxonomy_procedure',
  'taxonomy_reasonForVisit',
  'taxonomy_specialty',
] as const;
export type YextEntityType = (typeof YEXT_ENTITY_TYPES)[number];

/** The listing-service entity types that become expertise terms. */
export const YEXT_TERM_ENTITY_TYPES = ['taxonomy_conditionTreated', 'taxonomy_procedure', 'taxonomy_reasonForVisit'] as const;
export type YextTermEntityType = (typeof YEXT_TERM_ENTITY_TYPES)[number];

export const YEXT_SYNC_TYPES = ['manual', 'scheduled'] as const;
export type YextSyncType = (typeof YEXT_SYNC_TYPES)[number];

export const YEXT_SYNC_STATUSES = ['running', 'completed', 'failed'] as const;
export type YextSyncStatus = (typeof YEXT_SYNC_STATUSES)[number];

// ── Expertise terms ─────────────────────────────────────────────────────────────────────────

export const TERM_TYPES = ['Condition', 'Procedure', 'Reason for Visit', 'Other'] as const;
export type TermType = (typeof TERM_TYPES)[number];

/** Term ids carry their type in the prefix; an id without a known prefix is of type Other. */
export const TERM_ID_PREFIXES = {
  'CON-': 'Condition',
  'PROC-': 'Procedure',
  'REAS-': 'Reason for Visit',
} as const satisfies Record<string, TermType>;

// ── Profile sections ────────────────────────────────────────────────────────────────────────

export const EDUCATION_TYPES = ['medical_school', 'residency', 'fellowship', 'undergraduate', 'graduate', 'continuing_education'] as const;
export type EducationType = (typeof EDUCATION_TYPES)[number];

export const EDUCATION_TYPE_LABELS: Record<EducationType, string> = {
  medical_school: 'Medical school',
  residency: 'Residency',
  fellowship: 'Fellowship',
  undergraduate: 'Undergraduate',
  graduate: 'Graduate school',
  continuing_education: 'Continuing education',
};

/**
 * Where a profile field's current value came from: typed by the provider, filled from the national
 * NPI registry, imported from the hospital's listing service, found by discovery and approved, or
 * given by the hospital's roster upload (the e-mail a draft profile was made for, issue 37).
 */
export const PROVENANCE_SOURCES = ['provider', 'registry', 'listing_service', 'discovery', 'roster'] as const;
export type ProvenanceSource = (typeof PROVENANCE_SOURCES)[number];

/**
 * Through what a profile change was made, as its history records it: the four provenance sources,
 * an administrator, the provider restoring an earlier value, and the system itself (sign-up defaults,
 * a hospital move). Each maps to a provenance source where the value becomes someone's (history.ts).
 */
export const CHANGE_SOURCES = ['provider', 'admin', 'registry', 'listing_service', 'discovery', 'restore', 'system', 'roster'] as const;
export type ChangeSource = (typeof CHANGE_SOURCES)[number];

/** Whether an education row was typed by the user or imported from a directory. */
export const EDUCATION_SOURCES = ['user', 'directory'] as const;
export type EducationSource = (typeof EDUCATION_SOURCES)[number];

export const DEGREE_TYPES = ['MD', 'DO'] as const;
export type DegreeType = (typeof DEGREE_TYPES)[number];

/** The spec names only the default (basic); the rest is the usual CV scale. */
export const LANGUAGE_PROFICIENCIES = ['basic', 'conversational', 'professional', 'fluent', 'native'] as const;
export type LanguageProficiency = (typeof LANGUAGE_PROFICIENCIES)[number];

export const LICENSE_STATUSES = ['active', 'inactive', 'expired', 'suspended'] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];

/** Status of publications and media items; hand-entered rows are `manual`. */
export const DISCOVERED_ITEM_STATUSES = ['pending', 'approved', 'rejected', 'manual'] as const;
export type DiscoveredItemStatus = (typeof DISCOVERED_ITEM_STATUSES)[number];

/** Clinical trials keep their own list: `hidden` is a trial the user chose not to show. */
export const TRIAL_USER_STATUSES = ['pending', 'approved', 'rejected', 'manual', 'hidden'] as const;
export type TrialUserStatus = (typeof TRIAL_USER_STATUSES)[number];

/** Trials with these statuses are the ones shown on a profile. */
export const DISPLAYED_TRIAL_USER_STATUSES = ['manual', 'approved', 'hidden'] as const satisfies readonly TrialUserStatus[];

// ── Discovery ───────────────────────────────────────────────────────────────────────────────

/** What a discovery session searched for, and what kind of item was rejected (the target section). */
export const DISCOVERY_ITEM_TYPES = ['publications', 'clinical_trials', 'media_press'] as const;
export type DiscoveryItemType = (typeof DISCOVERY_ITEM_TYPES)[number];

// ── Directory updates offered to a provider ─────────────────────────────────────────────────

export const PENDING_UPDATE_STATUSES = ['pending', 'accepted', 'dismissed'] as const;
export type PendingUpdateStatus = (typeof PENDING_UPDATE_STATUSES)[number];

// ── Content administration ──────────────────────────────────────────────────────────────────

export const PROMPT_TYPES = ['professional', 'public'] as const;
export type PromptType = (typeof PROMPT_TYPES)[number];

// ── Feedback ────────────────────────────────────────────────────────────────────────────────

export const FEEDBACK_CATEGORIES = ['bug', 'feature', 'ux', 'performance', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export const FEEDBACK_CATEGORY_LABELS: Record<FeedbackCategory, string> = {
  bug: 'Bug Report',
  feature: 'Feature Request',
  ux: 'UX/UI Issue',
  performance: 'Performance Issue',
  other: 'Other',
};

export const FEEDBACK_SEVERITIES = [1, 2, 3, 4, 5] as const;
export type FeedbackSeverity = (typeof FEEDBACK_SEVERITIES)[number];

export const FEEDBACK_SEVERITY_LABELS: Record<FeedbackSeverity, string> = {
  1: 'Low',
  2: 'Medium',
  3: 'High',
  4: 'Critical',
  5: 'Urgent',
};

export const FEEDBACK_STATUSES = ['submitted', 'in_progress', 'completed', 'rejected'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

// ── Background work ─────────────────────────────────────────────────────────────────────────

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

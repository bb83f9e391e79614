/** Business constants from the specification, in one place for the web, the server and the tests. */

export const PAGINATION = {
  defaultPageSize: 100,
  maxPageSize: 1000,
  largeQueryLimit: 50_000,
} as const;

export const QUERY_TIMEOUT_MS = 60_000;
export const CACHE_TTL_MS = 300_000;
export const SYNC_BATCH_SIZE = 25;

/** Outbound HTTP policy of the general client (access spec §9). */
export const HTTP_POLICY = {
  timeoutMs: 30_000,
  retries: 3,
  retryStatuses: [408, 413, 429, 500, 502, 503, 504] as readonly number[],
  initialDelayMs: 1_000,
  maxDelayMs: 10_000,
} as const;

/** TanStack Query defaults (access spec §7, §9). */
export const QUERY_CACHE = {
  staleTimeMs: 300_000,
  gcTimeMs: 600_000,
  retries: 2,
  mutationRetries: 1,
} as const;

export const INACTIVITY = {
  timeoutMs: 30 * 60_000,
  warningBeforeMs: 5 * 60_000,
  activityThrottleMs: 1_000,
} as const;

export const ADMIN_SESSION_LIFETIME_MS = 480 * 60_000;

export const ADMIN_MAGIC_LINK = {
  maxAttempts: 3,
  windowMs: 5 * 60_000,
  resendCooldownMs: 60_000,
  redirectDelayMs: 2_000,
  /**
   * Requests from one client address, whatever the e-mail: the form names unknown addresses (the
   * spec's ADMIN_USER_NOT_FOUND), so without this it would list the administrators. The refusals
   * of one address in one window are audited as one entry.
   */
  perAddressMaxAttempts: 30,
  perAddressWindowMs: 15 * 60_000,
} as const;

export const ADMIN_NETWORK_RETRY_DELAYS_MS = [1_000, 2_000, 4_000] as const;

export const FEEDBACK_LIMITS = {
  perHour: 10,
  perDay: 50,
  userPageSize: 50,
  adminPageSize: 100,
  historySize: 10,
} as const;

export const ERROR_MONITOR = {
  maxErrors: 100,
  recentWindowMs: 24 * 60 * 60_000,
} as const;

export const TOOLTIP = { delayMs: 700, skipDelayMs: 300 } as const;

export const TOAST = { visible: 3, durationMs: 4_000 } as const;

export const DEMO_LENGTH_MINUTES = 30;

export const SECTION_IDS = [
  'professional_identity',
  'education_training',
  'practice_essentials',
  'locations',
  'biography',
  'publications',
  'clinical_trials',
  'media_press',
  'medical_expertise',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** Sections a new hospital requires by default (profile spec §6). */
export const DEFAULT_REQUIRED_SECTIONS: readonly SectionId[] = ['professional_identity', 'education_training', 'practice_essentials'];

export const READING_LEVEL_DEFAULTS = {
  professionalReadingLevel: 12,
  publicReadingLevel: 8,
  professionalTone: 'professional',
  publicTone: 'friendly',
  professionalWordCountMin: 150,
  professionalWordCountMax: 200,
  publicWordCountMin: 120,
  publicWordCountMax: 150,
} as const;

export const QUICK_ADD_LANGUAGE_CODES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ar', 'hi'] as const;

/** Error-reporting sample rates by environment (access spec §9); error replays are always kept. */
export const SENTRY_SAMPLE_RATES = {
  production: { traces: 0.1, replays: 0.05 },
  staging: { traces: 0.5, replays: 0.2 },
  default: { traces: 1, replays: 0.5 },
  errorReplays: 1,
} as const;

export function sentryRatesFor(environment: string) {
  if (environment === 'production') return SENTRY_SAMPLE_RATES.production;
  if (environment === 'staging') return SENTRY_SAMPLE_RATES.staging;
  return SENTRY_SAMPLE_RATES.default;
}

/**
 * Work a provider starts that calls outside services (issue 36): one run at a time per provider,
 * and at most `perHour` runs. The lease frees a run whose process died.
 */
export const OUTSIDE_RUN_LIMITS = {
  discovery: { perHour: 10, leaseMs: 5 * 60_000 },
  listingSync: { perHour: 10, leaseMs: 5 * 60_000 },
} as const;

/** Rows in one expertise terms CSV (issue 36: 200,000 rows held the server for 99 s). */
export const TERMS_CSV_MAX_ROWS = 50_000;

/**
 * Terms in one JSON request (bulk add, or a replace sent as JSON). Such a request is checked and
 * written while the person waits, so it is held to what that takes well under a second; more terms
 * come as a CSV file, which the server imports as a job (issue 36: no request stalls everyone).
 */
export const TERMS_PER_REQUEST_MAX = 5_000;

/**
 * A terms CSV up to this many characters (about 2,500 rows) replaces the terms in the request itself;
 * a larger one runs as a job on the queue (expertise-terms/import-job.ts) and the upload answers 202.
 */
export const TERMS_CSV_INLINE_MAX_CHARS = 256 * 1024;

/**
 * The most entries each list of a provider's profile holds (issue 36: 40 parallel saves of 1,000
 * publications held the server for 20 s). Each is above what a real clinician has, so no one meets
 * it by accident, and low enough that one save stays a small piece of work:
 * - publications 500: a prolific clinical researcher has a few hundred papers in PubMed; the rare
 *   author of more lists a selection on a directory profile.
 * - clinical_trials 200: a very active principal investigator is on dozens over a career.
 * - media_press 200: interviews and articles worth listing; a regular columnist stays under it.
 * - education_training 50: school, residency and fellowships are under ten; continuing-education
 *   courses listed one by one add up, so the old cap stays.
 * - locations 25: offices a clinician sees patients in (unchanged).
 * - medical_expertise 300: hospital taxonomies give a specialist one to two hundred terms at most.
 * - languages 30: polyglots speak a dozen; 30 leaves room for dialects and sign languages.
 * - licenses 60: a telehealth clinician licensed everywhere holds 56 (50 states, DC, 5 territories).
 * - board_certifications 20: a few boards and subspecialties, each renewed in place.
 * - hospital_affiliations 100: a teleradiologist or locum may hold privileges at dozens of hospitals.
 * - awards 100, insurance 200 (the insurers and plan types a busy practice accepts), social_media 20.
 * The message naming the cap is the same on the server and in the forms (profile.ts `listCapMessage`).
 */
export const PROFILE_LIST_CAPS = {
  publications: 500,
  clinical_trials: 200,
  media_press: 200,
  education_training: 50,
  locations: 25,
  medical_expertise: 300,
  languages: 30,
  licenses: 60,
  board_certifications: 20,
  hospital_affiliations: 100,
  awards: 100,
  insurance: 200,
  social_media: 20,
} as const;
export type ProfileListId = keyof typeof PROFILE_LIST_CAPS;

/**
 * Lists inside one entry: a publication's authors (a consortium paper lists thousands: discovery
 * keeps the first ones) and keywords, a trial's conditions. Text fields have their own lengths in
 * the schemas (an abstract or a trial's description 20,000 characters, a media description 10,000).
 */
export const PROFILE_ITEM_CAPS = {
  authors: 500,
  keywords: 100,
  conditionsStudied: 100,
} as const;

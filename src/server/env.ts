import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { QUERY_TIMEOUT_MS } from '../shared/limits';

/**
 * The only reader of process.env. Everything the server can be configured with is declared here,
 * parsed once at start, and handed to the rest of the program as a typed object.
 */

const booleanFromString = z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off']).transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url().optional());
const optionalString = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: optionalString,
  APP_URL: optionalUrl,
  DATABASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
      .optional(),
  ),
  // A PostgreSQL streaming replica of DATABASE_URL: anonymous public reads use it (docs/operations.md).
  DATABASE_READ_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
      .optional(),
  ),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(QUERY_TIMEOUT_MS),
  // Public reads (/find, /fhir) get a pool of their own with a shorter statement timeout.
  DATABASE_PUBLIC_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(5),
  DATABASE_PUBLIC_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5_000),
  // How long a request waits for a pooled connection (all busy, or a database that does not answer) before a 503.
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  // Request timeouts at the HTTP server: a whole request (headers and body) must arrive within this.
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(65_000),
  // Idle keep-alive connections live longer than a load balancer's, so the balancer closes them first.
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(65_000),
  // Nice steps the event loop's thread runs below libuv's pool, where password hashes run (decision 0039); 0: off.
  EVENT_LOOP_NICE: z.coerce.number().int().min(0).max(19).default(5),
  // On SIGTERM, how long health answers 503 (while requests are still served) before the listener closes.
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1_048_576),
  PROFILE_CACHE_ENTRIES: z.coerce.number().int().min(0).default(1000),
  // Days the profile change history keeps each change; unset keeps it forever (a daily job deletes older ones).
  HISTORY_RETENTION_DAYS: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(36_500).optional()),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1_048_576),
  // CSV uploads stream through the parser (only their rows are kept), so they may be larger.
  CSV_UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1_048_576),
  STORAGE_DIR: z.string().min(1).optional(),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: booleanFromString.default(false),
  LINEAR_API_KEY: optionalString,
  LINEAR_TEAM_ID: optionalString,
  LINEAR_API_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().default('https://api.linear.app/graphql')),
  PUBMED_BASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().default('https://eutils.ncbi.nlm.nih.gov/entrez/eutils')),
  PUBMED_API_KEY: optionalString,
  PUBMED_TOOL: z.string().default('vitae'),
  PUBMED_EMAIL: optionalString,
  CLINICAL_TRIALS_BASE_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().default('https://clinicaltrials.gov/api/v2')),
  YEXT_API_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().default('https://api.yext.com')),
  YEXT_SANDBOX_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().default('https://sandbox.yext.com')),
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  LLM_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  ENCRYPTION_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32, 'must be at least 32 characters').optional()),
  SEED_DEMO_DATA: booleanFromString.optional(),
  SCHEDULING_URL: optionalUrl,
  SENTRY_DSN: optionalUrl,
  SENTRY_ENVIRONMENT: optionalString,
  SENTRY_RELEASE: z.string().default('development'),
  FEEDBACK_BETA_ONLY: booleanFromString.default(true),
  TRUST_PROXY: booleanFromString.default(false),
  // Requests per client address per minute to the anonymous routes (/find, /fhir/r4, robots.txt, public photos); 0 turns the limit off.
  PUBLIC_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(300),
  // Provider sign-ups per client address per hour.
  SIGN_UP_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(20),
  // How long a roster pre-filling batch whose process died keeps its lock before another process takes
  // it back (the batch renews it before each row, and a row takes at most about two minutes).
  ROSTER_JOB_LEASE_MS: z.coerce
    .number()
    .int()
    .min(10_000)
    .default(5 * 60_000),
  // Password hashes (scrypt) running at once; the rest wait. Default: the machine's cores but one.
  PASSWORD_HASH_CONCURRENCY: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(1).max(64).optional()),
  AUTH_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().default('Vitae <no-reply@vitae.local>'),
  // Days a roster invitation's claim link works (issue 37 item 4); every e-mail issues a new link.
  ROSTER_INVITE_TTL_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  // Days after a roster invitation when a reminder goes to those who have not claimed or not published
  // (issue 37 item 5); empty turns scheduled reminders off.
  ROSTER_REMINDER_DAYS: z
    .string()
    .regex(/^\s*(\d{1,3}\s*(,\s*\d{1,3}\s*)*)?$/, 'must be whole days separated by commas, e.g. 3,10')
    .default('3,10'),
  NPI_REGISTRY_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url().default('https://npiregistry.cms.hhs.gov/api/')),
});

/** Used only outside production, so a local run needs no set-up; production refuses it. */
export const DEVELOPMENT_AUTH_SECRET = 'vitae-development-secret-do-not-use-in-production';

export type RawEnv = z.infer<typeof envSchema>;

export interface Env extends RawEnv {
  isProduction: boolean;
  host: string;
  appUrl: string;
  logLevel: NonNullable<RawEnv['LOG_LEVEL']>;
  seedDemoData: boolean;
  sentryEnvironment: string;
  authSecret: string;
  /** Key for secrets stored in the database (AES-256-GCM); defaults to the auth secret. */
  encryptionKey: string;
  /** Local folder for uploaded files when S3 is not configured. */
  storageDir: string;
  /** The development outbox stands in for SMTP; never in production. */
  mailTransport: 'smtp' | 'outbox';
  /** At most this many password hashes at once, so a burst of sign-ins leaves a core to everything else. */
  passwordHashConcurrency: number;
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
  const raw = parsed.data;
  const isProduction = raw.NODE_ENV === 'production';
  if (isProduction) {
    const problems: string[] = [];
    if (!raw.AUTH_SECRET) problems.push('AUTH_SECRET: required in production (a random string of at least 32 characters)');
    if (!raw.SMTP_URL) problems.push('SMTP_URL: required in production (the development mail outbox is disabled there)');
    if (!raw.APP_URL) problems.push('APP_URL: required in production (links in e-mails and the allowed origin)');
    if (problems.length > 0) throw new EnvError(problems);
  }
  const host = raw.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1');
  const appUrl = (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, '');
  return {
    ...raw,
    isProduction,
    host,
    appUrl,
    logLevel: raw.LOG_LEVEL ?? (raw.NODE_ENV === 'development' ? 'debug' : 'info'),
    seedDemoData: raw.SEED_DEMO_DATA ?? !isProduction,
    sentryEnvironment: raw.SENTRY_ENVIRONMENT ?? (isProduction ? 'production' : raw.NODE_ENV),
    authSecret: raw.AUTH_SECRET ?? DEVELOPMENT_AUTH_SECRET,
    encryptionKey: raw.ENCRYPTION_KEY ?? raw.AUTH_SECRET ?? DEVELOPMENT_AUTH_SECRET,
    storageDir: raw.STORAGE_DIR ?? `${raw.DATA_DIR.replace(/\/+$/, '')}/storage`,
    mailTransport: raw.SMTP_URL ? 'smtp' : 'outbox',
    passwordHashConcurrency: raw.PASSWORD_HASH_CONCURRENCY ?? Math.max(1, availableParallelism() - 1),
  };
}

/**
 * A hospital's listing-service connection: its decrypted key, a client on the right host, and the
 * key validation remembered in `hospitals.yext_config.key_validation` until the key changes.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { YextKeyValidation } from '../../../shared/schemas/yext';
import { HOSPITAL_MESSAGES } from '../../../shared/schemas/hospitals';
import type { Database } from '../../db/client';
import { hospitals } from '../../db/schema';
import type { Env } from '../../env';
import {
  createYextClient,
  validateYextKey,
  YEXT_DEFAULTS,
  YEXT_MESSAGES,
  isYextError,
  type YextClient,
  type YextClientOptions,
  type YextHost,
} from '../../integrations/yext';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { createSecretBox, type SecretBox } from '../../lib/secret-box';

export interface YextDeps {
  db: Database;
  logger: Logger;
  secretBox: SecretBox;
  apiUrl: string;
  sandboxUrl: string;
  /** Transport settings for tests (a fake clock for retries, shorter timeouts). */
  http?: Pick<YextClientOptions, 'fetchImpl' | 'sleep' | 'initialDelayMs' | 'timeoutMs' | 'retries'>;
}

type YextEnv = Pick<Env, 'encryptionKey'> & { YEXT_API_URL?: string; YEXT_SANDBOX_URL?: string };

/** The module's dependencies from the app's; URLs from YEXT_API_URL and YEXT_SANDBOX_URL. */
export function yextDepsFrom(input: { db: Database; logger: Logger; env: YextEnv; secretBox?: SecretBox; http?: YextDeps['http'] }): YextDeps {
  return {
    db: input.db,
    logger: input.logger,
    secretBox: input.secretBox ?? createSecretBox(input.env.encryptionKey),
    apiUrl: input.env.YEXT_API_URL || YEXT_DEFAULTS.apiUrl,
    sandboxUrl: input.env.YEXT_SANDBOX_URL || YEXT_DEFAULTS.sandboxUrl,
    http: input.http,
  };
}

export type HospitalRow = typeof hospitals.$inferSelect;

/** What is remembered about the current key; the fingerprint ties it to one sealed key. */
export interface StoredKeyValidation extends YextKeyValidation {
  fingerprint: string;
  host: YextHost | null;
}

export async function loadHospital(db: Database, hospitalId: string) {
  const [row] = await db.select().from(hospitals).where(eq(hospitals.id, hospitalId)).limit(1);
  if (!row) throw new AppError('HOSPITAL_NOT_FOUND', 404, HOSPITAL_MESSAGES.notFound(hospitalId));
  return row;
}

// A digest of the ciphertext, not of the key: it changes whenever a key is saved, and says nothing about the key.
const fingerprintOf = (sealed: string) => createHash('sha256').update(sealed).digest('hex').slice(0, 16);

function storedValidation(row: HospitalRow): StoredKeyValidation | null {
  const value = (row.yextConfig as Record<string, unknown>).key_validation as StoredKeyValidation | undefined;
  if (!value || !row.yextApiKeyEncrypted || value.fingerprint !== fingerprintOf(row.yextApiKeyEncrypted)) return null;
  return value;
}

/** The remembered validation of the hospital's current key, for display. */
export function rememberedValidation(row: HospitalRow): YextKeyValidation | null {
  const stored = storedValidation(row);
  if (!stored) return null;
  const { fingerprint: _fingerprint, host: _host, ...validation } = stored;
  return validation;
}

export function apiKeyOf(deps: Pick<YextDeps, 'secretBox' | 'logger'>, row: HospitalRow) {
  if (!row.yextApiKeyEncrypted) throw new AppError('YEXT_NOT_CONFIGURED', 400, YEXT_MESSAGES.notConfigured);
  try {
    return deps.secretBox.open(row.yextApiKeyEncrypted);
  } catch (error) {
    // Sealed under another server secret (ENCRYPTION_KEY changed): the admin has to enter it again.
    deps.logger.error({ err: error, hospitalId: row.id }, 'the listing-service key could not be decrypted');
    throw new AppError('YEXT_KEY_UNREADABLE', 400, YEXT_MESSAGES.keyValidationFailed);
  }
}

export function clientFor(deps: YextDeps, row: HospitalRow, apiKey: string, host: YextHost = 'production'): YextClient {
  return createYextClient({
    apiKey,
    apiUrl: deps.apiUrl,
    sandboxUrl: deps.sandboxUrl,
    host,
    apiVersion: row.yextConfig.api_version,
    accountId: row.yextConfig.account_id,
    contentEndpointId: row.yextConfig.content_endpoint_id,
    ...deps.http,
  });
}

async function remember(db: Database, row: HospitalRow, validation: StoredKeyValidation) {
  // Merged into the JSON in place, and only while the key is still the one that was checked.
  await db
    .update(hospitals)
    .set({ yextConfig: sql`${hospitals.yextConfig} || jsonb_build_object('key_validation', ${JSON.stringify(validation)}::jsonb)` })
    .where(and(eq(hospitals.id, row.id), eq(hospitals.yextApiKeyEncrypted, row.yextApiKeyEncrypted!)));
}

/**
 * The key's validation: the remembered one while the key is unchanged and was valid, otherwise the
 * three fallbacks again (`force` always re-checks). An invalid result is remembered for display but
 * re-checked on the next use, so a passing network failure does not block a hospital for good.
 */
export async function checkKey(deps: YextDeps, row: HospitalRow, options: { force?: boolean } = {}): Promise<StoredKeyValidation> {
  const apiKey = apiKeyOf(deps, row);
  const stored = storedValidation(row);
  if (!options.force && stored?.valid) return stored;
  const result = await validateYextKey(clientFor(deps, row, apiKey, 'production'), clientFor(deps, row, apiKey, 'sandbox'));
  const validation: StoredKeyValidation = {
    valid: result.valid,
    via: result.via,
    host: result.host,
    checkedAt: new Date().toISOString(),
    attempts: result.attempts,
    fingerprint: fingerprintOf(row.yextApiKeyEncrypted!),
  };
  await remember(deps.db, row, validation);
  if (!result.valid) deps.logger.warn({ hospitalId: row.id, attempts: result.attempts }, 'listing-service key validation failed');
  return validation;
}

/** A client for a hospital whose key is valid, on the host that accepted it; 'YEXT API key validation failed…' otherwise. */
export async function validatedClient(deps: YextDeps, row: HospitalRow) {
  const validation = await checkKey(deps, row);
  if (!validation.valid) throw new AppError('YEXT_KEY_INVALID', 502, YEXT_MESSAGES.keyValidationFailed, { attempts: validation.attempts });
  return { client: clientFor(deps, row, apiKeyOf(deps, row), validation.host ?? 'production'), validation };
}

/** After the service refused the key mid-use: forget that it was valid so the next use re-checks. */
export async function forgetValidKey(deps: YextDeps, row: HospitalRow, error: unknown) {
  if (!isYextError(error) || error.kind !== 'auth' || !row.yextApiKeyEncrypted) return;
  const stored = storedValidation(row);
  if (!stored) return;
  await remember(deps.db, row, { ...stored, valid: false, checkedAt: new Date().toISOString() }).catch((cause: unknown) =>
    deps.logger.warn({ err: cause, hospitalId: row.id }, 'could not record the refused listing-service key'),
  );
}

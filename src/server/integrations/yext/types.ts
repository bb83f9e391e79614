/** What the listing service (Yext) sends and how its failures read (profile spec §7, §8, §9). */

export const YEXT_DEFAULTS = {
  apiUrl: 'https://api.yext.com',
  sandboxUrl: 'https://sandbox.yext.com',
  apiVersion: '20231201',
  pageSize: 50,
  timeoutMs: 30_000,
  retries: 2,
  testProviderCount: 5,
} as const;

/** Offsets past these stop a taxonomy fetch even if the service keeps answering full pages. */
export const YEXT_OFFSET_CAPS: Record<string, number> = {
  taxonomy_conditionTreated: 4000,
  taxonomy_procedure: 3000,
};
export const YEXT_DEFAULT_OFFSET_CAP = 1500;
export const offsetCapFor = (entityType: string) => YEXT_OFFSET_CAPS[entityType] ?? YEXT_DEFAULT_OFFSET_CAP;

export const YEXT_MESSAGES = {
  apiError: (message: string) => `YEXT API Error: ${message}`,
  httpError: (status: number, statusText: string) => `HTTP ${status}: ${statusText}`,
  invalidKey: 'Invalid API Key - please check your credentials',
  providerNotFound: (npi: string) => `No provider found in YEXT for NPI: ${npi}`,
  keyValidationFailed: 'YEXT API key validation failed. Please check your credentials.',
  noNpi: 'No NPI number found. Please update your Professional Identity with your NPI number first.',
  noHospital: 'User does not have a hospital assigned',
  fetchFailed: 'Failed to fetch provider data from YEXT',
  applyFailed: 'Failed to apply YEXT data to profile',
  unifiedSyncFailed: 'Unified sync failed',
  syncFailed: 'Sync failed',
  notConfigured: 'This hospital has no YEXT API key configured',
  notYextHospital: 'This hospital does not use YEXT as its data source',
  syncRunning: 'A YEXT term sync is already running for this hospital',
} as const;

/**
 * Yext's general error codes that mean the credentials were refused (invalid key, invalid
 * credentials, username/password, no authentication found, invalid access token).
 */
export const YEXT_AUTH_ERROR_CODES: readonly number[] = [1, 2, 3, 11, 25];

/** An entity as the service sends it; only the fields the import reads are named. */
export interface YextEntity {
  id?: string;
  name?: string;
  npi?: string;
  meta?: { id?: string; entityType?: string | { id?: string; uid?: number | string }; uid?: string | number; [key: string]: unknown };
  [field: string]: unknown;
}

export interface YextListParams {
  entityTypes?: string;
  limit?: number;
  offset?: number;
  /** A Yext filter expression, e.g. `{ npi: { $eq: '1234567893' } }`; sent as JSON. */
  filter?: Record<string, unknown>;
  /** Comma-separated entity ids. */
  entityIds?: string;
  pageToken?: string;
}

export interface YextListResult {
  entities: YextEntity[];
  count: number | null;
  /** `pageToken` (entities API) or `nextPageToken` (content endpoints), whichever was sent. */
  nextPageToken: string | null;
}

export type YextHost = 'production' | 'sandbox';

export interface YextClient {
  /** GET /v2/accounts/{account}/entities. */
  listEntities(params: YextListParams): Promise<YextListResult>;
  /** The provider list: the content endpoint when one is configured, otherwise the entities API. */
  listProviders(params: YextListParams): Promise<YextListResult>;
  /** GET /v2/accounts/{account}/entities/{id}; null when the service has no such entity. */
  getEntity(id: string): Promise<YextEntity | null>;
  readonly host: YextHost;
  readonly hasContentEndpoint: boolean;
}

export type YextFailure = 'auth' | 'api' | 'http' | 'network' | 'invalid_response';

export class YextError extends Error {
  constructor(
    readonly kind: YextFailure,
    message: string,
    readonly status?: number,
    readonly code?: number | string,
  ) {
    super(message);
    this.name = 'YextError';
  }
}

export const isYextError = (error: unknown): error is YextError => error instanceof YextError;

/** The entity's id wherever this API version put it. */
export const entityIdOf = (entity: YextEntity): string | undefined => {
  const id = entity.meta?.id ?? entity.id;
  return typeof id === 'string' && id ? id : typeof id === 'number' ? String(id) : undefined;
};

/** `meta.entityType` is a string in the management API and `{ id, uid }` in some others. */
export const entityTypeOf = (entity: YextEntity): string | undefined => {
  const type: unknown = entity.meta?.entityType;
  if (typeof type === 'string') return type;
  if (type && typeof type === 'object' && typeof (type as { id?: unknown }).id === 'string') return (type as { id: string }).id;
  return undefined;
};

/**
 * One file store for uploads, backed by a local folder (development, single host) or S3. Keys are
 * chosen by the server, never by the client, and must match STORAGE_KEY_PATTERN on both backends.
 */
export interface PutOptions {
  contentType: string;
  cacheControl?: string;
  /** false (the default) refuses to replace an existing object: a key is written once. */
  overwrite?: boolean;
}

export interface StoredFile {
  body: Uint8Array;
  contentType: string;
  cacheControl: string | null;
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Uint8Array, options: PutOptions): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<StoredFile | null>;
  /** Removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Removes every object under `folder/` (a key prefix such as `profile-photos/{userId}`: a deleted
   * user's files) and answers how many there were; an empty or missing folder is not an error.
   */
  deleteFolder(folder: string): Promise<number>;
}

/**
 * Path segments of letters, digits, `-` and `_`, with one optional lower-case extension on the
 * last. No dots elsewhere, so `..`, hidden files and the local store's `.meta.json` sidecars can
 * never be named; no leading slash, backslash or empty segment.
 */
export const STORAGE_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}(?:\/[A-Za-z0-9][A-Za-z0-9_-]{0,127}){0,7}(?:\.[a-z0-9]{1,10})?$/;

export class StorageKeyError extends Error {
  constructor(readonly key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
    this.name = 'StorageKeyError';
  }
}

/** A no-overwrite put found the key taken. */
export class StorageConflictError extends Error {
  readonly code = 'STORAGE_CONFLICT';
  constructor(readonly key: string) {
    super(`A file is already stored under ${key}; stored files are never overwritten.`);
    this.name = 'StorageConflictError';
  }
}

export const isStorageConflict = (error: unknown): error is StorageConflictError => error instanceof StorageConflictError;

export function assertStorageKey(key: string) {
  if (typeof key !== 'string' || key.length > 1024 || !STORAGE_KEY_PATTERN.test(key)) throw new StorageKeyError(String(key));
}

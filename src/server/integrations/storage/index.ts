import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { FileStorage } from './types';

export { createLocalStorage } from './local';
export { createS3Storage, type S3StorageOptions } from './s3';
export {
  assertStorageKey,
  isStorageConflict,
  STORAGE_KEY_PATTERN,
  StorageConflictError,
  StorageKeyError,
  type FileStorage,
  type PutOptions,
  type StoredFile,
} from './types';

/** The part of the server configuration the file store reads (S3_* are optional until set). */
export interface StorageEnv {
  storageDir: string;
  S3_BUCKET?: string;
  S3_REGION?: string;
  S3_ENDPOINT?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE?: boolean;
}

/** S3 when a bucket is configured, else the local folder. */
export function createStorageFromEnv(env: StorageEnv): FileStorage {
  if (env.S3_BUCKET) {
    return createS3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION ?? 'us-east-1',
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
    });
  }
  return createLocalStorage(env.storageDir);
}

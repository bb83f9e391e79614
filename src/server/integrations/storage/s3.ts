import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { HTTP_POLICY } from '../../../shared/limits';
import { assertStorageKey, StorageConflictError, type FileStorage, type StoredFile } from './types';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible stores (MinIO, R2, a test fake); AWS itself needs none. */
  endpoint?: string;
  /** Both or neither: without them the SDK's default chain (instance role, AWS_* variables) applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Optional folder inside the bucket, without slashes at either end. */
  prefix?: string;
}

type Sdk = typeof S3Sdk;

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

export function createS3Storage(options: S3StorageOptions): FileStorage {
  if (Boolean(options.accessKeyId) !== Boolean(options.secretAccessKey)) {
    throw new Error('S3 storage: set both the access key id and the secret access key, or neither.');
  }
  const config: S3ClientConfig = {
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
    // The SDK's default CRC32 trailers are refused by several S3-compatible stores; TLS and
    // Content-Length already guard these small uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: HTTP_POLICY.retries + 1,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: HTTP_POLICY.timeoutMs },
  };
  // The SDK takes about half a second to import; a server on local storage never pays for it.
  let loading: Promise<{ sdk: Sdk; client: S3Client }> | undefined;
  const connect = () => {
    loading ??= import('@aws-sdk/client-s3').then(
      (sdk) => ({ sdk, client: new sdk.S3Client(config) }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const prefix = options.prefix ? `${options.prefix.replace(/^\/+|\/+$/g, '')}/` : '';
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return prefix + key;
  };

  return {
    kind: 's3',

    async put(key, body, putOptions) {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      try {
        await client.send(
          new sdk.PutObjectCommand({
            Bucket: options.bucket,
            Key,
            Body: body,
            ContentLength: body.byteLength,
            ContentType: putOptions.contentType,
            ...(putOptions.cacheControl ? { CacheControl: putOptions.cacheControl } : {}),
            // S3 conditional write: 412 if the key exists, so a stored file is never replaced.
            ...(putOptions.overwrite ? {} : { IfNoneMatch: '*' }),
          }),
        );
      } catch (error) {
        // 409 is S3's answer when a concurrent conditional write to the same key is in flight.
        const status = statusOf(error);
        if (!putOptions.overwrite && (status === 412 || status === 409)) throw new StorageConflictError(key);
        throw error;
      }
    },

    async get(key): Promise<StoredFile | null> {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      try {
        const result = await client.send(new sdk.GetObjectCommand({ Bucket: options.bucket, Key }));
        const body = result.Body ? await result.Body.transformToByteArray() : new Uint8Array(0);
        return { body, contentType: result.ContentType ?? 'application/octet-stream', cacheControl: result.CacheControl ?? null };
      } catch (error) {
        if (statusOf(error) === 404 || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },

    async delete(key) {
      const Key = objectKey(key);
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: options.bucket, Key }));
    },
    async deleteFolder(folder) {
      const Prefix = `${objectKey(folder)}/`;
      const { sdk, client } = await connect();
      // Every key first, then the deletes, so the listing never pages over objects being removed.
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket: options.bucket, Prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      // DeleteObject per key, ten at a time: every S3-compatible store has it (DeleteObjects is not universal).
      for (let start = 0; start < keys.length; start += 10) {
        await Promise.all(keys.slice(start, start + 10).map((Key) => client.send(new sdk.DeleteObjectCommand({ Bucket: options.bucket, Key }))));
      }
      return keys.length;
    },
  };
}

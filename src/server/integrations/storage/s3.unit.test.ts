import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../../../tests/fakes/s3';
import { createStorageFromEnv } from './index';
import { createS3Storage } from './s3';
import { StorageConflictError, StorageKeyError, type FileStorage } from './types';

const HOSPITAL = '3f2b8a4e-1c0d-4e5f-9a8b-7c6d5e4f3a2b';
const bytes = (text: string) => new TextEncoder().encode(text);
const text = (body: Uint8Array) => new TextDecoder().decode(body);

let fake: FakeS3;
let storage: FileStorage;
beforeAll(async () => {
  fake = await startFakeS3();
  storage = createS3Storage({ bucket: 'vitae-test', region: 'us-east-1', endpoint: fake.url, accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret-example-key', forcePathStyle: true });
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.setMode('normal');
  fake.requests.length = 0;
});

describe('S3 file storage (against a loopback S3 fake)', () => {
  it('puts with content type, cache control and If-None-Match, reads back and deletes', async () => {
    const key = `${HOSPITAL}/brand-guidelines-1712345678901.pdf`;
    await storage.put(key, bytes('%PDF-1.7 hello'), { contentType: 'application/pdf', cacheControl: 'public, max-age=3600', overwrite: false });
    expect(storage.kind).toBe('s3');
    const put = fake.requests.find((r) => r.method === 'PUT')!;
    expect(put).toMatchObject({ bucket: 'vitae-test', key });
    expect(put.headers).toMatchObject({ 'if-none-match': '*', 'content-type': 'application/pdf', 'cache-control': 'public, max-age=3600' });
    expect(put.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\//);
    expect(text(fake.objects.get(`vitae-test/${key}`)!.body)).toBe('%PDF-1.7 hello');

    const stored = await storage.get(key);
    expect(text(stored!.body)).toBe('%PDF-1.7 hello');
    expect(stored).toMatchObject({ contentType: 'application/pdf', cacheControl: 'public, max-age=3600' });

    await storage.delete(key);
    expect(fake.objects.has(`vitae-test/${key}`)).toBe(false);
    expect(await storage.get(key)).toBeNull();
  });

  it('turns the 412 of a taken key into a conflict and keeps the first object', async () => {
    const key = `${HOSPITAL}/brand-guidelines-2.png`;
    await storage.put(key, bytes('first'), { contentType: 'image/png' });
    await expect(storage.put(key, bytes('second'), { contentType: 'image/png', overwrite: false })).rejects.toBeInstanceOf(StorageConflictError);
    expect(text(fake.objects.get(`vitae-test/${key}`)!.body)).toBe('first');
    await storage.put(key, bytes('replaced'), { contentType: 'image/png', overwrite: true });
    expect(fake.requests.at(-1)!.headers['if-none-match']).toBeUndefined();
    expect(text((await storage.get(key))!.body)).toBe('replaced');
  });

  it('treats deleting a missing key as done and reports server errors', async () => {
    await expect(storage.delete(`${HOSPITAL}/never-stored.pdf`)).resolves.toBeUndefined();
    fake.setMode('error500');
    await expect(storage.get(`${HOSPITAL}/whatever.pdf`)).rejects.toThrow();
  });

  it('deletes every object under a folder, page by page, and nothing beside it', async () => {
    const user = '9d2c0a51-6f0e-4b7a-8f43-2a1b0c9d8e7f';
    const names = Array.from({ length: 5 }, (_, i) => `profile-photos/${user}/1-a-${i}.jpg`);
    for (const key of names) await storage.put(key, bytes(key), { contentType: 'image/jpeg' });
    // More than one listing page (1,000 keys): placed in the fake directly, as if stored over time.
    for (let i = 0; i < 1_000; i++) fake.objects.set(`vitae-test/profile-photos/${user}/old-${String(i).padStart(4, '0')}.png`, { body: Buffer.from('x'), contentType: 'image/png', cacheControl: undefined });
    await storage.put(`profile-photos/${user}x/other.jpg`, bytes('neighbour'), { contentType: 'image/jpeg' });
    fake.requests.length = 0;
    expect(await storage.deleteFolder(`profile-photos/${user}`)).toBe(1_005);
    expect([...fake.objects.keys()].filter((key) => key.startsWith(`vitae-test/profile-photos/${user}/`))).toEqual([]);
    expect(fake.objects.has(`vitae-test/profile-photos/${user}x/other.jpg`)).toBe(true);
    expect(fake.requests.filter((r) => r.method === 'GET' && r.key === '')).toHaveLength(2);
    expect(await storage.deleteFolder(`profile-photos/${user}`)).toBe(0);
  });

  it('refuses unsafe keys before any request', async () => {
    await expect(storage.put('../escape.pdf', bytes('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.get(`${HOSPITAL}/../x.pdf`)).rejects.toBeInstanceOf(StorageKeyError);
    expect(fake.requests).toHaveLength(0);
  });

  it('is chosen by createStorageFromEnv when a bucket is configured, else the local folder', async () => {
    const fromEnv = createStorageFromEnv({ storageDir: '/tmp/unused', S3_BUCKET: 'vitae-env', S3_ENDPOINT: fake.url, S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret', S3_FORCE_PATH_STYLE: true });
    expect(fromEnv.kind).toBe('s3');
    await fromEnv.put(`${HOSPITAL}/env.pdf`, bytes('env'), { contentType: 'application/pdf' });
    expect(fake.objects.has(`vitae-env/${HOSPITAL}/env.pdf`)).toBe(true);
    expect(createStorageFromEnv({ storageDir: '/tmp/unused' }).kind).toBe('local');
    expect(() => createS3Storage({ bucket: 'b', region: 'us-east-1', accessKeyId: 'only-one' })).toThrow(/both/);
  });
});

import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local';
import { StorageConflictError, StorageKeyError, type FileStorage } from './types';

const HOSPITAL = '3f2b8a4e-1c0d-4e5f-9a8b-7c6d5e4f3a2b';
const bytes = (text: string) => new TextEncoder().encode(text);

let dir: string;
let storage: FileStorage;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vitae-storage-'));
  storage = createLocalStorage(dir);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('local file storage', () => {
  it('stores, reads back with content type and cache control, and deletes', async () => {
    const key = `${HOSPITAL}/brand-guidelines-1712345678901.pdf`;
    await storage.put(key, bytes('%PDF-1.7 hello'), { contentType: 'application/pdf', cacheControl: 'public, max-age=3600', overwrite: false });
    expect(storage.kind).toBe('local');
    const stored = await storage.get(key);
    expect(new TextDecoder().decode(stored!.body)).toBe('%PDF-1.7 hello');
    expect(stored).toMatchObject({ contentType: 'application/pdf', cacheControl: 'public, max-age=3600' });
    expect(JSON.parse(await readFile(join(dir, `${key}.meta.json`), 'utf8'))).toEqual({ contentType: 'application/pdf', cacheControl: 'public, max-age=3600' });

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await readdir(join(dir, HOSPITAL))).toEqual([]);
  });

  it('never overwrites unless asked, and keeps the first file', async () => {
    const key = `${HOSPITAL}/brand-guidelines-1.png`;
    await storage.put(key, bytes('first'), { contentType: 'image/png', overwrite: false });
    const second = storage.put(key, bytes('second'), { contentType: 'image/png', overwrite: false });
    await expect(second).rejects.toBeInstanceOf(StorageConflictError);
    await expect(second).rejects.toThrow(/already stored under/);
    expect(new TextDecoder().decode((await storage.get(key))!.body)).toBe('first');
    await storage.put(key, bytes('replaced'), { contentType: 'image/png', overwrite: true });
    expect(new TextDecoder().decode((await storage.get(key))!.body)).toBe('replaced');
  });

  it('lets exactly one of two simultaneous no-overwrite writers win', async () => {
    const key = `${HOSPITAL}/race.pdf`;
    const results = await Promise.allSettled(['a', 'b'].map((text) => storage.put(key, bytes(text), { contentType: 'application/pdf' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof StorageConflictError)).toHaveLength(1);
  });

  it('deletes a folder with every file and sidecar in it, and nothing beside it', async () => {
    const user = '9d2c0a51-6f0e-4b7a-8f43-2a1b0c9d8e7f';
    for (const name of ['1-a-96.jpg', '1-a-96.webp', 'old.png']) await storage.put(`profile-photos/${user}/${name}`, bytes(name), { contentType: 'image/jpeg' });
    await storage.put(`profile-photos/${HOSPITAL}/keep.jpg`, bytes('keep'), { contentType: 'image/jpeg' });
    expect(await storage.deleteFolder(`profile-photos/${user}`)).toBe(3);
    expect(await readdir(join(dir, 'profile-photos'))).toEqual([HOSPITAL]);
    expect(await storage.get(`profile-photos/${HOSPITAL}/keep.jpg`)).not.toBeNull();
    expect(await storage.deleteFolder(`profile-photos/${user}`)).toBe(0);
    await expect(storage.deleteFolder('../outside')).rejects.toBeInstanceOf(StorageKeyError);
  });

  it('answers null for a missing key and treats deleting one as done', async () => {
    expect(await storage.get(`${HOSPITAL}/nothing.pdf`)).toBeNull();
    await expect(storage.delete(`${HOSPITAL}/nothing.pdf`)).resolves.toBeUndefined();
  });

  it('falls back to application/octet-stream when the sidecar is missing', async () => {
    const key = `${HOSPITAL}/bare.webp`;
    await storage.put(key, bytes('RIFF'), { contentType: 'image/webp' });
    await rm(join(dir, `${key}.meta.json`));
    expect(await storage.get(key)).toMatchObject({ contentType: 'application/octet-stream', cacheControl: null });
  });

  it.each([
    '../escape.pdf',
    `${HOSPITAL}/../../etc/passwd`,
    '/absolute.pdf',
    `${HOSPITAL}//double.pdf`,
    `${HOSPITAL}\\windows.pdf`,
    '.hidden',
    `${HOSPITAL}/file.pdf.meta.json`,
    `${HOSPITAL}/file.PDF`,
    `${HOSPITAL}/`,
    '',
    `${HOSPITAL}/name with space.pdf`,
    `${HOSPITAL}/nul\u0000.pdf`,
    `${HOSPITAL}/é.pdf`,
  ])('refuses the key %j on every operation', async (key) => {
    await expect(storage.put(key, bytes('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageKeyError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(StorageKeyError);
    expect(await readdir(dir)).toEqual([]);
  });
});

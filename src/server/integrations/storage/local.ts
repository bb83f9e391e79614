import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { assertStorageKey, StorageConflictError, StorageKeyError, type FileStorage, type StoredFile } from './types';

interface Sidecar {
  contentType: string;
  cacheControl: string | null;
}

const META_SUFFIX = '.meta.json';
const isErrno = (error: unknown, code: string) => (error as NodeJS.ErrnoException | null)?.code === code;

/**
 * Files in a folder, one per key, with the content type and cache control in a `.meta.json`
 * sidecar (a plain file system keeps neither). For development and single-host deployments.
 */
export function createLocalStorage(dir: string): FileStorage {
  const root = resolve(dir);

  const pathOf = (key: string) => {
    assertStorageKey(key);
    const full = resolve(root, key);
    // The pattern already excludes traversal; this keeps it so if the pattern is ever loosened.
    if (!full.startsWith(root + sep)) throw new StorageKeyError(key);
    return full;
  };

  return {
    kind: 'local',

    async put(key, body, options) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      try {
        // `wx` makes "create only if absent" one atomic step, so two writers cannot both win.
        await writeFile(path, body, { flag: options.overwrite ? 'w' : 'wx' });
      } catch (error) {
        if (isErrno(error, 'EEXIST')) throw new StorageConflictError(key);
        // A failed write may leave a partial file that the key's owner would later serve.
        await rm(path, { force: true }).catch(() => {});
        throw error;
      }
      const sidecar: Sidecar = { contentType: options.contentType, cacheControl: options.cacheControl ?? null };
      try {
        await writeFile(path + META_SUFFIX, JSON.stringify(sidecar), { flag: 'w' });
      } catch (error) {
        await rm(path, { force: true }).catch(() => {});
        throw error;
      }
    },

    async get(key): Promise<StoredFile | null> {
      const path = pathOf(key);
      let body: Buffer;
      try {
        body = await readFile(path);
      } catch (error) {
        if (isErrno(error, 'ENOENT')) return null;
        throw error;
      }
      let sidecar: Partial<Sidecar> = {};
      try {
        sidecar = JSON.parse(await readFile(path + META_SUFFIX, 'utf8')) as Partial<Sidecar>;
      } catch (error) {
        if (!isErrno(error, 'ENOENT') && !(error instanceof SyntaxError)) throw error;
      }
      return {
        body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
        contentType: typeof sidecar.contentType === 'string' ? sidecar.contentType : 'application/octet-stream',
        cacheControl: typeof sidecar.cacheControl === 'string' ? sidecar.cacheControl : null,
      };
    },

    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(path + META_SUFFIX, { force: true });
    },
    async deleteFolder(folder) {
      // A folder name follows the key rules (no extension needed), so it cannot leave the root.
      const path = pathOf(folder);
      let entries: string[];
      try {
        entries = await readdir(path, { recursive: true });
      } catch (error) {
        if (isErrno(error, 'ENOENT') || isErrno(error, 'ENOTDIR')) return 0;
        throw error;
      }
      await rm(path, { recursive: true, force: true });
      return entries.filter((entry) => /\.[a-z0-9]{1,10}$/.test(entry) && !entry.endsWith(META_SUFFIX)).length;
    },
  };
}

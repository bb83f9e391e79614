import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import pLimit from 'p-limit';

/**
 * Password hashing for Better Auth (`emailAndPassword.password`), in its own format and with its own
 * parameters — `<salt hex>:<key hex>`, scrypt N=16384, r=16, p=1, 64-byte key over the NFKC form — so
 * every hash stored before keeps verifying and one stored now verifies with Better Auth's own code.
 *
 * Why not Better Auth's default: under Node it already runs scrypt in libuv's thread pool, off the
 * event loop, but with the pool's four threads on a two-core machine a burst of sign-ins takes every
 * core and the event loop waits for CPU (the sign-in bench measured `/api/health`'s p99 at 5.7 × its
 * figure without the burst). Here at most `concurrency` hashes run at once (PASSWORD_HASH_CONCURRENCY,
 * default the cores but one), the rest wait their turn, so one core always serves the other requests. Sign-ins per second
 * drop accordingly; that cost is deliberate.
 */
const SCRYPT = { N: 16384, r: 16, p: 1, maxmem: 128 * 16384 * 16 * 2 } as const;
const KEY_BYTES = 64;

function deriveKey(password: string, salt: string) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, SCRYPT, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export function createPasswordHasher(concurrency: number) {
  const limit = pLimit(concurrency);
  return {
    hash: (password: string) =>
      limit(async () => {
        const salt = randomBytes(16).toString('hex');
        return `${salt}:${(await deriveKey(password, salt)).toString('hex')}`;
      }),
    verify: ({ hash, password }: { hash: string; password: string }) =>
      limit(async () => {
        const [salt, key] = hash.split(':');
        if (!salt || !key) return false;
        const expected = Buffer.from(key, 'hex');
        const actual = await deriveKey(password, salt);
        return expected.length === actual.length && timingSafeEqual(expected, actual);
      }),
    /** Hashes waiting for their turn (for tests and the bench). */
    get pending() {
      return limit.pendingCount;
    },
  };
}

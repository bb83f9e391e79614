import { stat } from 'node:fs/promises';
import { getPriority, setPriority } from 'node:os';

/**
 * Lowers the scheduling priority of the thread running the event loop by `nice` steps, below the
 * threads of libuv's pool (decision 0039). The pool runs the sign-ins' password hashes (scrypt, about
 * 60 ms of CPU each), and also compression and file reads. On a machine with every core busy, a hash
 * then goes ahead of the event loops instead of taking a share with them, so a sign-in no longer waits
 * hundreds of milliseconds for the CPU; the other requests give up that little at once. The number of
 * hashes at once stays bounded (`PASSWORD_HASH_CONCURRENCY`), so the loops keep the rest.
 *
 * On Linux a nice value belongs to a thread, and `setPriority` without a process id sets the calling
 * thread's. The pool's threads are started first (libuv starts them all on its first task), so they
 * keep the process's own priority. Elsewhere a nice value is the whole process's, so nothing is done.
 * Raising a nice value needs no privilege.
 */
export async function lowerEventLoopPriority(nice: number, platform: NodeJS.Platform = process.platform): Promise<{ from: number; to: number } | null> {
  if (nice <= 0 || platform !== 'linux') return null;
  await stat('.');
  const from = getPriority();
  const to = Math.min(19, from + nice);
  if (to === from) return null;
  setPriority(to);
  return { from, to: getPriority() };
}

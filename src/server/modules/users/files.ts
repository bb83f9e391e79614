import type { Database } from '../../db/client';
import type { FileStorage } from '../../integrations/storage';
import { completeJob, enqueueJob, type JobRow } from '../../jobs/queue';
import type { Logger } from '../../lib/logger';
import { PROFILE_PHOTO } from '../profile/photo';

/**
 * A deleted user's files (issue 32 item 14): their profile photos and feedback screenshots are
 * kept in folders named by the user, so deleting the folders removes every upload, including
 * ones no row points to any more. Queued in the same transaction as the delete and attempted at
 * once after it commits; if the store fails then (or the process dies), the job worker retries.
 */
export const DELETE_USER_FILES_JOB = 'users.delete_files';

/** The storage folders holding one user's uploads (feedback/service.ts names the screenshots' folder). */
export const userFileFolders = (userId: string) => [`${PROFILE_PHOTO.prefix}/${userId}`, `feedback-screenshots/${userId}`];

export async function deleteUserFiles(storage: FileStorage, userId: string) {
  let removed = 0;
  for (const folder of userFileFolders(userId)) removed += await storage.deleteFolder(folder);
  return removed;
}

/** Inside the transaction that deletes the user: the removal commits with the delete or not at all. */
export function queueUserFilesDeletion(tx: Database, userId: string) {
  return enqueueJob(tx, DELETE_USER_FILES_JOB, { userId }, { maxAttempts: 10 });
}

/** Right after the commit: remove the files now and mark the job done; on failure the job stays queued for the worker. */
export async function deleteUserFilesNow(deps: { db: Database; storage: FileStorage; logger: Logger }, job: JobRow, userId: string) {
  try {
    const removed = await deleteUserFiles(deps.storage, userId);
    await completeJob(deps.db, job.id);
    return removed;
  } catch (error) {
    deps.logger.warn({ err: error, userId, jobId: job.id }, 'deleted user files could not be removed yet; the job worker will retry');
    return null;
  }
}

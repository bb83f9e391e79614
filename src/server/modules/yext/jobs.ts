import type { Database } from '../../db/client';
import type { Env } from '../../env';
import type { JobHandler } from '../../jobs/queue';
import type { Logger } from '../../lib/logger';
import type { SecretBox } from '../../lib/secret-box';
import { yextDepsFrom, type YextDeps } from './context';
import { runTermSync, YEXT_TERM_SYNC_JOB } from './term-sync';

export { YEXT_TERM_SYNC_JOB };

/** Background jobs of the listing-service integration, for the app's job worker. */
export function createYextJobHandlers(deps: {
  db: Database;
  env: Env;
  logger: Logger;
  secretBox?: SecretBox;
  http?: YextDeps['http'];
}): Record<string, JobHandler> {
  const yext = yextDepsFrom(deps);
  return {
    [YEXT_TERM_SYNC_JOB]: async (job) => {
      await runTermSync(yext, { hospitalId: String(job.payload.hospitalId), syncLogId: String(job.payload.syncLogId) });
    },
  };
}

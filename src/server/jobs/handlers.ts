import type { Database } from '../db/client';
import type { Env } from '../env';
import { createLinearFromEnv, type LinearClient } from '../integrations/linear/client';
import { createStorageFromEnv } from '../integrations/storage';
import type { Logger } from '../lib/logger';
import { fileLinearIssue, LINEAR_JOB } from '../modules/feedback/service';
import { createDiscoveryJobHandlers } from '../modules/discovery/jobs';
import { createYextJobHandlers } from '../modules/yext/jobs';
import { createHistoryJobHandlers } from '../modules/profile/history-jobs';
import { createAppointmentJobHandlers } from '../modules/appointment-requests/jobs';
import { createRateLimitJobHandlers } from '../auth/rate-limit-jobs';
import { DELETE_USER_FILES_JOB, deleteUserFiles } from '../modules/users/files';
import { createRosterJobHandlers } from '../modules/roster/drafts';
import { createRosterInvitationJobHandlers } from '../modules/roster/invitations';
import { createRosterReminderJobHandlers } from '../modules/roster/reminders';
import { createTermsImportJobHandlers } from '../modules/expertise-terms/import-job';
import type { JobHandler } from './queue';

/** Every background job type the app knows, with the services it needs. */
export function createJobHandlers(deps: { db: Database; env: Env; logger: Logger; linear?: LinearClient | null }): Record<string, JobHandler> {
  const linear = deps.linear !== undefined ? deps.linear : createLinearFromEnv(deps.env);
  const storage = createStorageFromEnv(deps.env);
  const feedbackDeps = {
    db: deps.db,
    logger: deps.logger,
    linear,
    storage,
    appUrl: deps.env.appUrl,
    betaOnly: deps.env.FEEDBACK_BETA_ONLY,
  };
  return {
    ...createDiscoveryJobHandlers({ db: deps.db, env: deps.env, logger: deps.logger }),
    ...createYextJobHandlers(deps),
    ...createHistoryJobHandlers(deps),
    ...createAppointmentJobHandlers(deps),
    ...createRosterJobHandlers(deps),
    ...createRosterInvitationJobHandlers(deps),
    ...createRosterReminderJobHandlers(deps),
    ...createRateLimitJobHandlers(deps),
    ...createTermsImportJobHandlers(deps),
    [LINEAR_JOB]: async (job) => {
      if (!linear) throw new Error('Linear is not configured (LINEAR_API_KEY, LINEAR_TEAM_ID)');
      await fileLinearIssue(feedbackDeps, String(job.payload.feedbackId));
    },
    [DELETE_USER_FILES_JOB]: async (job) => {
      const removed = await deleteUserFiles(storage, String(job.payload.userId));
      deps.logger.info({ jobId: job.id, userId: job.payload.userId, removed }, 'deleted user files removed');
    },
  };
}

import type { Database } from '../../db/client';
import type { Env } from '../../env';
import { createOutboxMailer, createSmtpMailer, type Mailer } from '../../integrations/mail/mailer';
import type { JobHandler } from '../../jobs/queue';
import type { Logger } from '../../lib/logger';
import { readNotificationSettings } from '../notifications/service';
import { queuedSchedule, SCHEDULED_DISCOVERY_JOB, syncDiscoverySchedule } from '../notifications/discovery-schedule';
import { runDiscovery } from './service';
import { createDiscoverySources, type DiscoverySources } from './sources';

export { SCHEDULED_DISCOVERY_JOB } from '../notifications/discovery-schedule';

export interface DiscoveryJobDeps {
  db: Database;
  env: Env;
  logger: Logger;
  mailer?: Mailer;
  discoverySources?: Partial<DiscoverySources>;
  /** Tests pin the clock that decides the next slot. */
  now?: () => Date;
}

/**
 * `discovery.scheduled` (payload `{ userId }`): the provider's scheduled search. The next slot is
 * queued before the search runs, so a failing search (retried by the queue) never ends the schedule;
 * a provider who turned the schedule off since gets nothing and no next slot.
 * Scheduled searches cover publications and clinical trials: media needs links the provider gives.
 */
export function createDiscoveryJobHandlers(deps: DiscoveryJobDeps): Record<string, JobHandler> {
  const mailer =
    deps.mailer ?? (deps.env.SMTP_URL ? createSmtpMailer(deps.env.SMTP_URL, deps.env.MAIL_FROM, deps.logger) : createOutboxMailer(deps.db, deps.logger));
  const sources = createDiscoverySources(deps.env, deps.discoverySources);
  const now = deps.now ?? (() => new Date());

  return {
    [SCHEDULED_DISCOVERY_JOB]: async (job) => {
      const userId = typeof job.payload.userId === 'string' ? job.payload.userId : null;
      if (!userId) return;
      const settings = await readNotificationSettings(deps.db, userId);
      if (!settings.scheduleEnabled) return;
      // This job is running, not queued, so the frequency it was set up with is in its own payload
      // (unless a settings save since queued a newer slot, whose payload then wins).
      const frequency = (await queuedSchedule(deps.db, userId))?.frequency ?? (job.payload.frequency === 'daily' ? 'daily' : 'weekly');
      await syncDiscoverySchedule(deps.db, userId, { ...settings, frequency }, now());
      await runDiscovery({ db: deps.db, logger: deps.logger, sources, mailer, appUrl: deps.env.appUrl }, userId, {
        types: ['publications', 'clinical_trials'],
        isAutoSearch: true,
      });
    },
  };
}

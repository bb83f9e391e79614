import { Hono } from 'hono';
import { requireSystemAdmin } from '../../auth/guards';
import type { AppDeps } from '../../app';
import { errorResponse, isDatabaseUnavailable } from '../../http/errors';
import type { AppBindings } from '../../http/types';
import { describeSchema, getHealth } from './service';

export function systemRoutes(deps: AppDeps) {
  const startedAt = new Date();
  return new Hono<AppBindings>()
    .get('/health', async (c) => {
      // A stopping process still serves what it is sent, but tells the load balancer to send nothing new.
      if (deps.isDraining?.()) return errorResponse(c, 503, 'SHUTTING_DOWN', 'This server is shutting down.');
      try {
        return c.json(await getHealth(deps.database.db, deps.database.kind, deps.migrationsDir, startedAt));
      } catch (error) {
        c.get('logger').error({ err: error }, 'health check failed');
        return errorResponse(
          c,
          503,
          'DATABASE_ERROR',
          isDatabaseUnavailable(error) ? 'A database error occurred. Please try again later.' : 'The database is not ready.',
          { database: { kind: deps.database.kind } },
        );
      }
    })
    .get('/config', (c) =>
      c.json({
        environment: deps.env.sentryEnvironment,
        release: deps.env.SENTRY_RELEASE,
        sentryDsn: deps.env.SENTRY_DSN ?? null,
        schedulingUrl: deps.env.SCHEDULING_URL ?? null,
        feedbackBetaOnly: deps.env.FEEDBACK_BETA_ONLY,
      }),
    )
    .get('/system/schema', requireSystemAdmin, async (c) => c.json(await describeSchema(deps.database.db)));
}

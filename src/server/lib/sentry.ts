import * as Sentry from '@sentry/node';
import { sentryRatesFor } from '../../shared/limits';
import { scrub } from '../../shared/scrub';
import type { Env } from '../env';

/** Server error reporting, only when SENTRY_DSN is set; nothing is sent otherwise. */
export function initServerSentry(env: Env) {
  if (!env.SENTRY_DSN) return false;
  Sentry.init({
    dsn: env.SENTRY_DSN,
    environment: env.sentryEnvironment,
    release: env.SENTRY_RELEASE,
    tracesSampleRate: sentryRatesFor(env.sentryEnvironment).traces,
    beforeSend(event) {
      const message = event.message ?? event.exception?.values?.[0]?.value ?? '';
      if (/ResizeObserver/.test(message)) return null;
      return scrub(event);
    },
  });
  return true;
}

export function captureServerError(error: unknown) {
  Sentry.captureException(error);
}

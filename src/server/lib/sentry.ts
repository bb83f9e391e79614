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
    beforeSend: serverEventToSend,
  });
  return true;
}

/** The public appointment request form (decision 0021): its body is health information. */
const APPOINTMENT_FORM = /\/find\/[^/?#]+\/[^/?#]+\/request(?:[/?#]|$)/;

/** What leaves for Sentry: ResizeObserver noise dropped, an appointment request's body removed, everything scrubbed. */
export function serverEventToSend<E extends Sentry.ErrorEvent>(event: E): E | null {
  const message = event.message ?? event.exception?.values?.[0]?.value ?? '';
  if (/ResizeObserver/.test(message)) return null;
  if (event.request?.url && APPOINTMENT_FORM.test(event.request.url)) {
    const { data: _omitted, cookies: _cookies, ...request } = event.request;
    return scrub({ ...event, request });
  }
  return scrub(event);
}

export function captureServerError(error: unknown) {
  Sentry.captureException(error);
}

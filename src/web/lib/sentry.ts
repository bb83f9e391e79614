import type { BrowserOptions, ErrorEvent, EventHint } from '@sentry/react';
import { errorMonitor, type ErrorMonitor } from './error-monitor';

/** The part of `GET /api/config` that the browser error reporting needs. */
export interface SentryConfig {
  environment: string;
  release: string;
  sentryDsn: string | null;
}

export interface SampleRates {
  tracesSampleRate: number;
  replaysSessionSampleRate: number;
}

export function sampleRatesFor(environment: string): SampleRates {
  if (environment === 'production') return { tracesSampleRate: 0.1, replaysSessionSampleRate: 0.05 };
  if (environment === 'staging') return { tracesSampleRate: 0.5, replaysSessionSampleRate: 0.2 };
  return { tracesSampleRate: 1, replaysSessionSampleRate: 0.5 };
}

const NOISE = 'ResizeObserver';

/** ResizeObserver loop warnings are browser noise, not failures of ours. */
export function dropNoise(event: ErrorEvent, hint?: EventHint): ErrorEvent | null {
  const texts = [
    event.message,
    ...(event.exception?.values ?? []).map((value) => value.value),
    hint?.originalException instanceof Error ? hint.originalException.message : undefined,
  ];
  return texts.some((text) => typeof text === 'string' && text.includes(NOISE)) ? null : event;
}

/** Everything but the integrations, so the options can be checked without loading the SDK. */
export function sentryOptionsFor(config: SentryConfig & { sentryDsn: string }, origin: string): BrowserOptions {
  return {
    dsn: config.sentryDsn,
    environment: config.environment,
    release: config.release,
    ...sampleRatesFor(config.environment),
    replaysOnErrorSampleRate: 1,
    tracePropagationTargets: [origin, /^\/api\//],
    beforeSend: dropNoise,
  };
}

let started = false;

/**
 * Starts browser error reporting when the server hands out a DSN. The SDK is loaded on demand so
 * that installations without Sentry do not ship it to every visitor.
 */
export async function initSentry(config: SentryConfig, monitor: ErrorMonitor = errorMonitor): Promise<boolean> {
  if (started || !config.sentryDsn) return false;
  started = true;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    ...sentryOptionsFor({ ...config, sentryDsn: config.sentryDsn }, window.location.origin),
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration({ maskAllInputs: true, maskAllText: false, blockAllMedia: false })],
  });
  monitor.setForwarder((report, error) => {
    Sentry.captureException(error, {
      tags: { monitor_code: report.code },
      user: report.userId ? { id: report.userId } : undefined,
      extra: { context: report.context, userMessage: report.userMessage, recoverable: report.recoverable },
    });
  });
  return true;
}

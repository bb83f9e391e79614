import { DEFAULT_ERROR_MESSAGE } from '@shared/errors';
import { ERROR_MONITOR } from '@shared/limits';
import { ApiError } from './api-client';

/** Client error monitor (access spec §8): classifies errors, keeps the latest reports in memory. */

export type MonitorErrorCode = 'NETWORK_ERROR' | 'API_QUOTA_EXCEEDED' | 'AUTHENTICATION_ERROR' | 'AUTHORIZATION_ERROR' | 'UNKNOWN_ERROR';

export interface ErrorClassification {
  code: MonitorErrorCode;
  userMessage: string;
  recoverable: boolean;
}

export interface ErrorReport extends ErrorClassification {
  message: string;
  context: Record<string, unknown>;
  /** ISO 8601 */
  timestamp: string;
  userId: string | null;
  url: string;
  userAgent: string;
}

export interface ErrorStats {
  total: number;
  recent: number;
  recentByCode: Partial<Record<MonitorErrorCode, number>>;
  recentUnrecoverable: number;
  lastReport: ErrorReport | null;
}

export type ErrorForwarder = (report: ErrorReport, error: unknown) => void;

const FRIENDLY_MESSAGES: ReadonlyArray<readonly [string, string]> = [
  ['Failed to fetch', 'Connection issue. Please check your internet and try again.'],
  ['Network request failed', 'Network error. Please try again.'],
  ['Internal Server Error', 'Server error. Our team has been notified.'],
  ['Service Unavailable', 'Service temporarily unavailable. Please try again later.'],
  ['Bad Request', 'Invalid request. Please check your input and try again.'],
];

export function friendlyMessage(message: string): string {
  const match = FRIENDLY_MESSAGES.find(([needle]) => message.includes(needle));
  return match ? match[1] : DEFAULT_ERROR_MESSAGE;
}

export function classifyError(message: string): ErrorClassification {
  if (message.includes('Network Error') || message.includes('fetch')) {
    return {
      code: 'NETWORK_ERROR',
      userMessage: 'Network connection issue. Please check your internet connection.',
      recoverable: true,
    };
  }
  if (message.includes('QUOTA_EXCEEDED')) {
    return {
      code: 'API_QUOTA_EXCEEDED',
      userMessage: 'Service temporarily unavailable. Please try again later.',
      recoverable: false,
    };
  }
  if (message.includes('Unauthorized') || message.includes('401')) {
    return { code: 'AUTHENTICATION_ERROR', userMessage: 'Session expired. Please log in again.', recoverable: true };
  }
  if (message.includes('403') || message.includes('Forbidden')) {
    return {
      code: 'AUTHORIZATION_ERROR',
      userMessage: 'You do not have permission to perform this action.',
      recoverable: true,
    };
  }
  return { code: 'UNKNOWN_ERROR', userMessage: friendlyMessage(message), recoverable: true };
}

export function errorMessageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

// Our ApiError carries the status separately from the server's (already friendly) message, so the
// classifier gets the status spelled out: a 401 with "Your session has expired" is still a 401.
function classificationText(error: unknown, message: string): string {
  if (error instanceof ApiError) {
    return error.status === 0 ? `Network Error: ${message}` : `${error.status} ${message}`;
  }
  return message;
}

interface ErrorMonitorOptions {
  maxErrors?: number;
  recentWindowMs?: number;
  now?: () => number;
}

export class ErrorMonitor {
  private reports: ErrorReport[] = [];
  private userId: string | null = null;
  private forwarder: ErrorForwarder | null = null;
  private readonly maxErrors: number;
  private readonly recentWindowMs: number;
  private readonly now: () => number;

  constructor(options: ErrorMonitorOptions = {}) {
    this.maxErrors = options.maxErrors ?? ERROR_MONITOR.maxErrors;
    this.recentWindowMs = options.recentWindowMs ?? ERROR_MONITOR.recentWindowMs;
    this.now = options.now ?? Date.now;
  }

  setUserId(userId: string | null): void {
    this.userId = userId;
  }

  /** Registered by the Sentry set-up once it has initialised; null stops forwarding. */
  setForwarder(forwarder: ErrorForwarder | null): void {
    this.forwarder = forwarder;
  }

  report(error: unknown, context: Record<string, unknown> = {}, options: { forward?: boolean } = {}): ErrorReport {
    const message = errorMessageOf(error);
    const report: ErrorReport = {
      ...classifyError(classificationText(error, message)),
      message,
      context,
      timestamp: new Date(this.now()).toISOString(),
      userId: this.userId,
      url: typeof window === 'undefined' ? '' : window.location.href,
      userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
    };
    this.reports.push(report);
    if (this.reports.length > this.maxErrors) this.reports.splice(0, this.reports.length - this.maxErrors);

    if (options.forward !== false && this.forwarder) {
      try {
        this.forwarder(report, error);
      } catch {
        // Reporting must never become a second failure for the user.
      }
    }
    return report;
  }

  /** Oldest first. */
  getReports(): readonly ErrorReport[] {
    return [...this.reports];
  }

  getStats(): ErrorStats {
    const since = this.now() - this.recentWindowMs;
    const recent = this.reports.filter((report) => Date.parse(report.timestamp) >= since);
    const recentByCode: Partial<Record<MonitorErrorCode, number>> = {};
    for (const report of recent) recentByCode[report.code] = (recentByCode[report.code] ?? 0) + 1;
    return {
      total: this.reports.length,
      recent: recent.length,
      recentByCode,
      recentUnrecoverable: recent.filter((report) => !report.recoverable).length,
      lastReport: this.reports.at(-1) ?? null,
    };
  }

  clear(): void {
    this.reports = [];
  }
}

export const errorMonitor = new ErrorMonitor();

/**
 * Records uncaught errors and unhandled promise rejections. They are not forwarded: when Sentry is
 * on, its own global handlers already send them, and forwarding here would report each one twice.
 * Returns a function that removes the handlers.
 */
export function installGlobalHandlers(monitor: ErrorMonitor = errorMonitor, target: EventTarget = window): () => void {
  const onError = (event: Event) => {
    if (!(event instanceof ErrorEvent)) return;
    monitor.report(event.error ?? event.message, { source: 'window.error', filename: event.filename, line: event.lineno }, { forward: false });
  };
  const onRejection = (event: Event) => {
    monitor.report((event as PromiseRejectionEvent).reason, { source: 'unhandledrejection' }, { forward: false });
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

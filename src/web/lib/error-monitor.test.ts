import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ERROR_MESSAGE } from '@shared/errors';
import { ApiError } from './api-client';
import { classifyError, ErrorMonitor, friendlyMessage, installGlobalHandlers } from './error-monitor';

describe('classifyError', () => {
  it.each([
    ['Network Error', 'NETWORK_ERROR', 'Network connection issue. Please check your internet connection.', true],
    ['Failed to fetch', 'NETWORK_ERROR', 'Network connection issue. Please check your internet connection.', true],
    ['QUOTA_EXCEEDED for today', 'API_QUOTA_EXCEEDED', 'Service temporarily unavailable. Please try again later.', false],
    ['Unauthorized', 'AUTHENTICATION_ERROR', 'Session expired. Please log in again.', true],
    ['Request failed with status code 401', 'AUTHENTICATION_ERROR', 'Session expired. Please log in again.', true],
    ['Request failed with status code 403', 'AUTHORIZATION_ERROR', 'You do not have permission to perform this action.', true],
    ['Forbidden', 'AUTHORIZATION_ERROR', 'You do not have permission to perform this action.', true],
  ])('classifies %j', (message, code, userMessage, recoverable) => {
    expect(classifyError(message)).toEqual({ code, userMessage, recoverable });
  });

  it('checks the rules in the specified order', () => {
    expect(classifyError('fetch returned 401').code).toBe('NETWORK_ERROR');
    expect(classifyError('QUOTA_EXCEEDED 403').code).toBe('API_QUOTA_EXCEEDED');
    expect(classifyError('401 Forbidden').code).toBe('AUTHENTICATION_ERROR');
  });

  it('falls back to UNKNOWN_ERROR with a friendly text', () => {
    expect(classifyError('Cannot read properties of undefined')).toEqual({
      code: 'UNKNOWN_ERROR',
      userMessage: DEFAULT_ERROR_MESSAGE,
      recoverable: true,
    });
    expect(classifyError('Internal Server Error').userMessage).toBe('Server error. Our team has been notified.');
  });
});

describe('friendlyMessage', () => {
  it.each([
    ['TypeError: Failed to fetch', 'Connection issue. Please check your internet and try again.'],
    ['Network request failed', 'Network error. Please try again.'],
    ['500 Internal Server Error', 'Server error. Our team has been notified.'],
    ['503 Service Unavailable', 'Service temporarily unavailable. Please try again later.'],
    ['400 Bad Request', 'Invalid request. Please check your input and try again.'],
    ['something odd', 'An unexpected error occurred. Please try again.'],
  ])('%j → %j', (message, expected) => {
    expect(friendlyMessage(message)).toBe(expected);
  });
});

describe('ErrorMonitor', () => {
  it('records a report with classification, context, user and page', () => {
    const monitor = new ErrorMonitor({ now: () => Date.parse('2026-11-22T10:00:00Z') });
    monitor.setUserId('user-1');
    const report = monitor.report(new Error('Unauthorized'), { operation: 'save' });
    expect(report).toEqual({
      code: 'AUTHENTICATION_ERROR',
      message: 'Unauthorized',
      userMessage: 'Session expired. Please log in again.',
      context: { operation: 'save' },
      recoverable: true,
      timestamp: '2026-11-22T10:00:00.000Z',
      userId: 'user-1',
      url: window.location.href,
      userAgent: navigator.userAgent,
    });
    expect(monitor.getReports()).toEqual([report]);
  });

  it('classifies API errors by their status, not only their text', () => {
    const monitor = new ErrorMonitor();
    expect(monitor.report(new ApiError(401, 'UNAUTHENTICATED', 'Your session has expired. Please log in again.')).code).toBe('AUTHENTICATION_ERROR');
    expect(monitor.report(new ApiError(403, 'FORBIDDEN', 'Not allowed')).code).toBe('AUTHORIZATION_ERROR');
    expect(monitor.report(new ApiError(0, 'NETWORK_ERROR', 'Network error. Please check your connection and try again.')).code).toBe('NETWORK_ERROR');
  });

  it('accepts thrown values that are not errors', () => {
    const monitor = new ErrorMonitor();
    expect(monitor.report('Network Error').code).toBe('NETWORK_ERROR');
    expect(monitor.report({ message: 'Forbidden' }).code).toBe('AUTHORIZATION_ERROR');
    expect(monitor.report(42).message).toBe('42');
  });

  it('keeps only the latest 100 reports', () => {
    const monitor = new ErrorMonitor();
    for (let index = 0; index < 105; index += 1) monitor.report(new Error(`error ${index}`));
    const reports = monitor.getReports();
    expect(reports).toHaveLength(100);
    expect(reports[0]?.message).toBe('error 5');
    expect(reports.at(-1)?.message).toBe('error 104');
  });

  it('reports statistics for the last 24 hours', () => {
    let now = Date.parse('2026-11-20T08:00:00Z');
    const monitor = new ErrorMonitor({ now: () => now });
    monitor.report(new Error('QUOTA_EXCEEDED'));
    now = Date.parse('2026-11-22T07:00:00Z');
    monitor.report(new Error('Failed to fetch'));
    monitor.report(new Error('Failed to fetch'));
    monitor.report(new Error('QUOTA_EXCEEDED'));
    now = Date.parse('2026-11-22T08:00:00Z');

    const stats = monitor.getStats();
    expect(stats.total).toBe(4);
    expect(stats.recent).toBe(3);
    expect(stats.recentByCode).toEqual({ NETWORK_ERROR: 2, API_QUOTA_EXCEEDED: 1 });
    expect(stats.recentUnrecoverable).toBe(1);
    expect(stats.lastReport?.code).toBe('API_QUOTA_EXCEEDED');

    monitor.clear();
    expect(monitor.getStats()).toMatchObject({ total: 0, recent: 0, lastReport: null });
  });

  it('forwards reports once a forwarder is set, unless told not to', () => {
    const monitor = new ErrorMonitor();
    const forwarder = vi.fn();
    const error = new Error('boom');
    monitor.report(error);
    expect(forwarder).not.toHaveBeenCalled();

    monitor.setForwarder(forwarder);
    const report = monitor.report(error, { page: 'x' });
    expect(forwarder).toHaveBeenCalledWith(report, error);

    monitor.report(error, {}, { forward: false });
    expect(forwarder).toHaveBeenCalledTimes(1);
  });

  it('survives a forwarder that throws', () => {
    const monitor = new ErrorMonitor();
    monitor.setForwarder(() => {
      throw new Error('reporting is down');
    });
    expect(() => monitor.report(new Error('boom'))).not.toThrow();
    expect(monitor.getReports()).toHaveLength(1);
  });
});

describe('installGlobalHandlers', () => {
  let uninstall: (() => void) | undefined;
  afterEach(() => uninstall?.());

  it('records uncaught errors and unhandled rejections without forwarding them', () => {
    const monitor = new ErrorMonitor();
    const forwarder = vi.fn();
    monitor.setForwarder(forwarder);
    // A stand-in for window: the test runner treats error events on the real window as test failures.
    const target = new EventTarget();
    uninstall = installGlobalHandlers(monitor, target);

    target.dispatchEvent(new ErrorEvent('error', { error: new Error('Failed to fetch'), message: 'Failed to fetch' }));
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('403 Forbidden') }));

    const reports = monitor.getReports();
    expect(reports.map((report) => report.code)).toEqual(['NETWORK_ERROR', 'AUTHORIZATION_ERROR']);
    expect(reports[0]?.context).toMatchObject({ source: 'window.error' });
    expect(reports[1]?.context).toMatchObject({ source: 'unhandledrejection' });
    expect(forwarder).not.toHaveBeenCalled();
  });

  it('stops listening once uninstalled', () => {
    const monitor = new ErrorMonitor();
    const target = new EventTarget();
    installGlobalHandlers(monitor, target)();
    target.dispatchEvent(new ErrorEvent('error', { error: new Error('late') }));
    expect(monitor.getReports()).toHaveLength(0);
  });
});

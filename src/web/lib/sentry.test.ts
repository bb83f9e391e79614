import type { ErrorEvent } from '@sentry/react';
import { describe, expect, it } from 'vitest';
import { dropNoise, sampleRatesFor, sentryOptionsFor } from './sentry';

describe('sampleRatesFor', () => {
  it('uses the rates of the specification per environment', () => {
    expect(sampleRatesFor('production')).toEqual({ tracesSampleRate: 0.1, replaysSessionSampleRate: 0.05 });
    expect(sampleRatesFor('staging')).toEqual({ tracesSampleRate: 0.5, replaysSessionSampleRate: 0.2 });
    expect(sampleRatesFor('development')).toEqual({ tracesSampleRate: 1, replaysSessionSampleRate: 0.5 });
    expect(sampleRatesFor('test')).toEqual({ tracesSampleRate: 1, replaysSessionSampleRate: 0.5 });
  });
});

describe('sentryOptionsFor', () => {
  it('takes DSN, environment and release from the configuration', () => {
    const options = sentryOptionsFor(
      { sentryDsn: 'https://key@o1.ingest.example/1', environment: 'production', release: 'vitae@1.2.3' },
      'https://app.vitae.health',
    );
    expect(options).toMatchObject({
      dsn: 'https://key@o1.ingest.example/1',
      environment: 'production',
      release: 'vitae@1.2.3',
      tracesSampleRate: 0.1,
      replaysSessionSampleRate: 0.05,
      replaysOnErrorSampleRate: 1,
    });
    expect(options.tracePropagationTargets).toEqual(['https://app.vitae.health', /^\/api\//]);
    expect(options.beforeSend).toBe(dropNoise);
  });
});

describe('dropNoise', () => {
  const event = (fields: Partial<ErrorEvent>) => ({ type: undefined, ...fields }) as ErrorEvent;

  it('drops ResizeObserver messages and exceptions', () => {
    expect(dropNoise(event({ message: 'ResizeObserver loop limit exceeded' }))).toBeNull();
    expect(dropNoise(event({ exception: { values: [{ type: 'Error', value: 'ResizeObserver loop completed with undelivered notifications.' }] } }))).toBeNull();
  });

  it('keeps everything else', () => {
    const kept = event({ exception: { values: [{ type: 'TypeError', value: 'x is undefined' }] } });
    expect(dropNoise(kept)).toBe(kept);
  });
});

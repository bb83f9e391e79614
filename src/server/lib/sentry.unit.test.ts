import type { ErrorEvent } from '@sentry/node';
import { describe, expect, it } from 'vitest';
import { serverEventToSend } from './sentry';

describe('serverEventToSend', () => {
  it('drops the body of an appointment request (health information) and keeps other requests’ scrubbed', () => {
    const form = {
      type: undefined,
      request: { url: 'https://vitae.example/find/northfield/rosa-delgado/request', method: 'POST', data: 'name=Maria+Lopez&reason=chest+pain' },
    } as ErrorEvent;
    const sent = serverEventToSend(form)!;
    expect(sent.request).toEqual({ url: 'https://vitae.example/find/northfield/rosa-delgado/request', method: 'POST' });
    expect(JSON.stringify(sent)).not.toContain('Maria');

    const other = { type: undefined, request: { url: 'https://vitae.example/api/profile', data: '{"bio":"call 312-555-0100"}' } } as ErrorEvent;
    expect(serverEventToSend(other)!.request!.data).toBe('{"bio":"call [PHONE]"}');
    expect(serverEventToSend({ type: undefined, message: 'ResizeObserver loop limit exceeded' } as ErrorEvent)).toBeNull();
  });
});

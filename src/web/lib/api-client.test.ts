import { describe, expect, it } from 'vitest';
import { failure, networkError, pending, serveApi } from '@web/test/api';
import { apiFetch, ApiError, isRetryableFailure, TIMEOUT_MESSAGE } from './api-client';

describe('apiFetch', () => {
  it('sends JSON with same-origin credentials and returns the parsed answer', async () => {
    const api = serveApi({ 'POST /api/things': { body: { ok: true } } });

    await expect(apiFetch('/api/things', { method: 'POST', body: { name: 'Vitae' } })).resolves.toEqual({ ok: true });

    expect(api.calls).toHaveLength(1);
    const [call] = api.calls;
    expect(call?.path).toBe('/api/things');
    expect(call?.credentials).toBe('same-origin');
    expect(call?.body).toEqual({ name: 'Vitae' });
    expect(call?.headers.get('Content-Type')).toBe('application/json');
  });

  it('does not set a JSON content type without a body, or for form data', async () => {
    const api = serveApi({ '/api/a': { body: {} }, 'POST /api/b': { body: {} } });

    await apiFetch('/api/a');
    await apiFetch('/api/b', { method: 'POST', body: new FormData() });

    expect(api.calls.map((call) => call.path)).toEqual(['/api/a', '/api/b']);
    expect(api.calls[0]?.headers.has('Content-Type')).toBe(false);
    // fetch itself names form data multipart; what matters is that apiFetch did not call it JSON.
    expect(api.calls[1]?.headers.get('Content-Type')).toMatch(/^multipart\/form-data/);
  });

  it('resolves to undefined for an empty answer', async () => {
    serveApi({ '/api/empty': new Response(null, { status: 204 }) });
    await expect(apiFetch('/api/empty')).resolves.toBeUndefined();
  });

  it('throws the server error body as an ApiError', async () => {
    serveApi({ '/api/x': failure('RATE_LIMIT_EXCEEDED', 429, 'Too many attempts.', { retryAfter: 60 }) });
    const error = await apiFetch('/api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMIT_EXCEEDED', message: 'Too many attempts.', details: { retryAfter: 60 } });
  });

  it('describes an error without a body by its status', async () => {
    serveApi({ '/api/x': new Response('<html>oops</html>', { status: 502 }) });
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 502, message: 'Request failed with status code 502' });
  });

  it('turns a failed connection into a network ApiError', async () => {
    serveApi({ '/api/x': () => networkError() });
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('gives up with "Request timed out" after the timeout', async () => {
    serveApi({ '/api/slow': pending });
    await expect(apiFetch('/api/slow', { timeoutMs: 20 })).rejects.toMatchObject({ status: 0, code: 'TIMEOUT', message: TIMEOUT_MESSAGE });
  });

  it('lets a cancellation by the caller through unchanged', async () => {
    serveApi({ '/api/slow': pending });
    const controller = new AbortController();
    const pendingCall = apiFetch('/api/slow', { signal: controller.signal });
    controller.abort();
    await expect(pendingCall).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('isRetryableFailure', () => {
  it('names the request method on the error, so a write answered with a 5xx is never sent again on its own', async () => {
    serveApi({ 'POST /api/auth/change-password': () => failure('INTERNAL_ERROR', 500), '/api/admin/me': () => failure('INTERNAL_ERROR', 500) });
    const write = await apiFetch('/api/auth/change-password', { method: 'post', body: {} }).catch((error: unknown) => error);
    const read = await apiFetch('/api/admin/me').catch((error: unknown) => error);
    expect(write).toMatchObject({ status: 500, method: 'POST' });
    expect(read).toMatchObject({ status: 500, method: 'GET' });
    expect(isRetryableFailure(write)).toBe(false);
    expect(isRetryableFailure(read)).toBe(true);
  });

  it('retries no answer at all, for reads and writes; never a 4xx', () => {
    expect(isRetryableFailure(new ApiError(0, 'NETWORK_ERROR', 'x', undefined, 'POST'))).toBe(true);
    expect(isRetryableFailure(new ApiError(0, 'TIMEOUT', TIMEOUT_MESSAGE))).toBe(true);
    expect(isRetryableFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryableFailure(new ApiError(503, 'DATABASE_ERROR', 'x', undefined, 'HEAD'))).toBe(true);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'])
      expect(isRetryableFailure(new ApiError(503, 'DATABASE_ERROR', 'x', undefined, method))).toBe(false);
    expect(isRetryableFailure(new ApiError(429, 'RATE_LIMIT_EXCEEDED', 'x'))).toBe(false);
    expect(isRetryableFailure(new Error('boom'))).toBe(false);
  });
});

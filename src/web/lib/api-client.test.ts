import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, ApiError, isRetryableFailure, TIMEOUT_MESSAGE } from './api-client';

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch', () => {
  it('sends JSON with same-origin credentials and returns the parsed answer', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(apiFetch('/api/things', { method: 'POST', body: { name: 'Vitae' } })).resolves.toEqual({ ok: true });

    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/things');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"name":"Vitae"}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('does not set a JSON content type without a body, or for form data', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);

    await apiFetch('/api/a');
    await apiFetch('/api/b', { method: 'POST', body: new FormData() });

    for (const call of fetchMock.mock.calls as unknown as Array<[string, RequestInit]>) {
      expect(new Headers(call[1].headers).has('Content-Type')).toBe(false);
    }
  });

  it('resolves to undefined for an empty answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(apiFetch('/api/empty')).resolves.toBeUndefined();
  });

  it('throws the server error body as an ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: { code: 'RATE_LIMIT_EXCEEDED', message: 'Too many attempts.', details: { retryAfter: 60 } } }, 429)),
    );
    const error = await apiFetch('/api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMIT_EXCEEDED', message: 'Too many attempts.', details: { retryAfter: 60 } });
  });

  it('describes an error without a body by its status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>oops</html>', { status: 502 })),
    );
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 502, message: 'Request failed with status code 502' });
  });

  it('turns a failed connection into a network ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('gives up with "Request timed out" after the timeout', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_path: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    await expect(apiFetch('/api/slow', { timeoutMs: 20 })).rejects.toMatchObject({ status: 0, code: 'TIMEOUT', message: TIMEOUT_MESSAGE });
  });

  it('lets a cancellation by the caller through unchanged', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_path: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();
    const pending = apiFetch('/api/slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('isRetryableFailure', () => {
  it('names the request method on the error, so a write answered with a 5xx is never sent again on its own', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: { code: 'INTERNAL_ERROR', message: 'An unexpected error occurred. Please try again.' } }, 500)),
    );
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

import { describe, expect, it, vi } from 'vitest';
import { HttpError, fetchWithPolicy, requestJson, retryDelay } from './http';

const noSleep = vi.fn(async (_ms: number) => {});

function sequence(...responses: Array<Response | Error>) {
  const calls: string[] = [];
  const impl = vi.fn(async (url: string | URL | Request) => {
    calls.push(String(url));
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    return next;
  });
  return { impl: impl as unknown as typeof fetch, calls };
}

describe('outbound HTTP policy', () => {
  it('doubles the delay from 1 s and caps it at 10 s', () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => retryDelay(n))).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
  });

  it('retries retryable statuses three times, then reports the status', async () => {
    const sleeps: number[] = [];
    const { impl, calls } = sequence(...[503, 502, 429, 504].map((s) => new Response('x', { status: s })));
    await expect(requestJson('https://api.test/x', { fetchImpl: impl, sleep: async (ms) => void sleeps.push(ms) })).rejects.toThrow(
      'Request failed with status code 504',
    );
    expect(calls).toHaveLength(4);
    expect(sleeps).toEqual([1000, 2000, 4000]);
  });

  it('does not retry a 404 or 400', async () => {
    const { impl, calls } = sequence(new Response('{}', { status: 404 }));
    const response = await fetchWithPolicy('https://api.test/x', { fetchImpl: impl, sleep: noSleep });
    expect(response.status).toBe(404);
    expect(calls).toHaveLength(1);
  });

  it('recovers when a retry succeeds', async () => {
    const { impl } = sequence(new Error('socket hang up'), new Response('{"ok":true}', { status: 200 }));
    await expect(requestJson<{ ok: boolean }>('https://api.test/x', { fetchImpl: impl, sleep: noSleep })).resolves.toEqual({ ok: true });
  });

  it("reports 'Request timed out' when every attempt exceeds the timeout", async () => {
    const hang = ((_url: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as unknown as typeof fetch;
    const attempt = requestJson('https://api.test/x', { fetchImpl: hang, sleep: noSleep, timeoutMs: 5, retries: 1 });
    await expect(attempt).rejects.toBeInstanceOf(HttpError);
    await expect(attempt).rejects.toThrow('Request timed out');
  });
});

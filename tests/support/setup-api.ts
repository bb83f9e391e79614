// API tests talk to the app in-process; an accidental request to the outside world is a failure.
import { beforeAll } from 'vitest';

beforeAll(() => {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
      throw new Error(`Unexpected outbound request in a test: ${url.origin}${url.pathname}`);
    }
    return realFetch(input, init);
  }) as typeof fetch;
});

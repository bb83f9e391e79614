import { TEST_ORIGIN } from './test-app';
import { CookieJar } from './cookies';

type Requester = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/**
 * A browser-like client: same origin, JSON bodies (or a FormData upload as the browser sends it), its
 * own cookies. `app` is the in-process app, or anything with its `request` shape (the cluster test
 * passes a fetch on the proxy's address, with that address as the origin).
 */
export function browserClient(app: Requester, jar = new CookieJar(), origin = TEST_ORIGIN) {
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const isForm = body instanceof FormData;
    const json = method !== 'GET' || body !== undefined;
    const response = await app.request(path, {
      method,
      headers: {
        ...(json && !isForm ? { 'content-type': 'application/json' } : {}),
        ...(method === 'GET' ? {} : { origin }),
        ...jar.header(),
        ...headers,
      },
      ...(isForm ? { body } : body === undefined ? (method === 'GET' ? {} : { body: '{}' }) : { body: JSON.stringify(body) }),
    });
    jar.apply(response);
    return response;
  };
  return {
    jar,
    get: (path: string, headers?: Record<string, string>) => send('GET', path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => send('POST', path, body, headers),
    put: (path: string, body?: unknown) => send('PUT', path, body),
    patch: (path: string, body?: unknown) => send('PATCH', path, body),
    delete: (path: string, body?: unknown) => send('DELETE', path, body),
  };
}

export type BrowserClient = ReturnType<typeof browserClient>;

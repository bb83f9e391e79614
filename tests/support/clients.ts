import { TEST_ORIGIN } from './test-app';
import { CookieJar } from './cookies';

type Requester = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/** A browser-like client of the in-process app: same origin, JSON bodies, its own cookies. */
export function browserClient(app: Requester, jar = new CookieJar()) {
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await app.request(path, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { origin: TEST_ORIGIN, 'content-type': 'application/json' }),
        ...jar.header(),
        ...headers,
      },
      ...(body === undefined ? (method === 'GET' ? {} : { body: '{}' }) : { body: JSON.stringify(body) }),
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

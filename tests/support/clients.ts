import { TEST_ORIGIN } from './test-app';
import { CookieJar } from './cookies';

type Requester = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/**
 * A browser-like client: same origin, JSON bodies (or a FormData upload, or a file as the body — see
 * `csvFile` — as the browser sends them), its own cookies. `app` is the in-process app, or anything
 * with its `request` shape (the cluster test passes a fetch on the proxy's address, with that address
 * as the origin).
 */
export function browserClient(app: Requester, jar = new CookieJar(), origin = TEST_ORIGIN) {
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const isForm = body instanceof FormData;
    const isFile = body instanceof Blob;
    const json = method !== 'GET' || body !== undefined;
    const response = await app.request(path, {
      method,
      headers: {
        ...(isFile ? { 'content-type': body.type } : json && !isForm ? { 'content-type': 'application/json' } : {}),
        ...(method === 'GET' ? {} : { origin }),
        ...jar.header(),
        ...headers,
      },
      ...(isForm
        ? { body }
        : isFile
          ? { body: await body.arrayBuffer() }
          : body === undefined
            ? method === 'GET'
              ? {}
              : { body: '{}' }
            : { body: JSON.stringify(body) }),
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

/** A CSV upload's body as the app sends it: the file itself, `text/csv`. */
export function csvFile(text: string): Blob {
  return new Blob([text], { type: 'text/csv;charset=utf-8' });
}

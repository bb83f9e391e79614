import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The one way component tests answer the network: Mock Service Worker intercepts `fetch` (see
 * tests/support/setup-components.ts, which starts `server` for every component test file and resets
 * its handlers after each test). A test declares the calls it expects with `serveApi`; any other
 * request fails the test, so a page that starts calling a new endpoint is noticed.
 */
export const server = setupServer();

/** Requests no handler answered since the last test; the setup file fails the test when any are left. */
export const unhandledRequests: string[] = [];

/** One request a handler of `serveApi` answered, as the server would have seen it. */
export interface RecordedCall {
  method: string;
  path: string;
  search: URLSearchParams;
  /** The parsed JSON body, the text of any other body, undefined without one. */
  body: unknown;
  headers: Headers;
  credentials: RequestCredentials;
  /** An unread copy, for bodies that are not JSON (form data). */
  request: Request;
}

/** An answer: JSON `body` (none when undefined) with `status` (200), or any Response as it is. */
export type Answer = { status?: number; body?: unknown } | Response;
export type Route = Answer | ((call: RecordedCall) => Answer | undefined | Promise<Answer | undefined>);

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** The server's error shape, e.g. `failure('FORBIDDEN', 403)`. */
export function failure(code: string, status: number, message = code, details?: unknown): Response {
  return json({ error: { code, message, ...(details === undefined ? {} : { details }) } }, status);
}

/** What the server answers for a path it does not have, for calls a test lets fail. */
export const notFound: Answer = { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } };

/** An answer that never comes (a request still in flight; aborting it rejects the fetch). */
export async function pending(): Promise<Answer> {
  await delay('infinite');
  return json(undefined);
}

/** No answer at all: fetch rejects with a TypeError, as when the network is down. */
export function networkError(): Response {
  return HttpResponse.error();
}

async function record(request: Request): Promise<RecordedCall> {
  const url = new URL(request.url);
  const copy = request.clone();
  const text = await request.clone().text();
  let body: unknown = text === '' ? undefined : text;
  if (text !== '' && (request.headers.get('Content-Type') ?? '').includes('application/json')) body = JSON.parse(text) as unknown;
  return {
    method: request.method,
    path: url.pathname,
    search: url.searchParams,
    body,
    headers: request.headers,
    credentials: request.credentials,
    request: copy,
  };
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;

/**
 * Answers API calls for the current test. Keys are "METHOD /path" or "/path" (a GET), with
 * `:param` segments as in the server's routes; a route is an answer or a function of the recorded
 * call (returning undefined answers 404 in the server's error shape). Every answered call is
 * recorded in order. Later `serveApi` calls in the same test take precedence over earlier ones.
 */
export function serveApi(routes: Record<string, Route>) {
  const calls: RecordedCall[] = [];
  const handlers = Object.entries(routes).map(([key, route]) => {
    const [first, second] = key.split(' ');
    const method = second === undefined ? 'GET' : (first as (typeof METHODS)[number]);
    const path = second ?? first!;
    if (!METHODS.includes(method)) throw new Error(`serveApi: unknown method in "${key}"`);
    const resolver = async ({ request }: { request: Request }) => {
      const call = await record(request);
      calls.push(call);
      const answer = typeof route === 'function' ? await route(call) : route;
      if (answer === undefined) return failure('NOT_FOUND', 404, 'Not found');
      // A Response given as the route itself answers every call: each gets a fresh copy.
      if (answer instanceof Response) return typeof route === 'function' ? answer : answer.clone();
      return json(answer.body, answer.status ?? 200);
    };
    return http[method.toLowerCase() as Lowercase<(typeof METHODS)[number]>](path, resolver);
  });
  server.use(...handlers);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method.toUpperCase() && call.path === path),
  };
}

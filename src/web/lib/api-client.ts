import { ADMIN_ERROR_MESSAGES, isErrorBody, type ErrorCode } from '@shared/errors';
import { HTTP_POLICY } from '@shared/limits';

export const TIMEOUT_MESSAGE = 'Request timed out';

/**
 * A failed call to our API. `status` is 0 when no HTTP response arrived (offline, timeout).
 * `method` is the request's (GET when not known), so a retry policy can tell a read it may repeat
 * from a write the server may already have carried out.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: unknown;
  readonly method: string;

  constructor(status: number, code: ErrorCode, message: string, details?: unknown, method = 'GET') {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.method = method.toUpperCase();
  }
}

/**
 * Whether a second try of a failed call can help and cannot hurt: never after a 4xx (it would only
 * repeat itself; a retried 429 eats into the limit), and after a 5xx only for a read. A POST that
 * got a 5xx may have done part of its work (a mail sent, a row written), so it is never repeated
 * on its own; the person decides. No answer at all (offline, a rejected fetch) is retried.
 */
export function isRetryableFailure(error: unknown): boolean {
  if (error instanceof ApiError) {
    if (error.status === 0) return true;
    return error.status >= 500 && (error.method === 'GET' || error.method === 'HEAD');
  }
  // fetch rejects with a TypeError when the network is down and the call bypassed apiFetch.
  return error instanceof TypeError;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

export interface ApiRequestInit extends Omit<RequestInit, 'body'> {
  /** A plain value is sent as JSON; FormData, Blob and URLSearchParams are sent as they are. */
  body?: unknown;
  timeoutMs?: number;
}

function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined || body === null) return undefined;
  if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams || body instanceof ArrayBuffer) {
    return body;
  }
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return typeof body === 'string' ? body : JSON.stringify(body);
}

// AbortSignal.any is missing in browsers older than 2024, which managed hospital desktops still run.
function anySignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([a, b]);
  const controller = new AbortController();
  for (const source of [a, b]) {
    if (source.aborted) controller.abort(source.reason);
    else source.addEventListener('abort', () => controller.abort(source.reason), { once: true });
  }
  return controller.signal;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Calls our own `/api` with JSON in and out; throws `ApiError` for anything but a 2xx answer. */
export async function apiFetch<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const { body, timeoutMs = HTTP_POLICY.timeoutMs, signal: callerSignal, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const signal = callerSignal ? anySignal(callerSignal, timeout.signal) : timeout.signal;

  let response: Response;
  try {
    response = await fetch(path, {
      ...rest,
      headers,
      body: encodeBody(body, headers),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (timeout.signal.aborted && !callerSignal?.aborted) {
      throw new ApiError(0, 'TIMEOUT', TIMEOUT_MESSAGE);
    }
    // The caller cancelled (e.g. TanStack Query unmounting): let the abort through unchanged.
    if (callerSignal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK_ERROR', ADMIN_ERROR_MESSAGES.NETWORK_ERROR, { cause: String(error) });
  } finally {
    clearTimeout(timer);
  }

  const payload = await readJson(response);
  if (!response.ok) {
    const method = rest.method ?? 'GET';
    if (isErrorBody(payload)) {
      throw new ApiError(response.status, payload.error.code, payload.error.message, payload.error.details, method);
    }
    throw new ApiError(response.status, `HTTP_${response.status}`, `Request failed with status code ${response.status}`, undefined, method);
  }
  return payload as T;
}

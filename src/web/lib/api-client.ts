import { ADMIN_ERROR_MESSAGES, isErrorBody, type ErrorCode } from '@shared/errors';
import { HTTP_POLICY } from '@shared/limits';

export const TIMEOUT_MESSAGE = 'Request timed out';

/** A failed call to our API. `status` is 0 when no HTTP response arrived (offline, timeout). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(status: number, code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
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
    if (isErrorBody(payload)) {
      throw new ApiError(response.status, payload.error.code, payload.error.message, payload.error.details);
    }
    throw new ApiError(response.status, `HTTP_${response.status}`, `Request failed with status code ${response.status}`);
  }
  return payload as T;
}

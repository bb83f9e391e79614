import { HTTP_POLICY } from '../../shared/limits';

/**
 * The one outbound HTTP helper (access spec §9): 30 s timeout, 3 retries on 408/413/429/5xx-gateway
 * statuses and on network failures, delay 1 s doubling and capped at 10 s. Errors read
 * 'Request failed with status code …' or 'Request timed out'.
 */

export class HttpError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly body?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export interface HttpOptions extends Omit<RequestInit, 'signal'> {
  timeoutMs?: number;
  retries?: number;
  retryStatuses?: readonly number[];
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** Injected in tests (a fake clock) and by integrations that need their own transport. */
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function retryDelay(attempt: number, initialDelayMs: number = HTTP_POLICY.initialDelayMs, maxDelayMs: number = HTTP_POLICY.maxDelayMs) {
  return Math.min(initialDelayMs * 2 ** attempt, maxDelayMs);
}

/** fetch with the policy; resolves with the Response of the first non-retryable answer. */
export async function fetchWithPolicy(url: string | URL, options: HttpOptions = {}): Promise<Response> {
  const {
    timeoutMs = HTTP_POLICY.timeoutMs,
    retries = HTTP_POLICY.retries,
    retryStatuses = HTTP_POLICY.retryStatuses,
    initialDelayMs = HTTP_POLICY.initialDelayMs,
    maxDelayMs = HTTP_POLICY.maxDelayMs,
    fetchImpl = fetch,
    sleep = defaultSleep,
    ...init
  } = options;

  let lastError: HttpError | undefined;
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    if (attempt > 0) await sleep(retryDelay(attempt - 1, initialDelayMs, maxDelayMs));
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await fetchImpl(url, { ...init, signal: controller.signal });
      if (!retryStatuses.includes(response.status) || attempt === retries) return response;
      await response.body?.cancel();
      lastError = new HttpError(`Request failed with status code ${response.status}`, response.status);
    } catch (error) {
      lastError = controller.signal.aborted ? new HttpError('Request timed out') : new HttpError(error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timer);
    }
  }
  throw lastError ?? new HttpError('Request failed');
}

/** GET/POST JSON with the policy; a non-OK final answer throws 'Request failed with status code N'. */
export async function requestJson<T>(url: string | URL, options: HttpOptions = {}): Promise<T> {
  const response = await fetchWithPolicy(url, {
    ...options,
    headers: { accept: 'application/json', ...(options.headers as Record<string, string> | undefined) },
  });
  const text = await response.text();
  if (!response.ok) throw new HttpError(`Request failed with status code ${response.status}`, response.status, text);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new HttpError('Response was not valid JSON', response.status, text.slice(0, 500));
  }
}

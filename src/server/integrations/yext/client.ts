import { fetchWithPolicy, HttpError } from '../../lib/http';
import {
  YEXT_AUTH_ERROR_CODES,
  YEXT_DEFAULTS,
  YEXT_MESSAGES,
  YextError,
  type YextClient,
  type YextEntity,
  type YextHost,
  type YextListParams,
  type YextListResult,
} from './types';

export interface YextClientOptions {
  apiKey: string;
  /** Production base URL (YEXT_API_URL); https://api.yext.com by default. */
  apiUrl?: string;
  /** Sandbox base URL (YEXT_SANDBOX_URL), the fallback host; https://sandbox.yext.com by default. */
  sandboxUrl?: string;
  host?: YextHost;
  apiVersion?: string;
  /** Account path segment; `me` (the key's own account) when absent. */
  accountId?: string | null;
  contentEndpointId?: string | null;
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
  retries?: number;
  initialDelayMs?: number;
}

interface Envelope {
  meta?: { errors?: Array<{ code?: number | string; type?: string; message?: string }> };
  response?: Record<string, unknown>;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

function isAuthCode(code: unknown) {
  const numeric = typeof code === 'string' ? Number(code) : code;
  return typeof numeric === 'number' && YEXT_AUTH_ERROR_CODES.includes(numeric);
}

/** The failure a response stands for, or null when it carries data. */
function failureOf(response: Response, body: Envelope | null): YextError | null {
  const first = body?.meta?.errors?.find((e) => e.type !== 'WARNING') ?? (response.ok ? undefined : body?.meta?.errors?.[0]);
  if (response.ok && !first) return null;
  if (response.status === 401 || response.status === 403 || isAuthCode(first?.code)) {
    return new YextError('auth', YEXT_MESSAGES.invalidKey, response.status, first?.code);
  }
  if (first?.message) return new YextError('api', YEXT_MESSAGES.apiError(first.message), response.status, first.code);
  return new YextError('http', YEXT_MESSAGES.httpError(response.status, response.statusText || 'Error'), response.status);
}

const asEntities = (value: unknown): YextEntity[] =>
  Array.isArray(value) ? value.filter((item): item is YextEntity => typeof item === 'object' && item !== null) : [];

const asToken = (value: unknown) => (typeof value === 'string' && value ? value : null);

/**
 * The listing service's REST API (v2) with the key in the query string, as Yext requires; 30 s
 * timeout and two retries on gateway statuses and network failures. The key never appears in an
 * error message.
 */
export function createYextClient(options: YextClientOptions): YextClient {
  const host = options.host ?? 'production';
  const base = trimSlash(host === 'sandbox' ? (options.sandboxUrl ?? YEXT_DEFAULTS.sandboxUrl) : (options.apiUrl ?? YEXT_DEFAULTS.apiUrl));
  const account = encodeURIComponent(options.accountId || 'me');
  const contentEndpointId = options.contentEndpointId || null;

  const request = async (path: string, params: YextListParams = {}, allowNotFound = false): Promise<Envelope | null> => {
    const url = new URL(`${base}${path}`);
    url.searchParams.set('api_key', options.apiKey);
    url.searchParams.set('v', options.apiVersion || YEXT_DEFAULTS.apiVersion);
    if (params.entityTypes) url.searchParams.set('entityTypes', params.entityTypes);
    if (params.limit !== undefined) url.searchParams.set('limit', String(params.limit));
    if (params.offset !== undefined && params.offset > 0) url.searchParams.set('offset', String(params.offset));
    if (params.filter) url.searchParams.set('filter', JSON.stringify(params.filter));
    if (params.entityIds) url.searchParams.set('entityIds', params.entityIds);
    if (params.pageToken) url.searchParams.set('pageToken', params.pageToken);

    let response: Response;
    try {
      response = await fetchWithPolicy(url, {
        headers: { accept: 'application/json' },
        timeoutMs: options.timeoutMs ?? YEXT_DEFAULTS.timeoutMs,
        retries: options.retries ?? YEXT_DEFAULTS.retries,
        fetchImpl: options.fetchImpl,
        sleep: options.sleep,
        initialDelayMs: options.initialDelayMs,
      });
    } catch (error) {
      throw new YextError('network', YEXT_MESSAGES.apiError(error instanceof HttpError ? error.message : 'Network request failed'));
    }
    const text = await response.text();
    let body: Envelope | null;
    try {
      body = text ? (JSON.parse(text) as Envelope) : null;
    } catch {
      body = null;
    }
    if (allowNotFound && response.status === 404) return null;
    const failure = failureOf(response, body);
    if (failure) throw failure;
    if (!body || typeof body !== 'object') {
      throw new YextError('invalid_response', YEXT_MESSAGES.apiError('The response was not valid JSON'), response.status);
    }
    return body;
  };

  const toList = (body: Envelope | null): YextListResult => {
    const payload = body?.response ?? {};
    return {
      entities: asEntities(payload.entities ?? payload.docs),
      count: typeof payload.count === 'number' ? payload.count : null,
      nextPageToken: asToken(payload.pageToken) ?? asToken(payload.nextPageToken),
    };
  };

  const listEntities = async (params: YextListParams) => toList(await request(`/v2/accounts/${account}/entities`, params));

  return {
    host,
    hasContentEndpoint: Boolean(contentEndpointId),
    listEntities,
    listProviders: async (params) =>
      contentEndpointId ? toList(await request(`/v2/accounts/me/content/${encodeURIComponent(contentEndpointId)}`, params)) : listEntities(params),
    getEntity: async (id) => {
      const body = await request(`/v2/accounts/${account}/entities/${encodeURIComponent(id)}`, {}, true);
      const entity = body?.response;
      return entity && typeof entity === 'object' && Object.keys(entity).length > 0 ? (entity as YextEntity) : null;
    },
  };
}

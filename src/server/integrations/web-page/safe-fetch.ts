import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import { blockedReason, type BlockReason } from './address-policy';

/**
 * Fetching a page a user named, from the server, without letting the URL reach inside our network
 * (server-side request forgery). Every hop is checked before a connection is made:
 *
 * 1. only http: and https: URLs without credentials;
 * 2. the host name is resolved first and every address it resolves to must be public unicast
 *    (address-policy.ts); the connection is then pinned to the checked address, so a second DNS
 *    answer cannot swap in a private one between the check and the connect;
 * 3. redirects are followed by hand, at most three, and each target goes through 1–2 again;
 * 4. the answer must be text/html; at most ~1 MB of it is read, and the whole fetch has a deadline.
 *
 * The DNS lookup and the connection (`transport`) are injectable so tests can record and block every
 * attempt; `allowLoopbackForTests` lets tests reach loopback fakes and nothing else.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type LookupFn = (hostname: string) => Promise<ResolvedAddress[]>;

export interface TransportRequest {
  url: URL;
  /** The checked address to connect to; the transport must not resolve the host name again. */
  address: string;
  family: 4 | 6;
  headers: Record<string, string>;
  signal: AbortSignal;
}

/** fetch-like: one GET to a pinned address, redirects not followed. */
export type Transport = (request: TransportRequest) => Promise<Response>;

export interface SafeFetchOptions {
  lookup?: LookupFn;
  transport?: Transport;
  /** Lets tests reach loopback fakes; every other blocked range stays blocked. Never set in the app. */
  allowLoopbackForTests?: boolean;
  maxRedirects?: number;
  maxBytes?: number;
  timeoutMs?: number;
  userAgent?: string;
}

export type SafeFetchErrorCode =
  'INVALID_URL' | 'UNSUPPORTED_SCHEME' | 'BLOCKED_ADDRESS' | 'DNS_FAILED' | 'TOO_MANY_REDIRECTS' | 'HTTP_STATUS' | 'NOT_HTML' | 'TIMEOUT' | 'NETWORK';

export class SafeFetchError extends Error {
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

export interface FetchedPage {
  requestedUrl: string;
  /** After redirects. */
  url: string;
  status: number;
  contentType: string;
  html: string;
  /** True when the body was longer than the read limit and was cut. */
  truncated: boolean;
}

export const SAFE_FETCH_DEFAULTS = { maxRedirects: 3, maxBytes: 1_048_576, timeoutMs: 8_000 } as const;

export const systemLookup: LookupFn = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/** node:http(s) GET to the pinned address; TLS still checks the certificate against the host name. */
export const nodeTransport: Transport = ({ url, address, family, headers, signal }) =>
  new Promise<Response>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    const request = client.request(
      {
        protocol: url.protocol,
        hostname,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        headers,
        agent: false,
        signal,
        servername: isIP(hostname) ? undefined : hostname,
        // The connection goes to the address that was checked, whatever DNS would say now.
        lookup: ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
          if (options?.all) callback(null, [{ address, family }]);
          else callback(null, address, family);
        }) as unknown as http.RequestOptions['lookup'],
      },
      (incoming) => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (Array.isArray(value)) for (const v of value) responseHeaders.append(name, v);
          else if (value !== undefined) responseHeaders.set(name, value);
        }
        const status = incoming.statusCode ?? 502;
        const noBody = [204, 205, 304].includes(status) || status < 200;
        if (noBody) incoming.resume();
        resolve(
          new Response(noBody ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>), {
            status: status < 200 ? 502 : status,
            headers: responseHeaders,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });

function parseTarget(raw: string | URL): URL {
  let url: URL;
  try {
    url = new URL(String(raw));
  } catch {
    throw new SafeFetchError('INVALID_URL', 'Enter a full web address starting with http:// or https://');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('UNSUPPORTED_SCHEME', `Only http and https addresses can be fetched (not ${url.protocol.replace(/:$/, '')})`);
  }
  if (url.username || url.password) throw new SafeFetchError('INVALID_URL', 'Addresses with a user name or password are not fetched');
  url.hash = '';
  return url;
}

/** Names the host as it was asked for, never the address it resolved to (that would map internal names to addresses for anyone who asks). */
function refusal(host: string, reason: BlockReason) {
  return new SafeFetchError('BLOCKED_ADDRESS', `Refused to fetch ${host}: ${reason} addresses are not allowed`);
}

function charsetOf(contentType: string, head: Uint8Array) {
  const fromHeader = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1];
  const sniffed = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(new TextDecoder('latin1').decode(head.subarray(0, 2048)))?.[1];
  const label = fromHeader ?? sniffed ?? 'utf-8';
  try {
    return new TextDecoder(label);
  } catch {
    return new TextDecoder('utf-8');
  }
}

async function readLimited(response: Response, maxBytes: number) {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  const reader = response.body?.getReader();
  if (!reader) return { bytes: new Uint8Array(), truncated };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = maxBytes - size;
    if (value.byteLength > room) {
      chunks.push(value.subarray(0, room));
      size += room;
      truncated = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { bytes, truncated };
}

export function createSafeFetcher(options: SafeFetchOptions = {}) {
  const lookup = options.lookup ?? systemLookup;
  const transport = options.transport ?? nodeTransport;
  const maxRedirects = options.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects;
  const maxBytes = options.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes;
  const timeoutMs = options.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs;
  const userAgent = options.userAgent ?? 'VitaeBot/1.0 (profile media lookup)';

  const allowed = (address: string) => {
    const reason = blockedReason(address);
    if (reason === 'loopback' && options.allowLoopbackForTests) return null;
    return reason;
  };

  /** The address to connect to, after every address the host resolves to has been checked. */
  async function resolveChecked(url: URL): Promise<ResolvedAddress> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const literal = isIP(host);
    if (literal) {
      const reason = allowed(host);
      if (reason) throw refusal(host, reason);
      return { address: host, family: literal === 6 ? 6 : 4 };
    }
    if (host === 'localhost' || host.endsWith('.localhost')) {
      if (!options.allowLoopbackForTests) throw refusal(host, 'loopback');
    }
    let answers: ResolvedAddress[];
    try {
      answers = await lookup(host);
    } catch {
      throw new SafeFetchError('DNS_FAILED', `Could not find the site ${host}`);
    }
    if (answers.length === 0) throw new SafeFetchError('DNS_FAILED', `Could not find the site ${host}`);
    // All answers, not just the first: a host must not be able to mix a public and a private address.
    for (const answer of answers) {
      const reason = allowed(answer.address);
      if (reason) throw refusal(host, reason);
    }
    return answers[0]!;
  }

  return async function fetchPage(input: string | URL): Promise<FetchedPage> {
    const requestedUrl = String(input);
    let url = parseTarget(input);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      for (let hop = 0; ; hop += 1) {
        const target = await resolveChecked(url);
        let response: Response;
        try {
          response = await transport({
            url,
            address: target.address,
            family: target.family,
            signal: controller.signal,
            headers: { 'user-agent': userAgent, accept: 'text/html,application/xhtml+xml;q=0.9', 'accept-encoding': 'identity', host: url.host },
          });
        } catch (error) {
          if (error instanceof SafeFetchError) throw error;
          if (controller.signal.aborted) throw new SafeFetchError('TIMEOUT', 'The page took too long to answer');
          throw new SafeFetchError('NETWORK', `Could not reach ${url.host}`);
        }
        if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
          await response.body?.cancel().catch(() => undefined);
          if (hop >= maxRedirects) throw new SafeFetchError('TOO_MANY_REDIRECTS', `More than ${maxRedirects} redirects`);
          url = parseTarget(new URL(response.headers.get('location')!, url));
          continue;
        }
        if (!response.ok) {
          await response.body?.cancel().catch(() => undefined);
          throw new SafeFetchError('HTTP_STATUS', `The page answered with status ${response.status}`);
        }
        const contentType = response.headers.get('content-type') ?? '';
        if (!/^\s*(text\/html|application\/xhtml\+xml)\b/i.test(contentType)) {
          await response.body?.cancel().catch(() => undefined);
          throw new SafeFetchError('NOT_HTML', `Not a web page (${contentType.split(';')[0] || 'no content type'})`);
        }
        const { bytes, truncated } = await readLimited(response, maxBytes);
        return { requestedUrl, url: url.toString(), status: response.status, contentType, html: charsetOf(contentType, bytes).decode(bytes), truncated };
      }
    } catch (error) {
      if (error instanceof SafeFetchError) throw error;
      if (controller.signal.aborted) throw new SafeFetchError('TIMEOUT', 'The page took too long to answer');
      throw new SafeFetchError('NETWORK', error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timer);
    }
  };
}

export type SafeFetcher = ReturnType<typeof createSafeFetcher>;

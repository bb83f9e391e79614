/**
 * The log scrubber of the spec: masks secrets and personal data in free text, and the values of keys
 * named like password / token / secret / key / authorization / cookie. Isomorphic so the browser
 * can scrub feedback context with the same rules the server uses for its logs.
 */

export const REDACTED = '[REDACTED]';

const SENSITIVE_KEY_WORDS = /password|passwd|secret|token|authorization|cookie/i;

export function isSensitiveKey(key: string): boolean {
  if (SENSITIVE_KEY_WORDS.test(key)) return true;
  const lower = key.toLowerCase();
  // "key", "api_key", "x-api-key", "apiKey", "privateKey" — but not "keywords" or "monkey".
  return lower === 'key' || /[-_.]key$/.test(lower) || /[a-z0-9]Key$/.test(key) || lower.endsWith('apikey');
}

interface Rule {
  pattern: RegExp;
  replace: (match: string, ...groups: string[]) => string;
}

const RULES: Rule[] = [
  // JSON Web Tokens: three base64url parts, the first starting with {"
  { pattern: /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\b/g, replace: () => '[JWT]' },
  // Database connection strings (any, with or without credentials) and URLs carrying user:password@
  {
    pattern: /\b(postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|redis|rediss|amqps?|mssql|sqlserver):\/\/[^\s'"<>]+/gi,
    replace: (_m, scheme) => `${scheme}://${REDACTED}`,
  },
  {
    pattern: /\b([a-z][a-z0-9+.-]*):\/\/[^\s:/@]+:[^\s@/]+@[^\s'"<>]+/gi,
    replace: (_m, scheme) => `${scheme}://${REDACTED}`,
  },
  // key=value and key: value pairs naming a secret, as they appear in URLs and messages
  {
    pattern:
      /\b(password|passwd|pwd|token|access_token|refresh_token|id_token|secret|client_secret|api[_-]?key|apikey|session(?:id)?|auth)("?\s*[=:]\s*)(?!\[)("?)[^\s"&,;]+/gi,
    replace: (_m, key, separator, quote) => `${key}${separator}${quote}${REDACTED}`,
  },
  // Bearer / Basic authorization values
  { pattern: /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g, replace: (_m, kind) => `${kind} ${REDACTED}` },
  // Well-known API key shapes (sk-…, pk_live_…, lin_api_…, AKIA…, ghp_…) and long opaque tokens
  {
    pattern: /\b(?:sk|pk|rk)[-_](?:live|test|proj)?[-_]?[A-Za-z0-9]{16,}\b|\blin_api_[A-Za-z0-9]{16,}\b|\bAKIA[0-9A-Z]{16}\b|\bgh[pousr]_[A-Za-z0-9]{20,}\b/g,
    replace: () => '[KEY]',
  },
  { pattern: /\b[A-Fa-f0-9]{32,}\b|\b[A-Za-z0-9_-]{40,}\b/g, replace: () => '[KEY]' },
  // E-mail addresses: keep the domain so logs stay useful
  {
    pattern: /\b([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9.-]+\.[A-Za-z]{2,})\b/g,
    replace: (_m, first, domain) => `${first}***@${domain}`,
  },
  // US social security numbers
  { pattern: /\b\d{3}-\d{2}-\d{4}\b/g, replace: () => '[SSN]' },
  // Card numbers: 13–19 digits, optionally grouped by spaces or dashes
  { pattern: /\b\d(?:[ -]?\d){12,18}\b/g, replace: () => '[CARD]' },
  // Phone numbers: +1 (555) 123-4567, 555.123.4567, +44 20 7946 0958 …
  {
    pattern: /(?<![\w-])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)|\d{3})[\s.-]\d{3,4}[\s.-]\d{4}(?![\w-])/g,
    replace: () => '[PHONE]',
  },
];

export function scrubText(text: string): string {
  let out = text;
  for (const rule of RULES) out = out.replace(rule.pattern, rule.replace as (substring: string, ...args: unknown[]) => string);
  return out;
}

/** Deep copy with sensitive keys masked and every string scrubbed. Cycles are cut. */
export function scrub<T>(value: T, seen = new WeakSet<object>()): T {
  if (typeof value === 'string') return scrubText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[Circular]' as T;
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => scrub(item, seen)) as T;
  if (value instanceof Date) return value;
  if (value instanceof Error) {
    return { name: value.name, message: scrubText(value.message), stack: value.stack ? scrubText(value.stack) : undefined } as T;
  }
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    out[key] = isSensitiveKey(key) && inner !== null && inner !== undefined && inner !== '' ? REDACTED : scrub(inner, seen);
  }
  return out as T;
}

import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The caller's address for per-IP limits and the audit log. X-Forwarded-For is only believed
 * behind a proxy we run (TRUST_PROXY), since anyone can send the header; and only its last entry,
 * the one our proxy appended (haproxy's `option forwardfor`, nginx's `$proxy_add_x_forwarded_for`).
 * Entries before it are whatever the client sent and would let anyone pick their own rate-limit key.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (tests) have no socket.
    return 'unknown';
  }
}

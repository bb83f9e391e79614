const BASE = 'https://vitae.invalid';

/** Pages that would send a signed-in person straight back to a form; `next` never points at them. */
const AUTH_PAGES = new Set(['/login', '/unified-signup', '/magic-link-sent', '/auth/callback', '/forgot-password', '/reset-password']);

/**
 * The `next` query parameter as a same-site path, or `fallback`. Anything that could leave the site
 * (`//host`, `/\host`, `https://…`, control characters) is refused.
 */
export function safeNextPath(next: string | null | undefined, fallback = '/dashboard'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u001f\u007f]/.test(next)) return fallback;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE || AUTH_PAGES.has(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

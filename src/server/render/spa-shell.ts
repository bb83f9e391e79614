// The app's HTML shell for a signed-in provider's pages, with what the page needs first named in its
// head (issue T2 1/5). Left alone, the browser learns about a page's code only after the app's entry
// has run (the router's lazy imports) and about its data only after that code has run, one round trip
// after another. Here the server names both up front: `modulepreload` for the route's chunks, and
// `preload` for the first API reads when the request carries a session cookie. The browser fetches
// them while it parses and runs the entry; the app then finds them in its cache. Nothing changes in
// what the page shows, and any page not listed gets the build's shell unchanged.
import { chunkClosure, fetchPreloadTag, modulePreloadTag, withHeadTags, type ViteManifest } from './app-shell';

/** Every member page loads the member layout and, once signed in, the inactivity watcher. */
const MEMBER_AREA = ['app/layouts/member-layout.tsx', 'app/inactivity/inactivity-watcher.tsx'];

/**
 * Each member page's lazy route modules, as manifest keys (paths under src/web): the same modules
 * src/web/app/router.tsx imports for the path (tests/unit/spa-shell.test.ts holds the two together).
 */
export const MEMBER_ROUTE_MODULES: Record<string, string[]> = {
  '/dashboard': [...MEMBER_AREA, 'features/dashboard/pages/dashboard-page.tsx'],
  '/settings': [...MEMBER_AREA, 'features/settings/pages/settings-page.tsx'],
  '/professional-identity': [...MEMBER_AREA, 'features/profile/pages/professional-identity-page.tsx'],
  '/education-training': [...MEMBER_AREA, 'features/profile/pages/education-training-page.tsx'],
  '/practice-essentials': [...MEMBER_AREA, 'features/profile/pages/practice-essentials-page.tsx'],
  '/locations': [...MEMBER_AREA, 'features/profile/pages/locations-page.tsx'],
  '/biography': [...MEMBER_AREA, 'features/profile/pages/biography-page.tsx'],
  '/publications': [...MEMBER_AREA, 'features/profile/pages/publications-page.tsx'],
  '/clinical-trials': [...MEMBER_AREA, 'features/profile/pages/clinical-trials-page.tsx'],
  '/media-press': [...MEMBER_AREA, 'features/profile/pages/media-press-page.tsx'],
  '/medical-expertise': [...MEMBER_AREA, 'features/profile/pages/medical-expertise-page.tsx'],
};

/**
 * The reads a member page starts with: the session check on every one, the dashboard's own read on
 * the dashboard (and its publishing card's). The app asks for exactly these URLs (its session query,
 * the dashboard route's loader and the card's query), so the preloaded answers are the ones it uses.
 */
export const SESSION_READ = '/api/auth/session';
const MEMBER_ROUTE_DATA: Record<string, string[]> = { '/dashboard': ['/api/dashboard', '/api/me/directory'] };

/** The session cookie's name (Better Auth's `cookiePrefix` is `vitae`; `__Secure-` in production). */
const SESSION_COOKIE = 'vitae.session_token';

/** Whether a request's cookies include a session (valid or not: only the session check can tell). */
export function hasSessionCookie(cookieHeader: string | undefined): cookieHeader is string {
  return cookieHeader?.includes(SESSION_COOKIE) ?? false;
}

/** A page's path without trailing slashes ("/dashboard/" is "/dashboard"). */
export function pagePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export interface SpaShell {
  /** The HTML for a request's path, or the build's shell when the path is not a member page. */
  (path: string, cookieHeader: string | undefined): string;
}

export function createSpaShell(indexHtml: string, manifest: ViteManifest | null): SpaShell {
  if (!manifest || !indexHtml.includes('</head>')) return () => indexHtml;
  const entry = manifest['index.html'];
  const entryFiles = new Set(entry ? [`/${entry.file}`, ...chunkClosure(manifest, entry.imports ?? [], new Set())] : []);
  const modulesOf = new Map(Object.entries(MEMBER_ROUTE_MODULES).map(([path, keys]) => [path, chunkClosure(manifest, keys, entryFiles).map(modulePreloadTag)]));
  const withTags = (tags: string[]) => withHeadTags(indexHtml, tags);
  const pages = new Map<string, { anonymous: string; signedIn: string }>();
  for (const [path, modules] of modulesOf) {
    const reads = [SESSION_READ, ...(MEMBER_ROUTE_DATA[path] ?? [])].map(fetchPreloadTag);
    pages.set(path, { anonymous: withTags(modules), signedIn: withTags([...reads, ...modules]) });
  }
  return (path, cookieHeader) => {
    const page = pages.get(pagePath(path));
    if (!page) return indexHtml;
    return hasSessionCookie(cookieHeader) ? page.signedIn : page.anonymous;
  };
}

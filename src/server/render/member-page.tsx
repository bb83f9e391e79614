// The dashboard rendered by the server for a signed-in provider (issue T2 1/5, decision record 0015).
// Until now its HTML was an empty shell: nothing painted before the app's entry had downloaded and run,
// which on a slow phone is about three seconds. Here the server asks its own API for the reads the page
// starts with (through the app in process, with the visitor's cookie: the same handlers, checks and
// JSON as the browser's requests), renders the app's own components with those answers, and puts the
// answers next to the HTML. The browser then hydrates: React adopts the HTML instead of building it,
// and the query cache starts with the answers instead of asking again.
import { createHash } from 'node:crypto';
import { dehydrate, type QueryKey } from '@tanstack/react-query';
import { LRUCache } from 'lru-cache';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import { AppRoot } from '@web/app/app-root';
import { routes } from '@web/app/router';
import { routePlaces, SERVER_STATE_ID, type ServerRenderedState } from '@web/app/server-rendered';
import { sessionQueryOptions, type Session } from '@web/lib/session';
import { configQueryOptions } from '@web/lib/app-config';
import { dashboardQueryOptions } from '@web/lib/dashboard';
import { myListingQueryKey } from '@web/features/publishing';
import { notificationKeys } from '@web/features/notifications';
import { pendingUpdatesQueryKey } from '@web/features/pending-updates';
import { mySectionsQueryOptions } from '@web/features/profile/api/get-my-sections';
import { createQueryClient } from '@web/lib/query-client';
import { compress, type Encoding } from '../http/compress';
import { fillRoot, hasEmptyRoot } from './app-shell';
import { SESSION_READ } from './spa-shell';

/** One read the page starts with: the API path the app requests and how its query stores the answer. */
interface FirstRead {
  key: QueryKey;
  path: string;
  /** The query's data from the response body, when the query keeps something other than the body. */
  data?: (body: unknown) => unknown;
}

/** The first read of a page (decision 0038): it resolves the session for all and reads nothing from the database. */
const CONFIG_READ = '/api/config';

/** Every member page: the layout's navigation, bell and notices, and the app's configuration. */
const MEMBER_AREA_READS: FirstRead[] = [
  { key: configQueryOptions().queryKey, path: CONFIG_READ },
  { key: mySectionsQueryOptions().queryKey, path: '/api/me/sections' },
  { key: notificationKeys.list, path: '/api/notifications?limit=50' },
  { key: pendingUpdatesQueryKey, path: '/api/pending-updates', data: (body) => (body as { items: unknown[] }).items },
];

/** The pages the server renders, with the reads each starts with beyond the member area's. */
export const SERVER_RENDERED_PAGES: Record<string, FirstRead[]> = {
  '/dashboard': [
    { key: dashboardQueryOptions().queryKey, path: '/api/dashboard' },
    { key: myListingQueryKey, path: '/api/me/directory' },
  ],
};

/** A request to this server's own API, made in process with the visitor's cookie. */
export type ApiCall = (path: string) => Promise<Response>;

/**
 * The state of the page for the provider whose session the first call resolved, as one text
 * (`memberPageState`, decision 0038): the same text means the same reads' answers. Null when there
 * is none to read (the session is not a provider's).
 */
export type PageState = () => Promise<string | null>;

/**
 * A rendered page as kept: its HTML and, made on first need, its bodies as sent (plain, brotli,
 * gzip), so a page sent again is not encoded or compressed again.
 */
interface KeptPage {
  html: string;
  bodies: Map<Encoding | 'identity', Promise<Uint8Array<ArrayBuffer>>>;
}

export interface RenderedPage extends KeptPage {
  /** The session check's cookies (a sliding session's renewal), to send on with the page. */
  setCookies: string[];
}

/**
 * How long a rendered page may be sent again for the very same answers (issue 36). The HTML is a
 * function of the reads' answers and of the moment of rendering: relative times ("Updated 5 minutes
 * ago") are computed from it, and the page carries it so hydration computes the same. The answers
 * are compared on every request (the key is their hash), so a save, a notification or a hospital's
 * change shows at once; only the moment is reused, for less time than the coarsest relative time's
 * rounding (minutes), and the browser puts its own clock in as soon as the page is hydrated.
 */
export const RENDER_REUSE_MS = 20_000;
/** Rendered pages kept per process, by their HTML's size (a dashboard is 40 to 70 KB). */
const RENDER_CACHE_BYTES = 16 * 1_048_576;

/** The route tree for rendering: the same routes, without the browser's prefetching loaders. */
function withoutLoaders(list: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    const copy = { ...route } as RouteObject;
    if (copy.loader) copy.loader = () => null;
    if (copy.children) copy.children = withoutLoaders(copy.children);
    return copy;
  });
}

export function createMemberPageRenderer(shellFor: (path: string) => string) {
  const handler = createStaticHandler(withoutLoaders(routes));
  // A page's size: its text (2 bytes a character), its plain body (about half that) and its compressed ones.
  const cacheOptions = { maxSize: RENDER_CACHE_BYTES, sizeCalculation: (page: KeptPage) => page.html.length * 4, ttl: RENDER_REUSE_MS, ttlAutopurge: false };
  /** Rendered pages by their reads' answers. */
  const rendered = new LRUCache<string, KeptPage>(cacheOptions);
  /**
   * The same pages by the state they were read in (decision 0038), for no longer than their render's
   * own reuse: a page whose state is unchanged goes out again without its reads.
   */
  const byState = new LRUCache<string, KeptPage>(cacheOptions);

  /** The page's HTML, or null when the shell should go out as before (no provider session, or a failure). */
  return async function renderMemberPage(path: string, call: ApiCall, pageState: PageState): Promise<RenderedPage | null> {
    const reads = SERVER_RENDERED_PAGES[path];
    if (!reads) return null;

    // The configuration is read first: it resolves the session for the page's reads (a sliding
    // session's renewal comes with it) and is the process's own, so it costs the session's check only.
    const first = await call(CONFIG_READ);
    const setCookies = first.headers.getSetCookie();
    const configText = first.ok ? await first.text() : null;

    // What the page shows, but for the passing of time, is named by the state, read in one statement
    // (the session's user included: its row and hospital). A state the page has been rendered in
    // (within the reuse) is the same page again, sent without its reads.
    const stateKeyOf = (text: string | null) => (text === null ? null : `${path}\0${configText ?? ''}\0${text}`);
    const stateBefore = stateKeyOf(await pageState());
    const kept = stateBefore === null ? undefined : byState.get(stateBefore);
    if (kept) return { ...kept, setCookies };
    /** Kept by its state only when the state did not move while the page was read (else the answers may be newer or older than it). */
    const keepByState = async (answersKey: string, page: KeptPage) => {
      if (stateBefore === null || stateKeyOf(await pageState()) !== stateBefore) return;
      byState.set(stateBefore, page, { ttl: Math.max(1, rendered.getRemainingTTL(answersKey)) });
    };

    const sessionResponse = await call(SESSION_READ);
    setCookies.push(...sessionResponse.headers.getSetCookie());
    if (!sessionResponse.ok) return null;
    const session = (await sessionResponse.json()) as Partial<Session>;
    // Signed out, or a session the server has just ended: the app shows the login page or the notice.
    if (!session.user) return null;

    // A read that fails is left to the browser, which asks again and shows its own error if need be.
    const answers = await Promise.all(
      [...MEMBER_AREA_READS, ...reads].map(async (read) => {
        if (read.path === CONFIG_READ && configText !== null) return { read, text: configText };
        const response = await call(read.path).catch(() => null);
        return response?.ok ? { read, text: await response.text() } : { read, text: null };
      }),
    );
    // The page is the same HTML for the same answers (and the same build: the cache is this process's).
    const hash = createHash('sha256').update(path).update('\0').update(JSON.stringify(session.user));
    for (const { text } of answers) hash.update('\0').update(text ?? '(failed)');
    const key = hash.digest('base64url');
    const reused = rendered.get(key);
    const complete = answers.every(({ text }) => text !== null);
    if (reused) {
      if (complete) await keepByState(key, reused);
      return { ...reused, setCookies };
    }

    const client = createQueryClient();
    client.setQueryData<Session>(sessionQueryOptions().queryKey, { user: session.user, endedReason: null });
    for (const { read, text } of answers) {
      if (text === null) continue;
      const body: unknown = JSON.parse(text);
      client.setQueryData(read.key, read.data ? read.data(body) : body);
    }

    const context = await handler.query(new Request(new URL(path, 'http://localhost')));
    if (context instanceof Response) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    const renderedAt = Date.now();
    const markup = renderToString(
      <AppRoot client={client} renderedAt={renderedAt}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppRoot>,
    );
    const state: ServerRenderedState = {
      renderedAt,
      router: { loaderData: context.loaderData, actionData: null, errors: null },
      queries: dehydrate(client),
      matched:
        routePlaces(
          handler.dataRoutes,
          context.matches.map((match) => match.route),
        ) ?? undefined,
    };
    client.clear();

    const shell = shellFor(path);
    if (!hasEmptyRoot(shell)) return null;
    // The page's title is in the markup (React moves it to the head once running); the head says it
    // from the start, for the tab and for anyone reading the page before the script runs.
    const title = /<title>[^<]*<\/title>/.exec(markup)?.[0];
    const html = fillRoot(shell, { markup, title, state: { id: SERVER_STATE_ID, value: state } });
    const page: KeptPage = { html, bodies: new Map() };
    rendered.set(key, page);
    if (complete) await keepByState(key, page);
    return { ...page, setCookies };
  };
}

/** The page's body for an encoding (null: plain), made once per kept page. */
export function pageBody(page: RenderedPage, encoding: Encoding | null): Promise<Uint8Array<ArrayBuffer>> {
  const name = encoding ?? 'identity';
  let body = page.bodies.get(name);
  if (!body) {
    body = (encoding ? compress(encoding, page.html) : Promise.resolve(Buffer.from(page.html))).then(
      (buffer) => new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength),
    );
    page.bodies.set(name, body);
    // A failed compression is not kept: the next request tries again.
    body.catch(() => page.bodies.delete(name));
  }
  return body;
}

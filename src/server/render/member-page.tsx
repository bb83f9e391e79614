// The dashboard rendered by the server for a signed-in provider (issue T2 1/5, decision record 0015).
// Until now its HTML was an empty shell: nothing painted before the app's entry had downloaded and run,
// which on a slow phone is about three seconds. Here the server asks its own API for the reads the page
// starts with (through the app in process, with the visitor's cookie: the same handlers, checks and
// JSON as the browser's requests), renders the app's own components with those answers, and puts the
// answers next to the HTML. The browser then hydrates: React adopts the HTML instead of building it,
// and the query cache starts with the answers instead of asking again.
import { dehydrate, type QueryKey } from '@tanstack/react-query';
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
import { fillRoot, hasEmptyRoot } from './app-shell';
import { SESSION_READ } from './spa-shell';

/** One read the page starts with: the API path the app requests and how its query stores the answer. */
interface FirstRead {
  key: QueryKey;
  path: string;
  /** The query's data from the response body, when the query keeps something other than the body. */
  data?: (body: unknown) => unknown;
}

/** Every member page: the layout's navigation, bell and notices, and the app's configuration. */
const MEMBER_AREA_READS: FirstRead[] = [
  { key: configQueryOptions().queryKey, path: '/api/config' },
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

export interface RenderedPage {
  html: string;
  /** The session check's cookies (a sliding session's renewal), to send on with the page. */
  setCookies: string[];
}

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

  /** The page's HTML, or null when the shell should go out as before (no provider session, or a failure). */
  return async function renderMemberPage(path: string, call: ApiCall): Promise<RenderedPage | null> {
    const reads = SERVER_RENDERED_PAGES[path];
    if (!reads) return null;

    const sessionResponse = await call(SESSION_READ);
    const setCookies = sessionResponse.headers.getSetCookie();
    if (!sessionResponse.ok) return null;
    const session = (await sessionResponse.json()) as Partial<Session>;
    // Signed out, or a session the server has just ended: the app shows the login page or the notice.
    if (!session.user) return null;

    const client = createQueryClient();
    client.setQueryData<Session>(sessionQueryOptions().queryKey, { user: session.user, endedReason: null });
    // A read that fails is left to the browser, which asks again and shows its own error if need be.
    await Promise.all(
      [...MEMBER_AREA_READS, ...reads].map(async (read) => {
        const response = await call(read.path).catch(() => null);
        if (!response?.ok) return;
        const body: unknown = await response.json();
        client.setQueryData(read.key, read.data ? read.data(body) : body);
      }),
    );

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
    return { html, setCookies };
  };
}

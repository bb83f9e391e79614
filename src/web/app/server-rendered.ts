// A member page the server rendered (src/server/http/member-page.tsx) carries, next to its HTML, the
// state the browser needs to take it over: the router's and the query cache's. Both sides use the
// element id and the shape defined here.
import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { matchRoutes, type HydrationState, type RouteObject } from 'react-router';

export const SERVER_STATE_ID = 'vitae-server-state';

export interface ServerRenderedState {
  /** When the server rendered the page (epoch ms): relative times say the same on both sides. */
  renderedAt: number;
  router: HydrationState;
  queries: DehydratedState;
}

/** The state the server put in the page, or null when the browser renders the page alone. */
export function readServerState(doc: Document): ServerRenderedState | null {
  const element = doc.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerRenderedState;
  } catch {
    return null;
  }
}

/**
 * Takes the server's state over before the first render: the answers into the query cache, and the
 * code of every lazy route on the page loaded, so the first render matches the server's HTML instead
 * of showing a loading state for a moment.
 */
export async function adoptServerState(state: ServerRenderedState, client: QueryClient, routes: RouteObject[], pathname: string): Promise<void> {
  hydrate(client, state.queries);
  const lazy = (matchRoutes(routes, pathname) ?? []).filter((match) => typeof match.route.lazy === 'function');
  await Promise.all(
    lazy.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, { ...(await load()), lazy: undefined });
    }),
  );
}

// A member page the server rendered (src/server/render/member-page.tsx) carries, next to its HTML, the
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
  /**
   * The routes the page matched, each as its place in the route table (child indexes from the top),
   * so the browser finds their code without matching the URL against the whole table again (about
   * 15 ms of a phone's main thread before the page is live).
   */
  matched?: number[][];
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
  const matched = (state.matched && routesAt(routes, state.matched)) ?? (matchRoutes(routes, pathname) ?? []).map((match) => match.route);
  await Promise.all(
    matched
      .filter((route) => typeof route.lazy === 'function')
      .map(async (route) => {
        const load = route.lazy as () => Promise<Partial<RouteObject>>;
        Object.assign(route, { ...(await load()), lazy: undefined });
      }),
  );
}

/** Each route's place in the table (child indexes from the top), as `routesAt` reads them. */
export function routePlaces(table: RouteObject[], wanted: RouteObject[]): number[][] | null {
  const places: number[][] = [];
  for (const target of wanted) {
    const place = placeOf(table, target, []);
    if (!place) return null;
    places.push(place);
  }
  return places;
}

function placeOf(list: RouteObject[], target: RouteObject, above: number[]): number[] | null {
  for (const [index, route] of list.entries()) {
    if (route === target) return [...above, index];
    const below = route.children ? placeOf(route.children, target, [...above, index]) : null;
    if (below) return below;
  }
  return null;
}

/** The routes at those places; null when one is not there (a page from another build). */
export function routesAt(table: RouteObject[], places: number[][]): RouteObject[] | null {
  const found: RouteObject[] = [];
  for (const place of places) {
    let list: RouteObject[] | undefined = table;
    let route: RouteObject | undefined;
    for (const index of place) {
      route = list?.[index];
      list = route?.children;
    }
    if (!route || place.length === 0) return null;
    found.push(route);
  }
  return found;
}

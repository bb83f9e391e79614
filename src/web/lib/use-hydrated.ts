import { createContext, useContext, useDeferredValue, useSyncExternalStore, type ReactNode } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React hydrates HTML the server rendered (and on the server itself), true from then on
 * and on every page the browser rendered alone. Parts that depend on the browser (the window's size,
 * local storage, the visitor's clock) render only once this is true, so the first render in the
 * browser matches the server's HTML.
 */
export function useHydrated(): boolean {
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  // React switches a hydrated page to the browser's value in a synchronous render right after
  // hydrating, one long task for everything that waits for it (the feedback button, the toaster, the
  // relative times). Deferred, that render keeps the server's value and the switch follows as a
  // transition, in slices. A page the browser renders alone gets true from its first render.
  return useDeferredValue(hydrated);
}

/**
 * Its children only once hydrated. Each such part re-renders alone when hydration ends, instead of
 * the component around it.
 */
export function AfterHydration({ children }: { children: ReactNode }): ReactNode {
  return useHydrated() ? children : null;
}

/** When the server rendered the page (epoch ms); null when the browser renders alone. */
const RenderedAtContext = createContext<number | null>(null);
export const RenderedAtProvider = RenderedAtContext.Provider;

/**
 * "Now" for text such as "Updated 5 minutes ago": the server's moment of rendering while its HTML is
 * being hydrated (so both say the same), the browser's clock from then on.
 */
export function useNow(): Date {
  const hydrated = useHydrated();
  const renderedAt = useContext(RenderedAtContext);
  return new Date(!hydrated && renderedAt !== null ? renderedAt : Date.now());
}

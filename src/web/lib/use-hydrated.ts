import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React hydrates HTML the server rendered (and on the server itself), true from then on
 * and on every page the browser rendered alone. Parts that depend on the browser (the window's size,
 * local storage, the visitor's clock) render only once this is true, so the first render in the
 * browser matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * Its children only once hydrated. Each such part re-renders alone when hydration ends (that render
 * is synchronous), instead of the component around it.
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

import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait up to 5 s rather than 1 s: the first render of a lazy route imports its
// chunk, which on a busy shared machine can take longer than a second.
configure({ asyncUtilTimeout: 5_000 });

// jest-dom's matchers are optional: use them when the package is installed, plain assertions otherwise.
// The specifier is a variable so the bundler does not try to resolve a package that may be absent.
const jestDom = '@testing-library/jest-dom/vitest';
try {
  await import(/* @vite-ignore */ jestDom);
} catch {
  // not installed
}

// jsdom lacks a few browser APIs that Radix and sonner call on mount.
if (typeof window !== 'undefined') {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;

  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };

  window.scrollTo = () => undefined;
}

afterEach(() => {
  cleanup();
});

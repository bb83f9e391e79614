import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server, unhandledRequests } from '@web/test/api';

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

// The network: every request must be answered by a handler the test declared (serveApi in
// src/web/test/api.ts). An unexpected one is logged by MSW, rejected, and fails the test below.
beforeAll(() => {
  server.listen({
    onUnhandledRequest(request, print) {
      unhandledRequests.push(`${request.method} ${new URL(request.url).pathname}`);
      print.error();
    },
  });
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  const unexpected = unhandledRequests.splice(0);
  if (unexpected.length > 0) throw new Error(`Requests no handler answered (declare them with serveApi): ${unexpected.join(', ')}`);
});

afterAll(() => {
  server.close();
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { collectFeedbackContext, ContextRecorder, formatConsoleArgs, parseBrowser, parseOs, stripQuery } from './context';

const UA = {
  chromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.127 Safari/537.36',
  edgeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 Edg/125.0.2535.92',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  chromeIos: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  headless: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/130.0.0.0 Safari/537.36',
};

describe('parseBrowser and parseOs', () => {
  it.each([
    [UA.chromeMac, 'Chrome 126', 'macOS 10.15.7'],
    [UA.edgeWindows, 'Edge 125', 'Windows 10/11'],
    [UA.firefoxLinux, 'Firefox 127', 'Linux'],
    [UA.safariIphone, 'Safari 17', 'iOS 17.5'],
    [UA.chromeAndroid, 'Chrome 126', 'Android 14'],
    [UA.chromeIos, 'Chrome 126', 'iPadOS 17.4'],
    [UA.headless, 'Chromium 130', 'Linux'],
    ['', 'Unknown', 'Unknown'],
  ])('%s', (ua, browser, os) => {
    expect(parseBrowser(ua)).toBe(browser);
    expect(parseOs(ua)).toBe(os);
  });
});

describe('stripQuery', () => {
  it('keeps our own paths short and other origins whole, never the query or fragment', () => {
    expect(stripQuery('/api/profile?token=abc#x')).toBe('/api/profile');
    expect(stripQuery(`${window.location.origin}/api/feedback?page=2`)).toBe('/api/feedback');
    expect(stripQuery('https://api.example.org/v1/things?key=secret')).toBe('https://api.example.org/v1/things');
  });
});

/** A stand-in window whose console, fetch and history the recorder can wrap. */
function fakeWindow(fetchImpl: typeof fetch) {
  const listeners = new Set<() => void>();
  const location = { pathname: '/dashboard', search: '' };
  const target = {
    console: { error: vi.fn() },
    fetch: fetchImpl,
    location,
    history: {
      pushState: vi.fn((_state: unknown, _unused: string, url?: string | URL | null) => {
        const next = new URL(String(url), 'http://localhost');
        location.pathname = next.pathname;
        location.search = next.search;
      }),
      replaceState: vi.fn(),
    },
    addEventListener: (_type: 'popstate', listener: () => void) => void listeners.add(listener),
    removeEventListener: (_type: 'popstate', listener: () => void) => void listeners.delete(listener),
    popTo(pathname: string) {
      location.pathname = pathname;
      location.search = '';
      for (const listener of listeners) listener();
    },
    listeners,
  };
  return target;
}

describe('ContextRecorder', () => {
  let uninstall: (() => void) | undefined;
  afterEach(() => uninstall?.());

  it('keeps the last 10 console errors and still logs them', () => {
    const recorder = new ContextRecorder();
    const target = fakeWindow(vi.fn());
    const original = target.console.error;
    uninstall = recorder.install(target);
    for (let i = 1; i <= 12; i += 1) target.console.error('Failure', i, new Error(`boom ${i}`));
    const { consoleErrors } = recorder.history();
    expect(consoleErrors).toHaveLength(10);
    expect(consoleErrors[0]?.message).toBe('Failure 3 Error: boom 3');
    expect(consoleErrors.at(-1)?.message).toBe('Failure 12 Error: boom 12');
    expect(original).toHaveBeenCalledTimes(12);
    uninstall();
    uninstall = undefined;
    expect(target.console.error).toBe(original);
  });

  it('records failed requests (status or error) without their query string, and not cancelled ones', async () => {
    const recorder = new ContextRecorder();
    const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('offline')) throw new TypeError('Failed to fetch');
      if (url.includes('cancel')) throw new DOMException('The operation was aborted.', 'AbortError');
      return new Response(null, { status: url.includes('missing') ? 404 : 200 });
    });
    const target = fakeWindow(fetchImpl as unknown as typeof fetch);
    uninstall = recorder.install(target);

    await target.fetch('/api/ok');
    await target.fetch('/api/missing?email=someone@example.org', { method: 'post' });
    await expect(target.fetch('/api/offline?token=abc')).rejects.toThrow('Failed to fetch');
    await expect(target.fetch('/api/cancel')).rejects.toThrow();

    expect(recorder.history().networkErrors).toEqual([
      { method: 'POST', url: '/api/missing', status: 404, at: expect.any(String) },
      { method: 'GET', url: '/api/offline', status: null, error: 'TypeError: Failed to fetch', at: expect.any(String) },
    ]);
  });

  it('keeps only 10 failed requests', async () => {
    const recorder = new ContextRecorder();
    const target = fakeWindow((async () => new Response(null, { status: 500 })) as unknown as typeof fetch);
    uninstall = recorder.install(target);
    for (let i = 0; i < 15; i += 1) await target.fetch(`/api/item/${i}`);
    const { networkErrors } = recorder.history();
    expect(networkErrors.map((entry) => entry.url)).toEqual(Array.from({ length: 10 }, (_, i) => `/api/item/${i + 5}`));
  });

  it('records the path at start and every route change after it (never the query), up to 10', () => {
    const recorder = new ContextRecorder();
    const target = fakeWindow(vi.fn());
    uninstall = recorder.install(target);
    target.history.pushState(null, '', '/biography?tab=public');
    target.history.pushState(null, '', '/biography?tab=links'); // same place again: not a step
    target.popTo('/dashboard');
    expect(recorder.history().navigation.map((entry) => entry.path)).toEqual(['/dashboard', '/biography', '/dashboard']);
    for (let i = 0; i < 12; i += 1) target.history.pushState(null, '', `/page-${i}`);
    const navigation = recorder.history().navigation;
    expect(navigation).toHaveLength(10);
    expect(navigation.at(-1)?.path).toBe('/page-11');
    uninstall();
    uninstall = undefined;
    expect(target.listeners.size).toBe(0);
  });
});

describe('collectFeedbackContext', () => {
  it('sends browser, OS, history and route, all scrubbed', () => {
    const recorder = new ContextRecorder({ now: () => new Date('2025-03-01T10:00:00.000Z') });
    recorder.recordConsoleError(['Login failed for jordan.avery@northfield.example with password=hunter22']);
    recorder.recordNetworkError({ method: 'GET', url: '/api/profile?token=abc', status: 500 });
    recorder.recordNavigation('/profile/jordan.avery@northfield.example');

    const context = collectFeedbackContext({ recorder, userAgent: UA.chromeMac, currentRoute: '/settings?email=jordan.avery@northfield.example' });

    expect(context.technicalContext).toMatchObject({ browser: 'Chrome 126', os: 'macOS 10.15.7', userAgent: UA.chromeMac });
    expect(context.technicalContext.consoleErrors).toEqual([
      { message: 'Login failed for j***@northfield.example with password=[REDACTED]', at: '2025-03-01T10:00:00.000Z' },
    ]);
    expect(context.technicalContext.networkErrors).toEqual([{ method: 'GET', url: '/api/profile', status: 500, at: '2025-03-01T10:00:00.000Z' }]);
    expect(context.technicalContext.navigation[0]?.path).toBe('/profile/j***@northfield.example');
    expect(context.applicationContext.currentRoute).toBe('/settings?email=j***@northfield.example');
  });

  it('cuts what the server would refuse', () => {
    const context = collectFeedbackContext({ recorder: new ContextRecorder(), userAgent: 'x'.repeat(1500), currentRoute: `/${'a'.repeat(3000)}` });
    expect(context.technicalContext.userAgent.length).toBeLessThanOrEqual(1000);
    expect(context.applicationContext.currentRoute.length).toBeLessThanOrEqual(2000);
  });
});

describe('formatConsoleArgs', () => {
  it('joins the arguments and cuts long output', () => {
    expect(formatConsoleArgs(['a', 1, { b: 2 }, undefined])).toBe('a 1 {"b":2} undefined');
    expect(formatConsoleArgs(['y'.repeat(2000)]).length).toBe(500);
  });
});

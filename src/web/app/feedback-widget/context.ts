import { FEEDBACK_LIMITS } from '@shared/limits';
import { scrub } from '@shared/scrub';

/**
 * What a feedback submission carries besides the form (access spec §7): the last 10 console
 * errors, failed network requests and navigation steps since the app started, the browser and
 * operating system, and the current route. Everything leaves the browser scrubbed.
 */

export interface ConsoleErrorEntry {
  message: string;
  /** ISO 8601 */
  at: string;
}

export interface NetworkErrorEntry {
  method: string;
  /** Without query string or fragment: those are where tokens and e-mail addresses travel. */
  url: string;
  /** The HTTP status, or null when no answer arrived. */
  status: number | null;
  error?: string;
  at: string;
}

export interface NavigationEntry {
  path: string;
  at: string;
}

export interface ContextHistory {
  consoleErrors: ConsoleErrorEntry[];
  networkErrors: NetworkErrorEntry[];
  navigation: NavigationEntry[];
}

export interface FeedbackContext {
  technicalContext: ContextHistory & { browser: string; os: string; userAgent: string };
  applicationContext: { currentRoute: string };
}

const MAX_MESSAGE_CHARS = 500;

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function describe(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'string') return value;
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** console.error's arguments as one line. */
export function formatConsoleArgs(args: readonly unknown[]): string {
  return truncate(args.map(describe).join(' '), MAX_MESSAGE_CHARS);
}

/** Origin (only when it is not ours) and path: no query string, no fragment. */
export function stripQuery(url: string, base: string = typeof window === 'undefined' ? 'http://localhost' : window.location.href): string {
  try {
    const parsed = new URL(url, base);
    const own = typeof window !== 'undefined' && parsed.origin === window.location.origin;
    return own ? parsed.pathname : `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url.split(/[?#]/, 1)[0] ?? '';
  }
}

function requestOf(input: RequestInfo | URL, init?: RequestInit): { method: string; url: string } {
  if (typeof Request !== 'undefined' && input instanceof Request) return { method: (init?.method ?? input.method).toUpperCase(), url: input.url };
  return { method: (init?.method ?? 'GET').toUpperCase(), url: input instanceof URL ? input.href : String(input) };
}

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** A ring of the last `limit` entries, oldest first. */
class Ring<T> {
  private items: T[] = [];
  constructor(private readonly limit: number) {}
  push(item: T) {
    this.items.push(item);
    if (this.items.length > this.limit) this.items.splice(0, this.items.length - this.limit);
  }
  last(): T | undefined {
    return this.items.at(-1);
  }
  list(): T[] {
    return [...this.items];
  }
  clear() {
    this.items = [];
  }
}

interface CaptureWindow {
  console: Pick<Console, 'error'>;
  fetch: typeof fetch;
  history: Pick<History, 'pushState' | 'replaceState'>;
  location: Pick<Location, 'pathname'>;
  addEventListener: (type: 'popstate', listener: () => void) => void;
  removeEventListener: (type: 'popstate', listener: () => void) => void;
}

export class ContextRecorder {
  private readonly consoleErrors: Ring<ConsoleErrorEntry>;
  private readonly networkErrors: Ring<NetworkErrorEntry>;
  private readonly navigation: Ring<NavigationEntry>;
  private readonly now: () => Date;

  constructor(options: { limit?: number; now?: () => Date } = {}) {
    const limit = options.limit ?? FEEDBACK_LIMITS.historySize;
    this.consoleErrors = new Ring(limit);
    this.networkErrors = new Ring(limit);
    this.navigation = new Ring(limit);
    this.now = options.now ?? (() => new Date());
  }

  recordConsoleError(args: readonly unknown[]): void {
    this.consoleErrors.push({ message: formatConsoleArgs(args), at: this.now().toISOString() });
  }

  recordNetworkError(entry: { method: string; url: string; status: number | null; error?: string }): void {
    this.networkErrors.push({
      method: entry.method,
      url: stripQuery(entry.url),
      status: entry.status,
      ...(entry.error ? { error: truncate(entry.error, MAX_MESSAGE_CHARS) } : {}),
      at: this.now().toISOString(),
    });
  }

  /** A route the app went to; a repeat of the current one (a replace, a re-render) is not a step. */
  recordNavigation(path: string): void {
    if (this.navigation.last()?.path === path) return;
    this.navigation.push({ path, at: this.now().toISOString() });
  }

  /** Unscrubbed copies, oldest first. */
  history(): ContextHistory {
    return { consoleErrors: this.consoleErrors.list(), networkErrors: this.networkErrors.list(), navigation: this.navigation.list() };
  }

  clear(): void {
    this.consoleErrors.clear();
    this.networkErrors.clear();
    this.navigation.clear();
  }

  /**
   * Wraps console.error, fetch and the History API of `target` (the browser window by default) and
   * records the current route. The originals keep working unchanged. Returns a function that puts
   * them back.
   */
  install(target: CaptureWindow = window as unknown as CaptureWindow): () => void {
    const originalError = target.console.error;
    const originalFetch = target.fetch;
    const originalPush = target.history.pushState;
    const originalReplace = target.history.replaceState;
    // Paths only: sign-in and reset links carry their tokens in the query string.
    const here = () => target.location.pathname;

    target.console.error = (...args: unknown[]) => {
      try {
        this.recordConsoleError(args);
      } catch {
        // Recording must never break logging.
      }
      originalError.apply(target.console, args);
    };

    if (typeof originalFetch === 'function') {
      target.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
        const { method, url } = requestOf(input, init);
        try {
          const response = await originalFetch(input, init);
          if (!response.ok) this.recordNetworkError({ method, url, status: response.status });
          return response;
        } catch (error) {
          // A cancelled request (a page left, a query superseded) is not a failure.
          if (!isAbort(error)) this.recordNetworkError({ method, url, status: null, error: describe(error) });
          throw error;
        }
      };
    }

    target.history.pushState = (...args: Parameters<History['pushState']>) => {
      originalPush.apply(target.history, args);
      this.recordNavigation(here());
    };
    target.history.replaceState = (...args: Parameters<History['replaceState']>) => {
      originalReplace.apply(target.history, args);
      this.recordNavigation(here());
    };
    const onPopState = () => this.recordNavigation(here());
    target.addEventListener('popstate', onPopState);
    this.recordNavigation(here());

    return () => {
      target.console.error = originalError;
      target.fetch = originalFetch;
      target.history.pushState = originalPush;
      target.history.replaceState = originalReplace;
      target.removeEventListener('popstate', onPopState);
    };
  }
}

/** The recorder for the running app. */
export const feedbackContextRecorder = new ContextRecorder();

let installed = false;

/** Starts recording for the running app; calling it again does nothing. */
export function installFeedbackContextCapture(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  feedbackContextRecorder.install();
}

// ── Browser and operating system ────────────────────────────────────────────────────────────

function major(version: string | undefined): string {
  return version ? (version.split('.')[0] ?? version) : '';
}

function withVersion(name: string, version: string): string {
  return version ? `${name} ${version}` : name;
}

/** "Chrome 126", "Safari 17", "Edge 125", "Firefox 127"…; "Unknown" when nothing matches. */
export function parseBrowser(ua: string): string {
  const rules: Array<[RegExp, string]> = [
    [/Edg(?:e|A|iOS)?\/([\d.]+)/, 'Edge'],
    [/(?:OPR|Opera)\/([\d.]+)/, 'Opera'],
    [/SamsungBrowser\/([\d.]+)/, 'Samsung Internet'],
    [/(?:Firefox|FxiOS)\/([\d.]+)/, 'Firefox'],
    [/CriOS\/([\d.]+)/, 'Chrome'],
    [/(?:HeadlessChrome|Chromium)\/([\d.]+)/, 'Chromium'],
    [/Chrome\/([\d.]+)/, 'Chrome'],
  ];
  for (const [pattern, name] of rules) {
    const match = pattern.exec(ua);
    if (match) return withVersion(name, major(match[1]));
  }
  const safari = /Version\/([\d.]+).*Safari\//.exec(ua);
  if (safari) return withVersion('Safari', major(safari[1]));
  if (/Safari\//.test(ua)) return 'Safari';
  if (/jsdom\//.test(ua)) return 'jsdom';
  return 'Unknown';
}

/** "Windows 10/11", "macOS 10.15.7", "iOS 17.5", "Android 14", "ChromeOS", "Linux"; else "Unknown". */
export function parseOs(ua: string): string {
  const ios = /(?:iPhone|iPod|iPad).*? OS ([\d_]+)/.exec(ua);
  if (ios) return withVersion(/iPad/.test(ua) ? 'iPadOS' : 'iOS', (ios[1] ?? '').replaceAll('_', '.'));
  const android = /Android ([\d.]+)/.exec(ua);
  if (android) return withVersion('Android', android[1] ?? '');
  if (/Android/.test(ua)) return 'Android';
  const windows = /Windows NT ([\d.]+)/.exec(ua);
  if (windows) {
    const names: Record<string, string> = { '10.0': '10/11', '6.3': '8.1', '6.2': '8', '6.1': '7' };
    return withVersion('Windows', names[windows[1] ?? ''] ?? windows[1] ?? '');
  }
  if (/Windows/.test(ua)) return 'Windows';
  const mac = /Mac OS X ([\d_.]+)/.exec(ua);
  if (mac) return withVersion('macOS', (mac[1] ?? '').replaceAll('_', '.'));
  if (/Macintosh/.test(ua)) return 'macOS';
  if (/CrOS/.test(ua)) return 'ChromeOS';
  if (/Linux/.test(ua)) return 'Linux';
  return 'Unknown';
}

// ── What is sent ────────────────────────────────────────────────────────────────────────────

/**
 * The context for one submission, scrubbed (secrets, e-mail addresses, phone numbers…) and cut to
 * the lengths the server accepts.
 */
export function collectFeedbackContext(options: { recorder?: ContextRecorder; userAgent?: string; currentRoute?: string } = {}): FeedbackContext {
  const recorder = options.recorder ?? feedbackContextRecorder;
  const userAgent = options.userAgent ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent);
  const currentRoute = options.currentRoute ?? (typeof window === 'undefined' ? '' : `${window.location.pathname}${window.location.search}`);
  const scrubbed = scrub({
    technicalContext: { browser: parseBrowser(userAgent), os: parseOs(userAgent), userAgent, ...recorder.history() },
    applicationContext: { currentRoute },
  });
  // Cut after scrubbing: a mask can be longer than what it hides.
  const { technicalContext: technical, applicationContext: application } = scrubbed;
  return {
    technicalContext: {
      ...technical,
      browser: truncate(technical.browser, 200),
      os: truncate(technical.os, 200),
      userAgent: truncate(technical.userAgent, 1000),
    },
    applicationContext: { currentRoute: truncate(application.currentRoute, 2000) },
  };
}

import { parseCsvMessage } from './parse-message';

/** Parses a big CSV off the page's thread (see parse-csv-off-thread.ts). */
const scope = self as unknown as { onmessage: ((event: MessageEvent<string>) => void) | null; postMessage(message: unknown): void };
scope.onmessage = (event) => scope.postMessage(parseCsvMessage(event.data));

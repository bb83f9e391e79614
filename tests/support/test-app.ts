import { createApp } from '../../src/server/app';
import type { DatabaseHandle } from '../../src/server/db/client';
import { loadEnv, type Env } from '../../src/server/env';
import { createLogger } from '../../src/server/lib/logger';
import { migrationsDir } from '../../src/server/paths';
import { createTestDatabase } from './test-database';

export interface TestContext {
  app: ReturnType<typeof createApp>;
  database: DatabaseHandle;
  env: Env;
  close(): Promise<void>;
}

export const TEST_ORIGIN = 'http://localhost:3000';

/** The app in-process on a fresh migrated database; call `close()` in afterAll. */
export async function createTestApp(
  overrides: Record<string, string> = {},
  { onQuery, ...deps }: { webDir?: string; onQuery?: (query: string, params: unknown[]) => void } = {},
): Promise<TestContext> {
  const database = await createTestDatabase({ onQuery });
  // In-process requests have no address, so every public request of a file shares one budget:
  // high enough for any suite, and still counted (public-hardening.test.ts sets its own limit).
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    APP_URL: TEST_ORIGIN,
    TRUST_PROXY: 'true',
    PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
    ...overrides,
  });
  const logger = createLogger({ level: env.logLevel, environment: 'test' });
  const app = createApp({ env, database, logger, migrationsDir, ...deps });
  return { app, database, env, close: () => database.close() };
}

/** A JSON request as the browser app sends it (same origin, JSON body). */
export function jsonRequest(method: string, body?: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method,
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

import { createServer, Socket as NetSocket, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { createDatabase } from '../../src/server/db/client';
import { loadEnv } from '../../src/server/env';
import { createLogger } from '../../src/server/lib/logger';
import { migrationsDir } from '../../src/server/paths';
import { createTestDatabase, databaseLabel } from '../support/test-database';

const logger = createLogger({ level: 'silent', environment: 'test' });
const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: 'http://localhost:3000' });
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A TCP relay between the app and PostgreSQL that the test can cut and restore. */
async function startRelay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = new NetSocket();
        upstream.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server?.close(() => resolve());
    });
  await open();
  return { port: () => port, cut, restore: open };
}

/** A listener that accepts connections and never answers: a hung database server. */
async function startBlackHole() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe(`database outage (${databaseLabel})`, () => {
  it('answers 503 within the connect timeout when the database accepts connections and never answers', async () => {
    const hole = await startBlackHole();
    const database = await createDatabase({ databaseUrl: `postgres://vitae:vitae@127.0.0.1:${hole.port}/vitae`, poolSize: 2, connectTimeoutMs: 400 });
    cleanups.push(async () => {
      await database.close().catch(() => {});
      await hole.close();
    });
    const app = createApp({ env, database, logger, migrationsDir });
    // More requests than connections: none piles up behind the hung ones for longer than the timeout.
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 6 }, () => app.request('/api/health')));
    const elapsed = performance.now() - started;
    expect(answers.map((r) => r.status)).toEqual([503, 503, 503, 503, 503, 503]);
    expect((await answers[0]!.json()).error.code).toBe('DATABASE_ERROR');
    // Each waits at most its own 400 ms, not behind the others: without the timeout they would wait for ever.
    expect(elapsed).toBeLessThan(5_000);
  });

  it.runIf(databaseLabel === 'postgres')('answers 503 with the error shape while PostgreSQL is unreachable, and recovers', async () => {
    const fresh = await createTestDatabase();
    cleanups.push(() => fresh.close());
    const target = new URL(fresh.url!);
    const relay = await startRelay(target);
    const viaRelay = new URL(fresh.url!);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(relay.port());
    const database = await createDatabase({ databaseUrl: viaRelay.toString(), poolSize: 2 });
    cleanups.push(async () => {
      await relay.cut();
      await database.close().catch(() => {});
    });
    await database.migrate(migrationsDir);
    const app = createApp({ env, database, logger, migrationsDir });

    expect((await app.request('/api/health')).status).toBe(200);
    await relay.cut();
    const down = await app.request('/api/health');
    expect(down.status).toBe(503);
    expect((await down.json()).error.code).toBe('DATABASE_ERROR');
    const read = await app.request('/api/reference/languages');
    expect(read.status).toBe(503);
    expect(await read.json()).toEqual({ error: { code: 'DATABASE_ERROR', message: 'A database error occurred. Please try again later.' } });

    await relay.restore();
    let recovered = 0;
    for (let i = 0; i < 50 && recovered !== 200; i += 1) {
      recovered = (await app.request('/api/health')).status;
      if (recovered !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(recovered).toBe(200);
  });

  it.runIf(databaseLabel === 'pglite')('answers 503 with the error shape once the embedded database is closed', async () => {
    const database = await createDatabase();
    await database.migrate(migrationsDir);
    const app = createApp({ env, database, logger, migrationsDir });
    expect((await app.request('/api/health')).status).toBe(200);
    await database.close();
    const down = await app.request('/api/reference/languages');
    expect(down.status).toBe(503);
    expect((await down.json()).error.code).toBe('DATABASE_ERROR');
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { createLogger } from '../../src/server/lib/logger';
import { migrationsDir } from '../../src/server/paths';
import { createTestApp, jsonRequest, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe(`foundation HTTP behaviour (${databaseLabel})`, () => {
  it('reports the database kind and that every migration is applied', async () => {
    const response = await ctx.app.request('/api/health');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.status).toBe('ok');
    expect(body.database.kind).toBe(databaseLabel);
    expect(body.database.migrations.applied).toBe(body.database.migrations.available);
    expect(body.database.migrations.available).toBeGreaterThanOrEqual(2);
    expect(body.database.migrations.upToDate).toBe(true);
  });

  it('while draining, fails health for the load balancer but still serves, closing each connection', async () => {
    let draining = false;
    const app = createApp({
      env: ctx.env,
      database: ctx.database,
      logger: createLogger({ level: 'silent', environment: 'test' }),
      migrationsDir,
      isDraining: () => draining,
    });
    expect((await app.request('/api/health')).headers.get('connection')).toBeNull();
    draining = true;
    const health = await app.request('/api/health');
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ error: { code: 'SHUTTING_DOWN', message: 'This server is shutting down.' } });
    const config = await app.request('/api/config');
    expect(config.status).toBe(200);
    expect(config.headers.get('connection')).toBe('close');
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const response = await ctx.app.request('/api/nothing-here');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No API route for GET /api/nothing-here' } });
  });

  it('sets security headers with a content security policy and a request id', async () => {
    const response = await ctx.app.request('/api/health');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toMatch(/.{8,}/);
  });

  it('refuses non-JSON bodies on state-changing routes', async () => {
    const response = await ctx.app.request('/api/anything', {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'http://localhost:3000' },
      body: 'hello',
    });
    expect(response.status).toBe(415);
    expect((await response.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses cross-origin state-changing requests', async () => {
    const response = await ctx.app.request('/api/anything', jsonRequest('POST', {}, { origin: 'https://evil.example' }));
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe('FORBIDDEN');
    const crossSite = await ctx.app.request('/api/anything', jsonRequest('POST', {}, { 'sec-fetch-site': 'cross-site' }));
    expect(crossSite.status).toBe(403);
  });

  it('limits request bodies', async () => {
    const big = 'x'.repeat(ctx.env.BODY_LIMIT_BYTES + 10);
    const response = await ctx.app.request('/api/anything', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', 'content-length': String(big.length + 8) },
      body: JSON.stringify({ big }),
    });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('behind the Node adapter, reads a GET without building a full request; a POST is still limited', async () => {
    // The adapter builds a WHATWG Request (with an AbortController) only when something asks for the
    // body or the signal. Doing that for every read made each one outlive the young generation
    // (issue T2 1/5: the full profile's p99), so the body limit leaves GET and HEAD alone.
    const server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const Original = globalThis.AbortController;
    let built = 0;
    globalThis.AbortController = class extends Original {
      constructor() {
        super();
        built += 1;
      }
    };
    try {
      // node:http, not fetch, so the client side makes no controller of its own.
      const served = (path: string, method = 'GET', body?: string) =>
        new Promise<{ status: number; made: number }>((resolve, reject) => {
          const before = built;
          const headers =
            body === undefined ? {} : { 'content-type': 'application/json', origin: 'http://localhost:3000', 'content-length': Buffer.byteLength(body) };
          const request = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (response) => {
            response.resume();
            response.on('end', () => resolve({ status: response.statusCode ?? 0, made: built - before }));
          });
          request.on('error', reject);
          request.end(body);
        });
      for (const path of ['/api/health', '/api/config', '/api/nothing-here']) {
        expect((await served(path)).made, path).toBe(0);
      }
      const post = await served('/api/anything', 'POST', JSON.stringify({ big: 'x'.repeat(ctx.env.BODY_LIMIT_BYTES + 10) }));
      expect(post.status).toBe(413);
      expect(post.made).toBeGreaterThan(0);
    } finally {
      globalThis.AbortController = Original;
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('publishes the browser configuration without secrets', async () => {
    const response = await ctx.app.request('/api/config');
    expect(await response.json()).toEqual({
      environment: 'test',
      release: 'development',
      sentryDsn: null,
      schedulingUrl: null,
      feedbackBetaOnly: true,
    });
  });

  it('keeps the technical schema page for system admins only', async () => {
    const response = await ctx.app.request('/api/system/schema');
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('ADMIN_UNAUTHORIZED');
  });

  it('reports a signed-out session to the route guards', async () => {
    expect(await (await ctx.app.request('/api/auth/session')).json()).toEqual({ user: null });
    expect((await ctx.app.request('/api/admin/me')).status).toBe(401);
  });
});

describe('body-less state changes', () => {
  it('accepts a POST without a body, refuses one with a non-JSON body', async () => {
    const empty = await ctx.app.request('/api/auth/sign-out', { method: 'POST', headers: { origin: 'http://localhost:3000' } });
    expect(empty.status).toBe(200);
    const form = await ctx.app.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/x-www-form-urlencoded', 'content-length': '3' },
      body: 'a=b',
    });
    expect(form.status).toBe(415);
  });
});

describe('serving the browser app', () => {
  let web: TestContext;
  let dir: string;
  const script = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vitae-web-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Vitae</title><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'app-abc123.js'), script);
    writeFileSync(join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dir, 'assets', 'app-abc123.js.gz'), gzipSync(script));
    web = await createTestApp({}, { webDir: dir });
  });
  afterAll(async () => {
    await web?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the precompressed copy the browser accepts, with long caching for hashed assets', async () => {
    const br = await web.app.request('/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(script);

    const gz = await web.app.request('/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);

    const plain = await web.app.request('/assets/app-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('answers app routes with index.html, missing files with 404 and unknown API paths with JSON', async () => {
    const home = await web.app.request('/', { headers: { 'accept-encoding': 'br' } });
    expect(home.status).toBe(200);
    expect(home.headers.get('cache-control')).toBe('no-cache');
    const page = await web.app.request('/dashboard');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<div id="root"></div>');
    for (const missing of ['/favicon.ico', '/llms.txt', '/.well-known/security.txt']) {
      const response = await web.app.request(missing);
      expect(response.status, missing).toBe(404);
      expect(await response.text()).not.toContain('<div id="root">');
    }
    const api = await web.app.request('/api/no-such-route');
    expect(api.status).toBe(404);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });
});

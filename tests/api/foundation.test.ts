import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

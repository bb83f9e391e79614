import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

let ctx: TestContext;
const ORIGIN = 'https://vitae.example.org';

beforeAll(async () => {
  ctx = await createTestApp({
    NODE_ENV: 'production',
    APP_URL: ORIGIN,
    AUTH_SECRET: 'p'.repeat(48),
    SMTP_URL: 'smtp://127.0.0.1:1',
    TRUST_PROXY: 'true',
  });
});
afterAll(async () => {
  await ctx?.close();
});

describe(`cookies and headers in production mode (${databaseLabel})`, () => {
  it('sets Secure, HttpOnly, SameSite=Lax session cookies and HSTS', async () => {
    const response = await ctx.app.request(`${ORIGIN}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': '192.0.2.5' },
      body: JSON.stringify({
        email: `prod.${Date.now()}@example.org`,
        password: 'a long passphrase',
        agreedToTerms: true,
        agreedToPrivacy: true,
        fullName: 'Pia Production',
      }),
    });
    expect(response.status).toBe(201);
    const session = response.headers.getSetCookie().find((cookie) => /session_token=/.test(cookie))!;
    expect(session).toMatch(/^__Secure-vitae\.session_token=/);
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    expect(session).toMatch(/;\s*SameSite=Lax/i);
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
  });

  it('has no development outbox in production', async () => {
    expect((await ctx.app.request(`${ORIGIN}/api/dev/outbox`)).status).toBe(404);
    expect((await ctx.app.request(`${ORIGIN}/dev/outbox`)).status).toBe(404);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { professionalIdentity } from '../../src/server/db/schema';
import { browserClient, type BrowserClient } from '../support/clients';
import { uniqueSuffix } from '../support/factories';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

// Issue T2 2/5 item 17: the profile photo is uploaded (the browser crops it), stored, shown and removed.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);

async function provider() {
  const client = browserClient(ctx.app);
  const response = await client.post(
    '/api/auth/sign-up',
    { email: `photo.${uniqueSuffix()}@example.org`, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName: 'Pat Photo' },
    { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250)}` },
  );
  expect(response.status).toBe(201);
  return { client, userId: (await response.json()).user.id as string };
}

function upload(client: BrowserClient, bytes: Uint8Array<ArrayBuffer>, name = 'me.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new File([bytes], name, { type }));
  return ctx.app.request('/api/profile/photo', { method: 'POST', body: form, headers: { origin: TEST_ORIGIN, ...client.jar.header() } });
}

describe(`profile photo (${databaseLabel})`, () => {
  it('stores an image by its bytes, shows it on the profile and serves it; the next one replaces it', async () => {
    const { client, userId } = await provider();
    const first = await upload(client, PNG);
    expect(first.status).toBe(201);
    const { profilePhoto } = await first.json();
    expect(profilePhoto).toMatch(new RegExp(`^/api/profile-photos/${userId}/\\d+-[0-9a-f]+\\.png$`));
    const identity = (await (await client.get('/api/profile/sections/professional_identity')).json()).data;
    expect(identity.profilePhoto).toBe(profilePhoto);
    // Chosen by the provider: a listing-service import never replaces it.
    expect(identity.manualOverrideFlags).toMatchObject({ profilePhoto: true });

    const served = await browserClient(ctx.app).get(profilePhoto);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);

    // A JPEG named .png is stored as what it is; the earlier file is gone.
    const second = await upload(client, JPEG, 'holiday.png', 'image/png');
    expect(second.status).toBe(201);
    const replaced = (await second.json()).profilePhoto as string;
    expect(replaced).toMatch(/\.jpg$/);
    expect((await browserClient(ctx.app).get(profilePhoto)).status).toBe(404);
    expect((await browserClient(ctx.app).get(replaced)).headers.get('content-type')).toBe('image/jpeg');
  });

  it('refuses what is not a PNG, JPEG or WebP image, an empty file, a missing file and one over 5 MB, keeping the photo', async () => {
    const { client, userId } = await provider();
    const kept = (await (await upload(client, PNG)).json()).profilePhoto;
    const svg = await upload(client, new TextEncoder().encode('<svg onload=alert(1)>'), 'me.png');
    expect(svg.status).toBe(415);
    expect((await svg.json()).error.message).toBe('Profile photos must be PNG, JPEG or WebP images.');
    expect((await upload(client, new Uint8Array(0))).status).toBe(400);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const tooBig = await upload(client, big);
    expect(tooBig.status).toBe(413);
    const none = await ctx.app.request('/api/profile/photo', { method: 'POST', body: new FormData(), headers: { origin: TEST_ORIGIN, ...client.jar.header() } });
    expect(none.status).toBe(400);
    const [row] = await ctx.database.db.select().from(professionalIdentity).where(eq(professionalIdentity.userId, userId));
    expect(row!.profilePhoto).toBe(kept);
    // Only a signed-in provider uploads; file names are ours only.
    expect((await ctx.app.request('/api/profile/photo', { method: 'POST', body: new FormData(), headers: { origin: TEST_ORIGIN } })).status).toBe(401);
    expect((await browserClient(ctx.app).get(`/api/profile-photos/${userId}/..%2F..%2Fsecret.png`)).status).toBe(400);
  });

  it('removes the photo', async () => {
    const { client, userId } = await provider();
    const url = (await (await upload(client, PNG)).json()).profilePhoto;
    expect((await client.delete('/api/profile/photo')).status).toBe(200);
    const [row] = await ctx.database.db.select().from(professionalIdentity).where(eq(professionalIdentity.userId, userId));
    expect(row!.profilePhoto).toBeNull();
    expect((await browserClient(ctx.app).get(url)).status).toBe(404);
    expect((await client.delete('/api/profile/photo')).status).toBe(404);
  });
});

import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import exifr from 'exifr';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryListings, hospitals, hospitalSectionPermissions, professionalIdentity, users } from '../../src/server/db/schema';
import { createLocalStorage } from '../../src/server/integrations/storage';
import { browserClient, type BrowserClient } from '../support/clients';
import { createAdminRow, createHospital, signInAdmin, uniqueSuffix } from '../support/factories';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

// Issue T2 2/5 item 17: the profile photo is uploaded (the browser crops it), stored, shown and removed.
// Issue 32 item 5: every photo is decoded and written again (three sizes, WebP and JPEG, no metadata),
// its pixel count is checked before decoding, what does not decode is refused, and a photo is shown to
// the public only while the provider's profile is public. Tested on real camera files
// (tests/fixtures/real/images, sources in tests/fixtures/real/README.md).

let ctx: TestContext;
let storageDir: string;
let hospital: typeof hospitals.$inferSelect;
let otherHospital: typeof hospitals.$inferSelect;
let hospitalAdmin: BrowserClient;
let otherAdmin: BrowserClient;
let systemAdmin: BrowserClient;
let ip = 0;

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'vitae-photos-'));
  ctx = await createTestApp({ STORAGE_DIR: storageDir });
  hospital = await createHospital(ctx, { directoryEnabled: true, directorySlug: `photo-${uniqueSuffix()}` });
  otherHospital = await createHospital(ctx);
  hospitalAdmin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id })).email);
  otherAdmin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: otherHospital.id })).email);
  systemAdmin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'system_admin' })).email);
});
afterAll(async () => {
  await ctx?.close();
  await rm(storageDir, { recursive: true, force: true });
});

const real = async (name: string) => new Uint8Array(await readFile(new URL(`../fixtures/real/images/${name}`, import.meta.url)));
const solid = (format: 'png' | 'jpeg' | 'gif', width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 0.6 } } })
    .toFormat(format)
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer));

async function provider(hospitalId: string | null = hospital.id) {
  const client = browserClient(ctx.app);
  const response = await client.post(
    '/api/auth/sign-up',
    {
      email: `photo.${uniqueSuffix()}@example.org`,
      password: 'a long passphrase',
      agreedToTerms: true,
      agreedToPrivacy: true,
      fullName: 'Pat Photo',
      ...(hospitalId ? { hospitalId } : {}),
    },
    { 'x-forwarded-for': `203.0.113.${(ip = (ip % 250) + 1)}` },
  );
  expect(response.status).toBe(201);
  return { client, userId: (await response.json()).user.id as string };
}

/** The listing as the directory keeps a published one (how it got there is the directory's tests' business). */
async function publish(userId: string) {
  await ctx.database.db.update(users).set({ status: 'active', emailVerified: true }).where(eq(users.id, userId));
  await ctx.database.db
    .insert(directoryListings)
    .values({ userId, hospitalId: hospital.id, slug: `pat-photo-${uniqueSuffix()}`, status: 'published', publishedAt: new Date() })
    .onConflictDoUpdate({ target: directoryListings.userId, set: { status: 'published' } });
}

function upload(client: BrowserClient, bytes: Uint8Array, name = 'me.jpg', type = 'image/jpeg') {
  const form = new FormData();
  form.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return ctx.app.request('/api/profile/photo', { method: 'POST', body: form, headers: { origin: TEST_ORIGIN, ...client.jar.header() } });
}

async function uploaded(client: BrowserClient, bytes: Uint8Array) {
  const response = await upload(client, bytes);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()).profilePhoto as string;
}

/** The files in the user's photo folder (the local store's `.meta.json` sidecars left out). */
async function storedFiles(userId: string) {
  const names = await readdir(join(storageDir, 'profile-photos', userId)).catch(() => [] as string[]);
  return names.filter((name) => !name.endsWith('.meta.json')).sort();
}

const anonymous = () => browserClient(ctx.app);

/** A PNG that declares `width`×`height` pixels and carries a few kilobytes of compressed rows: a decompression bomb's header. */
function pngBomb(width: number, height: number, rows: number) {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let crc = 0xffffffff;
    for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const idat = deflateSync(Buffer.alloc(rows * (1 + width * 3)), { level: 9 });
  return new Uint8Array(
    Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]),
  );
}

describe(`profile photo (${databaseLabel})`, () => {
  it('re-encodes a phone JPEG with GPS EXIF into 96, 192 and 400 px squares in WebP and JPEG, with no metadata at all', async () => {
    const phone = await real('phone-nokia-8.3-gps.jpg');
    // The fixture is what the issue describes: a phone photo that says where it was taken.
    expect(await exifr.gps(Buffer.from(phone))).toMatchObject({ latitude: expect.closeTo(60.1467, 3), longitude: expect.closeTo(24.9068, 3) });
    const { client, userId } = await provider();
    const photo = await uploaded(client, phone);
    expect(photo).toMatch(new RegExp(`^/api/profile-photos/${userId}/\\d+-[0-9a-f]{12}-400\\.jpg$`));
    const identity = (await (await client.get('/api/profile/sections/professional_identity')).json()).data;
    expect(identity.profilePhoto).toBe(photo);
    // Chosen by the provider: a listing-service import never replaces it.
    expect(identity.manualOverrideFlags).toMatchObject({ profilePhoto: true });
    // In the profile's change history like every other write.
    const history = (await (await client.get('/api/profile/history?section=professional_identity')).json()).items;
    expect(history[0]).toMatchObject({
      source: 'provider',
      changes: { fields: expect.arrayContaining([expect.objectContaining({ field: 'profilePhoto', old: null, new: photo })]) },
    });

    const base = photo
      .split('/')
      .at(-1)!
      .replace(/-400\.jpg$/, '');
    const files = await storedFiles(userId);
    expect(files).toEqual([96, 192, 400].flatMap((size) => [`${base}-${size}.jpg`, `${base}-${size}.webp`]).sort());
    for (const name of files) {
      const bytes = await readFile(join(storageDir, 'profile-photos', userId, name));
      const meta = await sharp(bytes).metadata();
      const size = Number(/-(\d+)\./.exec(name)![1]);
      expect(meta).toMatchObject({ format: name.endsWith('.jpg') ? 'jpeg' : 'webp', width: size, height: size });
      expect({ exif: meta.exif, icc: meta.icc, xmp: meta.xmp, iptc: meta.iptc, orientation: meta.orientation }).toEqual({
        exif: undefined,
        icc: undefined,
        xmp: undefined,
        iptc: undefined,
        orientation: undefined,
      });
      expect(await exifr.parse(bytes, true).catch(() => undefined)).toBeUndefined();
      expect(bytes.includes('Nokia')).toBe(false);
      expect(bytes.includes('HMD Global')).toBe(false);
    }

    // Served as stored: the owner sees it before it is public.
    const served = await client.get(photo);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(await readFile(join(storageDir, 'profile-photos', userId, `${base}-400.jpg`)))).toBe(true);
    const webp = await client.get(photo.replace(/-400\.jpg$/, '-96.webp'));
    expect(webp.headers.get('content-type')).toBe('image/webp');
  });

  it('turns a photo upright by its EXIF orientation before the metadata goes', async () => {
    const sideways = await real('orientation-portrait-6.jpg');
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const { client, userId } = await provider();
    const photo = await uploaded(client, sideways);
    const stored = await readFile(join(storageDir, 'profile-photos', userId, photo.split('/').at(-1)!));
    const grey = (pipeline: Sharp) => pipeline.resize(64, 64, { fit: 'cover' }).greyscale().raw().toBuffer();
    const difference = (a: Buffer, b: Buffer) => a.reduce((sum, value, index) => sum + Math.abs(value - b[index]!), 0) / a.length;
    const ours = await grey(sharp(stored));
    const upright = await grey(sharp(sideways).rotate());
    const asStored = await grey(sharp(sideways));
    expect(difference(ours, upright)).toBeLessThan(difference(ours, asStored) / 2);
  });

  it('refuses a PNG that declares 60,000 × 60,000 pixels at once, from its header, with a message a person understands', async () => {
    const bomb = pngBomb(60_000, 60_000, 200);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const { client, userId } = await provider();
    const kept = await uploaded(client, await solid('png'));
    const started = performance.now();
    const refused = await upload(client, bomb, 'me.png', 'image/png');
    const elapsed = performance.now() - started;
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toBe(
      'This picture is 60,000 × 60,000 pixels; profile photos can have at most 40 megapixels (for example 6,000 × 6,000). Make it smaller and upload it again.',
    );
    // Decoding 3.6 billion pixels would take minutes and 10 GB; the header alone takes milliseconds.
    expect(elapsed).toBeLessThan(1_500);
    expect(await storedFiles(userId)).toHaveLength(6);
    const [row] = await ctx.database.db.select().from(professionalIdentity).where(eq(professionalIdentity.userId, userId));
    expect(row!.profilePhoto).toBe(kept);
  });

  it('refuses polyglots and files that do not decode as a PNG, JPEG or WebP image, keeping the photo', async () => {
    const { client, userId } = await provider();
    const kept = await uploaded(client, await solid('png'));
    const html = new TextEncoder().encode('<html><body><script>alert(document.cookie)</script></body></html>');
    const unreadable = 'This file could not be read as a picture. Save it again as a PNG, JPEG or WebP image and upload that.';

    // JPEG magic, then HTML: the old signature check took it for a JPEG.
    const polyglot = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...html]);
    const refused = await upload(client, polyglot);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toBe(unreadable);
    // A real JPEG's header and first scans, then HTML: the header reads, the picture does not decode.
    const phone = await real('phone-nokia-8.3-gps.jpg');
    const truncated = await upload(client, Uint8Array.from([...phone.subarray(0, 40_000), ...html]));
    expect(truncated.status).toBe(400);
    expect((await truncated.json()).error.message).toBe(unreadable);

    // Formats libvips reads but we do not take: SVG (never handed to it), GIF.
    const svg = await upload(
      client,
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"/>'),
      'me.png',
      'image/png',
    );
    expect(svg.status).toBe(415);
    expect((await svg.json()).error.message).toBe('Profile photos must be PNG, JPEG or WebP images.');
    expect((await upload(client, await solid('gif'), 'me.gif', 'image/gif')).status).toBe(415);

    expect((await upload(client, new Uint8Array(0))).status).toBe(400);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(await solid('png'));
    expect((await upload(client, big, 'me.png', 'image/png')).status).toBe(413);
    const none = await ctx.app.request('/api/profile/photo', {
      method: 'POST',
      body: new FormData(),
      headers: { origin: TEST_ORIGIN, ...client.jar.header() },
    });
    expect(none.status).toBe(400);

    const [row] = await ctx.database.db.select().from(professionalIdentity).where(eq(professionalIdentity.userId, userId));
    expect(row!.profilePhoto).toBe(kept);
    expect(await storedFiles(userId)).toHaveLength(6);

    // A whole JPEG with HTML after its end decodes; what is stored is new pixels, not the HTML.
    const appended = await uploaded(client, Uint8Array.from([...(await solid('jpeg')), ...html]));
    for (const name of await storedFiles(userId)) expect((await readFile(join(storageDir, 'profile-photos', userId, name))).includes('<script')).toBe(false);
    expect(appended).not.toBe(kept);

    // Only a signed-in provider uploads; file names are ours only.
    expect((await ctx.app.request('/api/profile/photo', { method: 'POST', body: new FormData(), headers: { origin: TEST_ORIGIN } })).status).toBe(401);
    expect((await client.get(`/api/profile-photos/${userId}/..%2F..%2Fsecret.png`)).status).toBe(400);
  });

  it('strips the metadata of PNGs too (ICC profile, EXIF) and lays transparency on white', async () => {
    const tagged = await sharp({ create: { width: 120, height: 90, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .withExif({ IFD0: { Copyright: 'Pat Photo, 1 Home Street', ImageDescription: 'at home' } })
      .withIccProfile('p3')
      .png()
      .toBuffer();
    const before = await sharp(tagged).metadata();
    expect(before.exif).toBeDefined();
    expect(before.icc).toBeDefined();
    const { client, userId } = await provider();
    const photo = await uploaded(client, new Uint8Array(tagged));
    const stored = await readFile(join(storageDir, 'profile-photos', userId, photo.split('/').at(-1)!));
    const meta = await sharp(stored).metadata();
    expect({ exif: meta.exif, icc: meta.icc, hasAlpha: meta.hasAlpha }).toEqual({ exif: undefined, icc: undefined, hasAlpha: false });
    expect(stored.includes('Home Street')).toBe(false);
    const { data } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data.subarray(0, 300))).toBeGreaterThan(240);
  });

  it('shows the photo to the public only while the profile is public; the owner and their admins always see it', async () => {
    const { client, userId } = await provider();
    const photo = await uploaded(client, await solid('jpeg'));
    const small = photo.replace(/-400\.jpg$/, '-96.webp');

    // Not published: nobody else, and nothing to say it exists.
    expect((await anonymous().get(photo)).status).toBe(404);
    expect((await otherAdmin.get(photo)).status).toBe(404);
    const own = await client.get(photo);
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, no-cache');
    expect((await hospitalAdmin.get(small)).status).toBe(200);
    expect((await systemAdmin.get(photo)).status).toBe(200);

    // Published: anyone; caches may keep it but must ask again (304 while it stays public).
    await publish(userId);
    const open = await anonymous().get(photo);
    expect(open.status).toBe(200);
    expect(open.headers.get('cache-control')).toBe('public, no-cache');
    const etag = open.headers.get('etag')!;
    expect(etag).toBe(`"${photo.split('/').at(-1)}"`);
    expect((await anonymous().get(photo, { 'if-none-match': etag })).status).toBe(304);

    // The page's <img srcset> (a 128 px photo on the profile page) and its JSON-LD use the stored sizes.
    const [listing] = await ctx.database.db.select().from(directoryListings).where(eq(directoryListings.userId, userId));
    const page = await ctx.app.request(`/find/${hospital.directorySlug}/${listing!.slug}`);
    expect(page.status).toBe(200);
    const body = await page.text();
    const base = photo.replace(/-400\.jpg$/, '');
    expect(body).toContain(`<source type="image/webp" srcSet="${base}-96.webp 96w, ${base}-192.webp 192w, ${base}-400.webp 400w" sizes="128px"/>`);
    expect(body).toContain(`srcSet="${base}-96.jpg 96w, ${base}-192.jpg 192w, ${base}-400.jpg 400w"`);
    expect(body).toContain(`src="${base}-192.jpg"`);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(body)![1]!);
    expect(jsonLd.image).toBe(`${TEST_ORIGIN}${photo}`);
    expect(body).toContain(`<meta property="og:image" content="${TEST_ORIGIN}${photo}"/>`);
    for (const url of [...body.matchAll(/(\/api\/profile-photos\/[^ "]+)/g)].map((m) => m[1]!)) expect((await anonymous().get(url)).status, url).toBe(200);
    // Only the current photo's files are public: an earlier one left in the store (a failed removal) is not.
    const earlier = `/api/profile-photos/${userId}/${Date.now() - 60_000}-00000000aaaa-400.jpg`;
    await createLocalStorage(storageDir).put(earlier.slice('/api/'.length), await solid('jpeg'), { contentType: 'image/jpeg' });
    expect((await anonymous().get(earlier)).status).toBe(404);
    expect((await client.get(earlier)).status).toBe(200);

    // Taken down: gone at once, even for a cache that asks with its ETag; the owner still sees it.
    await ctx.database.db.update(directoryListings).set({ status: 'removed' }).where(eq(directoryListings.userId, userId));
    expect((await anonymous().get(photo)).status).toBe(404);
    expect((await anonymous().get(photo, { 'if-none-match': etag })).status).toBe(404);
    expect((await client.get(photo)).status).toBe(200);

    // Published again, then the hospital hides the section the photo belongs to, then is deactivated.
    await publish(userId);
    expect((await anonymous().get(photo)).status).toBe(200);
    await ctx.database.db
      .insert(hospitalSectionPermissions)
      .values({ hospitalId: hospital.id, sectionId: 'professional_identity', isVisible: false, isRequired: false });
    expect((await anonymous().get(photo)).status).toBe(404);
    await ctx.database.db.delete(hospitalSectionPermissions).where(eq(hospitalSectionPermissions.hospitalId, hospital.id));
    expect((await anonymous().get(photo)).status).toBe(200);
    await ctx.database.db.update(hospitals).set({ isActive: false }).where(eq(hospitals.id, hospital.id));
    try {
      expect((await anonymous().get(photo)).status).toBe(404);
    } finally {
      await ctx.database.db.update(hospitals).set({ isActive: true }).where(eq(hospitals.id, hospital.id));
    }
    // The account no longer active.
    await ctx.database.db.update(users).set({ status: 'pending' }).where(eq(users.id, userId));
    expect((await anonymous().get(photo)).status).toBe(404);
  });

  it('replaces and removes every size; a photo stored before re-encoding is re-encoded as it is read', async () => {
    const { client, userId } = await provider();
    const first = await uploaded(client, await solid('png'));
    const firstFiles = await storedFiles(userId);
    const second = await uploaded(client, await solid('jpeg'));
    expect(second).not.toBe(first);
    const secondFiles = await storedFiles(userId);
    expect(secondFiles).toHaveLength(6);
    expect(secondFiles.some((name) => firstFiles.includes(name))).toBe(false);
    expect((await client.get(first)).status).toBe(404);

    expect((await client.delete('/api/profile/photo')).status).toBe(200);
    const [row] = await ctx.database.db.select().from(professionalIdentity).where(eq(professionalIdentity.userId, userId));
    expect(row!.profilePhoto).toBeNull();
    expect(await storedFiles(userId)).toEqual([]);
    expect((await client.get(second)).status).toBe(404);
    expect((await client.delete('/api/profile/photo')).status).toBe(404);

    // An upload kept byte for byte by the earlier code (here the phone photo with its GPS position).
    const legacyName = `${Date.now()}-0123456789ab.jpg`;
    await createLocalStorage(storageDir).put(`profile-photos/${userId}/${legacyName}`, await real('phone-nokia-8.3-gps.jpg'), { contentType: 'image/jpeg' });
    const legacy = `/api/profile-photos/${userId}/${legacyName}`;
    await ctx.database.db.update(professionalIdentity).set({ profilePhoto: legacy }).where(eq(professionalIdentity.userId, userId));
    const served = await client.get(legacy);
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 400, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(await exifr.gps(bytes).catch(() => undefined)).toBeUndefined();
    // Removing it removes the old file too.
    expect((await client.delete('/api/profile/photo')).status).toBe(200);
    expect(await storedFiles(userId)).toEqual([]);
  });
});

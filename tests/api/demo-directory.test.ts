import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryListings, hospitals, professionalIdentity } from '../../src/server/db/schema';
import { DEMO, seedDatabase } from '../../src/server/db/seed';
import { createLocalStorage } from '../../src/server/integrations/storage';
import { createLogger } from '../../src/server/lib/logger';
import { seedDataDir } from '../../src/server/paths';
import { createAdminRow, signInAdmin } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

// Issue 33 item 1: the demo clinicians of `npm start` carry full profiles (education, board
// certifications, publications, trials, insurance, awards) and photos (generated avatars stored
// through the photo pipeline), so the first directory a newcomer opens shows what a real one does.

let ctx: TestContext;
let storageDir: string;

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'vitae-demo-photos-'));
  ctx = await createTestApp({ STORAGE_DIR: storageDir });
  await seedDatabase(ctx.database.db, {
    dataDir: seedDataDir,
    demo: true,
    logger: createLogger({ level: 'silent', environment: 'test' }),
    storage: createLocalStorage(storageDir),
  });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await rm(storageDir, { recursive: true, force: true });
});

describe(`the demo directory (${databaseLabel})`, () => {
  it('gives every demo clinician a stored avatar in every size and format', async () => {
    const [hospital] = await ctx.database.db.select().from(hospitals).where(eq(hospitals.code, DEMO.hospitalCode));
    const photos = await ctx.database.db
      .select({ photo: professionalIdentity.profilePhoto })
      .from(directoryListings)
      .innerJoin(professionalIdentity, eq(professionalIdentity.userId, directoryListings.userId))
      .where(eq(directoryListings.hospitalId, hospital!.id));
    expect(photos).toHaveLength(24);
    expect(photos.every((row) => /^\/api\/profile-photos\/[0-9a-f-]{36}\/\d+-[0-9a-f]{12}-400\.jpg$/.test(row.photo ?? ''))).toBe(true);
    // Served to anyone, as a published provider's photo is: a square JPEG and its WebP sizes.
    const large = await ctx.app.request(photos[0]!.photo!);
    expect(large.status).toBe(200);
    expect(large.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await large.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([400, 400]);
    expect((await ctx.app.request(photos[0]!.photo!.replace(/-400\.jpg$/, '-96.webp'))).headers.get('content-type')).toBe('image/webp');
  });

  it('shows a full profile on a demo clinician’s public page', async () => {
    const response = await ctx.app.request('/find/northfield/margaret-okafor');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<img class="avatar avatar-large" src="\/api\/profile-photos\/[^"]+-192\.jpg"/);
    expect(html).toContain('<meta property="og:image" content="http://localhost:3000/api/profile-photos/');
    for (const heading of [
      'Locations',
      'About',
      'Conditions and treatments',
      'Insurance accepted',
      'Languages spoken',
      'Education and training',
      'Board certifications',
      'Publications',
      'Clinical trials',
      'Awards and recognition',
    ]) {
      expect(html, heading).toContain(`>${heading}</h2>`);
    }
    expect(html).toContain('American Board of Internal Medicine');
    expect(html).toContain('Cardiovascular Disease');
    expect(html).toContain('irregular heartbeat <span class="muted">(Atrial fibrillation)</span>');
    // Fictional people link to no real paper or trial.
    expect(html).not.toContain('pubmed.ncbi.nlm.nih.gov');
    expect(html).not.toContain('clinicaltrials.gov/study/');
  });

  it('fills every demo clinician’s education, certifications and insurance, and most publications', async () => {
    const listing = await ctx.app.request('/find/northfield');
    const slugs = [...(await listing.text()).matchAll(/href="\/find\/northfield\/([a-z0-9-]+)"/g)].map((m) => m[1]!);
    expect(slugs.length).toBe(24);
    let withPublications = 0;
    for (const slug of slugs) {
      const html = await (await ctx.app.request(`/find/northfield/${slug}`)).text();
      for (const heading of ['Education and training', 'Board certifications', 'Insurance accepted'])
        expect(html, `${slug}: ${heading}`).toContain(`>${heading}</h2>`);
      if (html.includes('>Publications</h2>')) withPublications += 1;
    }
    expect(withPublications).toBeGreaterThanOrEqual(16);
  });

  // Issue 35 item 4: the offices patients see are the hospital's own locations in the console,
  // each listing the clinicians who practise there.
  it('lists the demo offices as the hospital’s locations, with the clinicians at each', async () => {
    const [hospital] = await ctx.database.db.select().from(hospitals).where(eq(hospitals.code, DEMO.hospitalCode));
    const admin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital!.id })).email);
    const response = await admin.get(`/api/admin/hospitals/${hospital!.id}/locations?page=1&pageSize=20`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      totalCount: number;
      items: Array<{ name: string; city: string; email: string | null; providerCount: number; providers: Array<{ name: string }> }>;
    };
    expect(body.totalCount).toBe(5);
    const evanston = body.items.find((item) => item.name === 'Northfield Evanston Hospital');
    // The Evanston office takes its own appointment requests (the others' go to the intake address).
    expect(evanston).toMatchObject({ city: 'Evanston', email: 'evanston.appointments@northfield.example' });
    expect(body.items.filter((item) => item.email).length).toBe(1);
    expect(evanston!.providers.map((p) => p.name)).toContain('Margaret Okafor');
    expect(body.items.reduce((sum, item) => sum + item.providerCount, 0)).toBe(24);
    expect(body.items.every((item) => item.providers.length === item.providerCount && item.providerCount > 0)).toBe(true);
    // Seeding again (every start) adds no second copy of an office.
    await seedDatabase(ctx.database.db, { dataDir: seedDataDir, demo: true, logger: createLogger({ level: 'silent', environment: 'test' }) });
    expect(((await (await admin.get(`/api/admin/hospitals/${hospital!.id}/locations?page=1&pageSize=20`)).json()) as { totalCount: number }).totalCount).toBe(
      5,
    );
  });
});

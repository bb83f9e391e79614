import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, hospitals } from '../../src/server/db/schema';
import { EMBED_MESSAGES, EMBED_ORIGINS_MAX } from '../../src/shared/schemas/embed';
import { browserClient, type BrowserClient } from '../support/clients';
import { createAdminRow, createHospital, publishProvider, signInAdmin, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

// Issue 34 item 2: the directory on the hospital's own website. The hospital lists the websites
// allowed to frame it; the embed routes name them in frame-ancestors; every other page keeps 'none'.

let ctx: TestContext;
let hospital: typeof hospitals.$inferSelect;
let admin: BrowserClient;
let otherAdmin: BrowserClient;
let providerPath: string;
const slug = `embed-${uniqueSuffix()}`;

const frameAncestors = (response: Response) => /frame-ancestors ([^;]+)/.exec(response.headers.get('content-security-policy') ?? '')?.[1]?.trim();

beforeAll(async () => {
  ctx = await createTestApp();
  hospital = await createHospital(ctx, { name: `Embed ${uniqueSuffix()}`, contactPhone: '(847) 555-0100' });
  await ctx.database.db
    .update(hospitals)
    .set({ directoryEnabled: true, directorySlug: slug, directoryBrandColor: '#7a1f5c' })
    .where(eq(hospitals.id, hospital.id));
  admin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospital.id })).email);
  const other = await createHospital(ctx, { name: `Other ${uniqueSuffix()}` });
  otherAdmin = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: other.id })).email);
  const client = browserClient(ctx.app);
  const signUp = await client.post(
    '/api/auth/sign-up',
    {
      email: `embed.${uniqueSuffix()}@example.org`,
      password: 'a long passphrase',
      agreedToTerms: true,
      agreedToPrivacy: true,
      fullName: 'Nadia Embed',
      hospitalId: hospital.id,
    },
    { 'x-forwarded-for': '203.0.113.77' },
  );
  expect(signUp.status).toBe(201);
  const { user } = await signUp.json();
  const put = await client.put('/api/profile/sections/locations', {
    items: [
      {
        locationName: 'Embed Clinic',
        address: '1 Main St',
        city: 'Evanston',
        state: 'IL',
        postalCode: '60201',
        phoneNumber: '(847) 555-0142',
        isPrimaryLocation: true,
      },
    ],
  });
  expect(put.status).toBe(200);
  providerPath = (await publishProvider(ctx, client, user.id))!;
});
afterAll(async () => {
  await ctx?.close();
});

describe(`the embeddable directory (${databaseLabel})`, () => {
  it('keeps the websites the hospital lists, as origins, and refuses anything else with the reason', async () => {
    const path = `/api/admin/hospitals/${hospital.id}/embed`;
    expect(await (await admin.get(path)).json()).toEqual({ origins: [], embedPath: `/embed/${slug}` });
    for (const bad of [
      'www.example.org',
      'http://www.example.org',
      'https://www.example.org/doctors',
      'https://www.example.org/?q=1',
      'https://user:pw@www.example.org',
      'ftp://example.org',
      "https://example.org'; script-src *",
    ]) {
      const refused = await admin.put(path, { origins: [bad] });
      expect(refused.status, bad).toBe(400);
      expect(JSON.stringify(await refused.json()), bad).toContain(EMBED_MESSAGES.origin);
    }
    const tooMany = await admin.put(path, { origins: Array.from({ length: EMBED_ORIGINS_MAX + 1 }, (_, i) => `https://site${i}.example.org`) });
    expect(tooMany.status).toBe(400);
    const saved = await admin.put(path, { origins: ['https://www.Example.org/', 'https://www.example.org', 'http://127.0.0.1:4555'] });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ origins: ['https://www.example.org', 'http://127.0.0.1:4555'], embedPath: `/embed/${slug}` });
    // Another hospital's administrator neither reads nor sets it.
    expect((await otherAdmin.get(path)).status).toBe(404);
    expect((await otherAdmin.put(path, { origins: ['https://evil.example'] })).status).toBe(404);
    const [entry] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'hospital.embed_updated'));
    expect(entry).toMatchObject({ hospitalId: hospital.id, targetId: hospital.id });
  });

  it('lets only those websites frame the embed pages; every other page keeps frame-ancestors none', async () => {
    await admin.put(`/api/admin/hospitals/${hospital.id}/embed`, { origins: ['https://www.example.org', 'http://127.0.0.1:4555'] });
    const search = await ctx.app.request(`/embed/${slug}?q=nadia`);
    expect(search.status).toBe(200);
    expect(frameAncestors(search)).toBe('https://www.example.org http://127.0.0.1:4555');
    expect(search.headers.get('x-frame-options')).toBeNull();
    // The rest of the policy is the app's.
    expect(search.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(search.headers.get('cache-control')).toBe('no-cache');
    const profile = await ctx.app.request(`/embed/${providerPath.slice('/find/'.length)}`);
    expect(profile.status).toBe(200);
    expect(frameAncestors(profile)).toBe('https://www.example.org http://127.0.0.1:4555');
    for (const path of [`/find/${slug}`, providerPath, '/', '/find']) {
      const response = await ctx.app.request(path);
      expect(frameAncestors(response), path).toBe("'none'");
    }
    // A directory that is off, or unknown: not found, and framed by nobody.
    const missing = await ctx.app.request('/embed/no-such-directory');
    expect(missing.status).toBe(404);
    expect(frameAncestors(missing)).toBe("'none'");
    // The hospital removes every website: the embed pages are framed by nobody again.
    await admin.put(`/api/admin/hospitals/${hospital.id}/embed`, { origins: [] });
    expect(frameAncestors(await ctx.app.request(`/embed/${slug}`))).toBe("'none'");
  });

  it('keeps the directory’s links in the frame, opens the others and the request form in a new tab, and reports its height', async () => {
    const html = await (await ctx.app.request(`/embed/${slug}?q=nadia`)).text();
    expect(html).toContain('<base target="_blank">');
    expect(html).toContain('<script src="/embed/resize.js" defer></script>');
    expect(html).toContain(`target="_self" action="/embed/${slug}"`);
    const profileSlug = providerPath.split('/').pop()!;
    expect(html).toMatch(new RegExp(`target="_self" href="/embed/${slug}/${profileSlug}`));
    expect(html).not.toMatch(new RegExp(`href="/find/${slug}/${profileSlug}`));
    // The hospital's brand colour, as on its own pages.
    expect(html.toLowerCase()).toContain('#7a1f5c');
    const profile = await (await ctx.app.request(`/embed/${slug}/${profileSlug}`)).text();
    expect(profile).toMatch(new RegExp(`<form[^>]* action="/find/${slug}/${profileSlug}/request" target="_blank"`));
    // A browser that prefers Spanish gets the Spanish pages in the frame (the /find route's redirect to
    // /es/find is followed inside), with the directory's links still in the frame.
    const spanish = await ctx.app.request(`/embed/${slug}?q=nadia`, { headers: { 'accept-language': 'es-MX,es;q=0.9' } });
    expect(spanish.status).toBe(200);
    const spanishHtml = await spanish.text();
    expect(spanishHtml).toMatch(/<html[^>]* lang="es"/);
    expect(spanishHtml).toMatch(new RegExp(`target="_self" href="/embed/${slug}/${profileSlug}`));
    expect(spanishHtml).not.toMatch(new RegExp(`href="/es/find/${slug}/${profileSlug}`));
    // The language switch opens the full site (base target: a new tab), not the frame.
    expect(spanishHtml).toMatch(new RegExp(`<a href="/find/${slug}\\?[^"]*hl=en"`));
    const resize = await ctx.app.request('/embed/resize.js');
    expect(resize.headers.get('content-type')).toContain('text/javascript');
    expect(await resize.text()).toContain('vitaeEmbedHeight');
    // The snippet is loaded by the hospital's site: readable cross-origin.
    const frame = await ctx.app.request('/embed/frame.js');
    expect(frame.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await frame.text()).toContain("'/embed/'");
    expect((await ctx.app.request('/embed/resize.js')).headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });
});

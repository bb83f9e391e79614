import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  directoryListings,
  hospitalExpertiseTerms,
  hospitals,
  hospitalSectionPermissions,
  languages,
  medicalExpertiseTerms,
  users,
} from '../../src/server/db/schema';
import { browserClient, type BrowserClient } from '../support/clients';
import { confirmProviderEmail, createAdminRow, createHospital, publishProvider, signInAdmin, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

// Issue T2 3/5 items 1 and 2: publishing rules and the public pages served as HTML.

let ctx: TestContext;
let hospitalA: typeof hospitals.$inferSelect;
let hospitalB: typeof hospitals.$inferSelect;
let adminA: BrowserClient;
let adminB: BrowserClient;
let slugA: string;
let ip = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.database.db
    .insert(languages)
    .values([
      { code: 'en', name: 'English', isQuickAdd: true, sortOrder: 1 },
      { code: 'es', name: 'Spanish', isQuickAdd: true, sortOrder: 2 },
      { code: 'pl', name: 'Polish', isQuickAdd: false, sortOrder: 3 },
    ])
    .onConflictDoNothing();
  await ctx.database.db.insert(medicalExpertiseTerms).values([
    { termId: 'CON-DIR-PSO', term: 'Psoriasis', termType: 'Condition', specialtyName: 'Dermatology' },
    { termId: 'CON-DIR-AF', term: 'Atrial fibrillation', termType: 'Condition', specialtyName: 'Cardiovascular Disease' },
    { termId: 'CON-DIR-MI', term: 'Acute myocardial infarction', termType: 'Condition', specialtyName: 'Cardiovascular Disease' },
  ]);
});

// Every test gets two hospitals of its own (directory off, nobody published) and their administrators,
// so each passes alone and in any order; the languages and terms above are read-only reference data.
beforeEach(async () => {
  slugA = `lakeside-${uniqueSuffix()}`;
  hospitalA = await createHospital(ctx, { name: `Lakeside ${uniqueSuffix()}` });
  hospitalB = await createHospital(ctx, { name: `Mercy ${uniqueSuffix()}` });
  adminA = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospitalA.id })).email);
  adminB = await signInAdmin(ctx, (await createAdminRow(ctx, { role: 'hospital_admin', hospitalId: hospitalB.id })).email);
});
afterAll(async () => {
  await ctx?.close();
});

async function provider(hospitalId: string, fullName: string) {
  const client = browserClient(ctx.app);
  const response = await client.post(
    '/api/auth/sign-up',
    { email: `pub.${uniqueSuffix()}@example.org`, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName, hospitalId },
    { 'x-forwarded-for': `203.0.113.${(ip += 1)}` },
  );
  expect(response.status).toBe(201);
  const { user } = await response.json();
  return { client, userId: user.id as string };
}

const html = async (path: string, headers: Record<string, string> = {}) => {
  const response = await ctx.app.request(path, { headers });
  return { status: response.status, body: await response.text(), headers: response.headers };
};

/** Turns hospital A's directory on at slugA, as its administrator does in the first test. */
async function openDirectoryA() {
  const saved = await adminA.put(`/api/admin/hospitals/${hospitalA.id}/directory`, {
    enabled: true,
    slug: slugA,
    requiresApproval: false,
    brandColor: '#0f766e',
  });
  expect(saved.status).toBe(200);
}

const put = async (client: BrowserClient, sectionId: string, body: unknown) => {
  const response = await client.put(`/api/profile/sections/${sectionId}`, body);
  expect(response.status, await response.clone().text()).toBe(200);
};

describe(`public directory (${databaseLabel})`, () => {
  it('is off until the hospital turns it on with an address; only its administrators change it', async () => {
    expect(await (await adminA.get(`/api/admin/hospitals/${hospitalA.id}/directory`)).json()).toEqual({
      enabled: false,
      slug: null,
      requiresApproval: false,
      rosterPreApproved: false,
      brandColor: null,
      publicPath: null,
      requestsEnabled: true,
      intakeEmail: null,
      retentionDays: 90,
    });
    const refused = await adminA.put(`/api/admin/hospitals/${hospitalA.id}/directory`, {
      enabled: true,
      slug: null,
      requiresApproval: false,
      brandColor: null,
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('Choose the directory’s address before turning it on');
    expect(
      (await adminA.put(`/api/admin/hospitals/${hospitalA.id}/directory`, { enabled: true, slug: 'Bad Slug!', requiresApproval: false, brandColor: null }))
        .status,
    ).toBe(400);
    // Another hospital's administrator can neither read nor change it.
    expect((await adminB.get(`/api/admin/hospitals/${hospitalA.id}/directory`)).status).toBe(404);
    expect(
      (await adminB.put(`/api/admin/hospitals/${hospitalA.id}/directory`, { enabled: true, slug: 'taken', requiresApproval: false, brandColor: null })).status,
    ).toBe(404);

    const saved = await adminA.put(`/api/admin/hospitals/${hospitalA.id}/directory`, {
      enabled: true,
      slug: slugA.toUpperCase(),
      requiresApproval: false,
      brandColor: '#0f766e',
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      enabled: true,
      slug: slugA,
      requiresApproval: false,
      rosterPreApproved: false,
      brandColor: '#0f766e',
      publicPath: `/find/${slugA}`,
      requestsEnabled: true,
      intakeEmail: null,
      retentionDays: 90,
    });
    const clash = await adminB.put(`/api/admin/hospitals/${hospitalB.id}/directory`, { enabled: true, slug: slugA, requiresApproval: true, brandColor: null });
    expect(clash.status).toBe(409);
    expect((await clash.json()).error.message).toBe('Another hospital already uses this address');
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'hospital.directory_updated'), eq(auditLog.targetId, hospitalA.id)));
    expect(entry?.summary).toMatchObject({ after: { enabled: true, slug: slugA } });
  });

  it('publishes what the provider chose and the hospital shows, as HTML with schema.org Physician data', async () => {
    await openDirectoryA();
    const { client, userId } = await provider(hospitalA.id, 'Beatriz Castillo');
    await put(client, 'professional_identity', {
      fullLegalName: 'Beatriz Castillo',
      jobTitle: 'Attending Cardiologist',
      firstName: 'Beatriz',
      lastName: 'Castillo',
      primarySpecialty: 'Cardiovascular Disease',
      additionalSpecialties: ['Clinical Cardiac Electrophysiology'],
      credentials: [{ type: 'degree', name: 'MD' }],
      professionalEmail: 'private.inbox@lakeside.example',
    });
    await put(client, 'biography', {
      professionalSummary: 'Cares for adults with heart rhythm disorders.',
      publicSummary: 'I treat hearts that beat too fast or too slow.',
    });
    await put(client, 'practice_essentials', { acceptingNewPatients: true, telehealthServices: ['Video visits'] });
    await put(client, 'locations', {
      items: [
        {
          locationName: 'Lakeside Heart Center',
          address: '251 E Huron St',
          city: 'Chicago',
          state: 'IL',
          postalCode: '60611',
          phoneNumber: '(312) 555-0100',
          isPrimaryLocation: true,
        },
      ],
    });
    await put(client, 'languages', { items: [{ languageCode: 'en' }, { languageCode: 'es' }] });
    await put(client, 'media_press', {
      items: [{ title: 'A shown interview', mediaType: 'interview', publicationSource: 'WBEZ', date: '2024-02-14', url: 'https://news.example/shown' }],
    });

    // Not published yet: no page, and the hospital's page lists nobody.
    expect(await (await client.get('/api/me/directory')).json()).toMatchObject({
      status: 'draft',
      publicPath: null,
      emailConfirmed: false,
      hospital: { directoryEnabled: true, requiresApproval: false },
    });
    expect((await html(`/find/${slugA}/beatriz-castillo`)).status).toBe(404);

    // Asking needs a confirmed e-mail address; a provider who joined on their own waits for the hospital.
    const unconfirmed = await client.put('/api/me/directory', { publish: true });
    expect(unconfirmed.status).toBe(409);
    expect((await unconfirmed.json()).error).toMatchObject({
      code: 'EMAIL_NOT_CONFIRMED',
      message: 'Confirm your e-mail address before publishing: open the link we e-mail you, then ask again',
    });
    await confirmProviderEmail(ctx, userId);
    expect(await (await client.put('/api/me/directory', { publish: true })).json()).toMatchObject({
      status: 'pending',
      publicPath: null,
      emailConfirmed: true,
      identityCheck: { nameCheck: 'no_npi' },
    });
    expect((await adminA.post(`/api/admin/hospitals/${hospitalA.id}/directory/listings/${userId}/approve`)).status).toBe(200);
    expect(await (await client.get('/api/me/directory')).json()).toMatchObject({ status: 'published', publicPath: `/find/${slugA}/beatriz-castillo` });

    const page = await html(`/find/${slugA}/beatriz-castillo`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('public, no-cache');
    expect(page.body).toContain('<h1>Beatriz Castillo, MD</h1>');
    expect(page.body).toContain(`<link rel="canonical" href="http://localhost:3000/find/${slugA}/beatriz-castillo"/>`);
    expect(page.body).toContain('<meta property="og:title" content="Beatriz Castillo, MD · ');
    expect(page.body).toContain('I treat hearts that beat too fast or too slow.');
    expect(page.body).toContain('Accepting new patients');
    expect(page.body).toContain('A shown interview');
    expect(page.body).not.toContain('private.inbox@lakeside.example');
    expect(page.body).not.toContain('<script src');
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(page.body)![1]!);
    expect(jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Physician',
      name: 'Beatriz Castillo, MD',
      medicalSpecialty: [
        { '@type': 'MedicalSpecialty', name: 'Cardiovascular Disease' },
        { '@type': 'MedicalSpecialty', name: 'Clinical Cardiac Electrophysiology' },
      ],
      address: { '@type': 'PostalAddress', streetAddress: '251 E Huron St', addressLocality: 'Chicago', addressRegion: 'IL', postalCode: '60611' },
      telephone: '(312) 555-0100',
      knowsLanguage: ['English', 'Spanish'],
      isAcceptingNewPatients: true,
      hospitalAffiliation: [{ '@type': 'Hospital', name: hospitalA.name }],
    });

    // The ETag answers a revalidation without the page.
    const etag = page.headers.get('etag')!;
    expect((await html(`/find/${slugA}/beatriz-castillo`, { 'if-none-match': etag })).status).toBe(304);

    // A section the hospital hides leaves the public page; a save shows at once.
    await ctx.database.db
      .insert(hospitalSectionPermissions)
      .values({ hospitalId: hospitalA.id, sectionId: 'media_press', isVisible: false, isRequired: false });
    await put(client, 'biography', {
      professionalSummary: 'Cares for adults with heart rhythm disorders.',
      publicSummary: 'Updated: fast, slow or irregular hearts.',
    });
    const after = await html(`/find/${slugA}/beatriz-castillo`);
    expect(after.body).not.toContain('A shown interview');
    expect(after.body).toContain('Updated: fast, slow or irregular hearts.');
    expect(after.headers.get('etag')).not.toBe(etag);

    // The hospital's search page and its sitemap list the provider.
    const list = await html(`/find/${slugA}?q=cardio`);
    expect(list.body).toContain(`<a href="/find/${slugA}/beatriz-castillo?from=q%3Dcardio">Beatriz Castillo</a>`);
    // A filtered search is crawlable; its canonical is the hospital's page, which search engines index.
    expect(list.body).not.toContain('name="robots"');
    expect(list.body).toContain(`<link rel="canonical" href="http://localhost:3000/find/${slugA}"/>`);
    expect((await html(`/find/${slugA}?q=dermatology`)).body).toContain('0 clinicians');
    expect((await html(`/sitemap-find-${slugA}.xml`)).body).toContain(`<loc>http://localhost:3000/find/${slugA}/beatriz-castillo</loc>`);
    expect((await html('/find')).body).toContain(`<a href="/find/${slugA}">${hospitalA.name}</a>`);
    // The sitemaps are at the root, the one folder both /find and /es/find are under (a sitemap lists only its folder's URLs).
    const index = (await html('/sitemap.xml')).body;
    expect(index).toContain(`<loc>http://localhost:3000/sitemap-find-${slugA}.xml</loc>`);
    expect(index).toContain('<loc>http://localhost:3000/sitemap-find.xml</loc>');
    // The directory's own page, in both languages.
    const directory = (await html('/sitemap-find.xml')).body;
    expect([...directory.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual(['http://localhost:3000/find', 'http://localhost:3000/es/find']);
    // One file holds this hospital's pages: the index names only it, and a second file is not there.
    expect(index).not.toContain(`/sitemap-find-${slugA}.2.xml`);
    for (const file of ['.2.xml', '.1.xml', '.x.xml', '-2.xml']) expect((await html(`/sitemap-find-${slugA}${file}`)).status).toBe(404);
    expect((await html('/sitemap-find-no-such-hospital.xml')).status).toBe(404);
    // The addresses the sitemaps had under /find redirect, permanently, to the same files.
    const moved = async (from: string) => {
      const response = await html(from);
      return [response.status, response.headers.get('location')];
    };
    expect(await moved('/find/sitemap.xml')).toEqual([301, '/sitemap.xml']);
    expect(await moved(`/find/${slugA}/sitemap.xml`)).toEqual([301, `/sitemap-find-${slugA}.xml`]);
    expect(await moved(`/find/${slugA}/sitemap-2.xml`)).toEqual([301, `/sitemap-find-${slugA}.2.xml`]);
    for (const file of ['sitemap-1.xml', 'sitemap-x.xml']) expect((await html(`/find/${slugA}/${file}`)).status).toBe(404);
    const robots = (await html('/robots.txt')).body;
    expect(robots).toContain('Allow: /find\nAllow: /es/find\nAllow: /sitemap\nDisallow: /');
    expect(robots).toContain('Sitemap: http://localhost:3000/sitemap.xml');

    // Withdrawn: gone at once; asking again goes back to the hospital.
    expect(await (await client.put('/api/me/directory', { publish: false })).json()).toMatchObject({ status: 'withdrawn' });
    expect((await html(`/find/${slugA}/beatriz-castillo`)).status).toBe(404);
    expect(await (await client.put('/api/me/directory', { publish: true })).json()).toMatchObject({ status: 'pending' });
    const [listing] = await ctx.database.db.select().from(directoryListings).where(eq(directoryListings.userId, userId));
    expect(listing).toMatchObject({ hospitalId: hospitalA.id, status: 'pending', slug: 'beatriz-castillo' });
  });

  it('waits for approval where the hospital asks for it; an unpublished provider must ask again', async () => {
    await adminA.put(`/api/admin/hospitals/${hospitalA.id}/directory`, { enabled: true, slug: slugA, requiresApproval: true, brandColor: null });
    const { client, userId } = await provider(hospitalA.id, 'Dr. Ana María Núñez, DO');
    await confirmProviderEmail(ctx, userId);
    const asked = await (await client.put('/api/me/directory', { publish: true })).json();
    expect(asked).toMatchObject({ status: 'pending', publicPath: null });
    expect((await html(`/find/${slugA}/ana-maria-nunez`)).status).toBe(404);

    const listings = (await (await adminA.get(`/api/admin/hospitals/${hospitalA.id}/directory/listings`)).json()).items;
    expect(listings[0]).toMatchObject({ userId, fullName: 'Ana María Núñez', status: 'pending' });
    expect((await adminB.post(`/api/admin/hospitals/${hospitalA.id}/directory/listings/${userId}/approve`)).status).toBe(404);
    expect((await adminA.post(`/api/admin/hospitals/${hospitalA.id}/directory/listings/${userId}/approve`)).status).toBe(200);
    expect((await html(`/find/${slugA}/ana-maria-nunez`)).status).toBe(200);
    expect((await adminA.post(`/api/admin/hospitals/${hospitalA.id}/directory/listings/${userId}/approve`)).status).toBe(409);

    expect((await adminA.post(`/api/admin/hospitals/${hospitalA.id}/directory/listings/${userId}/unpublish`)).status).toBe(200);
    expect((await html(`/find/${slugA}/ana-maria-nunez`)).status).toBe(404);
    expect(await (await client.get('/api/me/directory')).json()).toMatchObject({ status: 'removed' });
    // Asking again goes back to the hospital, even if it stops requiring approval.
    await adminA.put(`/api/admin/hospitals/${hospitalA.id}/directory`, { enabled: true, slug: slugA, requiresApproval: false, brandColor: null });
    expect(await (await client.put('/api/me/directory', { publish: true })).json()).toMatchObject({ status: 'pending' });
    const actions = await ctx.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, userId));
    expect(
      actions
        .map((a) => a.action)
        .filter((a) => a.startsWith('directory.'))
        .sort(),
    ).toEqual(['directory.listing_approved', 'directory.listing_requested', 'directory.listing_requested', 'directory.listing_unpublished']);
  });

  it('takes a page down at once when the provider moves, or the hospital turns its directory off or is deactivated', async () => {
    await openDirectoryA();
    const { client, userId } = await provider(hospitalA.id, 'Kofi Mensah');
    expect(await publishProvider(ctx, client, userId, adminA)).toBe(`/find/${slugA}/kofi-mensah`);
    expect((await html(`/find/${slugA}/kofi-mensah`)).status).toBe(200);
    // A second provider with the same name gets the next free address.
    const twin = await provider(hospitalA.id, 'Kofi Mensah');
    expect(await publishProvider(ctx, twin.client, twin.userId, adminA)).toBe(`/find/${slugA}/kofi-mensah-2`);

    await ctx.database.db.update(hospitals).set({ directoryEnabled: false }).where(eq(hospitals.id, hospitalA.id));
    expect((await html(`/find/${slugA}/kofi-mensah`)).status).toBe(404);
    expect((await html(`/find/${slugA}`)).status).toBe(404);
    await ctx.database.db.update(hospitals).set({ directoryEnabled: true }).where(eq(hospitals.id, hospitalA.id));
    expect((await html(`/find/${slugA}/kofi-mensah`)).status).toBe(200);

    await ctx.database.db.update(hospitals).set({ isActive: false }).where(eq(hospitals.id, hospitalA.id));
    expect((await html(`/find/${slugA}/kofi-mensah`)).status).toBe(404);
    await ctx.database.db.update(hospitals).set({ isActive: true }).where(eq(hospitals.id, hospitalA.id));

    await ctx.database.db.update(users).set({ hospitalId: hospitalB.id }).where(eq(users.id, userId));
    expect((await html(`/find/${slugA}/kofi-mensah`)).status).toBe(404);
    expect(await (await client.get('/api/me/directory')).json()).toMatchObject({ status: 'draft' });
    // Moved back, the provider is not published again without asking and the hospital approving.
    await ctx.database.db.update(users).set({ hospitalId: hospitalA.id }).where(eq(users.id, userId));
    expect((await html(`/find/${slugA}/kofi-mensah`)).status).toBe(404);
    expect(await (await client.get('/api/me/directory')).json()).toMatchObject({ status: 'draft' });
    const reset = await ctx.database.db
      .select({ action: auditLog.action, summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, userId), eq(auditLog.action, 'directory.listing_reset')));
    expect(reset).toEqual([{ action: 'directory.listing_reset', summary: { from: 'published', to: 'draft', because: 'hospital_changed' } }]);
    expect((await html('/find/not-a-hospital')).status).toBe(404);
    expect((await html('/find/%3Cscript%3E')).status).toBe(404);
  });

  it('finds providers the way patients search: a condition, a ZIP code or city, a language, accepting, video visits; typos tolerated; ranked; with facets', async () => {
    const hospital = await createHospital(ctx, { name: `Search ${uniqueSuffix()}` });
    const slug = `search-${uniqueSuffix()}`;
    await ctx.database.db.update(hospitals).set({ directoryEnabled: true, directorySlug: slug }).where(eq(hospitals.id, hospital.id));
    // A term of the hospital's own with the synonym its patients use.
    await ctx.database.db.insert(hospitalExpertiseTerms).values({
      hospitalId: hospital.id,
      termId: 'H-DIR-T2D',
      term: 'Type 2 diabetes mellitus',
      termType: 'Condition',
      specialtyName: 'Family Medicine',
      synonyms: ['sugar diabetes'],
      searchKeywords: ['adult-onset diabetes'],
    });
    const make = async (name: string, specialty: string, zip: string, city: string, langs: string[], accepting: boolean, video: boolean, termIds: string[]) => {
      const { client, userId } = await provider(hospital.id, name);
      const [first, last] = name.split(' ');
      await put(client, 'professional_identity', {
        fullLegalName: name,
        firstName: first,
        lastName: last,
        jobTitle: 'Physician',
        professionalEmail: `${first!.toLowerCase()}@example.org`,
        primarySpecialty: specialty,
      });
      await put(client, 'locations', {
        items: [{ locationName: `${city} office`, address: '1 Main St', city, state: 'IL', postalCode: zip, isPrimaryLocation: true }],
      });
      await put(client, 'languages', { items: langs.map((languageCode) => ({ languageCode })) });
      await put(client, 'practice_essentials', { acceptingNewPatients: accepting, telehealthServices: video ? ['Video visits'] : [] });
      if (termIds.length) await put(client, 'medical_expertise', { items: termIds.map((termId) => ({ termId })) });
      await publishProvider(ctx, client, userId);
    };
    await make('Priya Raman', 'Dermatology', '60076', 'Skokie', ['en', 'es'], true, true, ['CON-DIR-PSO']);
    await make('Naomi Brooks', 'Dermatology', '60035', 'Highland Park', ['en'], false, false, ['CON-DIR-PSO']);
    await make('Daniel Kowalski', 'Cardiovascular Disease', '60611', 'Chicago', ['en', 'pl'], true, false, ['CON-DIR-AF', 'CON-DIR-MI']);
    await make('Psoriasa Smith', 'Family Medicine', '60201', 'Evanston', ['en'], true, false, ['H-DIR-T2D']);

    // A result's link carries the search in `from` (for the profile's "Back to results").
    const names = (body: string) => [...body.matchAll(new RegExp(`<a href="/find/${slug}/[a-z0-9-]+(?:\\?from=[^"]*)?">([^<]+)</a>`, 'g'))].map((m) => m[1]);
    // A condition: everyone who treats it; a ZIP code within 5 miles narrows to the office there
    // (Highland Park is 10 miles from Skokie's 60076, inside the default 25: directory-places.test.ts).
    expect(names((await html(`/find/${slug}?q=psoriasis`)).body).sort()).toEqual(['Naomi Brooks', 'Priya Raman']);
    expect(names((await html(`/find/${slug}?q=psoriasis&near=60076&radius=5`)).body)).toEqual(['Priya Raman']);
    expect(names((await html(`/find/${slug}?q=psoriasis&near=600`)).body).sort()).toEqual(['Naomi Brooks', 'Priya Raman']);
    expect(names((await html(`/find/${slug}?near=highland%20park&radius=5`)).body)).toEqual(['Naomi Brooks']);
    // A name first, then the specialty and the condition.
    expect(names((await html(`/find/${slug}?q=psoria`)).body)).toEqual(['Psoriasa Smith', 'Naomi Brooks', 'Priya Raman']);
    // Everyday words find the clinical term; a hospital term's synonyms and keywords find it too.
    expect(names((await html(`/find/${slug}?q=heart%20attack`)).body)).toEqual(['Daniel Kowalski']);
    expect(names((await html(`/find/${slug}?q=sugar`)).body)).toEqual(['Psoriasa Smith']);
    expect(names((await html(`/find/${slug}?q=adult-onset`)).body)).toEqual(['Psoriasa Smith']);
    // Typos still find the provider or the specialty.
    expect(names((await html(`/find/${slug}?q=Kowalsky`)).body)).toEqual(['Daniel Kowalski']);
    expect(names((await html(`/find/${slug}?q=dermatolgy`)).body).sort()).toEqual(['Naomi Brooks', 'Priya Raman']);
    // Language, accepting new patients, video visits.
    expect(names((await html(`/find/${slug}?lang=pl`)).body)).toEqual(['Daniel Kowalski']);
    expect(names((await html(`/find/${slug}?q=dermatology&accepting=1`)).body)).toEqual(['Priya Raman']);
    expect(names((await html(`/find/${slug}?video=1`)).body)).toEqual(['Priya Raman']);
    // Facets: specialties of the current results, languages with their counts.
    const all = (await html(`/find/${slug}`)).body;
    expect(all).toContain('Dermatology (2)</a>');
    expect(all).toContain('<option value="pl">Polish (1)</option>');
    expect(all).toContain('4 clinicians');
  });

  it('refuses a provider without a hospital, and signed-out callers', async () => {
    const client = browserClient(ctx.app);
    const signUp = await client.post(
      '/api/auth/sign-up',
      { email: `nohospital.${uniqueSuffix()}@example.org`, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName: 'No Hospital' },
      { 'x-forwarded-for': `203.0.113.${(ip += 1)}` },
    );
    expect(signUp.status).toBe(201);
    const refused = await client.put('/api/me/directory', { publish: true });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe('Join a hospital before publishing your profile');
    expect((await browserClient(ctx.app).put('/api/me/directory', { publish: true })).status).toBe(401);
  });
});

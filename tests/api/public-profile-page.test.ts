import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { AnyNode, Element } from 'domhandler';
import { findAll, findOne, getAttributeValue, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hospitalSectionPermissions, hospitals, languages, locations, medicalExpertiseTerms, professionalIdentity } from '../../src/server/db/schema';
import { browserClient, type BrowserClient } from '../support/clients';
import { createHospital, publishProvider, uniqueSuffix } from '../support/factories';
import { fillFullProfile } from '../support/full-profile';
import { schemaOrgProblems } from '../support/schema-org';
import { createTestApp, TEST_ORIGIN, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

// Issue 33 items 1 and 7: the whole public profile (every section a patient needs, in their words,
// with working links: call, directions, PubMed, DOI, ClinicalTrials.gov, the NPI registry), a way
// back to the search, and schema.org data that keeps to schema.org's definitions.

const NPI = '1245319599';
let ctx: TestContext;
let storageDir: string;
let hospital: typeof hospitals.$inferSelect;
let client: BrowserClient;
let userId: string;
let photo: string;
const slug = `page-${uniqueSuffix()}`;
const profilePath = () => `/find/${slug}/beatriz-elena-castillo`;

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'vitae-page-photos-'));
  ctx = await createTestApp({ STORAGE_DIR: storageDir });
  const db = ctx.database.db;
  await db
    .insert(languages)
    .values([
      { code: 'en', name: 'English', isQuickAdd: true, sortOrder: 1 },
      { code: 'es', name: 'Spanish', isQuickAdd: true, sortOrder: 2 },
      { code: 'pt', name: 'Portuguese', isQuickAdd: false, sortOrder: 3 },
    ])
    .onConflictDoNothing();
  const suffix = uniqueSuffix();
  const termIds = Array.from({ length: 12 }, (_, i) => `PAGE-${suffix}-${i}`);
  await db.insert(medicalExpertiseTerms).values(
    termIds.map((termId, i) => ({
      termId,
      term: i === 0 ? 'Essential hypertension' : i === 1 ? 'Catheter ablation of atrial tissue' : `Page condition ${i}`,
      termType: i === 1 ? 'Procedure' : 'Condition',
      specialtyName: 'Cardiology',
    })),
  );
  hospital = await createHospital(ctx, { name: `Lakeside ${suffix}`, contactPhone: '(312) 555-0199', address: '100 Lake Shore Dr, Chicago, IL 60611' });
  await db.update(hospitals).set({ directoryEnabled: true, directorySlug: slug }).where(eq(hospitals.id, hospital.id));

  client = browserClient(ctx.app);
  const signUp = await client.post(
    '/api/auth/sign-up',
    {
      email: `page.${suffix}@example.org`,
      password: 'a long passphrase',
      agreedToTerms: true,
      agreedToPrivacy: true,
      fullName: 'Beatriz Elena Castillo',
      hospitalId: hospital.id,
    },
    { 'x-forwarded-for': '198.51.100.7' },
  );
  expect(signUp.status).toBe(201);
  userId = (await signUp.json()).user.id;
  await fillFullProfile(
    async (sectionId, body) => {
      const withNpi = sectionId === 'professional_identity' ? { ...(body as object), npiNumber: NPI } : body;
      const saved = await client.put(`/api/profile/sections/${sectionId}`, withNpi);
      expect(saved.status, await saved.clone().text()).toBe(200);
    },
    { termIds },
  );
  const form = new FormData();
  const picture = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 27, g: 85, b: 166 } } })
    .png()
    .toBuffer();
  form.append('file', new File([new Uint8Array(picture)], 'me.png', { type: 'image/png' }));
  const uploaded = await ctx.app.request('/api/profile/photo', { method: 'POST', body: form, headers: { origin: TEST_ORIGIN, ...client.jar.header() } });
  expect(uploaded.status, await uploaded.clone().text()).toBe(201);
  photo = (await uploaded.json()).profilePhoto;
  expect(await publishProvider(ctx, client, userId)).toBe(profilePath());
});
afterAll(async () => {
  await ctx?.close();
  await rm(storageDir, { recursive: true, force: true });
});

async function page(path: string) {
  const response = await ctx.app.request(path);
  const html = await response.text();
  const document = parseDocument(html);
  return { response, html, document };
}

type Document = ReturnType<typeof parseDocument>;
type Test = (element: Element) => boolean;
const tag =
  (name: string, also: Test = () => true): Test =>
  (e) =>
    e.name === name && also(e);
const withClass =
  (className: string): Test =>
  (e) =>
    (getAttributeValue(e, 'class') ?? '').split(' ').includes(className);
const nodes = (root: AnyNode | Document) => ('children' in root ? root.children : []);
const selectAll = (test: Test, root: AnyNode | Document) => findAll(test, nodes(root));
const selectOne = (test: Test, root: AnyNode | Document) => findOne(test, nodes(root));
/** An element inside the first element `outer` matches. */
const within = (outer: Test, inner: Test, root: Document) => selectOne(inner, selectOne(outer, root)!);
/** Text as a reader sees it: a line break reads as a space. */
const spacedText = (node: AnyNode): string =>
  node.type === 'text'
    ? (node as unknown as { data: string }).data
    : (node as Element).name === 'br'
      ? ' '
      : 'children' in node
        ? node.children.map(spacedText).join('')
        : '';

/** A section of the profile by its heading's words: its text and its links. */
function section(document: Document, heading: string) {
  const h2 = selectAll(
    tag('h2', (h) => (h.parent as Element).name === 'section'),
    document,
  ).find((h) => textContent(h) === heading);
  if (!h2) throw new Error(`no section "${heading}"`);
  const element = h2.parent as Element;
  return {
    text: spacedText(element).replace(/\s+/g, ' '),
    links: selectAll(tag('a'), element).map((a) => ({ text: textContent(a).replace(/\s+/g, ' ').trim(), href: getAttributeValue(a, 'href') })),
  };
}
const jsonLdOf = (document: Document) =>
  JSON.parse(
    textContent(
      selectOne(
        tag('script', (e) => getAttributeValue(e, 'type') === 'application/ld+json'),
        document,
      )!,
    ),
  );

describe(`the public profile page (${databaseLabel})`, () => {
  it('shows the photo in its sizes, the name with credentials, specialties, accepting and video visits', async () => {
    const { response, document, html } = await page(profilePath());
    expect(response.status).toBe(200);
    expect(textContent(selectOne(tag('h1'), document)!)).toBe('Beatriz Elena Castillo, MD, MPH');
    const img = within(withClass('profile-head'), tag('img'), document)!;
    expect(getAttributeValue(img, 'src')).toBe(photo.replace(/-400\.jpg$/, '-192.jpg'));
    expect(getAttributeValue(img, 'sizes')).toBe('128px');
    expect(getAttributeValue(img, 'alt')).toBe('Photo of Beatriz Elena Castillo, MD, MPH');
    expect(getAttributeValue(img, 'srcset')).toContain('-192.jpg 192w');
    expect(getAttributeValue(within(withClass('profile-head'), tag('source'), document)!, 'type')).toBe('image/webp');
    expect(html).toContain('Cardiovascular Disease · Clinical Cardiac Electrophysiology');
    expect(html).toContain('<span class="pill ok">Accepting new patients</span>');
    expect(html).toContain('<span class="pill">Video visits</span>');
    // Open Graph: the photo as an absolute URL for link previews.
    expect(html).toContain(`<meta property="og:image" content="${TEST_ORIGIN}${photo}"/>`);
    expect(html).toContain('<meta property="og:type" content="profile"/>');
  });

  it('gives each location its address, a tap-to-call link and a directions link', async () => {
    const { document } = await page(profilePath());
    const locations = section(document, 'Locations');
    expect(locations.text).toContain('Lakeside Heart Center');
    expect(locations.text).toContain('251 E Huron St, Suite 8-100');
    expect(locations.text).toContain('Chicago, IL 60611');
    expect(locations.links).toContainEqual({ text: 'Call (312) 555-0100', href: 'tel:3125550100' });
    expect(locations.links).toContainEqual({ text: 'Call (847) 555-0110', href: 'tel:8475550110' });
    const directions = locations.links.find((l) => l.text.startsWith('Directions to Lakeside Heart Center'))!;
    expect(new URL(directions.href!).searchParams.get('query')).toBe('251 E Huron St, Suite 8-100, Chicago, IL 60611');
    // The primary office comes first.
    expect(locations.text.indexOf('Lakeside Heart Center')).toBeLessThan(locations.text.indexOf('Evanston Office'));
  });

  it('names conditions in plain words beside the clinical name', async () => {
    const { document } = await page(profilePath());
    const expertise = section(document, 'Conditions and treatments');
    expect(expertise.text).toContain('high blood pressure (Essential hypertension)');
    expect(expertise.text).toContain('Page condition 2');
    // Conditions before procedures.
    expect(expertise.text.indexOf('Page condition 2')).toBeLessThan(expertise.text.indexOf('Catheter ablation of atrial tissue'));
  });

  it('lists languages, insurance, education, board certifications, affiliations and awards', async () => {
    const { document } = await page(profilePath());
    expect(section(document, 'Languages spoken').text).toContain('Portuguese');
    expect(section(document, 'Insurance accepted').text).toMatch(/Blue Cross Blue Shield.*Medicare.*Aetna/);
    const education = section(document, 'Education and training').text;
    expect(education).toContain('Residency Massachusetts General Hospital, Internal Medicine · 2009');
    expect(education).toContain('Fellowship Brigham and Women’s Hospital, Cardiovascular Disease · 2012');
    expect(education).toContain('University of Michigan Medical School, MD · 2006');
    expect(section(document, 'Board certifications').text).toContain('Clinical Cardiac Electrophysiology, ABIM · certified 2014');
    expect(section(document, 'Hospital affiliations').text).toContain('Evanston General');
    expect(section(document, 'Awards and recognition').text).toContain('Top Doctors, Chicago Magazine, 2023');
  });

  it('links each publication to PubMed and its DOI, with journal and year, the rest behind "Show more"', async () => {
    const { document } = await page(profilePath());
    const publications = section(document, 'Publications');
    expect(publications.text).toContain('Outcomes of catheter ablation for atrial fibrillation in older adults: cohort 1');
    expect(publications.text).toContain('Circulation, 2010');
    expect(publications.links).toContainEqual({
      text: 'PubMed: Outcomes of catheter ablation for atrial fibrillation in older adults: cohort 1',
      href: 'https://pubmed.ncbi.nlm.nih.gov/30000000/',
    });
    expect(publications.links).toContainEqual({ text: 'DOI 10.1161/CIRCEP.2010.1000', href: 'https://doi.org/10.1161/CIRCEP.2010.1000' });
    expect(publications.links.filter((l) => l.text.startsWith('PubMed'))).toHaveLength(15);
    expect(
      textContent(
        within(
          tag('section', (e) => getAttributeValue(e, 'aria-labelledby') === 's-publications'),
          tag('summary'),
          document,
        )!,
      ),
    ).toBe('Show 10 more');
  });

  it('gives each clinical trial its status, phase, role and ClinicalTrials.gov link', async () => {
    const { document } = await page(profilePath());
    const trials = section(document, 'Clinical trials');
    expect(trials.links).toContainEqual({ text: 'Early Rhythm Control in Atrial Fibrillation, study 1', href: 'https://clinicaltrials.gov/study/NCT04000000' });
    expect(trials.text).toContain('Recruiting Phase 3 · Principal investigator · NCT04000000 on ClinicalTrials.gov');
    expect(trials.text).toContain('Completed Phase 2 · Sub investigator');
    expect(section(document, 'In the news').links[0]).toEqual({
      text: 'What to know about a racing heart, part 1',
      href: 'https://news.example/heart-rhythm-1',
    });
  });

  it('shows the NPI small, linked to the national registry', async () => {
    const { document } = await page(profilePath());
    const registry = selectOne(tag('p', withClass('registry')), document)!;
    expect(textContent(registry)).toContain(`National Provider Identifier (NPI) ${NPI}`);
    expect(getAttributeValue(selectOne(tag('a'), registry)!, 'href')).toBe(`https://npiregistry.cms.hhs.gov/provider-view/${NPI}`);
  });

  it('orders the sections as a patient reads them', async () => {
    const { document } = await page(profilePath());
    const headings = selectAll(tag('h2'), selectOne(tag('article'), document)!).map((h) => textContent(h));
    const order = [
      'Locations',
      'About',
      'Conditions and treatments',
      'Insurance accepted',
      'Languages spoken',
      'Education and training',
      'Board certifications',
      'Publications',
      'Clinical trials',
      'In the news',
    ];
    const positions = order.map((heading) => headings.indexOf(heading));
    expect(
      positions.every((p) => p >= 0),
      headings.join(' | '),
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('carries the search into each result and back: "Back to results" returns to the same search', async () => {
    const search = `/find/${slug}?q=castillo&near=Chicago&accepting=1`;
    const { document } = await page(search);
    const link = selectAll(tag('a'), document).find((a) => textContent(a) === 'Beatriz Elena Castillo')!;
    const href = getAttributeValue(link, 'href')!;
    const url = new URL(href, TEST_ORIGIN);
    expect(url.pathname).toBe(profilePath());
    expect(new URLSearchParams(url.searchParams.get('from')!).get('q')).toBe('castillo');

    const profile = await page(href);
    expect(profile.response.status).toBe(200);
    const back = selectOne(tag('a', withClass('back')), profile.document)!;
    expect(textContent(back)).toBe('← Back to results');
    const backUrl = new URL(getAttributeValue(back, 'href')!, TEST_ORIGIN);
    expect(backUrl.pathname).toBe(`/find/${slug}`);
    expect(Object.fromEntries(backUrl.searchParams)).toMatchObject({ q: 'castillo', near: 'Chicago', accepting: '1' });
    // The same page for search engines: one canonical URL, whatever search led there; cacheable.
    expect(profile.html).toContain(`<link rel="canonical" href="${TEST_ORIGIN}${profilePath()}"/>`);
    expect(profile.response.headers.get('cache-control')).toBe('public, no-cache');

    // Without a search, the link leads to the hospital's directory.
    const direct = await page(profilePath());
    expect(getAttributeValue(selectOne(tag('a', withClass('back')), direct.document)!, 'href')).toBe(`/find/${slug}`);
  });

  it('never lets "from" lead anywhere but this hospital’s search', async () => {
    for (const from of ['//evil.example/x', 'javascript:alert(1)', 'q=a&">=<script>', `a=${'x'.repeat(700)}`, '%0d%0aSet-Cookie:%20a=b']) {
      const { document, response } = await page(`${profilePath()}?from=${encodeURIComponent(from)}`);
      expect(response.status).toBe(200);
      const href = getAttributeValue(selectOne(tag('a', withClass('back')), document)!, 'href')!;
      expect(href.startsWith(`/find/${slug}`), href).toBe(true);
      expect(new URL(href, TEST_ORIGIN).origin).toBe(TEST_ORIGIN);
      expect(href).not.toMatch(/[<>"\s]/);
    }
  });

  it('describes the physician in schema.org terms that schema.org defines', async () => {
    const { document } = await page(profilePath());
    const ld = jsonLdOf(document);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Physician',
      name: 'Beatriz Elena Castillo, MD, MPH',
      url: `${TEST_ORIGIN}${profilePath()}`,
      image: `${TEST_ORIGIN}${photo}`,
      usNPI: NPI,
      medicalSpecialty: [
        { '@type': 'MedicalSpecialty', name: 'Cardiovascular Disease' },
        { '@type': 'MedicalSpecialty', name: 'Clinical Cardiac Electrophysiology' },
      ],
      availableService: [{ '@type': 'MedicalProcedure', name: 'Catheter ablation of atrial tissue' }],
      address: {
        '@type': 'PostalAddress',
        streetAddress: '251 E Huron St, Suite 8-100',
        addressLocality: 'Chicago',
        addressRegion: 'IL',
        postalCode: '60611',
        addressCountry: 'US',
      },
      telephone: '(312) 555-0100',
      knowsLanguage: ['English', 'Spanish', 'Portuguese'],
      isAcceptingNewPatients: true,
      hospitalAffiliation: [
        { '@type': 'Hospital', name: hospital.name },
        { '@type': 'Hospital', name: 'Lakeside Hospital' },
        { '@type': 'Hospital', name: 'Evanston General' },
      ],
    });
    expect(ld.knowsAbout).toContain('Essential hypertension');
    expect(schemaOrgProblems(ld, 'Physician')).toEqual([]);
  });

  it('gives the office’s coordinates as schema.org geo, only while the hospital shows the locations', async () => {
    // The primary office (Chicago 60611) got its ZIP's centroid when the section was saved.
    const [office] = await ctx.database.db
      .select()
      .from(locations)
      .where(and(eq(locations.userId, userId), eq(locations.isPrimary, true)));
    expect(office!.latitude).toBeCloseTo(41.89, 1);
    expect(office!.longitude).toBeCloseTo(-87.62, 1);
    const ld = jsonLdOf((await page(profilePath())).document);
    expect(ld.geo).toEqual({ '@type': 'GeoCoordinates', latitude: office!.latitude, longitude: office!.longitude });
    expect(schemaOrgProblems(ld, 'Physician')).toEqual([]);
    // The hospital hides the locations section: no address, no geo, no coordinates anywhere in the page.
    const setVisible = (isVisible: boolean) =>
      ctx.database.db
        .insert(hospitalSectionPermissions)
        .values({ hospitalId: hospital.id, sectionId: 'locations', isVisible, isRequired: false })
        .onConflictDoUpdate({ target: [hospitalSectionPermissions.hospitalId, hospitalSectionPermissions.sectionId], set: { isVisible, isRequired: false } });
    await setVisible(false);
    try {
      const hidden = await page(profilePath());
      expect(jsonLdOf(hidden.document).geo).toBeUndefined();
      expect(jsonLdOf(hidden.document).address).toBeUndefined();
      expect(hidden.html).not.toContain(String(office!.latitude));
    } finally {
      await setVisible(true);
    }
    // An office without coordinates (a ZIP the data does not know): no geo rather than a made-up point.
    const { physicianJsonLd } = await import('../../src/server/modules/directory/pages');
    const base = {
      name: 'A B',
      credentials: [],
      photo: null,
      npi: null,
      primarySpecialty: null,
      additionalSpecialties: [],
      expertise: [],
      languages: [],
      acceptingNewPatients: null,
      insurance: [],
      hospitalAffiliations: [],
    };
    const location = {
      id: 'l',
      name: 'Office',
      address: '1 Main St',
      addressLine2: null,
      city: 'Evanston',
      state: 'IL',
      postalCode: '60201',
      phone: null,
      isPrimary: true,
    };
    const without = physicianJsonLd(
      { ...base, locations: [{ ...location, latitude: null, longitude: null }] } as never,
      'https://x.example/p',
      hospital as never,
    );
    expect(without.geo).toBeUndefined();
  });

  it('describes the hospital page as a schema.org Hospital', async () => {
    const { document, html } = await page(`/find/${slug}`);
    const ld = jsonLdOf(document);
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Hospital',
      name: hospital.name,
      url: `${TEST_ORIGIN}/find/${slug}`,
      address: '100 Lake Shore Dr, Chicago, IL 60611',
      telephone: '(312) 555-0199',
    });
    expect(schemaOrgProblems(ld, 'Hospital')).toEqual([]);
    expect(html).toContain('<meta property="og:type" content="website"/>');
  });

  it('the schema.org check refuses what schema.org does not define', () => {
    // So the checks above can fail: a made-up property, a property of another type, a value out of range.
    expect(schemaOrgProblems({ '@context': 'https://schema.org', '@type': 'Physician', name: 'A', favouriteColour: 'blue' }, 'Physician').join('\n')).toMatch(
      /favouriteColour/,
    );
    expect(schemaOrgProblems({ '@context': 'https://schema.org', '@type': 'Hospital', name: 'A', hospitalAffiliation: [] }, 'Hospital').join('\n')).toMatch(
      /hospitalAffiliation/,
    );
    expect(schemaOrgProblems({ '@context': 'https://schema.org', '@type': 'Physician', isAcceptingNewPatients: 'yes' }, 'Physician')).not.toEqual([]);
  });

  it('hides the photo with the identity section, like every other part of it', async () => {
    // The photo belongs to the professional identity: public-surface.test.ts walks the rest.
    await ctx.database.db.update(professionalIdentity).set({ profilePhoto: null }).where(eq(professionalIdentity.userId, userId));
    try {
      const { html, document } = await page(profilePath());
      expect(html).not.toContain('og:image');
      expect(textContent(within(withClass('profile-head'), withClass('initials'), document)!)).toBe('BC');
    } finally {
      await ctx.database.db.update(professionalIdentity).set({ profilePhoto: photo }).where(eq(professionalIdentity.userId, userId));
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryListings, hospitals, languages, locations, medicalExpertiseTerms } from '../../src/server/db/schema';
import { backfillLocationCoordinates } from '../../src/server/db/seed/location-coordinates';
import { browserClient } from '../support/clients';
import { createHospital, publishProvider, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

// Issue 33 items 3 and 5: places ("City, ST", "City ST", "city", a ZIP), real distance with a radius,
// insurance / language / specialty filters with honest facet counts, and no dead ends.

let ctx: TestContext;
let hospital: typeof hospitals.$inferSelect;
const slug = `places-${uniqueSuffix()}`;
let ip = 0;

/** Real ZIP centroids (the zipcodes package's), written out here so the distances are computed by hand. */
const CENTROIDS = {
  '60201': [42.0546, -87.6943], // Evanston
  '60076': [42.0362, -87.7328], // Skokie
  '60611': [41.8971, -87.6223], // Chicago
  '60302': [41.8925, -87.7895], // Oak Park
  '60540': [41.7662, -88.141], // Naperville
} as const;
/** Evanston, IL: the middle of its six ZIPs' centroids (60201-60204, 60208, 60209), rounded to 4 places. */
const EVANSTON_IL = [42.0471, -87.6921] as const;

/** Haversine on a 3,958.8-mile Earth, the textbook formula, independent of the server's code. */
function haversineMiles([lat1, lon1]: readonly [number, number], [lat2, lon2]: readonly [number, number]) {
  const rad = Math.PI / 180;
  const h = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(h));
}
const label = (miles: number) => `${(Math.round(miles * 10) / 10).toFixed(1)} mi`;

interface Clinician {
  name: string;
  zip: keyof typeof CENTROIDS;
  city: string;
  specialty: string;
  insurance: string[];
  languages: string[];
  accepting: boolean;
  video: boolean;
  psoriasis?: boolean;
}

const CLINICIANS: Clinician[] = [
  {
    name: 'Ada Evans',
    zip: '60201',
    city: 'Evanston',
    specialty: 'Cardiovascular Disease',
    insurance: ['Aetna'],
    languages: ['en', 'es'],
    accepting: true,
    video: false,
  },
  {
    name: 'Ben Skok',
    zip: '60076',
    city: 'Skokie',
    specialty: 'Cardiovascular Disease',
    insurance: ['Medicare'],
    languages: ['en'],
    accepting: false,
    video: false,
  },
  {
    name: 'Cora Chi',
    zip: '60611',
    city: 'Chicago',
    specialty: 'Dermatology',
    insurance: ['Aetna'],
    languages: ['es'],
    accepting: true,
    video: true,
    psoriasis: true,
  },
  { name: 'Dan Oak', zip: '60302', city: 'Oak Park', specialty: 'Cardiovascular Disease', insurance: [], languages: [], accepting: true, video: false },
  {
    name: 'Eve Naper',
    zip: '60540',
    city: 'Naperville',
    specialty: 'Dermatology',
    insurance: ['Medicare'],
    languages: [],
    accepting: true,
    video: false,
    psoriasis: true,
  },
];

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  await db
    .insert(languages)
    .values([
      { code: 'en', name: 'English', isQuickAdd: true, sortOrder: 1 },
      { code: 'es', name: 'Spanish', isQuickAdd: true, sortOrder: 2 },
    ])
    .onConflictDoNothing();
  const termId = `CON-PLACES-${uniqueSuffix()}`;
  await db.insert(medicalExpertiseTerms).values({ termId, term: 'Psoriasis', termType: 'Condition', specialtyName: 'Dermatology' });
  hospital = await createHospital(ctx, { name: `Places ${uniqueSuffix()}` });
  await db.update(hospitals).set({ directoryEnabled: true, directorySlug: slug }).where(eq(hospitals.id, hospital.id));

  // Each clinician saves their sections through the API, so the locations get their coordinates the way a real save does.
  for (const person of CLINICIANS) {
    const client = browserClient(ctx.app);
    const signUp = await client.post(
      '/api/auth/sign-up',
      {
        email: `places.${uniqueSuffix()}@example.org`,
        password: 'a long passphrase',
        agreedToTerms: true,
        agreedToPrivacy: true,
        fullName: person.name,
        hospitalId: hospital.id,
      },
      { 'x-forwarded-for': `198.51.100.${(ip += 1)}` },
    );
    expect(signUp.status).toBe(201);
    const userId = (await signUp.json()).user.id as string;
    const [first, last] = person.name.split(' ');
    const put = async (sectionId: string, body: unknown) => {
      const saved = await client.put(`/api/profile/sections/${sectionId}`, body);
      expect(saved.status, await saved.clone().text()).toBe(200);
    };
    await put('professional_identity', {
      fullLegalName: person.name,
      firstName: first,
      lastName: last,
      jobTitle: 'Physician',
      professionalEmail: `${first!.toLowerCase()}@places.example`,
      primarySpecialty: person.specialty,
      credentials: [{ type: 'degree', name: 'MD' }],
    });
    await put('practice_essentials', { acceptingNewPatients: person.accepting, telehealthServices: person.video ? ['Video visits'] : [] });
    await put('locations', {
      items: [
        {
          locationName: `${person.city} office`,
          address: '1 Main St',
          city: person.city,
          state: 'IL',
          postalCode: person.zip,
          isPrimaryLocation: true,
          telehealthAvailable: person.video,
        },
      ],
    });
    if (person.languages.length) await put('languages', { items: person.languages.map((languageCode) => ({ languageCode })) });
    if (person.insurance.length) await put('insurance', { items: person.insurance.map((insuranceName) => ({ insuranceName })) });
    if (person.psoriasis) await put('medical_expertise', { items: [{ termId }] });
    await publishProvider(ctx, client, userId);
  }
});
afterAll(async () => {
  await ctx?.close();
});

const page = async (query: string) => {
  const response = await ctx.app.request(`/find/${slug}${query}`);
  expect(response.status).toBe(200);
  return response.text();
};
/** The result cards in order: each clinician's name and the distance the card shows. */
const cards = (html: string) =>
  [...html.matchAll(/<li class="card person">.*?<a href="[^"]*">([^<]+)<\/a>.*?<p class="muted">([^<]*)<\/p><\/div><\/li>/g)].map((m) => ({
    name: m[1]!,
    distance: /^(\d+\.\d) mi/.exec(m[2]!)?.[0] ?? null,
  }));
const totalOf = (html: string) => Number(/aria-live="polite">(\d+) clinicians?/.exec(html)![1]);
const decode = (href: string) => href.replace(/&amp;/g, '&');

describe(`directory places, distance and no dead ends (${databaseLabel})`, () => {
  it('gives each saved location its ZIP centroid', async () => {
    const rows = await ctx.database.db
      .select({ postalCode: locations.postalCode, latitude: locations.latitude, longitude: locations.longitude })
      .from(locations);
    for (const person of CLINICIANS) {
      expect(rows.find((r) => r.postalCode === person.zip)).toEqual({
        postalCode: person.zip,
        latitude: CENTROIDS[person.zip][0],
        longitude: CENTROIDS[person.zip][1],
      });
    }
  });

  it('ranks by real distance from a ZIP, within the radius, with the distance on each card', async () => {
    const from = CENTROIDS['60201'];
    const expected = CLINICIANS.map((p) => ({ name: p.name, miles: haversineMiles(from, CENTROIDS[p.zip]) }))
      .filter((p) => p.miles <= 25)
      .sort((a, b) => a.miles - b.miles);
    // By hand: Evans 0.0, Skok 2.35, Chi 11.49, Oak 12.22 (Naperville, 30.4 miles, is outside 25).
    expect(expected.map((p) => p.name)).toEqual(['Ada Evans', 'Ben Skok', 'Cora Chi', 'Dan Oak']);
    const html = await page('?near=60201');
    expect(cards(html)).toEqual(expected.map((p) => ({ name: p.name, distance: label(p.miles) })));
    expect(html).toContain('within 25 miles of 60201');
    // 50 miles reaches Naperville; 5 keeps Evanston and Skokie.
    expect(cards(await page('?near=60201&radius=50')).map((c) => c.name)).toEqual([...expected.map((p) => p.name), 'Eve Naper']);
    expect(cards(await page('?near=60201&radius=5'))).toEqual([
      { name: 'Ada Evans', distance: '0.0 mi' },
      { name: 'Ben Skok', distance: label(haversineMiles(from, CENTROIDS['60076'])) },
    ]);
  });

  it('reads "Evanston, IL", "Evanston IL" and "evanston" as the same place, measured from the city', async () => {
    const expected = CLINICIANS.map((p) => ({
      name: p.name,
      distance: label(haversineMiles(EVANSTON_IL, CENTROIDS[p.zip])),
      miles: haversineMiles(EVANSTON_IL, CENTROIDS[p.zip]),
    }))
      .filter((p) => p.miles <= 25)
      .sort((a, b) => a.miles - b.miles)
      .map(({ name, distance }) => ({ name, distance }));
    expect(expected[0]).toEqual({ name: 'Ada Evans', distance: '0.5 mi' });
    for (const place of ['Evanston, IL', 'Evanston IL', 'evanston', 'EVANSTON,  il']) {
      expect(cards(await page(`?near=${encodeURIComponent(place)}`)), place).toEqual(expected);
    }
    // Within 10 miles of Evanston: Chicago (10.97) and Oak Park (11.8) drop out.
    expect(cards(await page(`?near=${encodeURIComponent('Evanston, IL')}&radius=10`)).map((c) => c.name)).toEqual(['Ada Evans', 'Ben Skok']);
    // ZIP prefixes still match by their digits, without a distance.
    expect(cards(await page('?near=603'))).toEqual([{ name: 'Dan Oak', distance: null }]);
  });

  it('filters by insurance, language, specialty, accepting and video, each facet counted without its own filter', async () => {
    const aetna = await page('?ins=aetna');
    expect(
      cards(aetna)
        .map((c) => c.name)
        .sort(),
    ).toEqual(['Ada Evans', 'Cora Chi']);
    // Languages among Aetna's: English 1 (Evans), Spanish 2 (Evans, Chi).
    expect(aetna).toContain('<option value="en">English (1)</option>');
    expect(aetna).toContain('<option value="es">Spanish (2)</option>');
    // Insurance among all (not narrowed by itself): Aetna 2, Medicare 2.
    expect(aetna).toContain('<option value="Aetna">Aetna (2)</option>');
    expect(aetna).toContain('<option value="Medicare">Medicare (2)</option>');
    const narrow = await page('?ins=Aetna&lang=es&specialty=Dermatology');
    expect(cards(narrow).map((c) => c.name)).toEqual(['Cora Chi']);
    // The active specialty can be dropped from the results line.
    expect(narrow).toContain(`1 clinician in Dermatology <a href="/find/${slug}?lang=es&amp;ins=Aetna">Any specialty</a>`);
    // Specialties counted without the specialty filter: Evans (cardiology) and Chi (dermatology) speak Spanish and take Aetna.
    expect(narrow).toMatch(/specialty=Cardiovascular\+Disease[^"]*">Cardiovascular Disease \(1\)<\/a>/);
    expect(narrow).toMatch(/specialty=Dermatology[^"]*">Dermatology \(1\)<\/a>/);
    expect(
      cards(await page('?specialty=cardiovascular%20disease&accepting=1'))
        .map((c) => c.name)
        .sort(),
    ).toEqual(['Ada Evans', 'Dan Oak']);
    expect(cards(await page('?video=1&near=60611&radius=5')).map((c) => c.name)).toEqual(['Cora Chi']);
  });

  it('offers every way on from an empty search, each with the count its link gives', async () => {
    // Dermatology within 10 miles of Evanston 60201 taking Aetna and new patients: nobody (Chicago is 11.5 miles away).
    const html = await page('?q=dermatology&near=60201&radius=10&ins=Aetna&accepting=1');
    expect(cards(html)).toEqual([]);
    const text = html;
    expect(text).toContain('No clinician matches all of this. Try:');
    const offers = [...text.matchAll(/<li><a href="([^"]+)">([^<]+)<\/a> <span class="muted">\((\d+) clinicians?\)<\/span><\/li>/g)].map((m) => ({
      href: decode(m[1]!),
      text: m[2]!,
      count: Number(m[3]),
    }));
    expect(offers.map(({ text: t, count }) => [t, count])).toEqual([
      ['Within 25 miles', 1],
      ['Any name or condition instead of “dermatology”', 1],
      ['Anywhere instead of near 60201', 1],
      ['All Dermatology clinicians', 2],
    ]);
    // Each count is what its link shows.
    for (const offer of offers) expect(totalOf(await page(offer.href.slice(`/find/${slug}`.length))), offer.text).toBe(offer.count);
    // Filters whose removal still finds nobody are not offered; the way back to everyone always is.
    expect(text).not.toContain('Any insurance instead of');
    expect(text).toContain(`<a href="/find/${slug}">Every clinician</a>`);
  });

  it('offers the closest spelling and the specialty that treats what the words name', async () => {
    // "psoraisis" is too far from any name or specialty for the typo search, and no term contains it.
    const html = await page('?q=psoraisis');
    expect(cards(html)).toEqual([]);
    expect(html).toContain('?q=Psoriasis">Did you mean “Psoriasis”?</a> <span class="muted">(2 clinicians)</span>');
    expect(totalOf(await page('?q=Psoriasis'))).toBe(2);
    // Psoriasis within 5 miles of Evanston: nobody; its specialty, Dermatology, is offered with its 2.
    const near = await page('?q=psoriasis&near=60201&radius=5');
    expect(near).toContain('">All Dermatology clinicians</a> <span class="muted">(2 clinicians)</span>');
    expect(near).toContain('">Within 25 miles</a> <span class="muted">(1 clinician)</span>');
  });

  it('shows each hospital on /find with its true published count', async () => {
    const db = ctx.database.db;
    const second = await createHospital(ctx, { name: `Places second ${uniqueSuffix()}` });
    const secondSlug = `places-two-${uniqueSuffix()}`;
    await db.update(hospitals).set({ directoryEnabled: true, directorySlug: secondSlug }).where(eq(hospitals.id, second.id));
    // A directory with nobody in it yet says so, rather than offering ways on that lead nowhere.
    const empty = await (await ctx.app.request(`/find/${secondSlug}`)).text();
    expect(empty).toContain(`${second.name} lists no clinicians here yet.`);
    expect(empty).not.toContain('No clinician matches all of this');
    const index = await (await ctx.app.request('/find')).text();
    const countOn = (page: string, name: string) => Number(new RegExp(`>${name}</a></h2><p class="muted">(\\d+) clinicians?</p>`).exec(page)?.[1]);
    const countFor = (name: string) => countOn(index, name);
    expect(countFor(hospital.name)).toBe(CLINICIANS.length);
    expect(countFor(second.name)).toBe(0);
    // A listing that stops being published leaves the count at once.
    const [listing] = await db.select().from(directoryListings).limit(1);
    await db.update(directoryListings).set({ status: 'withdrawn' }).where(eq(directoryListings.userId, listing!.userId));
    try {
      const after = await (await ctx.app.request('/find')).text();
      expect(countOn(after, hospital.name)).toBe(CLINICIANS.length - 1);
    } finally {
      await db.update(directoryListings).set({ status: 'published' }).where(eq(directoryListings.userId, listing!.userId));
    }
  });

  it('fills the coordinates of locations saved before they existed', async () => {
    const db = ctx.database.db;
    await db.update(locations).set({ latitude: null, longitude: null });
    expect(await backfillLocationCoordinates(db)).toBe(CLINICIANS.length);
    expect(cards(await page('?near=60201&radius=5')).map((c) => c.name)).toEqual(['Ada Evans', 'Ben Skok']);
    expect(await backfillLocationCoordinates(db)).toBe(0);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/client';
import { hospitals } from '../../src/server/db/schema';
import { createLogger } from '../../src/server/lib/logger';
import { offersVideoVisits, offersVideoVisitsSql } from '../../src/server/lib/video-visits';
import { buildFacts } from '../../src/server/modules/biography/facts';
import { getProfile } from '../../src/server/modules/profile/service';
import { browserClient, type BrowserClient } from '../support/clients';
import { createHospital, publishProvider, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

// Issue 38 item 2: "offers video visits" is one rule (src/shared/video-visits.ts), said once in
// TypeScript and once in SQL. Telehealth by phone is not video: a phone-only provider gets no
// "Video visits" pill, is not found by the directory's video filter, and their biography does not say video.

/** [telehealth services, appointment types, offers video?] */
const CASES: Array<[unknown[], unknown[], boolean]> = [
  [[], [], false],
  [['Video visits'], [], true],
  [[], ['In-person visits', 'Video visits'], true],
  [['Phone consultations'], [], false],
  [['Phone consultations', 'Secure messaging', 'Remote patient monitoring'], ['Phone visits'], false],
  [['video visits'], [], true],
  [['  Video visits '], [], true],
  [['Video visit'], [], false],
  [['follow_up', 'new_patient'], ['in_person', 'video'], false],
  [['No video visits'], [], false],
];

let ctx: TestContext;
let ip = 0;
const slug = `video-${uniqueSuffix()}`;
const people: Record<string, { client: BrowserClient; userId: string }> = {};

async function provider(
  hospitalId: string,
  name: string,
  practice: { telehealthServices?: string[]; appointmentTypes?: string[] },
  telehealthAtLocation: boolean,
) {
  const client = browserClient(ctx.app);
  const signUp = await client.post(
    '/api/auth/sign-up',
    { email: `video.${uniqueSuffix()}@example.org`, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName: name, hospitalId },
    { 'x-forwarded-for': `198.51.100.${(ip += 1)}` },
  );
  expect(signUp.status).toBe(201);
  const userId = (await signUp.json()).user.id as string;
  const [first, last] = name.split(' ');
  const put = async (sectionId: string, body: unknown) => {
    const saved = await client.put(`/api/profile/sections/${sectionId}`, body);
    expect(saved.status, await saved.clone().text()).toBe(200);
  };
  await put('professional_identity', {
    fullLegalName: name,
    firstName: first,
    lastName: last,
    jobTitle: 'Physician',
    professionalEmail: `${first!.toLowerCase()}@video.example`,
    primarySpecialty: 'Family Medicine',
  });
  await put('practice_essentials', { acceptingNewPatients: true, ...practice });
  await put('locations', {
    items: [
      {
        locationName: `${first} office`,
        address: '1 Main St',
        city: 'Evanston',
        state: 'IL',
        postalCode: '60201',
        isPrimaryLocation: true,
        telehealthAvailable: telehealthAtLocation,
      },
    ],
  });
  await publishProvider(ctx, client, userId);
  people[name] = { client, userId };
}

beforeAll(async () => {
  ctx = await createTestApp();
  const hospital = await createHospital(ctx, { name: `Video ${uniqueSuffix()}` });
  await ctx.database.db.update(hospitals).set({ directoryEnabled: true, directorySlug: slug }).where(eq(hospitals.id, hospital.id));
  // Phone only, with the location's telehealth switch on: telehealth, not video.
  await provider(hospital.id, 'Paula Phone', { telehealthServices: ['Phone consultations'], appointmentTypes: ['In-person visits', 'Phone visits'] }, true);
  await provider(hospital.id, 'Vera Video', { telehealthServices: ['Video visits', 'Phone consultations'] }, false);
  // Video as an appointment type only.
  await provider(hospital.id, 'Abel Appointment', { appointmentTypes: ['Video visits'] }, false);
  await provider(hospital.id, 'Ivan Inperson', { appointmentTypes: ['In-person visits'] }, false);
});
afterAll(async () => {
  await ctx?.close();
});

const page = async (path: string) => {
  const response = await ctx.app.request(path);
  expect(response.status).toBe(200);
  return response.text();
};
const names = (body: string) => [...body.matchAll(new RegExp(`<a href="/find/${slug}/[a-z0-9-]+(?:\\?from=[^"]*)?">([^<]+)</a>`, 'g'))].map((m) => m[1]).sort();
const PILL = '<span class="pill">Video visits</span>';

describe(`offers video visits: one rule (${databaseLabel})`, () => {
  it('says the same in TypeScript and in SQL for the same lists', async () => {
    for (const [telehealthServices, appointmentTypes, expected] of CASES) {
      const lists = { telehealthServices, appointmentTypes };
      expect(offersVideoVisits(lists), JSON.stringify(lists)).toBe(expected);
      const [row] = rowsOf<{ video: boolean }>(
        await ctx.database.db.execute(
          sql`select ${offersVideoVisitsSql(sql`${JSON.stringify(telehealthServices)}::jsonb`, sql`${JSON.stringify(appointmentTypes)}::jsonb`)} as "video"`,
        ),
      );
      expect(row!.video, JSON.stringify(lists)).toBe(expected);
    }
    // A missing list is an empty one, on both sides.
    expect(offersVideoVisits({ telehealthServices: null })).toBe(false);
    const [row] = rowsOf<{ video: boolean }>(
      await ctx.database.db.execute(sql`select ${offersVideoVisitsSql(sql`null::jsonb`, sql`'["Video visits"]'::jsonb`)} as "video"`),
    );
    expect(row!.video).toBe(true);
  });

  it('the directory’s video filter finds video, as a telehealth service or an appointment type, and not phone-only telehealth', async () => {
    expect(names(await page(`/find/${slug}`))).toEqual(['Abel Appointment', 'Ivan Inperson', 'Paula Phone', 'Vera Video']);
    expect(names(await page(`/find/${slug}?video=1`))).toEqual(['Abel Appointment', 'Vera Video']);
  });

  it('the public page shows the "Video visits" pill for video and not for phone-only telehealth', async () => {
    expect(await page(`/find/${slug}/vera-video`)).toContain(PILL);
    expect(await page(`/find/${slug}/abel-appointment`)).toContain(PILL);
    expect(await page(`/find/${slug}/paula-phone`)).not.toContain(PILL);
    expect(await page(`/find/${slug}/ivan-inperson`)).not.toContain(PILL);
  });

  it('the biography’s facts: phone-only is telehealth but not video', async () => {
    const deps = { db: ctx.database.db, logger: createLogger({ level: 'silent', environment: 'test' }) };
    const facts = async (name: string) => buildFacts(await getProfile(deps, { userId: people[name]!.userId }));
    expect(await facts('Paula Phone')).toMatchObject({ telehealth: true, videoVisits: false });
    expect(await facts('Vera Video')).toMatchObject({ telehealth: true, videoVisits: true });
    expect(await facts('Abel Appointment')).toMatchObject({ telehealth: true, videoVisits: true });
    expect(await facts('Ivan Inperson')).toMatchObject({ telehealth: false, videoVisits: false });
  });
});

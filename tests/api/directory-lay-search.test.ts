import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hospitals, medicalExpertiseTerms } from '../../src/server/db/schema';
import { browserClient, type BrowserClient } from '../support/clients';
import { createHospital, publishProvider, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

let ctx: TestContext;
let ip = 40;
const slug = `plainwords-${uniqueSuffix()}`;

const put = async (client: BrowserClient, sectionId: string, body: unknown) => {
  const response = await client.put(`/api/profile/sections/${sectionId}`, body);
  expect(response.status, await response.clone().text()).toBe(200);
};

async function publish(hospitalId: string, name: string, specialty: string, termIds: string[]) {
  const client = browserClient(ctx.app);
  const signUp = await client.post(
    '/api/auth/sign-up',
    { email: `lay.${uniqueSuffix()}@example.org`, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName: name, hospitalId },
    { 'x-forwarded-for': `203.0.113.${(ip += 1)}` },
  );
  expect(signUp.status).toBe(201);
  const { user } = await signUp.json();
  const [first, last] = name.split(' ');
  await put(client, 'professional_identity', {
    fullLegalName: name,
    firstName: first,
    lastName: last,
    jobTitle: 'Physician',
    professionalEmail: `${first!.toLowerCase()}.${uniqueSuffix()}@example.org`,
    primarySpecialty: specialty,
  });
  await put(client, 'medical_expertise', { items: termIds.map((termId) => ({ termId })) });
  await publishProvider(ctx, client, user.id as string);
}

beforeAll(async () => {
  ctx = await createTestApp();
  // Default terms as the seed words them (ICD-10-CM and Disease Ontology names); no hospital synonyms.
  await ctx.database.db.insert(medicalExpertiseTerms).values([
    { termId: 'CON-LAY-I10', term: 'Essential (primary) hypertension', termType: 'Condition', specialtyName: 'Cardiovascular Disease' },
    { termId: 'CON-LAY-E11', term: 'Type 2 diabetes mellitus', termType: 'Condition', specialtyName: 'Endocrinology, Diabetes and Metabolism' },
    { termId: 'CON-LAY-M54', term: 'Dorsalgia', termType: 'Condition', specialtyName: 'Physical Medicine and Rehabilitation' },
    { termId: 'CON-LAY-ALS', term: 'Amyotrophic lateral sclerosis', termType: 'Condition', specialtyName: 'Neurology' },
  ]);
  const hospital = await createHospital(ctx, { name: `Plain Words ${uniqueSuffix()}` });
  await ctx.database.db.update(hospitals).set({ directoryEnabled: true, directorySlug: slug }).where(eq(hospitals.id, hospital.id));
  await publish(hospital.id, 'Helen Okafor', 'Cardiovascular Disease', ['CON-LAY-I10']);
  await publish(hospital.id, 'Marcus Lindqvist', 'Endocrinology, Diabetes and Metabolism', ['CON-LAY-E11']);
  await publish(hospital.id, 'Rosa Delgado', 'Physical Medicine and Rehabilitation', ['CON-LAY-M54']);
  await publish(hospital.id, 'Tomasz Nowak', 'Neurology', ['CON-LAY-ALS']);
});
afterAll(async () => {
  await ctx?.close();
});

const names = async (query: string) => {
  const response = await ctx.app.request(`/find/${slug}?q=${encodeURIComponent(query)}`);
  expect(response.status).toBe(200);
  const body = await response.text();
  return [...body.matchAll(new RegExp(`<a href="/find/${slug}/[a-z0-9-]+(?:\\?from=[^"]*)?">([^<]+)</a>`, 'g'))].map((m) => m[1]).sort();
};

describe(`plain-language directory search (${databaseLabel})`, () => {
  it('finds the clinician whose clinical term the everyday words stand for', async () => {
    expect(await names('water pills')).toEqual(['Helen Okafor']);
    expect(await names('high blood pressure')).toEqual(['Helen Okafor']);
    expect(await names('sugar')).toEqual(['Marcus Lindqvist']);
    expect(await names('bad back')).toEqual(['Rosa Delgado']);
    // A lay name from the Disease Ontology's synonyms, apostrophe and all.
    expect(await names("Lou Gehrig's disease")).toEqual(['Tomasz Nowak']);
  });

  it('asks "Did you mean" with the everyday phrase closest to a misspelling, counted, and its link finds them', async () => {
    const didYouMean = async (query: string) => {
      const body = await (await ctx.app.request(`/find/${slug}?q=${encodeURIComponent(query)}`)).text();
      const offer = /<a href="([^"]+)">Did you mean “([^”]+)”\?<\/a> <span class="muted">\((\d+) clinicians?\)<\/span>/.exec(body);
      return offer ? { href: offer[1]!.replaceAll('&amp;', '&'), text: offer[2], count: Number(offer[3]) } : null;
    };
    for (const [typed, meant, who] of [
      ['water pils', 'water pills', 'Helen Okafor'],
      ['high blod pressure', 'high blood pressure', 'Helen Okafor'],
      ['shuger', 'sugar', 'Marcus Lindqvist'],
      ['bad bak', 'bad back', 'Rosa Delgado'],
    ] as const) {
      expect(await names(typed), typed).toEqual([]);
      const offer = await didYouMean(typed);
      expect(offer, typed).toMatchObject({ text: meant, count: 1 });
      expect(await names(new URL(offer!.href, 'http://x').searchParams.get('q')!)).toEqual([who]);
    }
    // Nothing close in the vocabulary or the directory: no offer, the other ways on stay.
    expect(await didYouMean('qzxvw')).toBeNull();
  });

  it('still searches the words as typed, and a word that only contains a phrase is not that phrase', async () => {
    expect(await names('dorsalgia')).toEqual(['Rosa Delgado']);
    expect(await names('sugarcane')).toEqual([]);
  });
});

// Data the benchmarks share: a hospital grown to 50,000 expertise terms and a provider whose profile
// is full (the profile of the API tests, about 27 KB), both written through the real API.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import {
  directoryListings,
  hospitalExpertiseTerms,
  insuranceAccepted,
  languagesSpoken,
  locations,
  medicalExpertiseTerms,
  medicalSchools,
  practiceEssentials,
  professionalIdentity,
  userMedicalExpertise,
  users,
} from '../src/server/db/schema';
import { zipPoint } from '../src/server/modules/directory/places';
import { fillFullProfile } from '../tests/support/full-profile';

export const HOSPITAL_TERMS = 50_000;

type Api = (path: string, init?: RequestInit) => Promise<Response>;

/** A requester on `base` that sends the cookie, the origin and JSON headers. */
export function apiOn(base: string, cookie: string): Api {
  const headers = { cookie, origin: 'http://127.0.0.1', 'content-type': 'application/json' };
  return (path, init = {}) => fetch(`${base}${path}`, { ...init, headers: { ...headers, ...(init.headers as object) } });
}

/** The default expertise vocabulary, as the directory's seed gives it to providers. */
export function defaultTerms(db: Database) {
  return db
    .select({
      termId: medicalExpertiseTerms.termId,
      term: medicalExpertiseTerms.term,
      termType: medicalExpertiseTerms.termType,
      specialtyName: medicalExpertiseTerms.specialtyName,
    })
    .from(medicalExpertiseTerms);
}

/**
 * Copies the defaults to the hospital (one INSERT … SELECT), then adds variants of the default
 * vocabulary through the bulk API until the hospital holds 50,000 terms.
 */
export async function growHospitalTerms(api: Api, db: Database, hospitalId: string) {
  const started = performance.now();
  const copy = await api(`/api/admin/hospitals/${hospitalId}/terms/copy-defaults`, { method: 'POST', body: '{}' });
  if (!copy.ok) throw new Error(`copy defaults: ${copy.status} ${await copy.text()}`);
  const copyMs = performance.now() - started;
  const copied = ((await copy.json()) as { created_count: number }).created_count;

  const defaults = await defaultTerms(db);
  const extra: object[] = [];
  for (let round = 1; copied + extra.length < HOSPITAL_TERMS; round += 1) {
    for (const row of defaults) {
      if (copied + extra.length >= HOSPITAL_TERMS) break;
      extra.push({ termId: `${row.termId}-v${round}`, term: `${row.term} (variant ${round})`, termType: row.termType, specialtyName: row.specialtyName });
    }
  }
  for (let i = 0; i < extra.length; i += 5000) {
    const response = await api(`/api/admin/hospitals/${hospitalId}/terms/bulk`, { method: 'POST', body: JSON.stringify({ terms: extra.slice(i, i + 5000) }) });
    if (!response.ok) throw new Error(`bulk: ${response.status} ${await response.text()}`);
  }
  const total = ((await (await api(`/api/admin/hospitals/${hospitalId}/terms?pageSize=1`)).json()) as { totalCount: number }).totalCount;
  return { copied, copyMs, total, defaults };
}

/** Signs a provider up at the hospital and fills every section through the PUT routes. */
export async function signUpFullProvider(base: string, db: Database, hospitalId: string, licenseSuffix?: string) {
  const email = `bench.${Date.now()}.${randomBytes(3).toString('hex')}@example.org`;
  const signUp = await fetch(`${base}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1', 'x-forwarded-for': `192.0.2.${1 + Math.floor(Math.random() * 250)}` },
    body: JSON.stringify({ email, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName: 'Beatriz Castillo', hospitalId }),
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const api = apiOn(base, cookie);
  const terms = await db
    .select({ termId: hospitalExpertiseTerms.termId })
    .from(hospitalExpertiseTerms)
    .where(eq(hospitalExpertiseTerms.hospitalId, hospitalId))
    .orderBy(asc(hospitalExpertiseTerms.termId))
    .limit(12);
  const [school] = await db.select({ id: medicalSchools.id }).from(medicalSchools).limit(1);
  await fillFullProfile(
    async (sectionId, body) => {
      const response = await api(`/api/profile/sections/${sectionId}`, { method: 'PUT', body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${sectionId}: ${response.status} ${await response.text()}`);
    },
    { termIds: terms.map((t) => t.termId), medicalSchoolId: school?.id, licenseSuffix },
  );
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const profileBytes = (await (await api('/api/profile')).text()).length;
  return { email, cookie, userId: user!.id, profileBytes };
}

export const DIRECTORY_PROVIDERS = 5000;
const DIRECTORY_TERMS_EACH = 20;
const CITIES = [
  ['Evanston', '60201'],
  ['Skokie', '60076'],
  ['Glenview', '60026'],
  ['Chicago', '60611'],
  ['Highland Park', '60035'],
  ['Oak Park', '60302'],
  ['Naperville', '60540'],
  ['Wilmette', '60091'],
] as const;
/** Two plans each, so the search's insurance filter and facet have real rows to read. */
const PLANS = ['Aetna', 'Medicare', 'Blue Cross Blue Shield', 'Cigna', 'UnitedHealthcare'];
const FIRST = [
  'Amara',
  'Ben',
  'Chen',
  'Dana',
  'Elif',
  'Farah',
  'Gus',
  'Hana',
  'Ivan',
  'Jade',
  'Kofi',
  'Lena',
  'Mateo',
  'Nia',
  'Omar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sami',
  'Tara',
];
const LAST = [
  'Adeyemi',
  'Brooks',
  'Castillo',
  'Diallo',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Haddad',
  'Ito',
  'Jensen',
  'Kowalski',
  'Lindqvist',
  'Mensah',
  'Nguyen',
  'Okafor',
  'Petrova',
  'Quispe',
  'Raman',
  'Schwartz',
  'Tanaka',
  'Umar',
  'Varga',
  'Weiss',
  'Xu',
  'Yilmaz',
  'Zhou',
];

/** One of the eight towns near Evanston, in turn (every office within 50 miles of Evanston). */
function townOffice(i: number) {
  const [city, zip] = CITIES[i % CITIES.length]!;
  return { city, state: 'IL', zip };
}

let usZips: Array<{ zip: string; city: string; state: string }> | null = null;

/** A US ZIP for each provider, spread over all of the package's ZIPs (a stride prime to their count), so offices cover the country. */
function usOffice(i: number) {
  usZips ??= Object.values(
    createRequire(import.meta.url)('zipcodes/lib/codes.js').codes as Record<string, { zip: string; city: string; state: string; latitude: number }>,
  )
    .filter((entry) => Number.isFinite(entry.latitude) && /^\d{5}$/.test(entry.zip))
    .sort((a, b) => a.zip.localeCompare(b.zip));
  return usZips[(i * 7919) % usZips.length]!;
}

/**
 * A directory of published providers at the hospital (`DIRECTORY_PROVIDERS` unless `providers` says), each with a
 * specialty, an office with its ZIP's coordinates (in one of eight towns near Evanston, or with `spread: 'us'`
 * anywhere in the US), two insurance plans, a language besides English and `DIRECTORY_TERMS_EACH` expertise terms
 * of their specialty: the public search's benchmark data. Written in bulk, straight to the tables.
 */
export async function seedDirectory(
  db: Database,
  hospitalId: string,
  defaults: Array<{ termId: string; term: string; termType: string; specialtyName: string }>,
  options: { providers?: number; spread?: 'towns' | 'us' } = {},
) {
  const total = options.providers ?? DIRECTORY_PROVIDERS;
  const officeOf = options.spread === 'us' ? usOffice : townOffice;
  const started = performance.now();
  const bySpecialty = new Map<string, typeof defaults>();
  for (const term of defaults) bySpecialty.set(term.specialtyName, [...(bySpecialty.get(term.specialtyName) ?? []), term]);
  const specialties = [...bySpecialty.entries()].filter(([, terms]) => terms.length >= DIRECTORY_TERMS_EACH).map(([name]) => name);
  const other = ['es', 'pl', 'zh', 'ar', 'hi', 'ko', 'ru', 'fr'];
  const BATCH = 500;
  for (let start = 0; start < total; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, total - start) }, (_, k) => start + k);
    const people = batch.map((i) => ({
      i,
      first: FIRST[i % FIRST.length]!,
      last: `${LAST[Math.floor(i / FIRST.length) % LAST.length]!}${i >= FIRST.length * LAST.length ? ` ${Math.floor(i / (FIRST.length * LAST.length)) + 1}` : ''}`,
      specialty: specialties[i % specialties.length]!,
    }));
    const inserted = await db
      .insert(users)
      .values(
        people.map((p) => ({
          email: `directory.${p.i}@bench.example`,
          fullName: `${p.first} ${p.last}`,
          firstName: p.first,
          lastName: p.last,
          jobTitle: 'Physician',
          hospitalId,
          status: 'active',
        })),
      )
      .returning({ id: users.id });
    const ids = inserted.map((row) => row.id);
    await db.insert(professionalIdentity).values(
      people.map((p, k) => ({
        userId: ids[k]!,
        firstName: p.first,
        lastName: p.last,
        fullLegalName: `${p.first} ${p.last}`,
        jobTitle: 'Physician',
        primarySpecialty: p.specialty,
      })),
    );
    await db
      .insert(practiceEssentials)
      .values(people.map((p, k) => ({ userId: ids[k]!, acceptingNewPatients: p.i % 3 !== 0, telehealthServices: p.i % 4 === 0 ? ['follow_up'] : [] })));
    await db.insert(locations).values(
      people.map((p, k) => {
        const office = officeOf(p.i);
        return {
          userId: ids[k]!,
          locationName: `${office.city} office`,
          addressLine1: `${100 + p.i} Main St`,
          city: office.city,
          state: office.state,
          postalCode: office.zip,
          country: 'US',
          isPrimary: true,
          ...zipPoint(office.zip),
        };
      }),
    );
    await db.insert(insuranceAccepted).values(
      people.flatMap((p, k) =>
        [PLANS[p.i % PLANS.length]!, PLANS[(p.i + 2) % PLANS.length]!].map((insuranceName, order) => ({
          userId: ids[k]!,
          insuranceName,
          displayOrder: order,
        })),
      ),
    );
    await db.insert(languagesSpoken).values(
      people.flatMap((p, k) => [
        { userId: ids[k]!, languageCode: 'en', languageName: 'English', displayOrder: 1 },
        { userId: ids[k]!, languageCode: other[p.i % other.length]!, languageName: other[p.i % other.length]!, displayOrder: 2 },
      ]),
    );
    await db.insert(userMedicalExpertise).values(
      people.flatMap((p, k) => {
        const terms = bySpecialty.get(p.specialty)!;
        return Array.from({ length: DIRECTORY_TERMS_EACH }, (_, t) => terms[(p.i + t * 7) % terms.length]!)
          .filter((term, t, all) => all.findIndex((x) => x.termId === term.termId) === t)
          .map((term) => ({ userId: ids[k]!, termId: term.termId, term: term.term, termType: term.termType, specialtyName: term.specialtyName }));
      }),
    );
    await db
      .insert(directoryListings)
      .values(people.map((p, k) => ({ userId: ids[k]!, hospitalId, status: 'published', slug: `bench-${p.i}`, publishedAt: new Date() })));
  }
  return { providers: total, ms: Math.round(performance.now() - started) };
}

// Data the benchmarks share: a hospital grown to 50,000 expertise terms and a provider whose profile
// is full (the 17 KB profile of the API tests), both written through the real API.
import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { hospitalExpertiseTermsPoc, medicalExpertiseTerms, medicalSchools, users } from '../src/server/db/schema';
import { fillFullProfile } from '../tests/support/full-profile';

export const HOSPITAL_TERMS = 50_000;

type Api = (path: string, init?: RequestInit) => Promise<Response>;

/** A requester on `base` that sends the cookie, the origin and JSON headers. */
export function apiOn(base: string, cookie: string): Api {
  const headers = { cookie, origin: 'http://127.0.0.1', 'content-type': 'application/json' };
  return (path, init = {}) => fetch(`${base}${path}`, { ...init, headers: { ...headers, ...(init.headers as object) } });
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

  const defaults = await db
    .select({ termId: medicalExpertiseTerms.termId, term: medicalExpertiseTerms.term, termType: medicalExpertiseTerms.termType, specialtyName: medicalExpertiseTerms.specialtyName })
    .from(medicalExpertiseTerms);
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
export async function signUpFullProvider(base: string, db: Database, hospitalId: string) {
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
    .select({ termId: hospitalExpertiseTermsPoc.termId })
    .from(hospitalExpertiseTermsPoc)
    .where(eq(hospitalExpertiseTermsPoc.hospitalId, hospitalId))
    .orderBy(asc(hospitalExpertiseTermsPoc.termId))
    .limit(12);
  const [school] = await db.select({ id: medicalSchools.id }).from(medicalSchools).limit(1);
  await fillFullProfile(
    async (sectionId, body) => {
      const response = await api(`/api/profile/sections/${sectionId}`, { method: 'PUT', body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${sectionId}: ${response.status} ${await response.text()}`);
    },
    { termIds: terms.map((t) => t.termId), medicalSchoolId: school?.id },
  );
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const profileBytes = (await (await api('/api/profile')).text()).length;
  return { cookie, userId: user!.id, profileBytes };
}

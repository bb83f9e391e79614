/** Reference lists for the profile forms, and the provider's hospital taxonomy. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import {
  fellowshipSpecialties,
  hospitalSpecialtyTaxonomiesPoc,
  languages,
  medicalSchools,
  medicalSpecialtyTaxonomy,
  residencyPrograms,
  users,
} from '../../src/server/db/schema';
import { loadReferenceData } from '../../src/server/db/seed/reference-data';
import { seedDataDir } from '../../src/server/paths';
import { browserClient } from '../support/clients';
import { createHospital, uniqueSuffix } from '../support/factories';
import { createTestApp, type TestContext } from '../support/test-app';
import { databaseLabel } from '../support/test-database';

let ctx: TestContext;
let db: Database;
const data = loadReferenceData(seedDataDir);

beforeAll(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  await db.insert(languages).values(data.languages.map((l) => ({ code: l.code, name: l.name, isQuickAdd: l.isQuickAdd, sortOrder: l.sortOrder })));
  await db.insert(medicalSchools).values(data.medicalSchools.map((s) => ({ id: s.id, name: s.name, degreeType: s.degreeType, city: s.city, state: s.state })));
  await db.insert(medicalSchools).values([
    { id: 'test-percent', name: 'School of 100% Medicine', degreeType: 'MD', city: 'Testville', state: 'ZZ' },
    { id: 'test-closed', name: 'Closed School of Medicine', degreeType: 'MD', city: 'Nowhere', state: 'ZZ', isActive: false },
  ]);
  await db.insert(residencyPrograms).values(data.residencyPrograms.map((p) => ({ name: p.name, category: p.category })));
  await db
    .insert(fellowshipSpecialties)
    .values(data.fellowshipSpecialties.map((f) => ({ parentSpecialty: f.parentSpecialty, subspecialtyName: f.subspecialtyName })));
  await db.insert(medicalSpecialtyTaxonomy).values(
    data.specialtyTaxonomy.map((s) => ({
      specialty: s.specialty,
      department: s.department,
      division: s.division,
      section: s.section,
      specialtyCode: s.specialtyCode,
      sortOrder: s.sortOrder,
    })),
  );
});
afterAll(async () => {
  await ctx?.close();
});

const get = async (path: string) => {
  const response = await browserClient(ctx.app).get(path);
  return { status: response.status, body: await response.json() };
};

describe(`reference lists (${databaseLabel})`, () => {
  it('lists the 42 languages in order with the quick-add ones flagged', async () => {
    const { status, body } = await get('/api/reference/languages');
    expect(status).toBe(200);
    expect(body.items).toHaveLength(42);
    expect(body.items[0]).toEqual({ id: expect.any(Number), code: 'en', name: 'English', isQuickAdd: true, sortOrder: 1 });
    expect(body.quickAddCodes).toEqual(['en', 'es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ar', 'hi']);
  });

  it('searches medical schools by name, state or city, case-insensitively, at most 20, optionally by degree type', async () => {
    const all = await get('/api/reference/medical-schools');
    expect(all.body.items).toHaveLength(20);
    const byName = await get('/api/reference/medical-schools?q=OSTEOPATHIC');
    expect(byName.body.items.length).toBeGreaterThan(0);
    expect(byName.body.items.every((s: { name: string }) => /osteopathic/i.test(s.name))).toBe(true);
    const doOnly = await get('/api/reference/medical-schools?q=o&degreeType=DO&limit=5');
    expect(doOnly.body.items).toHaveLength(5);
    expect(doOnly.body.items.every((s: { degreeType: string }) => s.degreeType === 'DO')).toBe(true);
    const byCity = data.medicalSchools.find((s) => s.city)!;
    expect(
      (await get(`/api/reference/medical-schools?q=${encodeURIComponent(byCity.city!.toLowerCase())}`)).body.items.map((s: { id: string }) => s.id),
    ).toContain(byCity.id);
    expect((await get('/api/reference/medical-schools?q=zz')).body.items.map((s: { id: string }) => s.id)).toEqual(['test-percent']);
    // % and _ are literal characters, not wildcards.
    expect((await get('/api/reference/medical-schools?q=%25')).body.items.map((s: { id: string }) => s.id)).toEqual(['test-percent']);
    expect((await get('/api/reference/medical-schools?q=_')).body.items).toEqual([]);
    expect((await get('/api/reference/medical-schools?degreeType=MBBS')).status).toBe(400);
    expect((await get('/api/reference/medical-schools?limit=50')).status).toBe(400);
  });

  it('lists residency programs and fellowship specialties by parent', async () => {
    const programs = await get('/api/reference/residency-programs');
    expect(programs.body.items).toHaveLength(data.residencyPrograms.length);
    expect(programs.body.items[0]).toEqual({ id: expect.any(String), name: 'Anesthesiology Residency', category: 'Anesthesiology' });
    expect((await get('/api/reference/residency-programs?q=surgery')).body.items.every((p: { name: string }) => /surgery/i.test(p.name))).toBe(true);

    const fellowships = await get('/api/reference/fellowship-specialties?parent=Anesthesiology');
    expect(fellowships.body.items.length).toBeGreaterThan(0);
    expect(fellowships.body.items.every((f: { parentSpecialty: string }) => f.parentSpecialty === 'Anesthesiology')).toBe(true);
    expect(fellowships.body.parents).toContain('Allergy and Immunology');
    expect(fellowships.body.parents).toEqual([...fellowships.body.parents].sort());
  });

  it('lists the active default specialties in their configured order', async () => {
    await db.update(medicalSpecialtyTaxonomy).set({ isActive: false }).where(eq(medicalSpecialtyTaxonomy.specialty, 'Family Medicine'));
    const { body } = await get('/api/reference/specialties');
    expect(body.items).toHaveLength(data.specialtyTaxonomy.length - data.specialtyTaxonomy.filter((s) => s.specialty === 'Family Medicine').length);
    expect(Object.keys(body.items[0]).sort()).toEqual(['department', 'division', 'id', 'section', 'specialty', 'specialtyCode']);
    expect(body.items.map((s: { specialty: string }) => s.specialty)).not.toContain('Family Medicine');
    const sorted = [...data.specialtyTaxonomy]
      .filter((s) => s.specialty !== 'Family Medicine')
      .sort((a, b) => a.sortOrder - b.sortOrder || a.specialty.localeCompare(b.specialty));
    expect(body.items[0].specialty).toBe(sorted[0]!.specialty);
    const cardio = await get('/api/reference/specialties?q=cardio');
    expect(cardio.body.items.length).toBeGreaterThan(0);
    await db.update(medicalSpecialtyTaxonomy).set({ isActive: true }).where(eq(medicalSpecialtyTaxonomy.specialty, 'Family Medicine'));
  });
});

describe(`hospital taxonomy for the identity form (${databaseLabel})`, () => {
  async function signUp(hospitalId: string) {
    const client = browserClient(ctx.app);
    const email = `provider.${uniqueSuffix()}@example.org`;
    const response = await client.post(
      '/api/auth/sign-up',
      { email, password: 'a long passphrase', agreedToTerms: true, agreedToPrivacy: true, fullName: 'Pat Provider', hospitalId },
      { 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 250)}` },
    );
    expect(response.status).toBe(201);
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    return client;
  }

  it('needs a provider session', async () => {
    expect((await get('/api/hospital-taxonomy')).status).toBe(401);
  });

  it('gives the default taxonomy to a hospital without its own, and the hospital’s own rows otherwise', async () => {
    const plain = await createHospital(ctx);
    const own = await createHospital(ctx);
    await db.insert(hospitalSpecialtyTaxonomiesPoc).values([
      { hospitalId: own.id, specialty: 'Hand Surgery', department: 'Surgery', division: 'Orthopedic Surgery', section: 'Hand' },
      { hospitalId: own.id, specialty: 'Spine Surgery', department: 'Surgery', division: 'Orthopedic Surgery', section: 'Spine' },
      { hospitalId: own.id, specialty: 'Cardiology', department: 'Medicine', division: 'Cardiology', section: null },
      { hospitalId: own.id, specialty: 'Retired', department: 'Old', division: 'Old', isActive: false },
    ]);

    const defaults = await (await (await signUp(plain.id)).get('/api/hospital-taxonomy')).json();
    expect(defaults.source).toBe('default');
    expect(defaults.specialties).toHaveLength(data.specialtyTaxonomy.length);
    const primaryCare = defaults.departments.find((d: { name: string }) => d.name === 'Primary Care');
    expect(primaryCare.divisions.find((v: { name: string }) => v.name === 'Family Medicine').sections.map((s: { name: string }) => s.name)).toContain(
      'Addiction Medicine',
    );

    const hospitalTaxonomy = await (await (await signUp(own.id)).get('/api/hospital-taxonomy')).json();
    expect(hospitalTaxonomy).toMatchObject({ source: 'hospital', hospitalId: own.id });
    expect(hospitalTaxonomy.specialties.map((s: { specialty: string }) => s.specialty)).toEqual(['Cardiology', 'Hand Surgery', 'Spine Surgery']);
    expect(hospitalTaxonomy.departments).toEqual([
      { id: 'medicine', name: 'Medicine', divisions: [{ id: 'medicine/cardiology', name: 'Cardiology', sections: [] }] },
      {
        id: 'surgery',
        name: 'Surgery',
        divisions: [
          {
            id: 'surgery/orthopedic-surgery',
            name: 'Orthopedic Surgery',
            sections: [
              { id: 'surgery/orthopedic-surgery/hand', name: 'Hand' },
              { id: 'surgery/orthopedic-surgery/spine', name: 'Spine' },
            ],
          },
        ],
      },
    ]);
  });
});

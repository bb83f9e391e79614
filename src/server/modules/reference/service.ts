import { containsPattern } from '../../lib/like';
import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { PAGINATION } from '../../../shared/limits';
import type { Database } from '../../db/client';
import {
  fellowshipSpecialties,
  hospitalSpecialtyTaxonomiesPoc,
  languages,
  medicalSchools,
  medicalSpecialtyTaxonomy,
  residencyPrograms,
  users,
} from '../../db/schema';

/** Case-insensitive "contains" with the user's % and _ taken literally. */

export async function listLanguages(db: Database) {
  const rows = await db.select().from(languages).orderBy(asc(languages.sortOrder), asc(languages.name));
  return {
    items: rows.map((l) => ({ id: l.id, code: l.code, name: l.name, isQuickAdd: l.isQuickAdd, sortOrder: l.sortOrder })),
    quickAddCodes: rows.filter((l) => l.isQuickAdd).map((l) => l.code),
  };
}

/** School search (profile spec §7): optional degree type, "contains" on name, state or city, at most 20. */
export async function searchMedicalSchools(db: Database, query: { q?: string; degreeType?: 'MD' | 'DO'; limit: number }) {
  const conditions: Array<SQL | undefined> = [eq(medicalSchools.isActive, true)];
  if (query.degreeType) conditions.push(eq(medicalSchools.degreeType, query.degreeType));
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(ilike(medicalSchools.name, pattern), ilike(medicalSchools.state, pattern), ilike(medicalSchools.city, pattern)));
  }
  const rows = await db
    .select()
    .from(medicalSchools)
    .where(and(...conditions))
    .orderBy(asc(medicalSchools.name))
    .limit(query.limit);
  return {
    items: rows.map((s) => ({
      id: s.id,
      name: s.name,
      degreeType: s.degreeType,
      city: s.city,
      state: s.state,
      accreditationBody: s.accreditationBody,
      applicationSystem: s.applicationSystem,
    })),
  };
}

export async function listResidencyPrograms(db: Database, query: { q?: string; category?: string }) {
  const conditions: Array<SQL | undefined> = [eq(residencyPrograms.isActive, true)];
  if (query.q) conditions.push(ilike(residencyPrograms.name, containsPattern(query.q)));
  if (query.category) conditions.push(eq(residencyPrograms.category, query.category));
  const rows = await db
    .select({ id: residencyPrograms.id, name: residencyPrograms.name, category: residencyPrograms.category })
    .from(residencyPrograms)
    .where(and(...conditions))
    .orderBy(asc(residencyPrograms.name))
    .limit(PAGINATION.maxPageSize);
  return { items: rows };
}

export async function listFellowshipSpecialties(db: Database, query: { parent?: string; q?: string }) {
  const active = eq(fellowshipSpecialties.isActive, true);
  const conditions: Array<SQL | undefined> = [active];
  if (query.parent) conditions.push(eq(fellowshipSpecialties.parentSpecialty, query.parent));
  if (query.q) conditions.push(ilike(fellowshipSpecialties.subspecialtyName, containsPattern(query.q)));
  const [rows, parents] = await Promise.all([
    db
      .select({
        id: fellowshipSpecialties.id,
        parentSpecialty: fellowshipSpecialties.parentSpecialty,
        subspecialtyName: fellowshipSpecialties.subspecialtyName,
      })
      .from(fellowshipSpecialties)
      .where(and(...conditions))
      .orderBy(asc(fellowshipSpecialties.parentSpecialty), asc(fellowshipSpecialties.subspecialtyName))
      .limit(PAGINATION.maxPageSize),
    db
      .selectDistinct({ name: fellowshipSpecialties.parentSpecialty })
      .from(fellowshipSpecialties)
      .where(active)
      .orderBy(asc(fellowshipSpecialties.parentSpecialty)),
  ]);
  return { items: rows, parents: parents.map((p) => p.name) };
}

/** The default taxonomy's active specialties in their configured order ('Failed to load medical specialties' on error). */
export async function listSpecialties(db: Database, query: { q?: string; department?: string; division?: string }) {
  const conditions: Array<SQL | undefined> = [eq(medicalSpecialtyTaxonomy.isActive, true)];
  if (query.department) conditions.push(eq(medicalSpecialtyTaxonomy.department, query.department));
  if (query.division) conditions.push(eq(medicalSpecialtyTaxonomy.division, query.division));
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(ilike(medicalSpecialtyTaxonomy.specialty, pattern), ilike(medicalSpecialtyTaxonomy.specialtyCode, pattern)));
  }
  const rows = await db
    .select({
      id: medicalSpecialtyTaxonomy.id,
      specialty: medicalSpecialtyTaxonomy.specialty,
      department: medicalSpecialtyTaxonomy.department,
      division: medicalSpecialtyTaxonomy.division,
      section: medicalSpecialtyTaxonomy.section,
      specialtyCode: medicalSpecialtyTaxonomy.specialtyCode,
    })
    .from(medicalSpecialtyTaxonomy)
    .where(and(...conditions))
    .orderBy(asc(medicalSpecialtyTaxonomy.sortOrder), asc(medicalSpecialtyTaxonomy.specialty))
    .limit(PAGINATION.maxPageSize);
  return { items: rows };
}

const slug = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

export interface TaxonomyRow {
  id: string;
  specialty: string;
  specialtyCode: string | null;
  department: string | null;
  division: string | null;
  section: string | null;
}

/**
 * Department → division → section lists for the identity form. Unit ids are stable paths of slugs
 * ("surgery/orthopedic-surgery/hand"), the values the identity's department_id, division_id and
 * section_id keep; a taxonomy has no rows of its own for units.
 */
export function buildTaxonomyTree(rows: readonly TaxonomyRow[]) {
  const departments = new Map<
    string,
    { id: string; name: string; divisions: Map<string, { id: string; name: string; sections: Map<string, { id: string; name: string }> }> }
  >();
  for (const row of rows) {
    if (!row.department) continue;
    const departmentId = slug(row.department);
    let department = departments.get(departmentId);
    if (!department) departments.set(departmentId, (department = { id: departmentId, name: row.department, divisions: new Map() }));
    if (!row.division) continue;
    const divisionId = `${departmentId}/${slug(row.division)}`;
    let division = department.divisions.get(divisionId);
    if (!division) department.divisions.set(divisionId, (division = { id: divisionId, name: row.division, sections: new Map() }));
    if (!row.section) continue;
    const sectionId = `${divisionId}/${slug(row.section)}`;
    if (!division.sections.has(sectionId)) division.sections.set(sectionId, { id: sectionId, name: row.section });
  }
  const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
  return [...departments.values()].sort(byName).map((d) => ({
    id: d.id,
    name: d.name,
    divisions: [...d.divisions.values()].sort(byName).map((v) => ({ id: v.id, name: v.name, sections: [...v.sections.values()].sort(byName) })),
  }));
}

/** The provider's hospital's own taxonomy when it has one, else the default taxonomy. */
export async function getHospitalTaxonomy(db: Database, userId: string) {
  const [user] = await db.select({ hospitalId: users.hospitalId }).from(users).where(eq(users.id, userId)).limit(1);
  const hospitalId = user?.hospitalId ?? null;
  let rows: TaxonomyRow[] = [];
  if (hospitalId) {
    rows = await db
      .select({
        id: hospitalSpecialtyTaxonomiesPoc.id,
        specialty: hospitalSpecialtyTaxonomiesPoc.specialty,
        specialtyCode: hospitalSpecialtyTaxonomiesPoc.specialtyCode,
        department: hospitalSpecialtyTaxonomiesPoc.department,
        division: hospitalSpecialtyTaxonomiesPoc.division,
        section: hospitalSpecialtyTaxonomiesPoc.section,
      })
      .from(hospitalSpecialtyTaxonomiesPoc)
      .where(and(eq(hospitalSpecialtyTaxonomiesPoc.hospitalId, hospitalId), eq(hospitalSpecialtyTaxonomiesPoc.isActive, true)))
      .orderBy(asc(hospitalSpecialtyTaxonomiesPoc.specialty))
      .limit(PAGINATION.largeQueryLimit);
  }
  const source = rows.length > 0 ? ('hospital' as const) : ('default' as const);
  if (rows.length === 0) {
    rows = await db
      .select({
        id: medicalSpecialtyTaxonomy.id,
        specialty: medicalSpecialtyTaxonomy.specialty,
        specialtyCode: medicalSpecialtyTaxonomy.specialtyCode,
        department: medicalSpecialtyTaxonomy.department,
        division: medicalSpecialtyTaxonomy.division,
        section: medicalSpecialtyTaxonomy.section,
      })
      .from(medicalSpecialtyTaxonomy)
      .where(eq(medicalSpecialtyTaxonomy.isActive, true))
      .orderBy(asc(medicalSpecialtyTaxonomy.sortOrder), asc(medicalSpecialtyTaxonomy.specialty))
      .limit(PAGINATION.largeQueryLimit);
  }
  return { source, hospitalId, departments: buildTaxonomyTree(rows), specialties: rows };
}

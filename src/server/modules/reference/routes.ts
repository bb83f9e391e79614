import { Hono } from 'hono';
import { z } from 'zod';
import { DEGREE_TYPES } from '../../../shared/enums';
import type { AppDeps } from '../../app';
import { requireProvider } from '../../auth/guards';
import type { AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import { AppError } from '../../lib/app-error';
import { getHospitalTaxonomy, listFellowshipSpecialties, listLanguages, listResidencyPrograms, listSpecialties, searchMedicalSchools } from './service';

/** The spec's school search limit. */
export const MEDICAL_SCHOOL_SEARCH_LIMIT = 20;

const searchText = z
  .string()
  .trim()
  .max(100, 'Search text must be at most 100 characters')
  .optional()
  .transform((v) => (v ? v : undefined));

const schoolQuery = z.object({
  q: searchText,
  degreeType: z.preprocess((v) => (v === '' ? undefined : v), z.enum(DEGREE_TYPES, 'Degree type must be MD or DO').optional()),
  limit: z.coerce.number().int().min(1).max(MEDICAL_SCHOOL_SEARCH_LIMIT).default(MEDICAL_SCHOOL_SEARCH_LIMIT),
});
const programQuery = z.object({ q: searchText, category: searchText });
const fellowshipQuery = z.object({ parent: searchText, q: searchText });
const specialtyQuery = z.object({ q: searchText, department: searchText, division: searchText });

/**
 * Reference lists the profile forms read, mounted under /api. They hold no personal data, so the
 * lists are public (bounded by their limits); the hospital taxonomy depends on the provider's hospital.
 */
export function referenceRoutes(deps: AppDeps) {
  const db = deps.database.db;
  return new Hono<AppBindings>()
    .get('/reference/languages', async (c) => c.json(await listLanguages(db)))
    .get('/reference/medical-schools', validate('query', schoolQuery), async (c) => c.json(await searchMedicalSchools(db, c.req.valid('query'))))
    .get('/reference/residency-programs', validate('query', programQuery), async (c) => c.json(await listResidencyPrograms(db, c.req.valid('query'))))
    .get('/reference/fellowship-specialties', validate('query', fellowshipQuery), async (c) =>
      c.json(await listFellowshipSpecialties(db, c.req.valid('query'))),
    )
    .get('/reference/specialties', validate('query', specialtyQuery), async (c) => {
      try {
        return c.json(await listSpecialties(db, c.req.valid('query')));
      } catch (error) {
        deps.logger.error({ err: error }, 'medical specialties could not be read');
        throw new AppError('LOAD_FAILED', 500, 'Failed to load medical specialties');
      }
    })
    .get('/hospital-taxonomy', requireProvider, async (c) => {
      const actor = c.get('actor');
      if (actor.kind !== 'provider') throw AppError.unauthenticated();
      return c.json(await getHospitalTaxonomy(db, actor.userId));
    });
}

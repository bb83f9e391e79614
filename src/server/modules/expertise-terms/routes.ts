import { Hono } from 'hono';
import { z } from 'zod';
import { bulkTermsSchema, termInputSchema, termLookupSchema, termSearchQuerySchema, termUpdateSchema } from '../../../shared/schemas/terms';
import type { AppDeps } from '../../app';
import { requireCapability, requireProvider } from '../../auth/guards';
import type { AdminActor } from '../../auth/policies';
import type { AppBindings } from '../../http/types';
import { TERMS_CSV_INLINE_MAX_CHARS } from '../../../shared/limits';
import { termsImportParam, termsImportQuerySchema } from '../../../shared/schemas/terms-import';
import { isCsvUpload, readCsvText } from '../../http/csv-upload';
import { validate, validated } from '../../http/validate';
import { AppError } from '../../lib/app-error';
import { hospitalIdParam } from '../hospitals/routes';
import { findHospitalForAdmin } from '../hospitals/service';
import { termsCsvTemplate, termsFromCsv } from './csv';
import { getTermsImport, refuseWhileImporting, startTermsImport } from './import-job';
import {
  bulkCreateHospitalTerms,
  copyDefaultTermsToHospital,
  createDefaultTerm,
  createHospitalTerm,
  deleteDefaultTerm,
  deleteHospitalTerm,
  lookupTermsByIds,
  replaceHospitalTerms,
  searchDefaultTerms,
  searchHospitalTerms,
  searchTermsForProvider,
  specialtySuggestions,
  termsBySpecialty,
  updateDefaultTerm,
  updateHospitalTerm,
} from './service';

const termParam = hospitalIdParam.extend({ termRowId: z.uuid('Term not found') });
const defaultTermParam = z.object({ termRowId: z.uuid('Term not found') });
const specialtyQuery = z.object({ specialty: z.string().trim().min(1, 'Specialty is required').max(200) });

export function expertiseTermRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const actorOf = (c: { get(key: 'actor'): unknown }) => c.get('actor') as AdminActor;
  const providerHospital = (c: { get(key: 'actor'): unknown }) => {
    const actor = c.get('actor') as { kind: string; hospitalId?: string | null };
    return actor.kind === 'provider' ? (actor.hospitalId ?? null) : null;
  };

  return (
    new Hono<AppBindings>()
      // Provider reads: their hospital's terms when it has any, else the defaults.
      .get('/terms/search', requireProvider, validate('query', termSearchQuerySchema), async (c) =>
        c.json(await searchTermsForProvider(db, providerHospital(c), c.req.valid('query'))),
      )
      .post('/terms/lookup', requireProvider, validate('json', termLookupSchema), async (c) =>
        c.json({ items: await lookupTermsByIds(db, providerHospital(c), c.req.valid('json').ids) }),
      )
      .get('/terms/by-specialty', requireProvider, validate('query', specialtyQuery), async (c) =>
        c.json(await termsBySpecialty(db, providerHospital(c), c.req.valid('query').specialty)),
      )
      .get('/terms/specialty-suggestions', requireProvider, async (c) => {
        const actor = c.get('actor');
        if (actor.kind !== 'provider') throw AppError.unauthenticated();
        return c.json(await specialtySuggestions(db, actor.userId));
      })

      // Default terms: everyone with an admin session reads, system admins write.
      .get('/admin/terms/default', requireCapability('hospitals.view'), validate('query', termSearchQuerySchema), async (c) =>
        c.json(await searchDefaultTerms(db, c.req.valid('query'))),
      )
      .post('/admin/terms/default', requireCapability('taxonomy.default.manage'), validate('json', termInputSchema), async (c) =>
        c.json(await createDefaultTerm(db, actorOf(c), c.req.valid('json')), 201),
      )
      .patch(
        '/admin/terms/default/:termRowId',
        requireCapability('taxonomy.default.manage'),
        validate('param', defaultTermParam),
        validate('json', termUpdateSchema),
        async (c) => c.json(await updateDefaultTerm(db, actorOf(c), c.req.valid('param').termRowId, c.req.valid('json'))),
      )
      .delete('/admin/terms/default/:termRowId', requireCapability('taxonomy.default.manage'), validate('param', defaultTermParam), async (c) =>
        c.json(await deleteDefaultTerm(db, actorOf(c), c.req.valid('param').termRowId)),
      )
      .get('/admin/terms/template.csv', requireCapability('hospitals.view'), (c) => {
        c.header('Content-Disposition', 'attachment; filename="expertise-terms-template.csv"');
        return c.body(termsCsvTemplate(), 200, { 'Content-Type': 'text/csv; charset=utf-8' });
      })

      // A hospital's terms.
      .get(
        '/admin/hospitals/:hospitalId/terms',
        requireCapability('hospitals.view'),
        validate('param', hospitalIdParam),
        validate('query', termSearchQuerySchema),
        async (c) => {
          const hospital = await findHospitalForAdmin(db, actorOf(c), c.req.valid('param').hospitalId);
          return c.json(await searchHospitalTerms(db, hospital.id, c.req.valid('query')));
        },
      )
      .post(
        '/admin/hospitals/:hospitalId/terms',
        requireCapability('terms.manage'),
        validate('param', hospitalIdParam),
        validate('json', termInputSchema),
        async (c) => c.json(await createHospitalTerm(db, actorOf(c), c.req.valid('param').hospitalId, c.req.valid('json')), 201),
      )
      .patch(
        '/admin/hospitals/:hospitalId/terms/:termRowId',
        requireCapability('terms.manage'),
        validate('param', termParam),
        validate('json', termUpdateSchema),
        async (c) => {
          const { hospitalId, termRowId } = c.req.valid('param');
          return c.json(await updateHospitalTerm(db, actorOf(c), hospitalId, termRowId, c.req.valid('json')));
        },
      )
      .delete('/admin/hospitals/:hospitalId/terms/:termRowId', requireCapability('terms.manage'), validate('param', termParam), async (c) => {
        const { hospitalId, termRowId } = c.req.valid('param');
        return c.json(await deleteHospitalTerm(db, actorOf(c), hospitalId, termRowId));
      })
      .post(
        '/admin/hospitals/:hospitalId/terms/bulk',
        requireCapability('bulk.upload'),
        validate('param', hospitalIdParam),
        validate('json', bulkTermsSchema),
        async (c) => c.json(await bulkCreateHospitalTerms(db, actorOf(c), c.req.valid('param').hospitalId, c.req.valid('json').terms)),
      )
      // Replace all of a hospital's terms: with a CSV file (text/csv) or a JSON list of terms. A small
      // file is replaced in the request; a larger one is queued as a job (import-job.ts), answered 202
      // with the job, and its progress read from …/terms/imports/:jobId. Either is refused while an
      // import of the hospital's terms waits or runs.
      .put(
        '/admin/hospitals/:hospitalId/terms',
        requireCapability('bulk.upload'),
        validate('param', hospitalIdParam),
        validate('query', termsImportQuerySchema),
        async (c) => {
          const hospital = await findHospitalForAdmin(db, actorOf(c), c.req.valid('param').hospitalId);
          await refuseWhileImporting(db, hospital.id);
          if (isCsvUpload(c)) {
            // The file is read once the hospital is checked, so a refused request costs no reading.
            const text = await readCsvText(c);
            if (text.length > TERMS_CSV_INLINE_MAX_CHARS) {
              return c.json(await startTermsImport(db, actorOf(c), hospital.id, text, c.req.valid('query').fileName ?? null), 202);
            }
            return c.json(
              await replaceHospitalTerms(db, actorOf(c), hospital.id, async () => {
                const { terms, lines } = termsFromCsv(text);
                return { rows: terms, lineOf: (index) => lines[index] ?? index + 2 };
              }),
            );
          }
          const body = validated(bulkTermsSchema, await c.req.json().catch(() => null));
          return c.json(await replaceHospitalTerms(db, actorOf(c), hospital.id, body.terms));
        },
      )
      .get(
        '/admin/hospitals/:hospitalId/terms/imports/:jobId',
        requireCapability('hospitals.view'),
        validate('param', hospitalIdParam.extend(termsImportParam.shape)),
        async (c) => {
          const { hospitalId, jobId } = c.req.valid('param');
          c.header('Cache-Control', 'no-store');
          return c.json(await getTermsImport(db, actorOf(c), hospitalId, jobId));
        },
      )
      .post('/admin/hospitals/:hospitalId/terms/copy-defaults', requireCapability('defaults.reset'), validate('param', hospitalIdParam), async (c) =>
        c.json(await copyDefaultTermsToHospital(db, actorOf(c), c.req.valid('param').hospitalId)),
      )
  );
}

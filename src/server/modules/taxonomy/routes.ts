import { Hono } from 'hono';
import { z } from 'zod';
import { HOSPITAL_MESSAGES } from '../../../shared/schemas/hospitals';
import {
  hospitalTaxonomyRowInputSchema,
  hospitalTaxonomyRowUpdateSchema,
  TAXONOMY_TEMPLATE_FILE_NAME,
  taxonomyConfigSchema,
  taxonomyDistinctQuerySchema,
  taxonomyListQuerySchema,
  taxonomyRowInputSchema,
  taxonomyRowUpdateSchema,
  taxonomyTemplateCsv,
  taxonomyUploadListQuerySchema,
  taxonomyUploadQuerySchema,
} from '../../../shared/schemas/taxonomy';
import type { AppDeps } from '../../app';
import { requireCapability, requireProvider } from '../../auth/guards';
import type { AdminActor } from '../../auth/policies';
import type { Actor, AppBindings } from '../../http/types';
import { readCsvUpload } from '../../http/csv-upload';
import { validate } from '../../http/validate';
import {
  copyDefaultTaxonomyToHospital,
  createDefaultTaxonomy,
  createHospitalTaxonomy,
  deleteDefaultTaxonomy,
  deleteHospitalTaxonomy,
  distinctDefaultTaxonomy,
  distinctHospitalTaxonomy,
  getTaxonomyConfig,
  listDefaultTaxonomy,
  listHospitalTaxonomy,
  listTaxonomyUploads,
  resetHospitalTaxonomy,
  resolveSpecialtyCode,
  resolveSpecialtyCodeForHospital,
  saveTaxonomyConfig,
  taxonomyForProvider,
  updateDefaultTaxonomy,
  updateHospitalTaxonomy,
  uploadHospitalTaxonomy,
  type OrgLevel,
} from './service';

const hospitalParam = z.object({ hospitalId: z.uuid(HOSPITAL_MESSAGES.hospitalIdRequired) });
const entryParam = z.object({ id: z.uuid('Taxonomy entry not found') });
const hospitalEntryParam = hospitalParam.extend(entryParam.shape);
const providerCodeParam = z.object({ code: z.string().trim().min(1).max(50) });
const codeParam = hospitalParam.extend(providerCodeParam.shape);

const LEVELS: Array<[path: string, level: OrgLevel]> = [
  ['departments', 'department'],
  ['divisions', 'division'],
  ['sections', 'section'],
];

/** Specialty taxonomy: the default, each hospital's own, its uploads and the provider's read. Mounted under /api. */
export function taxonomyRoutes(deps: AppDeps) {
  const service = { db: deps.database.db, logger: deps.logger };
  const actorOf = (c: { get(key: 'actor'): unknown }) => c.get('actor') as AdminActor;
  const providerHospitalOf = (c: { get(key: 'actor'): Actor }) => {
    const actor = c.get('actor');
    return actor.kind === 'provider' ? actor.hospitalId : null;
  };
  const canRead = requireCapability('hospitals.view');
  const canEditDefault = requireCapability('taxonomy.default.manage');
  const canEditHospital = requireCapability('taxonomy.manage');

  const app = new Hono<AppBindings>()
    // ── The default taxonomy ──
    .get('/admin/taxonomy/default', canRead, validate('query', taxonomyListQuerySchema), async (c) =>
      c.json(await listDefaultTaxonomy(service, c.req.valid('query'))),
    )
    .post('/admin/taxonomy/default', canEditDefault, validate('json', taxonomyRowInputSchema), async (c) =>
      c.json(await createDefaultTaxonomy(service, actorOf(c), c.req.valid('json')), 201),
    )
    .patch('/admin/taxonomy/default/:id', canEditDefault, validate('param', entryParam), validate('json', taxonomyRowUpdateSchema), async (c) =>
      c.json(await updateDefaultTaxonomy(service, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .delete('/admin/taxonomy/default/:id', canEditDefault, validate('param', entryParam), async (c) =>
      c.json(await deleteDefaultTaxonomy(service, actorOf(c), c.req.valid('param').id)),
    )
    .get('/admin/taxonomy/template.csv', requireCapability('bulk.upload'), (c) => {
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="${TAXONOMY_TEMPLATE_FILE_NAME}"`);
      c.header('Cache-Control', 'no-store');
      return c.body(taxonomyTemplateCsv());
    })
    // ── A hospital's taxonomy ──
    .get('/admin/hospitals/:hospitalId/taxonomy', canRead, validate('param', hospitalParam), validate('query', taxonomyListQuerySchema), async (c) =>
      c.json(await listHospitalTaxonomy(service, actorOf(c), c.req.valid('param').hospitalId, c.req.valid('query'))),
    )
    .post(
      '/admin/hospitals/:hospitalId/taxonomy',
      canEditHospital,
      validate('param', hospitalParam),
      validate('json', hospitalTaxonomyRowInputSchema),
      async (c) => c.json(await createHospitalTaxonomy(service, actorOf(c), c.req.valid('param').hospitalId, c.req.valid('json')), 201),
    )
    .get('/admin/hospitals/:hospitalId/taxonomy/config', canRead, validate('param', hospitalParam), async (c) =>
      c.json(await getTaxonomyConfig(service, actorOf(c), c.req.valid('param').hospitalId)),
    )
    .put('/admin/hospitals/:hospitalId/taxonomy/config', canEditHospital, validate('param', hospitalParam), validate('json', taxonomyConfigSchema), async (c) =>
      c.json(await saveTaxonomyConfig(service, actorOf(c), c.req.valid('param').hospitalId, c.req.valid('json'))),
    )
    .get('/admin/hospitals/:hospitalId/taxonomy/resolve/:code', canRead, validate('param', codeParam), async (c) => {
      const { hospitalId, code } = c.req.valid('param');
      return c.json(await resolveSpecialtyCode(service, actorOf(c), hospitalId, code));
    })
    .get(
      '/admin/hospitals/:hospitalId/taxonomy/uploads',
      canRead,
      validate('param', hospitalParam),
      validate('query', taxonomyUploadListQuerySchema),
      async (c) => c.json(await listTaxonomyUploads(service, actorOf(c), c.req.valid('param').hospitalId, c.req.valid('query'))),
    )
    // The file is the body (text/csv), parsed as it streams in; its name comes in the query.
    .post(
      '/admin/hospitals/:hospitalId/taxonomy/upload',
      requireCapability('bulk.upload'),
      validate('param', hospitalParam),
      validate('query', taxonomyUploadQuerySchema),
      async (c) =>
        c.json(
          await uploadHospitalTaxonomy(service, actorOf(c), c.req.valid('param').hospitalId, {
            fileName: c.req.valid('query').fileName,
            readCsv: () => readCsvUpload(c),
          }),
        ),
    )
    .post('/admin/hospitals/:hospitalId/taxonomy/reset', requireCapability('defaults.reset'), validate('param', hospitalParam), async (c) =>
      c.json(await resetHospitalTaxonomy(service, actorOf(c), c.req.valid('param').hospitalId)),
    )
    .post('/admin/hospitals/:hospitalId/taxonomy/copy-defaults', requireCapability('defaults.reset'), validate('param', hospitalParam), async (c) =>
      c.json(await copyDefaultTaxonomyToHospital(service, actorOf(c), c.req.valid('param').hospitalId)),
    )
    .patch(
      '/admin/hospitals/:hospitalId/taxonomy/:id',
      canEditHospital,
      validate('param', hospitalEntryParam),
      validate('json', hospitalTaxonomyRowUpdateSchema),
      async (c) => {
        const { hospitalId, id } = c.req.valid('param');
        return c.json(await updateHospitalTaxonomy(service, actorOf(c), hospitalId, id, c.req.valid('json')));
      },
    )
    .delete('/admin/hospitals/:hospitalId/taxonomy/:id', canEditHospital, validate('param', hospitalEntryParam), async (c) => {
      const { hospitalId, id } = c.req.valid('param');
      return c.json(await deleteHospitalTaxonomy(service, actorOf(c), hospitalId, id));
    })
    // ── The provider's read ──
    .get('/taxonomy', requireProvider, async (c) => c.json(await taxonomyForProvider(service, providerHospitalOf(c))))
    .get('/taxonomy/resolve/:code', requireProvider, validate('param', providerCodeParam), async (c) =>
      c.json(await resolveSpecialtyCodeForHospital(service.db, providerHospitalOf(c), c.req.valid('param').code)),
    );

  // The drill-down lists: departments, then a department's divisions, then a division's sections.
  for (const [path, level] of LEVELS) {
    app.get(`/admin/taxonomy/default/${path}`, canRead, validate('query', taxonomyDistinctQuerySchema), async (c) =>
      c.json(await distinctDefaultTaxonomy(service, level, c.req.valid('query'))),
    );
    app.get(
      `/admin/hospitals/:hospitalId/taxonomy/${path}`,
      canRead,
      validate('param', hospitalParam),
      validate('query', taxonomyDistinctQuerySchema),
      async (c) => c.json(await distinctHospitalTaxonomy(service, actorOf(c), c.req.valid('param').hospitalId, level, c.req.valid('query'))),
    );
  }
  return app;
}

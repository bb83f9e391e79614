import { Hono } from 'hono';
import { z } from 'zod';
import {
  BRAND_FILE_MAX_AGE_SECONDS,
  BRAND_MESSAGES,
  brandDocumentUpdateSchema,
  brandSettingsSchema,
  brandWritingStandardsSchema,
} from '../../../shared/schemas/brand';
import type { AppDeps } from '../../app';
import { requireCapability } from '../../auth/guards';
import type { AdminActor } from '../../auth/policies';
import type { AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import type { FileStorage } from '../../integrations/storage';
import { AppError } from '../../lib/app-error';
import { hospitalIdParam } from '../hospitals/routes';
import { contentDisposition } from './file-types';
import {
  deleteBrandDocument,
  getBrandGuidelines,
  getBrandSettings,
  getWritingStandards,
  listBrandDocuments,
  makeBrandDocumentPrimary,
  readBrandDocumentFile,
  saveBrandSettings,
  saveWritingStandards,
  uploadBrandDocument,
} from './service';

// Malformed ids are answered 404 by the service ("not found"), not 400.
const documentParam = hospitalIdParam.extend({ documentId: z.string().max(100) });

/** Brand settings, writing standards and guideline documents of one hospital (admin area). */
export function brandRoutes(deps: AppDeps & { storage: FileStorage }) {
  const service = { db: deps.database.db, logger: deps.logger, storage: deps.storage, uploadLimitBytes: deps.env.UPLOAD_LIMIT_BYTES };
  const actorOf = (c: { get(key: 'actor'): unknown }) => c.get('actor') as AdminActor;
  const base = '/admin/hospitals/:hospitalId';

  return new Hono<AppBindings>()
    .get(`${base}/brand-settings`, requireCapability('hospitals.view'), validate('param', hospitalIdParam), async (c) =>
      c.json(await getBrandSettings(service, actorOf(c), c.req.valid('param').hospitalId)),
    )
    .put(`${base}/brand-settings`, requireCapability('brand.edit'), validate('param', hospitalIdParam), validate('json', brandSettingsSchema), async (c) =>
      c.json(await saveBrandSettings(service, actorOf(c), c.req.valid('param').hospitalId, c.req.valid('json'))),
    )
    .get(`${base}/brand-writing-standards`, requireCapability('hospitals.view'), validate('param', hospitalIdParam), async (c) =>
      c.json(await getWritingStandards(service, actorOf(c), c.req.valid('param').hospitalId)),
    )
    .put(
      `${base}/brand-writing-standards`,
      requireCapability('brand.edit'),
      validate('param', hospitalIdParam),
      validate('json', brandWritingStandardsSchema),
      async (c) => c.json(await saveWritingStandards(service, actorOf(c), c.req.valid('param').hospitalId, c.req.valid('json'))),
    )
    .get(`${base}/brand-guidelines`, requireCapability('hospitals.view'), validate('param', hospitalIdParam), async (c) =>
      c.json(await getBrandGuidelines(service, actorOf(c), c.req.valid('param').hospitalId)),
    )
    .get(`${base}/brand-documents`, requireCapability('hospitals.view'), validate('param', hospitalIdParam), async (c) =>
      c.json(await listBrandDocuments(service, actorOf(c), c.req.valid('param').hospitalId)),
    )
    .post(`${base}/brand-documents`, requireCapability('brand.edit'), validate('param', hospitalIdParam), async (c) => {
      // app.ts lets multipart through on this path only; anything else sent here is a client mistake.
      if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, BRAND_MESSAGES.notMultipart);
      }
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch {
        throw AppError.validation(BRAND_MESSAGES.notMultipart);
      }
      const document = await uploadBrandDocument(service, actorOf(c), c.req.valid('param').hospitalId, {
        file: form.get('file'),
        isPrimary: form.get('isPrimary'),
      });
      return c.json(document, 201);
    })
    .patch(
      `${base}/brand-documents/:documentId`,
      requireCapability('brand.edit'),
      validate('param', documentParam),
      validate('json', brandDocumentUpdateSchema),
      async (c) => {
        const { hospitalId, documentId } = c.req.valid('param');
        return c.json(await makeBrandDocumentPrimary(service, actorOf(c), hospitalId, documentId));
      },
    )
    .delete(`${base}/brand-documents/:documentId`, requireCapability('brand.edit'), validate('param', documentParam), async (c) => {
      const { hospitalId, documentId } = c.req.valid('param');
      return c.json(await deleteBrandDocument(service, actorOf(c), hospitalId, documentId));
    })
    .get(`${base}/brand-documents/:documentId/file`, requireCapability('hospitals.view'), validate('param', documentParam), async (c) => {
      const { hospitalId, documentId } = c.req.valid('param');
      const { document, file } = await readBrandDocumentFile(service, actorOf(c), hospitalId, documentId);
      // Storage bodies are never backed by a SharedArrayBuffer; the cast only narrows the buffer type.
      return c.body(file.body as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': document.mimeType ?? file.contentType,
        'Content-Length': String(file.body.byteLength),
        // Behind an admin session: browsers may keep it an hour (spec §9), shared caches never.
        'Cache-Control': `private, max-age=${BRAND_FILE_MAX_AGE_SECONDS}`,
        'Content-Disposition': contentDisposition(document.fileName),
        'X-Content-Type-Options': 'nosniff',
      });
    });
}

import { Hono } from 'hono';
import { z } from 'zod';
import { promptTemplateCreateSchema, promptTemplateListQuerySchema, promptTemplateUpdateSchema } from '../../../shared/schemas/prompt-templates';
import type { AppDeps } from '../../app';
import { requireAdmin } from '../../auth/guards';
import type { AdminActor } from '../../auth/policies';
import type { AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, restoreVersion, templateHistory, updateTemplate } from './service';

const versionParam = z.object({
  id: z.string().max(100),
  version: z.coerce.number({ error: 'Version must be a number' }).int().min(1, 'Version must be a number'),
});

/**
 * Biography prompt templates. Any administrator, within their scope: global templates plus their
 * hospital's, changing only their hospital's (system administrators: everything). The scope is
 * enforced in the service's queries, so ids outside it read as not found.
 */
export function promptTemplateRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const actorOf = (c: { get(key: 'actor'): unknown }) => c.get('actor') as AdminActor;

  return new Hono<AppBindings>()
    .get('/admin/prompt-templates', requireAdmin, validate('query', promptTemplateListQuerySchema), async (c) =>
      c.json(await listTemplates(db, actorOf(c), c.req.valid('query'))),
    )
    .post('/admin/prompt-templates', requireAdmin, validate('json', promptTemplateCreateSchema), async (c) =>
      c.json(await createTemplate(db, actorOf(c), c.req.valid('json')), 201),
    )
    .get('/admin/prompt-templates/:id', requireAdmin, async (c) => c.json(await getTemplate(db, actorOf(c), c.req.param('id'))))
    .patch('/admin/prompt-templates/:id', requireAdmin, validate('json', promptTemplateUpdateSchema), async (c) =>
      c.json(await updateTemplate(db, actorOf(c), c.req.param('id'), c.req.valid('json'))),
    )
    .delete('/admin/prompt-templates/:id', requireAdmin, async (c) => c.json(await deleteTemplate(db, actorOf(c), c.req.param('id'))))
    .get('/admin/prompt-templates/:id/history', requireAdmin, async (c) => c.json(await templateHistory(db, actorOf(c), c.req.param('id'))))
    .post('/admin/prompt-templates/:id/history/:version/restore', requireAdmin, validate('param', versionParam), async (c) => {
      const { id, version } = c.req.valid('param');
      return c.json(await restoreVersion(db, actorOf(c), id, version));
    });
}

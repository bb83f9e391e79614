import { Hono } from 'hono';
import { helpCategoryCreateSchema, helpCategoryUpdateSchema, helpFaqCreateSchema, helpFaqUpdateSchema, helpOrderSchema } from '../../../shared/schemas/help';
import type { AppDeps } from '../../app';
import { requireCapability } from '../../auth/guards';
import type { AdminActor } from '../../auth/policies';
import type { AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import {
  createCategory,
  createFaq,
  deleteCategory,
  deleteFaq,
  getPublicHelp,
  helpCounts,
  listCategoryFaqs,
  listHelpForAdmin,
  reorderCategories,
  reorderFaqs,
  updateCategory,
  updateFaq,
} from './service';

/**
 * The public Help Center and its editor (system administrators only, profile spec §6). Malformed ids
 * are answered 404 by the service, like ids that do not exist.
 */
export function helpRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const manage = requireCapability('help.manage');
  const actorOf = (c: { get(key: 'actor'): unknown }) => c.get('actor') as AdminActor;

  return (
    new Hono<AppBindings>()
      .get('/help', async (c) => {
        // Edits should show at once; the payload is small and the page is rarely visited twice a minute.
        c.header('Cache-Control', 'no-cache');
        return c.json(await getPublicHelp(db));
      })

      .get('/admin/help/counts', manage, async (c) => c.json(await helpCounts(db)))
      .get('/admin/help/categories', manage, async (c) => c.json(await listHelpForAdmin(db)))
      .post('/admin/help/categories', manage, validate('json', helpCategoryCreateSchema), async (c) =>
        c.json(await createCategory(db, actorOf(c), c.req.valid('json')), 201),
      )
      // Registered before '/:id' routes so "order" is never taken for an id.
      .put('/admin/help/categories/order', manage, validate('json', helpOrderSchema), async (c) =>
        c.json(await reorderCategories(db, actorOf(c), c.req.valid('json').ids)),
      )
      .patch('/admin/help/categories/:id', manage, validate('json', helpCategoryUpdateSchema), async (c) =>
        c.json(await updateCategory(db, actorOf(c), c.req.param('id'), c.req.valid('json'))),
      )
      .delete('/admin/help/categories/:id', manage, async (c) => c.json(await deleteCategory(db, actorOf(c), c.req.param('id'))))
      .get('/admin/help/categories/:id/faqs', manage, async (c) => c.json(await listCategoryFaqs(db, c.req.param('id'))))
      .put('/admin/help/categories/:id/faqs/order', manage, validate('json', helpOrderSchema), async (c) =>
        c.json(await reorderFaqs(db, actorOf(c), c.req.param('id'), c.req.valid('json').ids)),
      )

      .post('/admin/help/faqs', manage, validate('json', helpFaqCreateSchema), async (c) => c.json(await createFaq(db, actorOf(c), c.req.valid('json')), 201))
      .patch('/admin/help/faqs/:id', manage, validate('json', helpFaqUpdateSchema), async (c) =>
        c.json(await updateFaq(db, actorOf(c), c.req.param('id'), c.req.valid('json'))),
      )
      .delete('/admin/help/faqs/:id', manage, async (c) => c.json(await deleteFaq(db, actorOf(c), c.req.param('id'))))
  );
}

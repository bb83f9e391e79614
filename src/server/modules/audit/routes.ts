import { Hono } from 'hono';
import { auditQuerySchema } from '../../../shared/schemas/admin';
import type { AppDeps } from '../../app';
import { requireCapability } from '../../auth/guards';
import type { AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import { searchAudit } from './service';

export function auditRoutes(deps: AppDeps) {
  return new Hono<AppBindings>().get('/admin/audit-log', requireCapability('audit.view'), validate('query', auditQuerySchema), async (c) =>
    c.json(await searchAudit(deps.database.db, c.req.valid('query'))),
  );
}

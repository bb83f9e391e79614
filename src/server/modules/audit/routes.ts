import { Hono } from 'hono';
import { auditFilterSchema, auditQuerySchema } from '../../../shared/schemas/admin';
import type { AppDeps } from '../../app';
import { requireCapability } from '../../auth/guards';
import type { AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import { exportAudit, searchAudit } from './service';

export function auditRoutes(deps: AppDeps) {
  return new Hono<AppBindings>()
    .get('/admin/audit-log', requireCapability('audit.view'), validate('query', auditQuerySchema), async (c) =>
      c.json(await searchAudit(deps.database.db, c.req.valid('query'))),
    )
    .get('/admin/audit-log/export', requireCapability('audit.view'), validate('query', auditFilterSchema), async (c) => {
      const csv = await exportAudit(deps.database.db, c.req.valid('query'));
      const day = new Date().toISOString().slice(0, 10);
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="audit-log-${day}.csv"`,
        'Cache-Control': 'private, no-store',
      });
    });
}

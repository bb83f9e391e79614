import { Hono } from 'hono';
import { rosterUploadParam } from '../../../shared/schemas/roster';
import type { AppDeps } from '../../app';
import { requireCapability } from '../../auth/guards';
import type { AdminActor } from '../../auth/policies';
import { readCsvUpload } from '../../http/csv-upload';
import type { AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import type { NpiRegistry } from '../../integrations/npi-registry';
import { hospitalIdParam } from '../hospitals/routes';
import { getRosterProgress, startDrafting } from './drafts';
import { createInvitations } from './invitations';
import { getRosterUpload, listRosterUploads, refusedRowsCsv, uploadRoster } from './service';

/** A hospital's roster uploads (issue 37): hospital admins for their hospital, system admins for any. */
export function rosterRoutes(deps: AppDeps & { npiRegistry: NpiRegistry }) {
  const service = { db: deps.database.db, npiRegistry: deps.npiRegistry };
  const actorOf = (c: { get(key: 'actor'): unknown }) => c.get('actor') as AdminActor;
  const base = '/admin/hospitals/:hospitalId/roster-uploads';

  return (
    new Hono<AppBindings>()
      .get(base, requireCapability('hospitals.view'), validate('param', hospitalIdParam), async (c) =>
        c.json(await listRosterUploads(service, actorOf(c), c.req.valid('param').hospitalId)),
      )
      // A CSV file (or a pasted list) as the body (text/csv), parsed as it streams in.
      .post(base, requireCapability('bulk.upload'), validate('param', hospitalIdParam), async (c) =>
        c.json(await uploadRoster(service, actorOf(c), c.req.valid('param').hospitalId, () => readCsvUpload(c)), 201),
      )
      .get(`${base}/:uploadId`, requireCapability('hospitals.view'), validate('param', rosterUploadParam), async (c) => {
        const { hospitalId, uploadId } = c.req.valid('param');
        return c.json(await getRosterUpload(service, actorOf(c), hospitalId, uploadId));
      })
      .get(`${base}/:uploadId/refused.csv`, requireCapability('hospitals.view'), validate('param', rosterUploadParam), async (c) => {
        const { hospitalId, uploadId } = c.req.valid('param');
        return c.body(await refusedRowsCsv(service, actorOf(c), hospitalId, uploadId), 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="roster-refused-rows-${uploadId}.csv"`,
          'Cache-Control': 'no-store',
        });
      })
      // The pre-filling job (item 2): started (or resumed) by the admin, then watched by polling.
      .post(`${base}/:uploadId/drafting`, requireCapability('bulk.upload'), validate('param', rosterUploadParam), async (c) => {
        const { hospitalId, uploadId } = c.req.valid('param');
        return c.json(await startDrafting(service, actorOf(c), hospitalId, uploadId), 202);
      })
      .get(`${base}/:uploadId/progress`, requireCapability('hospitals.view'), validate('param', rosterUploadParam), async (c) => {
        const { hospitalId, uploadId } = c.req.valid('param');
        c.header('Cache-Control', 'no-store');
        return c.json(await getRosterProgress(service, actorOf(c), hospitalId, uploadId));
      })
      // Invitations (item 4): one per drafted row not invited yet; a job sends them.
      .post(`${base}/:uploadId/invitations`, requireCapability('bulk.upload'), validate('param', rosterUploadParam), async (c) => {
        const { hospitalId, uploadId } = c.req.valid('param');
        return c.json(await createInvitations({ ...service, inviteTtlDays: deps.env.ROSTER_INVITE_TTL_DAYS }, actorOf(c), hospitalId, uploadId), 202);
      })
  );
}

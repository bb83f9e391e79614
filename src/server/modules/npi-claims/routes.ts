import { Hono } from 'hono';
import { z } from 'zod';
import { npiClaimDecisionSchema, npiClaimListQuerySchema, npiClaimSchema } from '../../../shared/schemas/npi-claims';
import type { AppDeps } from '../../app';
import { requireProvider, requireSystemAdmin } from '../../auth/guards';
import type { AdminActor } from '../../auth/policies';
import type { Actor, AppBindings } from '../../http/types';
import { validate } from '../../http/validate';
import { decideClaim, fileClaim, listClaims, listMyClaims } from './service';

const claimParam = z.object({ claimId: z.uuid('Claim not found') });

/** `/api`: a provider's claims to an NPI another account holds, and the system administrators' queue. */
export function npiClaimRoutes(deps: AppDeps) {
  const db = deps.database.db;
  const provider = (c: { get(key: 'actor'): Actor }) => c.get('actor') as Extract<Actor, { kind: 'provider' }>;
  const lookupNpi = deps.npiRegistry ? (npi: string) => deps.npiRegistry!.lookup(npi) : undefined;
  return new Hono<AppBindings>()
    .get('/me/npi-claims', requireProvider, async (c) => c.json(await listMyClaims(db, provider(c).userId)))
    .post('/me/npi-claims', requireProvider, validate('json', npiClaimSchema), async (c) =>
      c.json(await fileClaim(db, provider(c), c.req.valid('json'), { lookupNpi }), 201),
    )
    .get('/admin/npi-claims', requireSystemAdmin, validate('query', npiClaimListQuerySchema), async (c) =>
      c.json(await listClaims(db, c.req.valid('query').status)),
    )
    .post('/admin/npi-claims/:claimId/grant', requireSystemAdmin, validate('param', claimParam), validate('json', npiClaimDecisionSchema), async (c) =>
      c.json(await decideClaim(db, c.get('actor') as AdminActor, c.req.valid('param').claimId, 'grant', c.req.valid('json').note)),
    )
    .post('/admin/npi-claims/:claimId/refuse', requireSystemAdmin, validate('param', claimParam), validate('json', npiClaimDecisionSchema), async (c) =>
      c.json(await decideClaim(db, c.get('actor') as AdminActor, c.req.valid('param').claimId, 'refuse', c.req.valid('json').note)),
    );
}

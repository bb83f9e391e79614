import { Hono } from 'hono';
import type { AppDeps } from '../../app';
import type { AppBindings } from '../../http/types';
import type { NpiRegistry } from '../../integrations/npi-registry';

export type ProfileRouteDeps = AppDeps & { npiRegistry?: NpiRegistry };

/** The provider's own profile: sections, dashboard, export. Mounted under /api. */
export function profileRoutes(_deps: ProfileRouteDeps) {
  return new Hono<AppBindings>();
}

import { Hono } from 'hono';
import type { AppDeps } from '../../app';
import type { AppBindings } from '../../http/types';

/** Reference lists the profile forms read (languages, schools, programs, taxonomy). Mounted under /api. */
export function referenceRoutes(_deps: AppDeps) {
  return new Hono<AppBindings>();
}

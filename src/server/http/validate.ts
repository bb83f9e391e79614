import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { z } from 'zod';
import { AppError } from '../lib/app-error';

/**
 * zod validation for a request part with our error shape: the first issue's message becomes the
 * error message (the spec's texts live in the schemas), all issues go in `details`.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issues = result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
      throw AppError.validation(issues[0]?.message ?? 'Invalid request', { issues });
    }
  });
}

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
    if (!result.success) throw validationError(result.error);
  });
}

function validationError(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }) {
  const issues = error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  return AppError.validation(issues[0]?.message ?? 'Invalid request', { issues });
}

/** The same validation for a value a handler reads itself (a route taking JSON or a CSV file). */
export function validated<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const result = schema.safeParse(value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * zodResolver for a shared schema whose form holds narrower values than the schema accepts (strings
 * in text boxes where the schema also takes null, for instance). The constraint checks the form's
 * values are something the schema accepts; the submit handler gets the schema's output.
 */
export function schemaResolver<V extends FieldValues & z.input<S>, S extends z.ZodType = z.ZodType>(schema: S): Resolver<V, unknown, z.output<S>> {
  return zodResolver(schema as never) as unknown as Resolver<V, unknown, z.output<S>>;
}

/** Reading PostgreSQL error details through the wrappers drivers and Drizzle put around them. */

const UNIQUE_VIOLATION = '23505';

export function pgCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function constraintOf(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const constraint = (current as { constraint?: unknown; constraint_name?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && message.includes('constraint')) return message;
    current = (current as { cause?: unknown }).cause;
  }
  return '';
}

export const isUniqueViolation = (error: unknown) => pgCode(error) === UNIQUE_VIOLATION;

/**
 * JSON with object keys sorted and undefined members left out: jsonb hands objects back with its own
 * key order (shorter keys first), so a value read from the database and the same value built in code
 * compare equal only this way.
 */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${stableJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Whether two values hold the same data, whatever their key order. */
export const sameJson = (a: unknown, b: unknown) => stableJson(a) === stableJson(b);

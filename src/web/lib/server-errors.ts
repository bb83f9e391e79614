import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { DEFAULT_ERROR_MESSAGE } from '@shared/errors';
import { isApiError } from '@web/lib/api-client';

interface ErrorDetails {
  field?: unknown;
  issues?: unknown;
}

function detailsOf(error: unknown): ErrorDetails {
  if (!isApiError(error) || typeof error.details !== 'object' || error.details === null) return {};
  return error.details as ErrorDetails;
}

/** The form field a server error belongs to (`details.field`), if any. */
export function errorField(error: unknown): string | null {
  const { field } = detailsOf(error);
  return typeof field === 'string' && field ? field : null;
}

/** zod issues from a 400 answer, as `{ field, message }` with the first path segment as the field. */
export function errorIssues(error: unknown): Array<{ field: string; message: string }> {
  const { issues } = detailsOf(error);
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: unknown) => {
    if (typeof issue !== 'object' || issue === null) return [];
    const { path, message } = issue as { path?: unknown; message?: unknown };
    const first = Array.isArray(path) ? path[0] : typeof path === 'string' ? path.split('.')[0] : undefined;
    return typeof first === 'string' && first && typeof message === 'string' ? [{ field: first, message }] : [];
  });
}

/** The text to show for any failure: the server's own message, which the spec wants shown as is. */
export function errorMessage(error: unknown, fallback = DEFAULT_ERROR_MESSAGE): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/**
 * Puts a server error on the fields it names (`details.field`, or each zod issue's path) when they
 * are among `fields`. Returns the fields it set; an empty list means the caller shows a form alert.
 */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): Path<T>[] {
  const known = new Set<string>(fields);
  const set: Path<T>[] = [];
  const field = errorField(error);
  if (field && known.has(field)) {
    setError(field as Path<T>, { type: 'server', message: errorMessage(error) }, { shouldFocus: true });
    set.push(field as Path<T>);
    return set;
  }
  for (const issue of errorIssues(error)) {
    if (!known.has(issue.field) || set.includes(issue.field as Path<T>)) continue;
    setError(issue.field as Path<T>, { type: 'server', message: issue.message }, { shouldFocus: set.length === 0 });
    set.push(issue.field as Path<T>);
  }
  return set;
}

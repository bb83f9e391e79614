import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { DEFAULT_ERROR_MESSAGE } from '@shared/errors';
import { isApiError } from '@web/lib/api-client';

interface Issue {
  path: string;
  message: string;
}

function details(error: unknown): Record<string, unknown> {
  if (!isApiError(error) || typeof error.details !== 'object' || error.details === null) return {};
  return error.details as Record<string, unknown>;
}

/** The zod issues of a 400 answer with their full dotted paths (`items.2.title`). */
export function serverIssues(error: unknown): Issue[] {
  const { issues } = details(error);
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: unknown) => {
    if (typeof issue !== 'object' || issue === null) return [];
    const { path, message } = issue as { path?: unknown; message?: unknown };
    const dotted = Array.isArray(path) ? path.join('.') : typeof path === 'string' ? path : '';
    return typeof message === 'string' ? [{ path: dotted, message }] : [];
  });
}

/** `details.field` of an error (e.g. 409 on npiNumber or licenseNumber). */
export function serverErrorField(error: unknown): string | null {
  const { field } = details(error);
  return typeof field === 'string' && field ? field : null;
}

export function errorText(error: unknown, fallback = DEFAULT_ERROR_MESSAGE): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

function hasPath(values: unknown, path: string): boolean {
  let current: unknown = values;
  for (const segment of path.split('.')) {
    if (current === null || typeof current !== 'object' || !(segment in (current as object))) return false;
    current = (current as Record<string, unknown>)[segment];
  }
  return true;
}

/**
 * Puts a server error on the fields it names when the form has them: each zod issue by its path,
 * or `details.field`. `resolveField` may translate a field (a list's `licenseNumber` → the row's).
 * Returns how many fields got a message; 0 means the caller shows the message for the whole form.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  resolveField?: (field: string, error: unknown) => string | null,
): number {
  const values = form.getValues();
  const placed = new Set<string>();
  const place = (path: string, message: string) => {
    if (!path || placed.has(path) || !hasPath(values, path)) return;
    form.setError(path as Path<T>, { type: 'server', message }, { shouldFocus: placed.size === 0 });
    placed.add(path);
  };
  for (const issue of serverIssues(error)) place(issue.path, issue.message);
  const field = serverErrorField(error);
  if (field) place(resolveField ? (resolveField(field, error) ?? field) : field, errorText(error));
  return placed.size;
}

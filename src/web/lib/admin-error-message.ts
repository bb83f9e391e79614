import { ADMIN_ERROR_MESSAGES, DEFAULT_ERROR_MESSAGE, type AdminErrorCode } from '@shared/errors';
import { ApiError } from '@web/lib/api-client';

export function isAdminErrorCode(code: unknown): code is AdminErrorCode {
  return typeof code === 'string' && Object.hasOwn(ADMIN_ERROR_MESSAGES, code);
}

/** The catalogue text for an admin sign-in failure (access spec §8); anything else gets the default. */
export function adminErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (isAdminErrorCode(error.code)) return ADMIN_ERROR_MESSAGES[error.code];
    // A timeout is a network failure as far as the person at the keyboard is concerned.
    if (error.status === 0) return ADMIN_ERROR_MESSAGES.NETWORK_ERROR;
  }
  if (error instanceof TypeError) return ADMIN_ERROR_MESSAGES.NETWORK_ERROR;
  return DEFAULT_ERROR_MESSAGE;
}

/** `details.retryAfterSeconds` of a 429, when the server sent one. */
export function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError) || typeof error.details !== 'object' || error.details === null) return null;
  const value = (error.details as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.ceil(value) : null;
}

/**
 * The server's message for a non-catalogue failure (validation, conflict, forbidden), which are
 * written for people; 5xx and transport failures fall back to the default text.
 */
export function serverMessage(error: unknown, fallback = DEFAULT_ERROR_MESSAGE): string {
  if (error instanceof ApiError) {
    if (isAdminErrorCode(error.code)) return ADMIN_ERROR_MESSAGES[error.code];
    if (error.status === 0) return ADMIN_ERROR_MESSAGES.NETWORK_ERROR;
    if (error.status >= 400 && error.status < 500 && error.message) return error.message;
  }
  return fallback;
}

/** Field errors the server attached: `details.field` (one field) or `details.issues` (validation). */
export function serverFieldErrors(error: unknown): Array<{ field: string; message: string }> {
  if (!(error instanceof ApiError) || typeof error.details !== 'object' || error.details === null) return [];
  const details = error.details as { field?: unknown; issues?: unknown };
  if (typeof details.field === 'string') return [{ field: details.field, message: error.message }];
  if (Array.isArray(details.issues)) {
    return details.issues.flatMap((issue: unknown) => {
      const { path, message } = (issue ?? {}) as { path?: unknown; message?: unknown };
      return typeof path === 'string' && path && typeof message === 'string' ? [{ field: path, message }] : [];
    });
  }
  return [];
}

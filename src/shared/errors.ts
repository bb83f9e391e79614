/**
 * Error codes and user texts from the specification. The server puts `code` and `message` in the
 * `{ error: { code, message, details? } }` body; the web shows `message`.
 */

export const ADMIN_ERROR_MESSAGES = {
  ADMIN_USER_NOT_FOUND: 'No admin account found with this email address.',
  ADMIN_USER_INACTIVE: 'This admin account has been deactivated. Please contact support.',
  ADMIN_UNAUTHORIZED: 'You are not authorized to access the admin panel.',
  RATE_LIMIT_EXCEEDED: 'Too many attempts. Please wait a few minutes before trying again.',
  INVALID_EMAIL_FORMAT: 'Please enter a valid email address.',
  DATABASE_ERROR: 'A database error occurred. Please try again later.',
  NETWORK_ERROR: 'Network error. Please check your connection and try again.',
  SESSION_EXPIRED: 'Your session has expired. Please log in again.',
  MAGIC_LINK_EXPIRED: 'This magic link has expired. Please request a new one.',
  RESEND_COOLDOWN_ACTIVE: 'Please wait a moment before requesting another magic link.',
} as const;

export type AdminErrorCode = keyof typeof ADMIN_ERROR_MESSAGES;

export const DEFAULT_ERROR_MESSAGE = 'An unexpected error occurred. Please try again.';

/** Codes used by the HTTP layer itself, beyond the spec's admin catalogue. */
export const HTTP_ERROR_CODES = {
  VALIDATION_ERROR: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMIT_EXCEEDED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  UPSTREAM_ERROR: 502,
} as const;

export type ErrorCode = AdminErrorCode | keyof typeof HTTP_ERROR_CODES | (string & {});

export interface ErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}

export const NOT_FOUND_TEXT = {
  title: 'Page Not Found',
  body: "The page you're looking for doesn't exist or has been moved.",
} as const;

export const ERROR_FALLBACK_TEXT = {
  title: 'Something went wrong',
  body: 'We encountered an unexpected error. Please try refreshing the page.',
  retry: 'Try Again',
  home: 'Go to Home',
} as const;

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

import { ADMIN_ERROR_MESSAGES, DEFAULT_ERROR_MESSAGE, type AdminErrorCode } from '../../shared/errors';

/**
 * The one error type services throw. The HTTP layer turns it into
 * `{ error: { code, message, details? } }` with `status`; services never import Hono.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static validation(message: string, details?: unknown) {
    return new AppError('VALIDATION_ERROR', 400, message, details);
  }

  static unauthenticated(message = 'User not authenticated') {
    return new AppError('UNAUTHENTICATED', 401, message);
  }

  static forbidden(message = 'You do not have permission to perform this action.') {
    return new AppError('FORBIDDEN', 403, message);
  }

  static notFound(message = 'Not found') {
    return new AppError('NOT_FOUND', 404, message);
  }

  static conflict(message: string, details?: unknown) {
    return new AppError('CONFLICT', 409, message, details);
  }

  static upstream(message: string, details?: unknown) {
    return new AppError('UPSTREAM_ERROR', 502, message, details);
  }

  /** An error from the spec's admin catalogue, with its exact text. */
  static admin(code: AdminErrorCode, status: number, details?: unknown) {
    return new AppError(code, status, ADMIN_ERROR_MESSAGES[code], details);
  }

  static internal(message = DEFAULT_ERROR_MESSAGE) {
    return new AppError('INTERNAL_ERROR', 500, message);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

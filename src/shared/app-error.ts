/**
 * The one error type the core throws. Codes are transport-free (`MODULE.REASON`); the HTTP edge maps
 * them to status codes in one table, so no use case ever knows about HTTP.
 */
export type AppErrorCode =
  | 'REQUEST.INVALID'
  | 'REQUEST.MALFORMED_JSON'
  | 'REQUEST.TOO_LARGE'
  | 'ROUTE.NOT_FOUND'
  | 'ROUTE.METHOD_NOT_ALLOWED'
  | 'AUTH.UNAUTHENTICATED'
  | 'AUTH.FORBIDDEN'
  | 'RATE.LIMITED'
  | 'CONFLICT'
  | 'INTERNAL';

export interface AppErrorOptions {
  cause?: unknown;
  /** Field-level details safe to show to the client (validation issues). */
  details?: unknown;
}

export class AppError<C extends string = AppErrorCode> extends Error {
  override readonly name = 'AppError';
  readonly code: C;
  readonly details: unknown;

  constructor(code: C, message: string, options: AppErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.details = options.details;
  }
}

export function isAppError(error: unknown): error is AppError<string> {
  return error instanceof AppError;
}

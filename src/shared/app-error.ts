/**
 * The one error type the core throws. Codes are transport-free (`MODULE.REASON`); the HTTP edge maps
 * them to status codes in one table, so no use case ever knows about HTTP.
 */

/** The codes any layer may throw: request, route and authentication failures, the service out of reach, and the generic ones. */
export const GenericErrors = {
  REQUEST_INVALID: 'REQUEST.INVALID',
  REQUEST_MALFORMED_JSON: 'REQUEST.MALFORMED_JSON',
  REQUEST_TOO_LARGE: 'REQUEST.TOO_LARGE',
  ROUTE_NOT_FOUND: 'ROUTE.NOT_FOUND',
  METHOD_NOT_ALLOWED: 'ROUTE.METHOD_NOT_ALLOWED',
  UNAUTHENTICATED: 'AUTH.UNAUTHENTICATED',
  FORBIDDEN: 'AUTH.FORBIDDEN',
  RATE_LIMITED: 'RATE.LIMITED',
  /** The database cannot be reached (down, restarting, no connection to be had): try again shortly. */
  SERVICE_UNAVAILABLE: 'SERVICE.UNAVAILABLE',
  CONFLICT: 'CONFLICT',
  INTERNAL: 'INTERNAL',
} as const;

export type GenericErrorCode = (typeof GenericErrors)[keyof typeof GenericErrors];

/**
 * The registry of error catalogues, one entry per catalogue. Each module's `<m>.errors.ts` adds its
 * own entry by declaration merging (`declare module '../../shared/app-error.js'`), so the union below
 * holds every module's codes while this file imports no module: the arrows keep pointing down.
 */
export interface AppErrorCatalogues {
  generic: GenericErrorCode;
}

/** Every code the core may throw; the HTTP edge's status table must give each one a status. */
export type AppErrorCode = AppErrorCatalogues[keyof AppErrorCatalogues];

export interface AppErrorOptions {
  cause?: unknown;
  /** Field-level details safe to show to the client (validation issues). */
  details?: unknown;
}

export class AppError extends Error {
  override readonly name = 'AppError';
  readonly code: AppErrorCode;
  readonly details: unknown;

  constructor(code: AppErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.code = code;
    this.details = options.details;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

import { GenericErrors, type AppErrorCode } from '../../shared/app-error.js';

/**
 * The one place where error codes meet HTTP. `satisfies` makes the type check refuse a code without a
 * status, and a status for a code no catalogue declares (AppErrorCode gathers every module's
 * catalogue, see src/shared/app-error.ts).
 */
const STATUS_BY_CODE = {
  'REQUEST.INVALID': 400,
  'REQUEST.MALFORMED_JSON': 400,
  'REQUEST.TOO_LARGE': 413,
  'ROUTE.NOT_FOUND': 404,
  'ROUTE.METHOD_NOT_ALLOWED': 405,
  'DOCUMENT.NOT_FOUND': 404,
  'DOCUMENT.INVALID': 422,
  'DOCUMENT.ID_TAKEN': 409,
  'DOCUMENT.CREATE_IN_PROGRESS': 409,
  'DOCUMENT.EMAIL_EXISTS': 409,
  'DOC_STORE.UNAVAILABLE': 503,
  'MAIL.NOT_FOUND': 404,
  'MAIL.NOT_RETRYABLE': 409,
  'MAIL.NOT_ALLOWABLE': 409,
  'DOC_STORE.ACCESS_REVOKED': 403,
  'BILLING.DISABLED': 409,
  'BILLING.ALREADY_SUBSCRIBED': 409,
  'BILLING.SUBSCRIPTION_REQUIRED': 403,
  'BILLING.NOT_ACTIVE': 409,
  'BILLING.ALREADY_CANCELING': 409,
  'BILLING.NOT_CANCELING': 409,
  'BILLING.PLAN_CHANGE_REQUIRED': 409,
  'BILLING.PLAN_CHANGE_CANCELING': 409,
  'BILLING.PLAN_CHANGE_PAYMENT_FAILED': 402,
  'BILLING.PRICE_NOT_FOUND': 404,
  'BILLING.CHECKOUT_NOT_FOUND': 404,
  'BILLING.PROVIDER_UNAVAILABLE': 503,
  'BILLING.CANCEL_FAILED': 502,
  'ACCOUNT.EMAIL_MISMATCH': 400,
  'BILLING.WEBHOOK_SIGNATURE': 400,
  'AUTH.UNAUTHENTICATED': 401,
  'AUTH.FORBIDDEN': 403,
  'RATE.LIMITED': 429,
  'SERVICE.UNAVAILABLE': 503,
  CONFLICT: 409,
  INTERNAL: 500,
} as const satisfies Record<AppErrorCode, number>;

/** Every code with its status, for the documentation check. */
export const ERROR_STATUSES: Readonly<Record<AppErrorCode, number>> = STATUS_BY_CODE;

/**
 * Answers that tell the client when to try again (`Retry-After`, in seconds). The database being out of
 * reach is usually a restart or a fail-over: a few seconds.
 */
const RETRY_AFTER_SECONDS: Partial<Record<AppErrorCode, number>> = {
  [GenericErrors.SERVICE_UNAVAILABLE]: 5,
};

export function retryAfterFor(code: AppErrorCode): number | null {
  return RETRY_AFTER_SECONDS[code] ?? null;
}

/** A code that reached here without a status (only possible by a cast) is a bug: 500. */
export function httpStatusFor(code: AppErrorCode): number {
  return Object.hasOwn(STATUS_BY_CODE, code) ? STATUS_BY_CODE[code] : 500;
}

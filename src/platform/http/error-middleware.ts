import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { ErrorResponse } from '../../contract/common.js';
import { AppError, GenericErrors, isAppError } from '../../shared/app-error.js';
import { isDatabaseUnavailable } from '../../shared/database-outage.js';
import { httpStatusFor, retryAfterFor } from './error-status.js';

const DATABASE_UNAVAILABLE_MESSAGE = 'The service cannot reach its database right now. Please try again in a few seconds.';

/**
 * Every failure leaves the API in one shape. Unknown errors are logged with the request id and hidden
 * behind a generic message, so nothing internal (SQL, stack, SDK text) reaches a client. A failure
 * because the database cannot be reached (see isDatabaseUnavailable) is not a bug: it answers
 * `503 SERVICE.UNAVAILABLE` with `Retry-After`.
 */
export function errorMiddleware(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (thrown) {
      const requestId = String(ctx.state.requestId ?? '');
      const error = asOutage(thrown) ?? thrown;
      if (isAppError(error)) {
        const status = httpStatusFor(error.code);
        if (error !== thrown) logger.error({ err: thrown, requestId }, 'request failed: the database cannot be reached');
        else if (status >= 500) logger.error({ err: error, requestId }, 'request failed');
        ctx.status = status;
        const retryAfter = retryAfterFor(error.code);
        if (retryAfter !== null) ctx.set('Retry-After', String(retryAfter));
        // A deliberate 5xx (a dependency is down) keeps its code and message; only 500 means a bug.
        const hidden = status === 500;
        const body: ErrorResponse = { error: { code: hidden ? 'INTERNAL' : error.code, message: hidden ? 'Something went wrong on our side. Please try again.' : error.message } };
        if (error.details !== undefined && !hidden) body.error.details = error.details;
        ctx.body = body;
        return;
      }
      logger.error({ err: thrown, requestId }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } } satisfies ErrorResponse;
    }
  };
}

/** An error that would answer 500 but comes from the database being out of reach, as a 503 AppError. */
function asOutage(error: unknown): AppError | null {
  if (isAppError(error) && httpStatusFor(error.code) !== 500) return null;
  if (!isDatabaseUnavailable(error)) return null;
  return new AppError(GenericErrors.SERVICE_UNAVAILABLE, DATABASE_UNAVAILABLE_MESSAGE, { cause: error });
}

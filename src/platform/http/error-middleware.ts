import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { ErrorResponse } from '../../contract/common.js';
import { isAppError } from '../../shared/app-error.js';
import { httpStatusFor } from './error-status.js';

/**
 * Every failure leaves the API in one shape. Unknown errors are logged with the request id and hidden
 * behind a generic message, so nothing internal (SQL, stack, SDK text) reaches a client.
 */
export function errorMiddleware(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const requestId = String(ctx.state.requestId ?? '');
      if (isAppError(error)) {
        const status = httpStatusFor(error.code);
        if (status >= 500) logger.error({ err: error, requestId }, 'request failed');
        ctx.status = status;
        // A deliberate 5xx (a dependency is down) keeps its code and message; only 500 means a bug.
        const hidden = status === 500;
        const body: ErrorResponse = { error: { code: hidden ? 'INTERNAL' : error.code, message: hidden ? 'Something went wrong on our side. Please try again.' : error.message } };
        if (error.details !== undefined && !hidden) body.error.details = error.details;
        ctx.body = body;
        return;
      }
      logger.error({ err: error, requestId }, 'unhandled error');
      ctx.status = 500;
      ctx.body = { error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' } } satisfies ErrorResponse;
    }
  };
}

import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { AppError } from '../../shared/app-error.js';

/** JSON and form bodies (the dev sign-in form posts urlencoded). DELETE carries bodies in this API. */
export function parseBodies(): Middleware {
  return bodyParser({
    enableTypes: ['json', 'form'],
    jsonLimit: '256kb',
    formLimit: '64kb',
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    onError: (error) => {
      const status = (error as { status?: number }).status;
      if (status === 413) throw new AppError('REQUEST.TOO_LARGE', 'The request body is too large.');
      throw new AppError('REQUEST.MALFORMED_JSON', 'The request body is not valid JSON.', { cause: error });
    },
  }) as Middleware;
}

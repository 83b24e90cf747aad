import { bodyParser } from '@koa/bodyparser';
import type { Context, Middleware } from 'koa';
import { AppError, GenericErrors } from '../../shared/app-error.js';
import { findUnstorableText } from './storable-text.js';

/**
 * JSON and form bodies (the dev sign-in form posts urlencoded). DELETE carries bodies in this API.
 * Every parsed body and query string is then checked once, here, for text the database cannot store,
 * so no route has to remember it. `rawBodyPaths` are left unparsed: their routes read the exact bytes
 * (a webhook signature covers them).
 */
export function parseBodies(options: { rawBodyPaths?: readonly string[] } = {}): Middleware {
  const raw = new Set(options.rawBodyPaths ?? []);
  const parse = bodyParser({
    enableTypes: ['json', 'form'],
    jsonLimit: '256kb',
    formLimit: '64kb',
    parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
    onError: (error) => {
      const status = (error as { status?: number }).status;
      if (status === 413) throw new AppError(GenericErrors.REQUEST_TOO_LARGE, 'The request body is too large.');
      throw new AppError(GenericErrors.REQUEST_MALFORMED_JSON, 'The request body is not valid JSON.', { cause: error });
    },
  }) as Middleware;
  return (ctx, next) => {
    // @koa/bodyparser skips a request flagged this way; the query is still checked below.
    if (raw.has(ctx.path)) (ctx as Context & { disableBodyParser?: boolean }).disableBodyParser = true;
    return parse(ctx, async () => {
      refuseUnstorable(ctx.query, 'query');
      refuseUnstorable((ctx.request as { body?: unknown }).body, 'body');
      await next();
    });
  };
}

function refuseUnstorable(value: unknown, where: 'body' | 'query'): void {
  const path = findUnstorableText(value);
  if (path === null) return;
  throw new AppError(
    GenericErrors.REQUEST_INVALID,
    `${path === '(value)' ? where : path}: contains a character that cannot be stored (a NUL character or an unpaired surrogate).`,
    { details: [{ path: path === '(value)' ? '' : path, message: 'contains a NUL character or an unpaired surrogate' }] },
  );
}

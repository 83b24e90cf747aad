import { bodyParser } from '@koa/bodyparser';
import type { Context, Middleware } from 'koa';
import { AppError, GenericErrors } from '../../shared/app-error.js';
import { findUnstorableText } from './storable-text.js';

/**
 * How deeply objects and arrays may nest in a body. No request of this API nests more than a few levels;
 * a body nested thousands deep would overflow the stack of every recursive walk after the parser.
 */
export const MAX_BODY_DEPTH = 64;

/**
 * JSON and form bodies (the dev sign-in form posts urlencoded). DELETE carries bodies in this API.
 * Every parsed body is checked for its nesting depth first (without recursion), then every body and
 * query string once, here, for text the database cannot store, so no route has to remember it.
 * `rawBodyPaths` are left unparsed: their routes read the exact bytes (a webhook signature covers them).
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
      const body = (ctx.request as { body?: unknown }).body;
      refuseDeep(body);
      refuseUnstorable(ctx.query, 'query');
      refuseUnstorable(body, 'body');
      await next();
    });
  };
}

/** Whether objects and arrays nest more than `limit` levels in `value` (the outermost is level 1). */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  // An explicit stack, so a hostile body cannot overflow the call stack here.
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    if (entry.value === null || typeof entry.value !== 'object') continue;
    const depth = entry.depth + 1;
    if (depth > limit) return true;
    for (const item of Array.isArray(entry.value) ? entry.value : Object.values(entry.value)) {
      if (item !== null && typeof item === 'object') stack.push({ value: item, depth });
    }
  }
  return false;
}

function refuseDeep(body: unknown): void {
  if (!nestsDeeperThan(body, MAX_BODY_DEPTH)) return;
  const message = `The request body nests objects or arrays more than ${MAX_BODY_DEPTH} levels deep (the limit is ${MAX_BODY_DEPTH}).`;
  throw new AppError(GenericErrors.REQUEST_INVALID, message, { details: [{ path: '', message }] });
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

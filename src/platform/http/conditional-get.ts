import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';

/**
 * ETag and 304 for JSON reads that are re-read often and change rarely (a user's documents, a document's
 * details and mails, usage): the browser keeps the last answer and revalidates it (`If-None-Match`), and
 * an unchanged answer costs a few bytes instead of the whole list.
 *
 * The ETag is a hash of the JSON body, so it changes exactly when the answer does, for whoever asks.
 * It is weak (W/): the same JSON travels as Brotli, gzip or identity. The answers depend on the signed-in
 * user, so `Cache-Control: private, no-cache`: no shared cache keeps them, the browser always revalidates.
 */
export function conditionalGet(paths: readonly RegExp[]): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    if (ctx.status !== 200 || !paths.some((path) => path.test(ctx.path))) return;
    const body: unknown = ctx.body;
    if (body === null || typeof body !== 'object' || Buffer.isBuffer(body) || typeof (body as { pipe?: unknown }).pipe === 'function') return;
    // Serialised once here: the hash, the Content-Length and the compressor all use this string.
    const json = JSON.stringify(body);
    ctx.body = json;
    ctx.etag = `W/"${createHash('sha256').update(json).digest('base64url')}"`;
    ctx.set('Cache-Control', 'private, no-cache');
    if (ctx.fresh) ctx.status = 304;
  };
}

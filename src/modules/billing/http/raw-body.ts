import type { IncomingMessage } from 'node:http';
import type { Context, Middleware } from 'koa';
import { AppError } from '../../../shared/app-error.js';

export const STRIPE_WEBHOOK_PATH = '/webhooks/stripe';

/**
 * Webhook signatures cover the exact bytes sent, so the JSON body parser (mounted for every route)
 * must leave this path alone. Mounted ahead of it; @koa/bodyparser skips a request flagged this way.
 */
export function keepWebhookBodiesRaw(paths: readonly string[] = [STRIPE_WEBHOOK_PATH]): Middleware {
  return async (ctx, next) => {
    if (paths.includes(ctx.path)) (ctx as Context & { disableBodyParser?: boolean }).disableBodyParser = true;
    await next();
  };
}

/** Stripe's events are small; a generous cap still stops an endless body. */
export async function readRawBody(req: IncomingMessage, limitBytes = 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > limitBytes) throw new AppError('REQUEST.TOO_LARGE', 'The request body is too large.');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { isServerPath } from './web-app.js';

const SAFE_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** Probes and the web app's files: one line each would bury the requests worth reading. */
const ROUTINE_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

function isRoutine(method: string, path: string, status: number): boolean {
  if (status >= 400 || (method !== 'GET' && method !== 'HEAD')) return false;
  return ROUTINE_PATHS.has(path) || !isServerPath(path);
}

/**
 * Gives each request an id (kept from a proxy's X-Request-Id when sane) and logs one line when it ends.
 * Only the path is logged, never the query: /auth-success carries a session token in it. Successful
 * probes and static files are logged at debug level only.
 */
export function requestContext(logger: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = SAFE_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    const started = performance.now();
    try {
      await next();
    } finally {
      const durationMs = Math.round((performance.now() - started) * 10) / 10;
      const line = { requestId, method: ctx.method, path: ctx.path, status: ctx.status, durationMs };
      if (ctx.status >= 500) logger.error(line, 'request');
      else if (isRoutine(ctx.method, ctx.path, ctx.status)) logger.debug(line, 'request');
      else logger.info(line, 'request');
    }
  };
}

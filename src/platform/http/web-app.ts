import { createReadStream, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';
import { AppError } from '../../shared/app-error.js';

/** Paths the server answers itself; everything else belongs to the browser app's router. */
const SERVER_PREFIXES = ['/api/', '/oauth/', '/webhooks/', '/local-checkout/', '/local-docs/'];
const isServerPath = (path: string) => path === '/api' || SERVER_PREFIXES.some((prefix) => path.startsWith(prefix));

/**
 * Serves the built web app with history fallback: any unknown non-API GET gets index.html, so deep links
 * and reloads work. Hashed assets are cached for a year; index.html never.
 */
export function webApp(webDir: string): Middleware[] {
  const root = resolve(webDir);
  const indexFile = join(root, 'index.html');
  const assets = serve(root, {
    index: false,
    setHeaders: (res, path) => {
      if (path.includes(`${join(root, 'assets')}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  const fallback: Middleware = async (ctx, next) => {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if (isServerPath(ctx.path)) throw new AppError('ROUTE.NOT_FOUND', `No such endpoint: ${ctx.method} ${ctx.path}`);
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw new AppError('ROUTE.NOT_FOUND', 'Not found.');
    if (!existsSync(indexFile)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built yet: run `npm run build` (npm start does it for you).';
      return;
    }
    ctx.status = 200;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = createReadStream(indexFile);
  };
  // The fallback wraps everything after it; static files are tried last so API routes win.
  return [fallback, (ctx, next) => (isServerPath(ctx.path) ? next() : assets(ctx, next))];
}

import { join, resolve, sep } from 'node:path';
import type { Stats } from 'node:fs';
import type { Context, Middleware, Next } from 'koa';
import send from 'koa-send';
import { AppError, GenericErrors } from '../../shared/app-error.js';

/** Paths the server answers itself; everything else belongs to the browser app's router. */
const SERVER_PREFIXES = ['/api/', '/oauth/', '/webhooks/', '/local-checkout/', '/local-docs/'];
export const isServerPath = (path: string): boolean => path === '/api' || SERVER_PREFIXES.some((prefix) => path.startsWith(prefix));

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app with history fallback: any unknown non-API GET gets index.html, so deep links
 * and reloads work.
 *
 * The build writes `<file>.br` and `<file>.gz` beside each text file (web/build/precompress.ts); koa-send
 * sends the .br when Accept-Encoding allows it, else the .gz, else the file itself, with the original's
 * Content-Type and the encoded file's Content-Length. No Range support (no Accept-Ranges): a Range request
 * gets the whole representation, never a slice of compressed bytes.
 *
 * Hashed assets (assets/) are cached for a year; index.html and the unhashed public files (theme-init.js,
 * favicon.svg) are revalidated on each use (no-cache) against a weak ETag and answer 304 when unchanged.
 */
export function webApp(webDir: string): Middleware[] {
  const root = resolve(webDir);
  const hashedAssets = join(root, 'assets') + sep;

  /** Sends `path` (from the web root) if it is a file there; false when there is none. */
  async function sendFile(ctx: Context, path: string): Promise<boolean> {
    let sent: string | undefined;
    try {
      sent = await send(ctx, path, {
        root,
        index: false,
        brotli: true,
        gzip: true,
        setHeaders: (_res, file, stats) => fileHeaders(ctx, file, stats),
      });
    } catch (error) {
      if ((error as { status?: unknown } | null)?.status === 404) return false;
      throw assetRefusal(error) ?? error;
    }
    if (!sent) return false;
    ctx.status = 200;
    // Already compressed at build time (or not worth it): never compressed again per request.
    ctx.compress = false;
    if (ctx.fresh) ctx.status = 304;
    return true;
  }

  function fileHeaders(ctx: Context, file: string, stats: Stats): void {
    ctx.set('Cache-Control', file.startsWith(hashedAssets) ? IMMUTABLE : 'no-cache');
    ctx.vary('Accept-Encoding');
    // Of the file actually sent, so each encoding has its own validator.
    ctx.etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  }

  const fallback: Middleware = async (ctx, next) => {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if (isServerPath(ctx.path)) throw new AppError(GenericErrors.ROUTE_NOT_FOUND, `No such endpoint: ${ctx.method} ${ctx.path}`);
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw new AppError(GenericErrors.ROUTE_NOT_FOUND, 'Not found.');
    if (await sendFile(ctx, '/index.html')) return;
    ctx.status = 503;
    ctx.type = 'text/plain';
    ctx.body = 'The web app is not built yet: run `npm run build` (npm start does it for you).';
  };

  // Tried after the routes, so API routes win; a path with no file falls through to the fallback.
  const assets: Middleware = async (ctx: Context, next: Next) => {
    if (isServerPath(ctx.path) || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    if (await sendFile(ctx, ctx.path)) return;
    await next();
  };

  // The fallback wraps everything after it; static files are tried last so API routes win.
  return [fallback, assets];
}

/**
 * koa-send refuses paths it cannot decode, with a NUL or that climb out of the root by throwing an
 * HTTP error (400/403). Those are the client's doing: answered as a plain 400/404, never logged as a bug.
 */
function assetRefusal(error: unknown): AppError | null {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== 'number' || status < 400 || status >= 500) return null;
  return status === 400 ? new AppError(GenericErrors.REQUEST_INVALID, 'The path is not valid.') : new AppError(GenericErrors.ROUTE_NOT_FOUND, 'Not found.');
}

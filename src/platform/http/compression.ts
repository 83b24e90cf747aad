import type { Middleware } from 'koa';
import compress from 'koa-compress';
import { constants } from 'node:zlib';

/** Smaller answers are not worth the CPU: the headers alone are a few hundred bytes. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** The server-sent events stream: each event must reach the browser as it is written, never buffered. */
const EVENT_STREAM_PATH = '/api/events';

/**
 * Compresses dynamic answers of 1 KiB or more whose type is compressible (JSON, HTML, text, the metrics
 * page: Prometheus asks for gzip), with Brotli when the client accepts it, else gzip. Brotli runs at
 * quality 4: near gzip's speed, smaller output. Static files are compressed at build time and skip this
 * (web-app.ts); so do event streams. Sets `Vary: Accept-Encoding` on every answer that passes through.
 */
export function compression(): Middleware {
  const compressor = compress({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    gzip: {},
    // Only the two encodings every browser speaks: zstd is experimental in Node, deflate is ambiguous.
    deflate: false,
    zstd: false,
  });
  return async (ctx, next) => {
    if (ctx.path === EVENT_STREAM_PATH) return next();
    await compressor(ctx, async () => {
      await next();
      if (ctx.response.type === 'text/event-stream') ctx.compress = false;
    });
  };
}

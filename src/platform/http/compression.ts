import type { Context, Middleware } from 'koa';
import compress from 'koa-compress';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Smaller answers are not worth the CPU: the headers alone are a few hundred bytes. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size are compressed at once, on the event loop; larger ones through koa-compress's
 * streams on libuv's thread pool. Measured here on a 1.6–6 kB JSON page: about 25 µs synchronously against
 * 135 µs through a stream (its setup and thread-pool round trips), which cost the paged API reads a fifth
 * of their throughput; 64 kB at Brotli quality 4 blocks the loop for well under a millisecond.
 */
const SYNC_COMPRESSION_MAX_BYTES = 64 * 1024;

/** Brotli quality 4: near gzip's speed, smaller output. For answers compressed once and kept, and large ones. */
const BROTLI_QUALITY = 4;

/**
 * Brotli quality 2 for the small answers compressed anew on every request: measured here on a 1.6 kB page,
 * 11 µs against 27 µs at quality 4 for 341 bytes instead of 310, and on 8 kB as small as gzip's default at
 * two thirds of its CPU. A paged read costs the server about 0.5 ms in all, so this is a twentieth of it.
 */
const PER_REQUEST_BROTLI_QUALITY = 2;

/** The server-sent events stream: each event must reach the browser as it is written, never buffered. */
const EVENT_STREAM_PATH = '/api/events';

export type ContentEncoding = 'br' | 'gzip';

/**
 * The encoding to send: Brotli whenever the client accepts it, else gzip, else none (no header means none).
 * Only the two encodings every browser speaks: zstd is experimental in Node, deflate is ambiguous.
 */
export function negotiateEncoding(ctx: Context): ContentEncoding | null {
  const header = ctx.get('Accept-Encoding');
  if (!header) return null;
  if (ctx.acceptsEncodings('br', 'identity') === 'br' && header.trim() !== '*') return 'br';
  return ctx.acceptsEncodings('gzip', 'identity') === 'gzip' ? 'gzip' : null;
}

/** `once`: the answer is kept and sent many times (prepared-json.ts), worth the better Brotli quality. */
export function compressSync(body: Buffer, encoding: ContentEncoding, use: 'once' | 'per-request' = 'once'): Buffer {
  const quality = use === 'once' ? BROTLI_QUALITY : PER_REQUEST_BROTLI_QUALITY;
  return encoding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipSync(body);
}

/**
 * Compresses dynamic answers of 1 KiB or more whose type is compressible (JSON, HTML, text, the metrics
 * page: Prometheus asks for gzip), with Brotli when the client accepts it, else gzip. Static files are
 * compressed at build time and skip this (web-app.ts); so do event streams and answers already encoded
 * (prepared-json.ts). Sets `Vary: Accept-Encoding` on every answer that passes through.
 */
export function compression(): Middleware {
  const compressor = compress({
    threshold: COMPRESSION_THRESHOLD_BYTES,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    gzip: {},
    deflate: false,
    zstd: false,
  });
  return async (ctx, next) => {
    if (ctx.path === EVENT_STREAM_PATH) return next();
    await compressor(ctx, async () => {
      await next();
      if (ctx.response.type === 'text/event-stream') ctx.compress = false;
      else compressSmallAnswer(ctx);
    });
  };
}

/** The common case, a JSON or text answer of a few kB, compressed here; anything else is left to koa-compress. */
function compressSmallAnswer(ctx: Context): void {
  const body: unknown = ctx.body;
  if (ctx.compress === false || ctx.method === 'HEAD' || ctx.status !== 200 || ctx.response.get('Content-Encoding')) return;
  if (/\bno-transform\b/i.test(ctx.response.get('Cache-Control'))) return;
  const type = ctx.response.type;
  if (!/^(application\/json|text\/)/.test(type)) return;
  const bytes = typeof body === 'string' ? Buffer.from(body) : isPlainJson(body) ? Buffer.from(JSON.stringify(body)) : null;
  if (!bytes || bytes.length < COMPRESSION_THRESHOLD_BYTES || bytes.length > SYNC_COMPRESSION_MAX_BYTES) return;
  const encoding = negotiateEncoding(ctx);
  ctx.compress = false;
  if (!encoding) return;
  ctx.body = compressSync(bytes, encoding, 'per-request');
  ctx.set('Content-Encoding', encoding);
}

function isPlainJson(body: unknown): boolean {
  return body !== null && typeof body === 'object' && !Buffer.isBuffer(body) && typeof (body as { pipe?: unknown }).pipe !== 'function';
}

import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { COMPRESSION_THRESHOLD_BYTES, compressSync, negotiateEncoding, type ContentEncoding } from './compression.js';

/**
 * A JSON answer serialised once and kept: its bytes, its ETag (the same hash `conditionalGet` gives the same
 * JSON) and, made on first demand, its Brotli and gzip forms. For a large answer that many requests share
 * between two changes (a 1,000-document list is 364 kB of JSON): serialising, hashing and compressing it
 * again for each request was most of what the call cost.
 */
export class PreparedJson {
  readonly body: Buffer;
  readonly etag: string;
  private readonly encoded = new Map<ContentEncoding, Buffer>();

  constructor(value: unknown) {
    this.body = Buffer.from(JSON.stringify(value));
    this.etag = `W/"${createHash('sha256').update(this.body).digest('base64url')}"`;
  }

  /** Compressed once, synchronously: a kept answer is encoded once per encoding in its life, not per request. */
  encodedAs(encoding: ContentEncoding): Buffer {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes = compressSync(this.body, encoding);
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }

  /** What the answer holds in memory now, its encoded forms included. */
  get size(): number {
    let size = this.body.length;
    for (const bytes of this.encoded.values()) size += bytes.length;
    return size;
  }
}

/**
 * Answers a prepared JSON the way `conditionalGet` and `compression` answer any revalidated read: the ETag,
 * `Cache-Control: private, no-cache`, 304 when the browser holds it, else the encoding the client prefers.
 */
export function sendPrepared(ctx: Context, answer: PreparedJson): void {
  ctx.vary('Accept-Encoding');
  ctx.etag = answer.etag;
  ctx.set('Cache-Control', 'private, no-cache');
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  // Already encoded here: the compression middleware must not encode it again.
  ctx.compress = false;
  const encoding = answer.body.length >= COMPRESSION_THRESHOLD_BYTES ? negotiateEncoding(ctx) : null;
  if (encoding) {
    ctx.body = answer.encodedAs(encoding);
    ctx.set('Content-Encoding', encoding);
  } else {
    ctx.body = answer.body;
  }
  ctx.type = 'application/json; charset=utf-8';
}
